import Foundation
import Glibc
import TestSupport

/// A program the tests run: spawned with an empty signal mask (Swift Testing's threads block
/// signals, and a child inherits the mask), its stdout and stderr captured in files, waited for
/// with a bound, and killed by pid if it overstays — never stopped by a signal it may ignore.
final class ChildProcess {
    let pid: pid_t
    private let outputPath: String
    private let errorPath: String
    private(set) var status: Int32?

    /// The built `splitview` next to the test bundle.
    static var splitview: String {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0])
        return bundle.deletingLastPathComponent().appendingPathComponent("splitview").path
    }

    /// A folder of the test's own for what the program would read or write of the machine's,
    /// unless the caller gives its own: the state (`XDG_STATE_HOME`), the config
    /// (`XDG_CONFIG_HOME`), the home (`HOME`: the places' Home, and the trash and the
    /// desktop's files under `~/.local/share` unless `XDG_DATA_HOME` says otherwise), and the
    /// mount table (`SPLITVIEW_MOUNTINFO`, empty: the machine's USB sticks and their trashes
    /// are no places). A test never reads or writes the user's files, and the machine's mounts
    /// change no window.
    private let privateHome: String

    /// Starts `path` with `arguments`, the test's environment plus `environment`.
    init(_ path: String, _ arguments: [String], environment: [String: String] = [:]) throws {
        let token = "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        outputPath = NSTemporaryDirectory() + "splitview-test-\(token).out"
        errorPath = NSTemporaryDirectory() + "splitview-test-\(token).err"
        privateHome = NSTemporaryDirectory() + "splitview-test-\(token).home"
        var environment = environment
        if environment["XDG_STATE_HOME"] == nil { environment["XDG_STATE_HOME"] = privateHome + "/state" }
        if environment["XDG_CONFIG_HOME"] == nil { environment["XDG_CONFIG_HOME"] = privateHome + "/config" }
        // Readable by any user a test runs the program as (`nobody` included).
        try FileManager.default.createDirectory(
            atPath: privateHome + "/home", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        if environment["HOME"] == nil { environment["HOME"] = privateHome + "/home" }
        // English words, ISO dates, whatever the machine's language: a test that reads another
        // language names its own LANG.
        if environment["LANG"] == nil && environment["LC_ALL"] == nil {
            for name in ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LC_NUMERIC", "LC_TIME"] { environment[name] = "" }
            environment["LANG"] = "C.UTF-8"
        }
        if environment["SPLITVIEW_MOUNTINFO"] == nil {
            let table = privateHome + "/mountinfo"
            guard FileManager.default.createFile(atPath: table, contents: Data(), attributes: [.posixPermissions: 0o644])
            else { throw XvfbServer.Failure(description: "cannot write \(table)") }
            environment["SPLITVIEW_MOUNTINFO"] = table
        }
        let (output, errors) = (outputPath, errorPath)
        var child: pid_t = 0
        let result = spawn(path, [path] + arguments, environment: environment, pid: &child) { actions in
            posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        }
        guard result == 0 else { throw XvfbServer.Failure(description: "cannot start \(path): error \(result)") }
        pid = child
    }

    deinit {
        if status == nil {
            kill(pid, SIGKILL)
            _ = wait(timeoutSeconds: 5)
        }
        unlink(outputPath)
        unlink(errorPath)
        try? FileManager.default.removeItem(atPath: privateHome)
    }

    /// Waits up to `timeoutSeconds` for the exit; returns the exit status (128 + signal when
    /// killed), or nil if it is still running.
    func wait(timeoutSeconds: Double) -> Int32? {
        if let status { return status }
        var raw: Int32 = 0
        guard waitUntil(timeout: timeoutSeconds, { waitpid(pid, &raw, WNOHANG) == pid }) else { return nil }
        let signal = raw & 0x7f
        status = signal == 0 ? (raw >> 8) & 0xff : 128 + signal
        return status
    }

    /// Runs to the end (killed after `timeoutSeconds`) and returns the status.
    func finish(timeoutSeconds: Double = 20) -> Int32 {
        if let status = wait(timeoutSeconds: timeoutSeconds) { return status }
        kill(pid, SIGKILL)
        return wait(timeoutSeconds: 5) ?? -1
    }

    /// What it wrote on stdout so far.
    var output: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }
    /// What it wrote on stdout so far, as bytes (not necessarily UTF-8).
    var outputBytes: [UInt8] { FileManager.default.contents(atPath: outputPath).map { Array($0) } ?? [] }
    /// What it wrote on stderr so far.
    var errors: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }
}
