import CX11
import Foundation
import Glibc
import SplitView
import TestSupport
import Testing

@testable import SplitViewX11

/// A leaf's frame less its 22-pixel bar (``LayoutMetrics/paneBarHeight`` at 96 dpi) and the
/// focus ring's 2-pixel margin on every side: where its program's window goes.
private func underBar(_ leaf: PixelRect) -> PixelRect {
    PixelRect(x: leaf.x + 2, y: leaf.y + 22 + 2, width: leaf.width - 4, height: leaf.height - 22 - 4)
}

/// Stack splits in the real window: `splitview --below 'secondary=xterm -into {}'` puts a
/// terminal in a leaf of its own under the reader, below the leaf's bar; dragging the divider
/// between them moves both, the terminal's window following; F6 and Ctrl+3 reach it; F9 keeps
/// it; the terminal's pane dragged by its bar onto the reader's right half goes there.
extension X11Tests.EmbeddingTests {
    @Suite struct StackSplitWindowTests {
        @Test func aTerminalBelowTheReaderFollowsTheStackedDividerAndTakesTheKeys() throws {
            let folder = try makeTemporaryFolder("below")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            try X11Tests.EmbeddingTests.run(["--below", "secondary=" + X11Tests.EmbeddingTests.terminal]) {
                app, connection, window, input in
                let tree = WindowTree(connection, window)
                let secondary = try #require(tree.child(named: "secondary", of: window))
                let reader = try #require(tree.child(named: "leaf-secondary-0", of: secondary))
                let below = try #require(tree.child(named: "leaf-secondary-1", of: secondary))
                let divider = try #require(tree.child(named: "stack-divider", of: secondary))
                let client = try #require(tree.waitForClient(in: below))
                let pane = tree.frame(secondary)
                #expect(tree.frame(reader).y == 38)
                #expect(tree.absoluteFrame(client) == underBar(tree.absoluteFrame(below)))
                let start = tree.frame(below)
                #expect(start.y + start.height == pane.height && start.width == pane.width)

                // Drag the divider up 100 px: the terminal grows by as much, its window with it.
                let grab = tree.absoluteFrame(divider)
                let x = grab.x + grab.width / 2, y = grab.y + grab.height / 2
                input.move(x: x, y: y)
                input.button(true)
                for step in 1...5 { input.move(x: x, y: y - step * 20) }
                input.button(false)
                #expect(waitUntil { tree.frame(below).height == start.height + 100 })
                #expect(waitUntil { tree.absoluteFrame(client) == underBar(tree.absoluteFrame(below)) })
                #expect(tree.frame(reader).height == tree.frame(below).y - 1 - 38)

                // The keys: Ctrl+3 gives them to the reader (the column's content), F6 to the
                // terminal, which keeps them through F9.
                input.key(XK_3, modifiers: [XK_Control_L])
                #expect(!tree.focusIsInside(client))
                input.key(XK_F6)
                #expect(waitUntil { tree.focusIsInside(client) })
                input.key(XK_F9)
                #expect(waitUntil { !tree.isViewable(try! #require(tree.child(named: "primary", of: window))) })
                #expect(tree.focusIsInside(client))
                let file = folder + "/typed.txt"
                input.type("echo ok > \(file)")
                input.key(XK_Return)
                #expect(waitUntil { FileManager.default.contents(atPath: file) == Data("ok\n".utf8) })
            }
        }

        /// The terminal's pane dragged by its bar (XTEST) onto the reader's right half: while
        /// the pointer is there the drop target's frame shows above everything, over that half;
        /// at the release the terminal's pane goes beside the reader, its window under its bar.
        @Test func aPaneDraggedByItsBarOntoTheReadersRightHalfGoesThere() throws {
            try X11Tests.EmbeddingTests.run(["--below", "secondary=" + X11Tests.EmbeddingTests.terminal]) {
                app, connection, window, input in
                let tree = WindowTree(connection, window)
                let secondary = try #require(tree.child(named: "secondary", of: window))
                let reader = try #require(tree.child(named: "leaf-secondary-0", of: secondary))
                let below = try #require(tree.child(named: "leaf-secondary-1", of: secondary))
                let client = try #require(tree.waitForClient(in: below))
                let leaf = tree.absoluteFrame(below)
                #expect(tree.absoluteFrame(client) == underBar(leaf), "the program sits under its pane's bar")
                let target = tree.absoluteFrame(reader)

                let start = (x: leaf.x + 60, y: leaf.y + 11)
                let end = (x: target.x + target.width - 60, y: target.y + target.height / 2)
                input.move(x: start.x, y: start.y)
                input.button(true)
                for step in 1...8 {
                    input.move(x: start.x + (end.x - start.x) * step / 8, y: start.y + (end.y - start.y) * step / 8)
                }
                // The drop target: the four edges of the reader's right half, over the panes.
                let edges = tree.children(of: window).filter { tree.name(of: $0) == "drop-target" }
                #expect(edges.count == 4)
                // The pointer crossed other targets on its way: the last one shows once its
                // motion is handled.
                func framesTheRightHalf() -> Bool {
                    guard edges.allSatisfy({ tree.isViewable($0) }) else { return false }
                    let frames = edges.map { tree.frame($0) }
                    let left = frames.map(\.x).min() ?? 0, right = frames.map { $0.x + $0.width }.max() ?? 0
                    let top = frames.map(\.y).min() ?? 0, bottom = frames.map { $0.y + $0.height }.max() ?? 0
                    return abs(left - (target.x + target.width / 2)) <= 1 && right == target.x + target.width
                        && top == target.y && bottom == target.y + target.height
                }
                #expect(waitUntil { framesTheRightHalf() }, "\(edges.map { tree.frame($0) }) for \(target)")
                input.button(false)

                #expect(waitUntil { edges.allSatisfy { !tree.isViewable($0) } })
                #expect(
                    waitUntil {
                        let a = tree.frame(reader), b = tree.frame(below)
                        return tree.isViewable(below) && a.y == b.y && b.x > a.x + a.width && a.height == b.height
                    }, "side by side: the reader, then the terminal")
                #expect(waitUntil { tree.absoluteFrame(client) == underBar(tree.absoluteFrame(below)) })
                #expect(app.wait(timeoutSeconds: 0) == nil, "still running")
            }
        }

        /// The stacked divider dragged, the window quit: the next start with the same layout
        /// puts it where it was (the state saves the split's thicknesses).
        @Test func theStackedDividerIsWhereItWasAtTheNextStart() throws {
            let folder = try makeTemporaryFolder("below-state")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let stateHome = folder + "/state"
            try XvfbServer.with { display in
                let connection = try X11Connection(name: display)
                let input = try #require(FakeInput(connection), "libXtst.so.6 is missing (Debian: libxtst6)")
                let arguments = [
                    folder, "--geometry", "1400x900", "--reduce-motion", "--below",
                    "secondary=" + X11Tests.EmbeddingTests.terminal,
                ]
                func start() throws -> (ChildProcess, Window, WindowTree, Window) {
                    let app = try ChildProcess(
                        ChildProcess.splitview, arguments, environment: ["DISPLAY": display, "XDG_STATE_HOME": stateHome])
                    let window = try #require(waitForTopLevel(connection))
                    let tree = WindowTree(connection, window)
                    let secondary = try #require(tree.child(named: "secondary", of: window))
                    let below = try #require(tree.child(named: "leaf-secondary-1", of: secondary))
                    _ = try #require(tree.waitForClient(in: below))
                    return (app, window, tree, below)
                }
                var (app, window, tree, below) = try start()
                let height = tree.frame(below).height
                let column = try #require(tree.child(named: "secondary", of: window))
                let divider = try #require(tree.child(named: "stack-divider", of: column))
                let grab = tree.absoluteFrame(divider)
                input.move(x: grab.x + 100, y: grab.y + grab.height / 2)
                input.button(true)
                for step in 1...4 { input.move(x: grab.x + 100, y: grab.y + grab.height / 2 - step * 30) }
                input.button(false)
                #expect(waitUntil { tree.frame(below).height == height + 120 })
                input.key(XK_q, modifiers: [XK_Control_L])
                #expect(app.finish(timeoutSeconds: 10) == 0)
                #expect(waitUntil { WindowTree.topLevels(connection).isEmpty })

                (app, window, tree, below) = try start()
                #expect(waitUntil { tree.frame(below).height == height + 120 })
                input.key(XK_q, modifiers: [XK_Control_L])
                #expect(app.finish(timeoutSeconds: 10) == 0)
            }
        }

        /// A nested split (the terminal under the reader, a side pane after both) collapses
        /// with its window: at 500 px the secondary's leaves fill the one stack, the terminal's
        /// window its leaf; back at 1400 they are where they were.
        @Test func aNestedSplitCollapsesWithTheWindow() throws {
            let terminal = X11Tests.EmbeddingTests.terminal
            try X11Tests.EmbeddingTests.run(["--below", "secondary=" + terminal, "--after", "secondary=sleep 60"]) {
                app, connection, window, input in
                let tree = WindowTree(connection, window)
                let secondary = try #require(tree.child(named: "secondary", of: window))
                let below = try #require(tree.child(named: "leaf-secondary-0.1", of: secondary))
                let side = try #require(tree.child(named: "leaf-secondary-1", of: secondary))
                let client = try #require(tree.waitForClient(in: below))
                let wide = (tree.frame(below), tree.frame(side))

                XResizeWindow(connection.display, window, 500, 700)
                connection.flush()
                input.key(XK_3, modifiers: [XK_Control_L])
                #expect(waitUntil { tree.isViewable(secondary) && tree.frame(secondary).width == 500 })
                #expect(
                    waitUntil { tree.isViewable(client) && tree.absoluteFrame(client) == underBar(tree.absoluteFrame(below)) })
                let narrow = tree.frame(side)
                #expect(narrow.x + narrow.width == 500 && narrow.y + narrow.height == 700)
                #expect(tree.frame(below).x == 0 && tree.frame(below).x + tree.frame(below).width <= narrow.x)

                XResizeWindow(connection.display, window, 1400, 900)
                connection.flush()
                #expect(waitUntil { tree.frame(below) == wide.0 && tree.frame(side) == wide.1 })
                #expect(waitUntil { tree.absoluteFrame(client) == underBar(tree.absoluteFrame(below)) })
            }
        }

        /// A bad pane or an empty command is a usage error.
        @Test(arguments: ["nope=xterm", "secondary=", "secondary", "=xterm"])
        func aBadSplitIsAUsageError(argument: String) throws {
            let app = try ChildProcess(ChildProcess.splitview, ["--below", argument])
            #expect(app.finish(timeoutSeconds: 10) == 64)
            #expect(app.errors.contains("--below"))
        }
    }
}
