import Glibc

/// One test of this test program run in a child process: so that a test can `kill -9` an
/// operation at a random moment, or run it as another user (``OtherUser``), and then look at
/// what it left.
///
/// The child is this very executable, started (``spawn(_:_:environment:pid:redirect:)``)
/// with Swift Testing's `--filter`, its input from `/dev/null`, its output to a file, and
/// `environment` added to this process's. A test meant to run only as a child is `.enabled(if:)` on a variable of
/// that environment, so a plain `swift test` skips it with a word.
public final class ChildTest {
    /// The child's process id.
    public let pid: pid_t
    /// Where its output goes.
    private let outputPath: String
    /// Its wait status, once it ended.
    public private(set) var status: Int32?

    /// Starts the test `filter` names (`"CopyKillTests/aChildMoves"`) in a child; with
    /// `prefix`, the command line runs behind it (`setpriv` to change user).
    public init(_ filter: String, environment: [String: String] = [:], prefix: [String] = []) throws {
        outputPath = "/tmp/splitview-child-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).out"
        let argv = prefix + [Self.executable(), "--testing-library", "swift-testing", "--filter", filter]
        let output = outputPath
        var child: pid_t = 0
        let started = spawn(argv[0], argv, environment: environment, pid: &child) { actions in
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        guard started == 0 else {
            throw ChildTestError(message: "cannot start \(argv[0]): \(String(cString: strerror(started)))")
        }
        pid = child
    }

    deinit {
        if status == nil {
            kill(pid, SIGKILL)
            _ = reap(timeout: 10)
        }
        unlink(outputPath)
    }

    /// Waits at most `timeout` seconds for the child to end.
    ///
    /// - Returns: whether it has ended.
    @discardableResult
    public func reap(timeout: Double) -> Bool {
        if status != nil { return true }
        var value: Int32 = 0
        let ended = waitUntil(timeout: timeout) { waitpid(pid, &value, WNOHANG) == pid }
        if ended { status = value }
        return ended
    }

    /// Kills the child with SIGKILL and reaps it.
    public func killNow() {
        guard status == nil else { return }
        kill(pid, SIGKILL)
        var value: Int32 = 0
        waitpid(pid, &value, 0)
        status = value
    }

    /// Whether it exited with status 0.
    public var exitedZero: Bool {
        guard let status else { return false }
        return status & 0x7f == 0 && (status >> 8) & 0xff == 0
    }

    /// What it printed so far.
    public var output: String {
        let descriptor = open(outputPath, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return "" }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            guard count > 0 else { break }
            bytes += chunk.prefix(count)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether the child ran exactly one test, and it passed.
    public var passedOneTest: Bool {
        let text = output
        return exitedZero && text.contains("Test run with 1 test ") && text.contains(" passed ")
    }

    /// This test program's own executable.
    static func executable() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return CommandLine.arguments[0] }
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// A child test that could not be started.
public struct ChildTestError: Error, CustomStringConvertible {
    /// Why, in words.
    public var message: String
    /// The words.
    public var description: String { message }
}
