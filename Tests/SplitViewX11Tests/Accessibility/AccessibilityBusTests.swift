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
            deadline = time.time() + 30
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
            deadline = time.time() + 30
            while panel.getState().contains(pyatspi.STATE_SHOWING) and time.time() < deadline: time.sleep(0.05)
            print('SIDEBAR SHOWING', panel.getState().contains(pyatspi.STATE_SHOWING))
            doc = pyatspi.findDescendant(frame, lambda n: n.getRoleName() == 'document text')
            print('TEXT', repr(doc.queryText().getText(0, 6)))

            # Extents on the screen: the window was moved to (100, 50) by the test.
            deadline = time.time() + 30
            def offset():
                screen = doc.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
                window = doc.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
                return (screen.x - window.x, screen.y - window.y)
            while offset() != (100, 50) and time.time() < deadline: time.sleep(0.05)
            print('OFFSET', *offset())

            # Events, as Orca listens for them: the sidebar showing or hiding, and the focus moving
            # to a row of the files' list. The program tells events only once the registry has
            # told it that someone listens, a moment after the registration: the sidebar is shown
            # and hidden in turn until a change of its is heard, then the row (found by its name:
            # the sidebar's list may come first) is activated, again every half second until its
            # focus is heard (on a busy machine a toggle still queued may move the focus after the
            # first activation, or the row found may be one the tree has replaced); the listening
            # ends once the row's focus is heard, or at the deadline.
            from gi.repository import GLib
            heard = {'showing': False, 'focus': False}
            def on_event(event):
                print('EVENT %s "%s" %d' % (event.type, event.source.name, event.detail1))
                sys.stdout.flush()
                if event.type.startswith('object:state-changed:showing'):
                    heard['showing'] = True
                if event.type.startswith('object:state-changed:focused') and event.source.name == 'other.txt':
                    heard['focus'] = True
                    pyatspi.Registry.stop()
            pyatspi.Registry.registerEventListener(on_event, 'object:state-changed:focused', 'object:state-changed:showing')
            def act():
                if heard['showing']:
                    row = pyatspi.findDescendant(frame, lambda n: n.getRoleName() == 'list item' and n.name == 'other.txt')
                    if row is not None: row.queryAction().doAction(0)
                    return not heard['focus']
                toggle = pyatspi.findDescendant(frame, lambda n: n.name in ('Show Sidebar', 'Hide Sidebar'))
                toggle.queryAction().doAction(0)
                return True
            GLib.timeout_add(500, act)
            GLib.timeout_add(40000, lambda: pyatspi.Registry.stop())
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
                let run = try Self.session(on: display, program: [folder + "/note.txt"], script: script)
                let connection = try X11Connection(name: display)
                let window = try #require(waitForTopLevel(connection))
                XMoveWindow(connection.display, window, 100, 50)
                connection.flush()
                #expect(run.finish(timeoutSeconds: 90) == 0, "\(run.output)\(run.errors)")
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

extension X11Tests.AccessibilityBusTests {
    /// What the listener does, in Python: selects a row through the Selection interface,
    /// reads the document by lines, then says it listens (a file the test waits for) and
    /// prints the events that come while the test presses F6 and adds a file to the folder.
    static let listener = #"""
        import pyatspi, sys, time, os
        from gi.repository import GLib
        ready = sys.argv[1]
        deadline = time.time() + 30
        found = None
        while found is None and time.time() < deadline:
            desktop = pyatspi.Registry.getDesktop(0)
            for i in range(desktop.childCount):
                a = desktop.getChildAtIndex(i)
                if a is not None and a.name == 'splitview': found = a
            if found is None: time.sleep(0.1)
        if found is None: sys.exit('no splitview on the bus')
        frame = found.getChildAtIndex(0)
        def files():
            def holds(n):
                return n.getRoleName() == 'list' and any(c.name == 'a.txt' for c in n)
            return pyatspi.findDescendant(frame, holds)
        while (files() is None or files().childCount < 2) and time.time() < deadline: time.sleep(0.05)
        selection = files().querySelection()
        print('SELECTED', selection.nSelectedChildren, selection.getSelectedChild(0).name)
        print('SELECT', selection.selectChild(1))
        while not selection.isChildSelected(1) and time.time() < deadline: time.sleep(0.05)
        print('NOW SELECTED', selection.getSelectedChild(0).name)
        print('CLEAR', selection.clearSelection())
        doc = pyatspi.findDescendant(frame, lambda n: n.getRoleName() == 'document text')
        while doc.queryText().getText(0, -1) != 'two lines\nof text\n' and time.time() < deadline: time.sleep(0.05)
        text = doc.queryText()
        print('LINE', repr(text.getTextAtOffset(12, pyatspi.TEXT_BOUNDARY_LINE_START)))
        print('WORD', repr(text.getTextAtOffset(1, pyatspi.TEXT_BOUNDARY_WORD_START)))
        print('CHAR', repr(text.getCharacterAtOffset(0)))
        # The program tells events only once the registry has told it that someone listens, a
        # moment after the registration: a.txt and b.txt are selected in turn until a selection
        # is heard; then b.txt is selected again and the listener says it listens. The events
        # after that are printed, and the listening ends once the focus and the new row are
        # heard, or at the deadline.
        listening = {'ready': False, 'focus': False, 'added': False, 'next': 0}
        def heard(event):
            if event.type.startswith('object:state-changed:selected'):
                if not listening['ready']:
                    listening['ready'] = True
                    selection.selectChild(1)
                    open(ready, 'w').close()
                return
            if not listening['ready']: return
            child = event.any_data.name if event.type.startswith('object:children-changed') and event.any_data else ''
            print('EVENT %s "%s" %d %s' % (event.type, event.source.name, event.detail1, child))
            sys.stdout.flush()
            if event.type.startswith('object:state-changed:focused') and event.source.name == 'b.txt':
                listening['focus'] = True
            if event.type.startswith('object:children-changed:add') and child == 'c.txt':
                listening['added'] = True
            if listening['focus'] and listening['added']: pyatspi.Registry.stop()
        pyatspi.Registry.registerEventListener(
            heard, 'object:state-changed:focused', 'object:children-changed', 'object:state-changed:selected')
        def probe():
            if listening['ready']: return False
            selection.selectChild(listening['next'])
            listening['next'] = 1 - listening['next']
            return True
        GLib.timeout_add(200, probe)
        GLib.timeout_add(40000, lambda: pyatspi.Registry.stop())
        pyatspi.Registry.start()
        """#

    @Test func f6AndAReloadAreHeardAndRowsSelectThroughSelection() throws {
        let folder = try makeTemporaryFolder("a11y-events")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "first\n".write(toFile: folder + "/a.txt", atomically: false, encoding: .utf8)
        try "two lines\nof text\n".write(toFile: folder + "/b.txt", atomically: false, encoding: .utf8)
        let script = folder + ".listener.py", ready = folder + ".ready"
        defer {
            unlink(script)
            unlink(ready)
        }
        try Self.listener.write(toFile: script, atomically: false, encoding: .utf8)
        try XvfbServer.with { display in
            let run = try Self.session(on: display, program: [folder + "/a.txt"], script: script, [ready])
            let connection = try X11Connection(name: display)
            let window = try #require(waitForTopLevel(connection))
            let listening = waitUntil(timeout: 60) { access(ready, F_OK) == 0 }
            #expect(listening, "the listener never said it was ready: \(run.output)\(run.errors)")
            if listening {
                // F6 moves the keys to the next pane, the files' list, whose selected row
                // takes the focus; once that is heard, a new file is a new row.
                sendKey(connection, window, XK_F6, state: 0)
                #expect(waitUntil(timeout: 30) { run.output.contains("EVENT object:state-changed:focused \"b.txt\" 1") })
                try "new\n".write(toFile: folder + "/c.txt", atomically: false, encoding: .utf8)
            }
            #expect(run.finish(timeoutSeconds: 90) == 0, "\(run.output)\(run.errors)")
            let output = run.output
            #expect(output.contains("SELECTED 1 a.txt"), "\(output)")
            #expect(output.contains("SELECT True") && output.contains("NOW SELECTED b.txt"), "\(output)")
            #expect(output.contains("CLEAR False"), "\(output)")
            #expect(output.contains("LINE ('of text\\n', 10, 18)"), "\(output)")
            #expect(output.contains("WORD ('two', 0, 3)"), "\(output)")
            #expect(output.contains("CHAR 116"), "\(output)")
            #expect(output.contains("EVENT object:state-changed:focused \"b.txt\" 1"), "\(output)")
            #expect(output.contains("EVENT object:children-changed:add \"splitview-a11y-events"), "\(output)")
            #expect(output.contains("\" 2 c.txt"), "\(output)")
        }
    }
}

extension X11Tests.AccessibilityBusTests {
    /// The program on `display` with `arguments` (after the window tests' own: no restore,
    /// 1400×900, no motion) and the Python `script` with `scriptArguments`, in a private
    /// session bus: the run ends when the script does, which ends the program.
    static func session(
        on display: String, program arguments: [String], script: String, _ scriptArguments: [String] = [],
        environment: [String: String] = [:]
    ) throws -> ChildProcess {
        func quoted(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let program = ([ChildProcess.splitview, "--no-restore", "--geometry", "1400x900", "--reduce-motion"] + arguments)
        let command = """
            \(program.map(quoted).joined(separator: " ")) & app=$!
            /usr/bin/python3 \(([script] + scriptArguments).map(quoted).joined(separator: " ")); status=$?
            kill $app; wait $app
            exit $status
            """
        return try ChildProcess(
            "/usr/bin/dbus-run-session", ["--", "/bin/sh", "-c", command],
            environment: environment.merging(["DISPLAY": display]) { $1 })
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
