import CX11
import Foundation
import Glibc
import SplitView
import TestSupport
import Testing

@testable import SplitViewX11

/// The real program with an XIM input method server, as IBus or fcitx would serve it: a
/// small stand-in server (`Support/xim-standin.py`, a pinyin-like method on python-xlib)
/// speaks X's input method protocol to the program's Xlib, and says what it saw in a log.
///
/// A Chinese user renames a file: the letters composed show at the rename field's caret (on
/// the spot, drawn by the window: the caret moves through them), the server is told where
/// the caret is each time it moves and opens its candidate window there, space commits the
/// conversion, and the window's own keys (F2, Return, Ctrl+Q) still reach it while the input
/// method is active.
extension X11Tests {
    @Suite(
        .enabled(if: XIMStandIn.isAvailable, "python3 or python3-xlib is missing (Debian: python3-xlib)"),
        .enabled(if: FakeInput.isAvailable, "libXtst.so.6 is missing (Debian: libxtst6)"))
    struct InputMethodServerTests {
        typealias Place = AppProductTests.Place

        @Test func aChineseUserRenamesAFileThroughAnInputMethodServer() throws {
            try Self.renaming { place, connection, window, input, server in
                let notes = place.root + "/Notes"
                // F2 was the window's (the server gives keys back while it composes nothing);
                // the field it opened told the server its caret, once.
                #expect(Self.spots(in: server.log).count == 1, "\(server.log)")
                let created = try #require(server.events("create_ic").first)
                #expect(created["style"] as? String == "callbacks")
                #expect(created["spot"] is NSNull, "no field had the keys when the context was made")
                // "alpha" is chosen; the composition replaces it. Typed at a person's pace, the
                // caret moves on through the letters the window draws (on the spot), and the
                // server is told each time.
                for (index, letter) in "zhong".enumerated() {
                    input.type(String(letter))
                    #expect(
                        server.waitFor { Self.spots(in: $0).count == index + 2 && Self.preedits(in: $0).count == index + 1 },
                        "\(server.log)")
                }
                #expect(Self.preedits(in: server.log) == ["z", "zh", "zho", "zhon", "zhong"])
                let spots = Self.spots(in: server.log)
                let xs = spots.dropFirst().map(\.x)
                #expect(xs == xs.sorted() && Set(xs).count == 5, "\(spots)")
                #expect(spots[1].x < spots[0].x, "the chosen stem went: the caret is where it started")
                let bar = Int(LayoutMetrics.navigationBarHeight)
                #expect(spots.allSatisfy { (1...bar).contains($0.y) }, "the caret is in a bar: \(spots)")
                // Its candidates opened beside the caret: at the spot, on the root (the
                // window sits at the root's corner; no window manager moves it).
                let origin = Self.rootOrigin(of: window, connection)
                let last = try #require(spots.last)
                #expect(
                    server.waitFor {
                        $0.last { $0["event"] as? String == "candidates" }.map {
                            $0["shown"] as? Bool == true
                                && ($0["root_xy"] as? [Int]) == [origin.x + last.x, origin.y + last.y + 4]
                        } == true
                    }, "\(server.log)")
                input.key(XK_space)
                input.type("wen")
                input.key(XK_space)
                #expect(server.waitFor { $0.filter { $0["event"] as? String == "commit" }.count == 2 })
                // Return with nothing composed is the window's: the rename is done.
                input.key(XK_Return)
                #expect(
                    waitForTitle(connection, window) { $0 == "中文.txt — Notes — SplitView" },
                    "\(windowTitle(connection, window) ?? "")")
                #expect(FileManager.default.fileExists(atPath: notes + "/中文.txt"))
                #expect(server.events("candidates").last?["shown"] as? Bool == false, "\(server.log)")
            }
        }

        /// A server without the on-the-spot style: the program takes over-the-spot (the server
        /// draws the preedit at the caret in a font set of the X server's core fonts), else the
        /// root style, and tells the server the caret either way, as st does; what the server
        /// commits is typed all the same.
        @Test(arguments: ["position,nothing", "nothing"])
        func aServerWithOlderStylesIsToldTheCaretAndCommits(styles: String) throws {
            try Self.renaming(styles: styles) { place, connection, window, input, server in
                let notes = place.root + "/Notes"
                input.type("nihao")
                // The first the server offers: Xvfb's built-in "fixed" makes a font set.
                let style = try #require(server.events("create_ic").first?["style"] as? String)
                #expect(style == styles.split(separator: ",").first.map(String.init))
                input.key(XK_space)
                input.key(XK_Return)
                #expect(
                    waitForTitle(connection, window) { $0 == "你好.txt — Notes — SplitView" },
                    "\(windowTitle(connection, window) ?? "")")
                #expect(FileManager.default.fileExists(atPath: notes + "/你好.txt"))
            }
        }

        /// The rename field closes while "ni" is still being composed (Alt+Up shows the parent
        /// folder, and the entry renamed is gone): the input method is reset, in every style,
        /// so the composition neither lands in the list later nor stays on screen, and nothing
        /// is renamed.
        @Test(arguments: ["callbacks,position,nothing", "position,nothing", "nothing"])
        func aFieldThatClosesMidCompositionResetsTheInputMethod(styles: String) throws {
            try Self.renaming(styles: styles) { place, connection, window, input, server in
                input.type("ni")
                #expect(server.waitFor { Self.preedits(in: $0) == ["n", "ni"] }, "\(server.log)")
                input.key(XK_Up, modifiers: [XK_Alt_L])
                #expect(
                    waitForTitle(connection, window) { !$0.contains("alpha.txt") }, "\(windowTitle(connection, window) ?? "")")
                #expect(server.waitFor { Self.preedits(in: $0) == ["n", "ni", ""] }, "\(server.log)")
                #expect(
                    server.waitFor { $0.last { $0["event"] as? String == "candidates" }?["shown"] as? Bool == false },
                    "\(server.log)")
                #expect(server.events("commit").isEmpty)
                #expect(FileManager.default.fileExists(atPath: place.root + "/Notes/alpha.txt"))
            }
        }

        /// The program started on alpha.txt with a stand-in server offering `styles` named in
        /// `XMODIFIERS`, joined (the host joins it a moment after its first frame), focused,
        /// and F2 pressed: `body` gets the rename field open, its caret told to the server.
        /// Then Ctrl+Q, which the server gives back, ends the program, and neither it nor the
        /// server has said anything wrong.
        static func renaming(
            styles: String = "callbacks,position,nothing",
            _ body: (Place, X11Connection, Window, FakeInput, XIMStandIn) throws -> Void
        ) throws {
            let place = try Place()
            try XvfbServer.with { display in
                let connection = try X11Connection(name: display)
                let server = try XIMStandIn(display: display, styles: styles)
                var environment = place.environment
                environment["DISPLAY"] = display
                environment["LANG"] = "C.UTF-8"
                environment["LC_ALL"] = "C.UTF-8"
                environment["XMODIFIERS"] = "@im=" + server.name
                let arguments = [
                    place.root + "/Notes/alpha.txt", "--geometry", "1100x700", "--reduce-motion", "--no-restore",
                ]
                let app = try ChildProcess(ChildProcess.splitview, arguments, environment: environment)
                let window = try #require(waitForTopLevel(connection))
                #expect(waitForTitle(connection, window) { $0 == "alpha.txt — Notes — SplitView" })
                #expect(server.waitFor { $0.contains { $0["event"] as? String == "connect" } }, "\(server.log)")
                let input = try #require(FakeInput(connection))
                XSetInputFocus(connection.display, window, RevertToParent, UInt(CurrentTime))
                connection.sync()
                input.key(XK_F2)
                let bar = Int(LayoutMetrics.navigationBarHeight)
                #expect(
                    server.waitFor { Self.spots(in: $0).contains { (1...bar).contains($0.y) } }, "\(server.log)")
                try body(place, connection, window, input, server)
                input.key(XK_q, modifiers: [XK_Control_L])
                #expect(app.finish(timeoutSeconds: 10) == 0)
                #expect(app.errors == "")
                #expect(server.events("error").isEmpty, "\(server.log)")
            }
        }

        /// The spot locations the server was told, in order.
        static func spots(in log: [[String: Any]]) -> [(x: Int, y: Int)] {
            log.compactMap { event in
                guard event["event"] as? String == "spot", let spot = event["spot"] as? [Int], spot.count == 2 else {
                    return nil
                }
                return (spot[0], spot[1])
            }
        }

        /// The preedits the server drew, in order.
        static func preedits(in log: [[String: Any]]) -> [String] {
            log.compactMap { $0["event"] as? String == "preedit" ? $0["text"] as? String : nil }
        }

        /// Where `window`'s top-left corner is on the root.
        static func rootOrigin(of window: Window, _ connection: X11Connection) -> (x: Int, y: Int) {
            var x: Int32 = 0, y: Int32 = 0
            var child: Window = 0
            XTranslateCoordinates(connection.display, window, connection.root, 0, 0, &x, &y, &child)
            return (Int(x), Int(y))
        }
    }
}

/// The stand-in XIM server, running: started on a display, its log read as JSON lines,
/// stopped when the value goes.
final class XIMStandIn {
    /// Where the script is, beside this file's folder.
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Support/xim-standin.py").path

    /// Whether python3 and python-xlib are here.
    static let isAvailable: Bool = {
        access("/usr/bin/python3", X_OK) == 0 && access(script, R_OK) == 0
            && FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/Xlib")
    }()

    /// The server's name, as `XMODIFIERS` gives it (`@im=NAME`).
    let name: String
    private let logPath: String
    private let process: ChildProcess

    /// Starts the server on `display` offering `styles`, and waits until it is registered.
    init(display: String, styles: String = "callbacks,position,nothing") throws {
        name = "standin\(getpid())x\(UInt16.random(in: 0...UInt16.max))"
        logPath = "/tmp/splitview-xim-\(name).log"
        process = try ChildProcess(
            "/usr/bin/python3", [Self.script, name, logPath, "--styles", styles], environment: ["DISPLAY": display])
        guard waitFor({ $0.contains { $0["event"] as? String == "ready" } }) else {
            throw XvfbServer.Failure(description: "the XIM stand-in did not start: \(process.errors)")
        }
    }

    deinit {
        kill(process.pid, SIGTERM)
        _ = process.finish(timeoutSeconds: 5)
        unlink(logPath)
    }

    /// Every line of the log so far.
    var log: [[String: Any]] {
        guard let text = try? String(contentsOfFile: logPath, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }

    /// The log's events named `event`.
    func events(_ event: String) -> [[String: Any]] { log.filter { $0["event"] as? String == event } }

    /// Waits (up to 10 s) until `condition` holds of the log.
    func waitFor(_ condition: ([[String: Any]]) -> Bool) -> Bool {
        waitUntil(timeout: 10) { condition(log) }
    }
}
