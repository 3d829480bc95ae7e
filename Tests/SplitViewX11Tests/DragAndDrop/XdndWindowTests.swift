import CX11
import Foundation
import Glibc
import SplitView
import TestSupport
import Testing

@testable import SplitViewX11

/// Drag and drop between the real program and another one written from the XDND
/// specification (``XdndPeer``): files dragged out with the real pointer (XTEST), files and
/// text dropped in, and targets that stop answering.
extension X11Tests {
    @Suite(.enabled(if: FakeInput.isAvailable, "libXtst.so.6 is missing (Debian: libxtst6)"))
    struct XdndWindowTests {
        typealias Place = AppProductTests.Place

        /// The screen point at the middle of the files list's row `index` (38-pixel bar,
        /// 46-pixel rows: a title and a subtitle), or of its bar when `index` is nil.
        static func filesRow(_ index: Int?, _ connection: X11Connection, _ window: Window) throws -> (x: Int, y: Int) {
            let tree = WindowTree(connection, window)
            let pane = try #require(tree.child(named: "supplementary", of: window))
            var x: Int32 = 0, y: Int32 = 0
            var child: Window = 0
            XTranslateCoordinates(connection.display, pane, connection.root, 0, 0, &x, &y, &child)
            return (Int(x) + 60, Int(y) + (index.map { 38 + 46 * $0 + 23 } ?? 19))
        }

        /// A place whose Notes folder holds a folder, Inbox, before its two files.
        static func placeWithInbox() throws -> Place {
            let place = try Place()
            try FileManager.default.createDirectory(atPath: place.root + "/Notes/Inbox", withIntermediateDirectories: true)
            return place
        }

        /// Drags the files list's row `index` with the real pointer to (`x`, `y`) on the screen.
        static func drag(row index: Int, to x: Int, _ y: Int, _ connection: X11Connection, _ window: Window) throws -> FakeInput {
            let input = try #require(FakeInput(connection))
            let start = try filesRow(index, connection, window)
            input.move(x: start.x, y: start.y)
            input.button(true)
            input.move(x: start.x + 10, y: start.y)
            input.move(x: start.x + 20, y: start.y + 5)
            input.move(x: x, y: y)
            input.move(x: x + 5, y: y + 5)
            return input
        }

        static func text(_ bytes: [UInt8]?) -> String? { bytes.map { String(decoding: $0, as: UTF8.self) } }

        /// Another program drops `file` on the files list's background with `action`: the
        /// window must accept it with that action and finish with it. The source, for more.
        static func dropOnTheBackground(
            _ file: String, action: String, _ connection: X11Connection, _ window: Window
        ) throws -> XdndPeer {
            let source = try XdndPeer(display: connection.name, x: 1300, y: 100, aware: false)
            source.offers = ["text/uri-list": Array((ClipboardWindowTests.uri(file) + "\r\n").utf8)]
            source.enter(window)
            let background = try filesRow(8, connection, window)
            source.position(window, x: background.x, y: background.y, action: action)
            #expect(source.wait { !source.received("XdndStatus").isEmpty })
            #expect(source.name(Atom(source.received("XdndStatus")[0][4])) == action)
            source.send("XdndDrop", to: window, [Int(bitPattern: source.window), 0, 0])
            #expect(source.wait { !source.received("XdndFinished").isEmpty })
            #expect(source.name(Atom(source.received("XdndFinished")[0][2])) == action)
            return source
        }

        @Test func aFileDraggedOutIsDroppedOnAnotherProgramAsItsURI() throws {
            let place = try Self.placeWithInbox()
            _ = try ShownFilesTests.showAlpha(place) { connection, window, _ in
                let target = try XdndPeer(display: connection.name, x: 1300, y: 100, aware: true)
                let input = try Self.drag(row: 1, to: 1400, 200, connection, window)
                #expect(target.wait { !target.received("XdndPosition").isEmpty })
                let enter = try #require(target.received("XdndEnter").first)
                #expect(enter[1] >> 24 == 5, "version 5")
                #expect([enter[2], enter[3], enter[4]].map { target.name(Atom($0)) }.contains("text/uri-list"))
                #expect(target.received("XdndPosition")[0][2] >> 16 >= 1400, "the position is on the screen")
                input.button(false)
                #expect(target.wait { target.converted != nil })
                #expect(Self.text(target.converted) == ClipboardWindowTests.uri(place.root + "/Notes/alpha.txt") + "\r\n")
                #expect(target.received("XdndDrop").count == 1)
                // The drop finished: the file is where it was, and the window still answers.
                #expect(FileManager.default.fileExists(atPath: place.root + "/Notes/alpha.txt"))
                sendKey(connection, window, XK_Down, state: 0)
                #expect(waitForTitle(connection, window) { $0 == "beta.txt — Notes — SplitView" })
            }
        }

        /// A plain drag offers copy, move and link (as a GTK source), so that a target taking
        /// only a move (Thunar's Trash in its sidebar) takes it; Ctrl offers copy alone, and
        /// that target refuses it. Before, the list named copy alone and the Trash refused.
        @Test func aPlainDragOffersMoveToATargetThatTakesOnlyAMove() throws {
            let place = try Self.placeWithInbox()
            _ = try ShownFilesTests.showAlpha(place) { connection, window, _ in
                let target = try XdndPeer(display: connection.name, x: 1300, y: 100, aware: true)
                target.takesOnly = "XdndActionMove"
                let input = try Self.drag(row: 1, to: 1400, 200, connection, window)
                #expect(target.wait { !target.received("XdndStatus").isEmpty || !target.received("XdndPosition").isEmpty })
                let position = try #require(target.received("XdndPosition").first)
                #expect(target.name(Atom(position[4])) == "XdndActionCopy", "a plain drag suggests copy")
                #expect(target.actionLists.first == ["XdndActionCopy", "XdndActionMove", "XdndActionLink"])
                input.button(false)
                #expect(target.wait { target.converted != nil }, "the move was taken and dropped")
                #expect(target.received("XdndDrop").count == 1)
                #expect(Self.text(target.converted) == ClipboardWindowTests.uri(place.root + "/Notes/alpha.txt") + "\r\n")
            }
        }

        @Test func aCtrlDragOffersCopyAloneAndATargetTakingOnlyAMoveRefusesIt() throws {
            let place = try Self.placeWithInbox()
            _ = try ShownFilesTests.showAlpha(place) { connection, window, _ in
                let target = try XdndPeer(display: connection.name, x: 1300, y: 100, aware: true)
                target.takesOnly = "XdndActionMove"
                let input = try #require(FakeInput(connection))
                let start = try Self.filesRow(1, connection, window)
                input.move(x: start.x, y: start.y)
                input.button(true)
                for step in 1...3 { input.move(x: start.x + 10 * step, y: start.y + 2 * step) }
                // Held once the drag has started, as a GTK source reads it at each motion.
                input.hold(XK_Control_L, true)
                defer { input.hold(XK_Control_L, false) }
                input.move(x: 1400, y: 200)
                input.move(x: 1405, y: 205)
                #expect(target.wait { !target.received("XdndPosition").isEmpty })
                #expect(target.actionLists.last == ["XdndActionCopy"])
                input.button(false)
                #expect(target.wait { !target.received("XdndLeave").isEmpty }, "refused: left, not dropped")
                #expect(target.received("XdndDrop").isEmpty)
            }
        }

        @Test func aPressOnASelectedRowDragsTheWholeSelection() throws {
            let place = try Self.placeWithInbox()
            _ = try ShownFilesTests.showAlpha(place) { connection, window, _ in
                sendKey(connection, window, XK_Down, state: ShiftMask)
                let target = try XdndPeer(display: connection.name, x: 1300, y: 100, aware: true)
                let input = try Self.drag(row: 1, to: 1400, 200, connection, window)
                #expect(target.wait { !target.received("XdndPosition").isEmpty })
                input.button(false)
                #expect(target.wait { target.converted != nil })
                let uris = ["alpha.txt", "beta.txt"].map { ClipboardWindowTests.uri(place.root + "/Notes/" + $0) + "\r\n" }
                #expect(Self.text(target.converted) == uris.joined())
            }
        }

        @Test func filesDroppedOnAFolderRowAreCopiedThereAndRefusedOverTheReader() throws {
            let place = try Self.placeWithInbox()
            try place.write("dropped.txt", "from elsewhere")
            _ = try ShownFilesTests.showAlpha(place) { connection, window, _ in
                let source = try XdndPeer(display: connection.name, x: 1300, y: 100, aware: false)
                source.offers = ["text/uri-list": Array((ClipboardWindowTests.uri(place.root + "/dropped.txt") + "\r\n").utf8)]
                source.enter(window)
                // Over the reader nothing takes files.
                source.position(window, x: 1000, y: 400, action: "XdndActionCopy")
                #expect(source.wait { source.received("XdndStatus").count == 1 })
                #expect(source.received("XdndStatus")[0][1] & 1 == 0)
                let inbox = try Self.filesRow(0, connection, window)
                source.position(window, x: inbox.x, y: inbox.y, action: "XdndActionCopy")
                #expect(source.wait { source.received("XdndStatus").count == 2 })
                let status = source.received("XdndStatus")[1]
                #expect(status[0] == Int(bitPattern: window) && status[1] & 1 == 1)
                #expect(source.name(Atom(status[4])) == "XdndActionCopy")
                source.send("XdndDrop", to: window, [Int(bitPattern: source.window), 0, 0])
                #expect(source.wait { !source.received("XdndFinished").isEmpty })
                #expect(source.received("XdndFinished")[0][1] & 1 == 1, "accepted")
                #expect(
                    waitUntil {
                        (try? String(contentsOfFile: place.root + "/Notes/Inbox/dropped.txt", encoding: .utf8))
                            == "from elsewhere"
                    })
                #expect(FileManager.default.fileExists(atPath: place.root + "/dropped.txt"), "a copy: the original stays")
            }
        }

        @Test func filesDroppedWithMoveOnTheListsBackgroundMoveIntoTheShownFolder() throws {
            let place = try Self.placeWithInbox()
            try place.write("moved.txt", "moving")
            _ = try ShownFilesTests.showAlpha(place) { connection, window, _ in
                _ = try Self.dropOnTheBackground(place.root + "/moved.txt", action: "XdndActionMove", connection, window)
                #expect(waitUntil { !FileManager.default.fileExists(atPath: place.root + "/moved.txt") })
                #expect((try? String(contentsOfFile: place.root + "/Notes/moved.txt", encoding: .utf8)) == "moving")
            }
        }

        /// A link drop (Ctrl+Shift in Thunar) makes symbolic links, as Thunar does among its
        /// own windows: the name taken gets "Link to NAME"; Ctrl+Z removes them. Before, the
        /// link action was taken as a copy.
        @Test func filesDroppedWithLinkAreLinkedNotCopied() throws {
            let place = try Self.placeWithInbox()
            try place.write("linked.txt", "linking")
            try place.write("Notes/linked.txt", "a file of that name already")
            _ = try ShownFilesTests.showAlpha(place) { connection, window, _ in
                _ = try Self.dropOnTheBackground(place.root + "/linked.txt", action: "XdndActionLink", connection, window)
                let link = place.root + "/Notes/Link to linked.txt"
                #expect(
                    waitUntil { (try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == place.root + "/linked.txt" }
                )
                #expect(
                    (try? String(contentsOfFile: place.root + "/Notes/linked.txt", encoding: .utf8))
                        == "a file of that name already")
                #expect(
                    waitForTitle(connection, window) { $0 == "Link to linked.txt — Notes — SplitView" }, "the link is selected")
                sendKey(connection, window, XK_z, state: ControlMask)
                #expect(waitUntil { (try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == nil })
                #expect((try? String(contentsOfFile: place.root + "/linked.txt", encoding: .utf8)) == "linking")
            }
        }

        /// A source that sends its list by `INCR`, in pieces of 16 bytes; the source asks, and
        /// the question's M moves.
        @Test func aListSentInPiecesIsDroppedWholeAndAnAskIsAnswered() throws {
            let place = try Self.placeWithInbox()
            try place.write("one.txt", "1")
            try place.write("two.txt", "2")
            _ = try ShownFilesTests.showAlpha(place) { connection, window, _ in
                let source = try XdndPeer(display: connection.name, x: 1300, y: 100, aware: false)
                let list = ["one.txt", "two.txt"].map { ClipboardWindowTests.uri(place.root + "/" + $0) + "\r\n" }.joined()
                source.offers = ["text/uri-list": Array(list.utf8)]
                source.incrementalAbove = 16
                source.pieceSize = 16
                source.enter(window)
                let inbox = try Self.filesRow(0, connection, window)
                source.position(window, x: inbox.x, y: inbox.y, action: "XdndActionAsk")
                #expect(source.wait { !source.received("XdndStatus").isEmpty })
                #expect(source.name(Atom(source.received("XdndStatus")[0][4])) == "XdndActionAsk")
                source.send("XdndDrop", to: window, [Int(bitPattern: source.window), 0, 0])
                #expect(source.wait { !source.received("XdndFinished").isEmpty })
                #expect(source.received("XdndFinished")[0][1] & 1 == 1 && source.piecesSent > 2)
                #expect(source.name(Atom(source.received("XdndFinished")[0][2])) == "XdndActionCopy", "an ask says copy")
                sendKey(connection, window, XK_m, state: 0)
                #expect(waitUntil { ClipboardWindowTests.names(place.root + "/Notes/Inbox") == ["one.txt", "two.txt"] })
                #expect(!FileManager.default.fileExists(atPath: place.root + "/one.txt"), "moved")
            }
        }

        @Test func textDroppedOnTheLocationBarFillsIt() throws {
            let place = try Self.placeWithInbox()
            let rootName = URL(fileURLWithPath: place.root).lastPathComponent
            _ = try ShownFilesTests.showAlpha(place) { connection, window, _ in
                sendKey(connection, window, XK_l, state: ControlMask)
                let source = try XdndPeer(display: connection.name, x: 1300, y: 100, aware: false)
                source.offers = ["text/plain;charset=utf-8": Array((place.root + "/Travel\n").utf8)]
                source.enter(window)
                let bar = try Self.filesRow(nil, connection, window)
                source.position(window, x: bar.x, y: bar.y, action: "XdndActionCopy")
                #expect(source.wait { !source.received("XdndStatus").isEmpty })
                #expect(source.received("XdndStatus")[0][1] & 1 == 1)
                source.send("XdndDrop", to: window, [Int(bitPattern: source.window), 0, 0])
                #expect(source.wait { !source.received("XdndFinished").isEmpty })
                sendKey(connection, window, XK_Return, state: 0)
                #expect(waitForTitle(connection, window) { $0 == "Travel — SplitView" })
                _ = rootName
            }
        }

        /// A megabyte on one line dropped on the location bar: the field takes its first 4 KiB
        /// (``SplitViewController/droppedLine(_:)``) and the window keeps answering. Before,
        /// measuring the line once per character at every frame held it for good.
        @Test func aMegabyteDroppedOnTheLocationBarKeepsTheWindowAnswering() throws {
            let place = try Self.placeWithInbox()
            _ = try ShownFilesTests.showAlpha(place) { connection, window, _ in
                sendKey(connection, window, XK_l, state: ControlMask)
                let source = try XdndPeer(display: connection.name, x: 1300, y: 100, aware: false)
                source.offers = ["text/plain;charset=utf-8": [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20) + [0x0A]]
                source.enter(window)
                let bar = try Self.filesRow(nil, connection, window)
                source.position(window, x: bar.x, y: bar.y, action: "XdndActionCopy")
                #expect(source.wait { !source.received("XdndStatus").isEmpty })
                #expect(source.received("XdndStatus")[0][1] & 1 == 1, "the field takes it")
                source.send("XdndDrop", to: window, [Int(bitPattern: source.window), 0, 0])
                #expect(source.wait { !source.received("XdndFinished").isEmpty })
                sendKey(connection, window, XK_Escape, state: 0)
                sendKey(connection, window, XK_Down, state: 0)
                #expect(waitForTitle(connection, window) { $0 == "beta.txt — Notes — SplitView" })
            }
        }

        @Test func aTargetThatNeverAnswersDoesNotHoldTheWindow() throws {
            let place = try Self.placeWithInbox()
            _ = try ShownFilesTests.showAlpha(place) { connection, window, _ in
                // Silent: no status, so no drop; the release leaves it.
                let silent = try XdndPeer(display: connection.name, x: 1300, y: 100, aware: true)
                silent.answers = false
                var input = try Self.drag(row: 1, to: 1400, 200, connection, window)
                #expect(silent.wait { !silent.received("XdndPosition").isEmpty })
                input.button(false)
                #expect(silent.wait { !silent.received("XdndLeave").isEmpty })
                #expect(silent.received("XdndDrop").isEmpty)
                // Accepts, then never takes the data nor finishes: given up after its timeout.
                let stuck = try XdndPeer(display: connection.name, x: 1300, y: 400, aware: true)
                stuck.finishes = false
                input = try Self.drag(row: 1, to: 1400, 500, connection, window)
                #expect(stuck.wait { !stuck.received("XdndPosition").isEmpty })
                input.button(false)
                #expect(stuck.wait { !stuck.received("XdndDrop").isEmpty })
                sendKey(connection, window, XK_Down, state: 0)
                #expect(waitForTitle(connection, window) { $0 == "beta.txt — Notes — SplitView" })
                // A new drag after the timeout is a new drag: a new enter.
                input = try Self.drag(row: 1, to: 1400, 500, connection, window)
                #expect(stuck.wait { stuck.received("XdndEnter").count == 2 })
                input.button(false)
            }
        }
    }
}
