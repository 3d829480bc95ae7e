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
    }
}
