import Glibc
import Testing

/// Checks that need a user other than root: root reads any file and enters any folder, so a
/// test that a folder cannot be read would check nothing as root (and CI runs as root). Such a
/// test runs its own check in a child of the test program as the user `nobody` instead of
/// skipping: ``runTest(_:)``.
public enum OtherUser {
    /// The command that runs the rest of its command line as `nobody` (65534), its group, and
    /// no other group.
    public static let setpriv = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"]

    /// True when the tests run as root, for whom permissions deny nothing.
    public static var isRoot: Bool { geteuid() == 0 }

    /// Runs the test `filter` names (a Swift Testing filter such as
    /// `"HostileTreeTests/aTestsName"`) in a child of this test program as `nobody`, and waits
    /// for it (at most `timeout` seconds). Passes when the child ran exactly one test and it
    /// passed; the child's output otherwise, for the caller's `#expect` to show.
    ///
    /// The test calls it when ``isRoot``, and runs its own check when not: so in the child
    /// (not root) the same test makes the real check.
    public static func runTest(_ filter: String, timeout: Double = 120) -> (passed: Bool, output: String) {
        let child: ChildTest
        do { child = try ChildTest(filter, prefix: setpriv) } catch { return (false, "\(error)") }
        if !child.reap(timeout: timeout) { child.killNow() }
        return (child.passedOneTest, child.output)
    }
}

/// Makes `check` here when the tests do not run as root; as root (who reads and writes
/// anything, so the check would check nothing), runs the test `filter` names in a child of the
/// test program as the user `nobody` (see ``OtherUser``), where the same test makes `check`,
/// and expects that child's test to pass.
public func checkAsNobodyWhenRoot(
    _ filter: String, sourceLocation: SourceLocation = #_sourceLocation, _ check: () throws -> Void
) rethrows {
    if OtherUser.isRoot {
        let child = OtherUser.runTest(filter)
        #expect(child.passed, "the test as nobody: \(child.output)", sourceLocation: sourceLocation)
    } else {
        try check()
    }
}
