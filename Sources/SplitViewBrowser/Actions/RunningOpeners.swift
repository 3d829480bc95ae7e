import Glibc
import SplitViewFiles

/// The openers started by Ctrl+O and double clicks that have not ended yet. The launcher owns
/// one and polls it on a timer: `xdg-open` is never waited for, and its failure goes to the
/// windows that show the file's folder.
package final class RunningOpeners {
    private var running: [(pid: pid_t, path: FilePath, program: String)] = []

    /// No opener yet.
    package init() {}

    /// Whether every opener started has been reaped.
    package var isEmpty: Bool { running.isEmpty }

    /// Starts the opener on `path` and keeps it to poll; the reason when it could not start.
    package func open(_ path: FilePath) -> String? {
        switch Opener.start(path) {
        case .success(let pid):
            running.append((pid, path, Opener.program))
            return nil
        case .failure(let failure):
            return failure.reason
        }
    }

    /// Starts an application's command line `argv` (``Opener/spawn(_:)``) for `path` and
    /// keeps it to poll like an opener; the reason when it could not start. A program that
    /// ends with a status other than 0 is said as an opener's failure is.
    package func run(_ argv: [[UInt8]], for path: FilePath) -> String? {
        switch Opener.spawn(argv) {
        case .success(let pid):
            running.append((pid, path, String(decoding: argv[0], as: UTF8.self)))
            return nil
        case .failure(let failure):
            return failure.reason
        }
    }

    /// Reaps the openers that have ended; the paths of those that failed, with the reason.
    package func poll() -> [(path: FilePath, failure: String)] {
        var failures: [(path: FilePath, failure: String)] = []
        running.removeAll { pid, path, program in
            guard let outcome = Opener.poll(pid, program: program) else { return false }
            if let failure = outcome { failures.append((path, failure)) }
            return true
        }
        return failures
    }
}
