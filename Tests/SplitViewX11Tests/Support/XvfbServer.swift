import Foundation
import Glibc
import TestSupport

/// A private Xvfb for one test: started with `-displayfd` (Xvfb picks a free display and says
/// which once it accepts connections: no lock-file race, no sleep) and `-terminate` (it exits
/// after its last client disconnects).
///
/// Started with `posix_spawn` and an empty signal mask: Foundation's `Process` hands the child
/// the calling thread's mask, and Swift Testing's threads block SIGTERM, so such an Xvfb could
/// never be stopped politely (the test would hang in its wait). Stopping never relies on a signal
/// being handled: wait for `-terminate`, then SIGKILL by pid.
///
/// Close every `Display` on the server before ``stop()``, or Xlib's I/O error handler ends the
/// test process; ``with(_:)`` arranges that by scope.
final class XvfbServer {
    /// The Xvfb binary on `PATH`, or nil.
    static let executable: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        .split(separator: ":").map { "\($0)/Xvfb" }.first { access($0, X_OK) == 0 }

    /// True when tests that need a server can run.
    static var isAvailable: Bool { executable != nil }

    /// The display name, e.g. `:1`.
    let display: String
    /// The server's process.
    let pid: pid_t
    private let output: Int32
    private var stopped = false

    /// How long to wait for Xvfb to report its display before giving up, in seconds.
    static let startTimeout = 10
    /// How long to wait for Xvfb to leave on its own after the last client closed, in seconds.
    static let stopGrace = 2

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init() throws {
        guard let executable = Self.executable else { throw Failure(description: "Xvfb not installed") }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw Failure(description: "pipe failed: errno \(errno)") }
        // Neither end may leak into a later child; dup2 in the spawn clears the flag on fd 1 only.
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        let arguments = [executable, "-displayfd", "1", "-screen", "0", "1920x1080x24", "-nolisten", "tcp", "-terminate"]
        var pid: pid_t = 0
        let writeEnd = fds[1]
        let rc = spawn(executable, arguments, pid: &pid) { actions in
            posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)  // Xvfb's chatter
        }
        close(fds[1])
        guard rc == 0 else {
            close(fds[0])
            throw Failure(description: "cannot start Xvfb: error \(rc)")
        }
        self.pid = pid
        output = fds[0]
        do {
            display = ":" + (try Self.readLine(output, timeoutSeconds: Self.startTimeout))
        } catch {
            kill(pid, SIGKILL)
            Self.reap(pid)
            close(output)
            throw error
        }
    }

    deinit { stop() }

    /// Waits up to ``stopGrace`` seconds for Xvfb to exit by itself, then kills it and removes
    /// the socket it leaves behind. Call after the last `XCloseDisplay` on it.
    func stop() {
        guard !stopped else { return }
        stopped = true
        var status: Int32 = 0
        let exited = waitUntil(timeout: Double(Self.stopGrace)) { waitpid(pid, &status, WNOHANG) == pid }
        if !exited {
            kill(pid, SIGKILL)  // cannot be blocked or ignored
            Self.reap(pid)
            unlink(socketPath)
        }
        close(output)
    }

    /// The server's listening socket, `/tmp/.X11-unix/X<n>`.
    var socketPath: String { "/tmp/.X11-unix/X\(display.dropFirst())" }

    /// True once the server is stopped and its process reaped: no process has its pid (short
    /// of the pid being used again).
    var isGone: Bool { stopped && kill(pid, 0) != 0 && errno == ESRCH }

    /// Kills the server at once, as a crash or a lost network would: for testing how clients
    /// take the loss. Close this process's own displays first.
    func crash() {
        guard !stopped else { return }
        stopped = true
        kill(pid, SIGKILL)
        Self.reap(pid)
        unlink(socketPath)
        close(output)
    }

    /// Runs `body` with the display name of a fresh server, and stops the server afterwards.
    /// Whatever `body` opened on the display must be closed when it returns.
    static func with<T>(_ body: (String) throws -> T) throws -> T {
        let server = try XvfbServer()
        defer { server.stop() }
        return try body(server.display)
    }

    // One line from `fd`, without its newline; poll() bounds the wait, which read() alone cannot.
    private static func readLine(_ fd: Int32, timeoutSeconds: Int) throws -> String {
        let clock = ContinuousClock(), deadline = clock.now + .seconds(timeoutSeconds)
        var bytes: [UInt8] = []
        while !bytes.contains(UInt8(ascii: "\n")) {
            let left = clock.now.duration(to: deadline)
            guard left > .zero else { throw Failure(description: "Xvfb did not report a display in \(timeoutSeconds) s") }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ms = Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000) + 1
            let ready = poll(&pfd, 1, ms)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 64)
            let n = read(fd, &chunk, chunk.count)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw Failure(description: "Xvfb exited before reporting a display") }
            bytes += chunk[0..<n]
        }
        let line = bytes.prefix { $0 != UInt8(ascii: "\n") }
        return String(decoding: line, as: UTF8.self)
    }

    private static func reap(_ pid: pid_t) {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
}
