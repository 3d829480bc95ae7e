import CX11
import Glibc
import SplitView
import Testing

@testable import SplitViewX11

/// `ApplicationIdentity.swift`: the host is anyone's — the class defaults as X programs
/// spell theirs, and the running program's name is the default.
@Suite struct ApplicationIdentityTests {
    @Test(arguments: [("notes", "Notes"), ("splitview", "Splitview"), ("a", "A"), ("", "")])
    func theClassIsTheNameCapitalisedUnlessGiven(name: String, className: String) {
        #expect(ApplicationIdentity(name: name).className == className)
        #expect(ApplicationIdentity(name: name, className: "Given").className == "Given")
    }

    @Test func theCurrentIdentityIsTheNameTheProgramWasRunBy() {
        let path = CommandLine.arguments.first ?? ""
        let expected = path.split(separator: "/").last.map(String.init) ?? ""
        #expect(ApplicationIdentity.current.name == (expected.isEmpty ? "x11host" : expected))
        #expect(!ApplicationIdentity.current.name.contains("/"))
    }
}

extension X11Tests {
    /// A host made for another program names its windows and its stderr lines after that
    /// program, never after `splitview`.
    @Suite struct ApplicationIdentityServerTests {
        @Test func theWindowsClassAndTheDiagnosticsNameAreTheHostsIdentity() throws {
            try withWindow { h in
                var hint = XClassHint()
                #expect(XGetClassHint(h.connection.display, h.window.window, &hint) != 0)
                defer {
                    XFree(hint.res_name)
                    XFree(hint.res_class)
                }
                #expect(hint.res_name.map { String(cString: $0) } == "harness")
                #expect(hint.res_class.map { String(cString: $0) } == "Harness")
                #expect(Diagnostics.programName == "harness")
                #expect(h.host.identity == WindowHarness.identity)
            }
        }

        /// ICCCM's input hint (set, so a window manager gives the window the keyboard) and
        /// EWMH's `WM_CLIENT_MACHINE` beside `_NET_WM_PID` (a pid means something only on its
        /// own host).
        @Test func theTopLevelSaysItTakesTheKeyboardAndWhichMachineItsPidIsOn() throws {
            try withWindow { h in
                let display = h.connection.display
                let hints = try #require(XGetWMHints(display, h.window.window))
                defer { XFree(hints) }
                #expect(hints.pointee.flags & InputHint != 0)
                #expect(hints.pointee.input != 0)
                var host = [CChar](repeating: 0, count: 256)
                #expect(gethostname(&host, 255) == 0)
                var property = XTextProperty()
                #expect(XGetWMClientMachine(display, h.window.window, &property) != 0)
                defer { XFree(property.value) }
                let machine = String(
                    decoding: UnsafeBufferPointer(start: property.value, count: Int(property.nitems)), as: UTF8.self)
                #expect(machine == String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
                #expect(!machine.isEmpty)
            }
        }
    }
}
