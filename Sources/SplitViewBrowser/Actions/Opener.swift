import Glibc
import SplitView
import SplitViewFiles

/// Opens files with the desktop's default program: `xdg-open PATH`, started without a shell,
/// in its own session, its output discarded, and never waited for by the loop.
///
/// `xdg-open` returns once it has handed the file to the program (or failed); the host polls
/// for its exit with a timer, so a slow or stuck opener never holds the window. A failure —
/// no `xdg-open`, or an exit status other than 0 — comes back as one sentence for the window.
enum Opener {
    /// The program run; tests point it elsewhere.
    nonisolated(unsafe) static var program = "xdg-open"

    /// Why the opener could not start, in words.
    struct Failure: Error {
        let reason: String
    }

    /// glibc's `POSIX_SPAWN_SETSID` (a GNU extension Swift's Glibc module leaves out): the
    /// opener gets a session of its own, so that closing our terminal does not end it.
    private static let spawnSetSID: Int32 = 0x80

    /// Starts the opener on `path`; the process id, or the reason it could not start.
    static func start(_ path: FilePath) -> Result<pid_t, Failure> {
        spawn([Array(program.utf8), path.bytes])
    }

    /// Starts `argv` (its first word the program, found in `$PATH`) the same way, without a
    /// shell: an application of "Open With", its command line built by its desktop entry.
    static func spawn(_ argv: [[UInt8]]) -> Result<pid_t, Failure> {
        guard let first = argv.first, !first.isEmpty, !argv.contains(where: { $0.contains(0) }) else {
            return .failure(Failure(reason: String(translated: "its command line is empty")))
        }
        let name = String(decoding: first, as: UTF8.self)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in [Int32(0), 1, 2] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Whatever mask the spawning thread has must not carry over.
        var empty = sigset_t(), defaults = sigset_t()
        sigemptyset(&empty)
        sigfillset(&defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(spawnSetSID | Int32(POSIX_SPAWN_SETSIGMASK) | Int32(POSIX_SPAWN_SETSIGDEF)))
        var pid: pid_t = 0
        var words: [UnsafeMutablePointer<CChar>?] = argv.map { word in
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: word.count + 1)
            for (index, byte) in word.enumerated() { copy[index] = CChar(bitPattern: byte) }
            copy[word.count] = 0
            return copy
        }
        words.append(nil)
        defer { for word in words { word?.deallocate() } }
        let result = posix_spawnp(&pid, words[0]!, &actions, &attributes, &words, environ)
        guard result == 0 else {
            return .failure(
                Failure(
                    reason: result == ENOENT ? String(translated: "\(name) is not installed") : String(cString: strerror(result)))
            )
        }
        return .success(pid)
    }

    /// The opener's outcome if it has exited (nil while it runs): nil for success, else why,
    /// naming `program`.
    static func poll(_ pid: pid_t, program: String = Opener.program) -> String?? {
        var status: Int32 = 0
        let done = waitpid(pid, &status, WNOHANG)
        if done == 0 { return nil }
        guard done == pid else { return .some(nil) }  // already reaped: nothing to say
        let signal = status & 0x7f
        if signal != 0 { return .some(String(translated: "\(program) was killed by signal \(signal)")) }
        let code = (status >> 8) & 0xff
        return .some(code == 0 ? nil : String(translated: "\(program) failed (exit status \(code))"))
    }
}
