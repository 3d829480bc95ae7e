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
        let program = executable()
        let output = "/tmp/splitview-other-user-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).out"
        defer { unlink(output) }
        let argv = setpriv + [program, "--testing-library", "swift-testing", "--filter", filter]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // An empty signal mask: a child inherits the spawning thread's, and Swift Testing's
        // threads block signals.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var pid: pid_t = 0
        let started = posix_spawn(&pid, argv[0], &actions, &attributes, cArguments, environ)
        guard started == 0 else { return (false, "cannot start \(argv[0]): \(String(cString: strerror(started)))") }
        var status: Int32 = 0
        let ended = waitUntil(timeout: timeout) { waitpid(pid, &status, WNOHANG) == pid }
        if !ended {
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
        }
        let text = read(output)
        let exitedZero = ended && status & 0x7f == 0 && (status >> 8) & 0xff == 0
        return (exitedZero && text.contains("Test run with 1 test ") && text.contains(" passed "), text)
    }

    /// This test program's own executable.
    private static func executable() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return CommandLine.arguments[0] }
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func read(_ path: String) -> String {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return "" }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = Glibc.read(descriptor, &chunk, chunk.count)
            guard count > 0 else { break }
            bytes += chunk.prefix(count)
        }
        return String(decoding: bytes, as: UTF8.self)
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
