import CFileOps
import Glibc
import Synchronization

/// Starting, signalling and reaping the programs that panes host: `posix_spawnp`, never a
/// shell.
///
/// Each program starts in a process group of its own (so the signals reach what it started
/// in its group), with the default signal dispositions, an empty signal mask (a thread of
/// ours may block signals, and a child inherits the mask), standard input from `/dev/null`
/// (the terminal `splitview` runs in is not the program's), and `DISPLAY` naming the
/// server the window is on.
public enum ProgramProcess {
    /// Why a program did not start.
    public struct SpawnFailure: Error, Hashable, Sendable {
        /// The `errno` value `posix_spawnp` returned.
        public var code: Int32

        /// What the user reads after the program's name: `not found`, `not executable`, or
        /// the system's text.
        public var reason: String {
            switch code {
            case ENOENT: "not found"
            case EACCES: "not executable"
            case ENOEXEC: "not a program this system can run"
            default: String(cString: strerror(code))
            }
        }
    }

    /// Starts `arguments` (the first is looked up in `PATH`), with `variables` set in its
    /// environment over ours (`SPLITVIEW_SOCKET`, `SPLITVIEW_PANE`), in `directory` when given
    /// (the folder shown; ours when nil); the child's pid.
    ///
    /// Decided: a `directory` the child cannot enter (removed since it was shown, not
    /// searchable) does not stop the program: it starts in our directory instead, as a
    /// terminal opened on a folder that went starts in the home folder rather than failing.
    public static func spawn(
        _ arguments: [[UInt8]], display: String?, variables: [String: String] = [:], directory: [UInt8]? = nil
    ) -> Result<pid_t, SpawnFailure> {
        if let directory, !directory.isEmpty, !directory.contains(0) {
            let result = spawn(arguments, display: display, variables: variables, chdir: directory)
            if case .failure(let failure) = result, [ENOENT, EACCES, ENOTDIR, ELOOP, ENAMETOOLONG].contains(failure.code),
                !canEnter(directory)
            {
                return spawn(arguments, display: display, variables: variables, chdir: nil)
            }
            return result
        }
        return spawn(arguments, display: display, variables: variables, chdir: nil)
    }

    /// Whether this process could make `directory` its working directory (what the child's
    /// chdir needs): a folder we may search.
    private static func canEnter(_ directory: [UInt8]) -> Bool {
        var stats = stat()
        let path = directory.map { CChar(bitPattern: $0) } + [0]
        guard stat(path, &stats) == 0, stats.st_mode & S_IFMT == S_IFDIR else { return false }
        return access(path, X_OK) == 0
    }

    private static func spawn(
        _ arguments: [[UInt8]], display: String?, variables: [String: String], chdir directory: [UInt8]?
    ) -> Result<pid_t, SpawnFailure> {
        guard let program = arguments.first, !program.isEmpty else { return .failure(SpawnFailure(code: ENOENT)) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGCHLD, SIGPIPE, SIGQUIT] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if let directory {
            let path = directory.map { CChar(bitPattern: $0) } + [0]
            let added = path.withUnsafeBufferPointer { sv_spawn_add_chdir(&actions, $0.baseAddress!) }
            if added != 0 { return .failure(SpawnFailure(code: added)) }
        }

        let argv = arguments.map(Self.duplicate)
        let environment = Self.environment(display: display, variables: variables).map(Self.duplicate)
        defer {
            for pointer in argv { free(pointer) }
            for pointer in environment { free(pointer) }
        }
        var pid: pid_t = 0
        let status = (argv + [nil]).withUnsafeBufferPointer { argvBuffer in
            (environment + [nil]).withUnsafeBufferPointer { environmentBuffer in
                posix_spawnp(
                    &pid, argv[0]!, &actions, &attributes,
                    UnsafeMutablePointer(mutating: argvBuffer.baseAddress!),
                    UnsafeMutablePointer(mutating: environmentBuffer.baseAddress!))
            }
        }
        guard status == 0 else { return .failure(SpawnFailure(code: status)) }
        LivePrograms.add(pid)
        return .success(pid)
    }

    /// Sends `signal` to the program's process group (and to the program itself, should it
    /// have left the group).
    public static func signal(_ pid: pid_t, _ signal: Int32) {
        _ = kill(-pid, signal)
        _ = kill(pid, signal)
    }

    /// The program's end, once it ended: nil while it runs. Reaps it (no zombie is left).
    public static func reap(_ pid: pid_t) -> Int32? {
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        if result == pid {
            LivePrograms.remove(pid)
            return status
        }
        if result < 0 && errno == ECHILD {
            LivePrograms.remove(pid)
            return 0
        }
        return nil
    }

    /// How a program ended, after its name: "xterm exited with status 1", "xterm exited",
    /// "xterm ended on signal 9 (Killed)".
    public static func describe(_ name: String, status: Int32) -> String {
        let signal = status & 0x7f
        if signal == 0 {
            let code = (status >> 8) & 0xff
            return code == 0 ? "\(name) exited" : "\(name) exited with status \(code)"
        }
        let text = strsignal(signal).map { String(cString: $0) } ?? "signal \(signal)"
        return "\(name) ended on signal \(signal) (\(text))"
    }

    /// SIGTERM to every program still running, SIGKILL to those left after `grace` seconds,
    /// and every one reaped: what the program does on its way out, whatever the reason
    /// (the user quit, a signal, the X server gone). Blocks at most `grace` seconds and a
    /// little more.
    ///
    /// The process groups of programs whose first process ended while the rest lived on
    /// are ended the same way, by group.
    public static func endAll(grace: Double = 2) {
        let pids = LivePrograms.all()
        let groups = LiveGroups.all()
        guard !pids.isEmpty || !groups.isEmpty else { return }
        for pid in pids { signal(pid, SIGTERM) }
        for group in groups { ProcessGroup.signal(group, SIGTERM) }
        var left = pids
        var groupsLeft = groups
        var waited = 0.0
        while !(left.isEmpty && groupsLeft.isEmpty) && waited < grace {
            left.removeAll { reap($0) != nil }
            groupsLeft.removeAll { !ProcessGroup.isAlive($0) }
            if left.isEmpty && groupsLeft.isEmpty { break }
            usleep(10_000)
            waited += 0.01
        }
        for pid in left {
            signal(pid, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
            LivePrograms.remove(pid)
        }
        for group in groupsLeft { ProcessGroup.signal(group, SIGKILL) }
        for group in groups { LiveGroups.remove(group) }
    }

    /// Sends `signal` to every program still running and every group followed, without
    /// waiting or reaping: the program's last act when it cannot wait for them
    /// (``TerminationSignals``, after its deadline).
    package static func signalAll(_ signal: Int32) {
        for pid in LivePrograms.all() { self.signal(pid, signal) }
        for group in LiveGroups.all() { ProcessGroup.signal(group, signal) }
    }

    /// The process's environment with `DISPLAY` set to `display` (when given) and each of
    /// `variables` set (replacing ours of the same names), in the order of their names.
    package static func environment(display: String?, variables: [String: String] = [:]) -> [[UInt8]] {
        var set = variables
        if let display { set["DISPLAY"] = display }
        let replaced = set.keys.map { Array("\($0)=".utf8) }
        var result: [[UInt8]] = []
        var entry = environ
        while let pointer = entry.pointee {
            let bytes = Array(
                UnsafeBufferPointer(start: UnsafeRawPointer(pointer)!.assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
            )
            if !replaced.contains(where: { bytes.starts(with: $0) }) { result.append(bytes) }
            entry += 1
        }
        for (name, value) in set.sorted(by: { $0.key < $1.key }) { result.append(Array("\(name)=\(value)".utf8)) }
        return result
    }

    /// A NUL-terminated copy of `bytes` for C (a NUL inside cuts the string there: argv
    /// cannot carry one).
    private static func duplicate(_ bytes: [UInt8]) -> UnsafeMutablePointer<CChar>? {
        let pointer = malloc(bytes.count + 1)!.assumingMemoryBound(to: CChar.self)
        bytes.withUnsafeBytes { if let base = $0.baseAddress { memcpy(pointer, base, bytes.count) } }
        pointer[bytes.count] = 0
        return pointer
    }
}

/// The programs started and not yet reaped, for ``ProgramProcess/endAll(grace:)``: read from
/// the X connection's loss handler too, hence a lock.
package enum LivePrograms {
    private static let pids = Mutex<[pid_t]>([])

    package static func add(_ pid: pid_t) { pids.withLock { $0.append(pid) } }
    package static func remove(_ pid: pid_t) { pids.withLock { $0.removeAll { $0 == pid } } }
    package static func all() -> [pid_t] { pids.withLock { $0 } }
}

/// The self-pipe trick's pipe, for turning a signal into input to the loop: a handler may
/// only write a byte; the loop polls the read end and empties it. Shared by SIGCHLD here and
/// the app's SIGTERM, SIGINT and SIGHUP.
public enum SignalPipe {
    /// A pipe whose two ends are close-on-exec (programs we start do not inherit them) and
    /// non-blocking (a full pipe never blocks a handler, an empty one never blocks the loop);
    /// nil when none can be made.
    public static func make() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        return (ends[0], ends[1])
    }

    /// Empties the read end; true when any byte was there.
    @discardableResult
    public static func drain(_ readEnd: Int32) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 64)
        var any = false
        while read(readEnd, &buffer, buffer.count) > 0 { any = true }
        return any
    }
}

/// SIGCHLD as input to the loop (a ``SignalPipe``): the handler writes a byte to a pipe the
/// host watches; the host then reaps its programs. Installed once, the first time a program
/// starts.
package enum ChildSignal {
    /// The pipe's read end; nil when no pipe could be made (the host then polls).
    package static func descriptor() -> Int32? {
        if readEnd >= 0 { return readEnd }
        guard let ends = SignalPipe.make() else { return nil }
        readEnd = ends.read
        writeEnd = ends.write
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            let saved = errno
            var byte: UInt8 = 1
            _ = write(ChildSignal.writeEnd, &byte, 1)
            errno = saved
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART | SA_NOCLDSTOP
        sigaction(SIGCHLD, &action, nil)
        return readEnd
    }

    /// Empties the pipe.
    package static func drain() {
        SignalPipe.drain(readEnd)
    }

    // Written once before the handler exists, then only read (the handler cannot capture).
    nonisolated(unsafe) private static var readEnd: Int32 = -1
    nonisolated(unsafe) private static var writeEnd: Int32 = -1
}
