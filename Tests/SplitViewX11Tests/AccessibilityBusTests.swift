import CX11
import Foundation
import Glibc
import TestSupport
import Testing

@testable import SplitViewX11

/// The real stack a screen reader uses: a private session bus (`dbus-run-session`), the
/// accessibility bus it starts on demand (at-spi2-core), and pyatspi reading the running
/// `splitview` as Orca does — the tree, its roles, names and states, an action, the text.
extension X11Tests {
    @Suite(.enabled(if: AccessibilityStack.isInstalled, "dbus-run-session, at-spi2-core or python3-pyatspi is missing"))
    struct AccessibilityBusTests {
        /// What the reader does, in Python: waits for the program, prints its tree, presses
        /// "Hide Sidebar" through the Action interface, and reads the file's text.
        static let reader = #"""
            import pyatspi, sys, time
            def app():
                desktop = pyatspi.Registry.getDesktop(0)
                for i in range(desktop.childCount):
                    a = desktop.getChildAtIndex(i)
                    if a is not None and a.name == 'splitview': return a
            deadline = time.time() + 15
            found = None
            while found is None and time.time() < deadline:
                found = app()
                if found is None: time.sleep(0.1)
            if found is None: sys.exit('no splitview on the bus')
            frame = found.getChildAtIndex(0)
            # The folder is read on a worker: wait for its list before reading the window.
            def listed():
                return pyatspi.findDescendant(frame, lambda n: n.getRoleName() == 'list item' and n.name == 'other.txt')
            while listed() is None and time.time() < deadline: time.sleep(0.05)
            def dump(node, depth):
                states = [pyatspi.stateToString(s) for s in node.getState().getStates()]
                flags = ' '.join(s for s in states if s in ('showing', 'focused', 'selected', 'expanded'))
                print('%s%s "%s" %s' % ('  ' * depth, node.getRoleName(), node.name, flags))
                for i in range(min(node.childCount, 4)):
                    dump(node.getChildAtIndex(i), depth + 1)
            dump(found, 0)
            button = pyatspi.findDescendant(frame, lambda n: n.getRoleName() == 'push button' and n.name == 'Hide Sidebar')
            print('KEY', button.queryAction().getKeyBinding(0))
            print('DO', button.queryAction().doAction(0))
            panel = frame.getChildAtIndex(0).getChildAtIndex(0)
            deadline = time.time() + 10
            while panel.getState().contains(pyatspi.STATE_SHOWING) and time.time() < deadline: time.sleep(0.05)
            print('SIDEBAR SHOWING', panel.getState().contains(pyatspi.STATE_SHOWING))
            doc = pyatspi.findDescendant(frame, lambda n: n.getRoleName() == 'document text')
            print('TEXT', repr(doc.queryText().getText(0, 6)))

            # Extents on the screen: the window was moved to (100, 50) by the test.
            deadline = time.time() + 10
            def offset():
                screen = doc.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
                window = doc.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
                return (screen.x - window.x, screen.y - window.y)
            while offset() != (100, 50) and time.time() < deadline: time.sleep(0.05)
            print('OFFSET', *offset())

            # Events, as Orca listens for them: the focus moving to a row of the files' list,
            # and the sidebar showing again.
            from gi.repository import GLib
            def heard(event):
                print('EVENT %s "%s" %d' % (event.type, event.source.name, event.detail1))
            pyatspi.Registry.registerEventListener(heard, 'object:state-changed:focused', 'object:state-changed:showing')
            files = pyatspi.findDescendant(frame, lambda n: n.getRoleName() == 'list')
            def act():
                files.getChildAtIndex(1).queryAction().doAction(0)
                pyatspi.findDescendant(frame, lambda n: n.name == 'Show Sidebar').queryAction().doAction(0)
                return False
            GLib.timeout_add(700, act)
            GLib.timeout_add(5000, lambda: pyatspi.Registry.stop())
            pyatspi.Registry.start()
            """#

        @Test func aScreenReaderReadsTheWindowAndHidesTheSidebar() throws {
            let folder = try makeTemporaryFolder("a11y")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            try "hello, reader\n".write(toFile: folder + "/note.txt", atomically: false, encoding: .utf8)
            try "another\n".write(toFile: folder + "/other.txt", atomically: false, encoding: .utf8)
            let script = folder + "/reader.py"
            try Self.reader.write(toFile: script, atomically: false, encoding: .utf8)
            try XvfbServer.with { display in
                let command = """
                    "$1" --no-restore --geometry 1400x900 --reduce-motion "$2" & app=$!
                    /usr/bin/python3 "$3"; status=$?
                    kill $app; wait $app
                    exit $status
                    """
                let run = try ChildProcess(
                    "/usr/bin/dbus-run-session",
                    ["--", "/bin/sh", "-c", command, "sh", ChildProcess.splitview, folder + "/note.txt", script],
                    environment: ["DISPLAY": display])
                let connection = try X11Connection(name: display)
                let window = try #require(waitForTopLevel(connection))
                XMoveWindow(connection.display, window, 100, 50)
                connection.flush()
                #expect(run.finish(timeoutSeconds: 60) == 0, "\(run.output)\(run.errors)")
                let output = run.output
                #expect(output.contains("application \"splitview\""))
                #expect(output.contains("frame \"note.txt"))
                #expect(output.contains("split pane \"Columns\""))
                #expect(output.contains("push button \"Hide Sidebar\""))
                #expect(
                    output.contains("list item \"note.txt\" focused selected showing")
                        || output.contains("list item \"note.txt\" selected showing"))
                #expect(output.contains("KEY F9"))
                #expect(output.contains("DO True"))
                #expect(output.contains("SIDEBAR SHOWING False"))
                #expect(output.contains("TEXT 'hello,'"))
                #expect(output.contains("OFFSET 100 50"), "\(output)")
                #expect(output.contains("EVENT object:state-changed:focused \"other.txt\" 1"), "\(output)")
                #expect(output.contains("EVENT object:state-changed:showing \"splitview-a11y"), "\(output)")
            }
        }
    }
}

/// Whether the accessibility stack is installed: a private session bus, the accessibility bus
/// it starts, and pyatspi for the system Python.
enum AccessibilityStack {
    static let isInstalled: Bool = {
        guard access("/usr/bin/dbus-run-session", X_OK) == 0, access("/usr/bin/python3", X_OK) == 0,
            FileManager.default.fileExists(atPath: "/usr/share/dbus-1/services/org.a11y.Bus.service")
        else { return false }
        return FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/pyatspi")
    }()
}
