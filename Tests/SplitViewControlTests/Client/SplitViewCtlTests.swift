import Glibc
import TestSupport
import Testing

@testable import SplitViewControl

/// The built `splitviewctl`'s command line: its exit statuses and its lines, with a server of
/// the tests' own or none.
@Suite struct SplitViewCtlTests {
    /// Runs `splitviewctl` with `arguments`; its status, stdout and stderr.
    static func run(
        _ arguments: [String], environment: [String: String]
    ) throws -> (status: Int32, output: String, errors: String) {
        let folder = try TemporaryFolder("ctl")
        let (output, errors) = (folder.path + "/out", folder.path + "/err")
        var pid: pid_t = 0
        let started = spawn(splitviewctlPath, [splitviewctlPath] + arguments, environment: environment, pid: &pid) { actions in
            posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        }
        guard started == 0 else { throw ControlError("cannot start splitviewctl: error \(started)") }
        var status: Int32 = 0
        guard waitUntil(timeout: 30, { waitpid(pid, &status, WNOHANG) == pid }) else {
            kill(pid, SIGKILL)
            throw ControlError("splitviewctl did not end")
        }
        return ((status >> 8) & 0xff, folder.read("out") ?? "", folder.read("err") ?? "")
    }

    @Test func noInstanceIsOneLineAndStatusOne() throws {
        let runtime = try TemporaryFolder("ctl-run")
        let result = try Self.run(["tree"], environment: ["XDG_RUNTIME_DIR": runtime.path, "SPLITVIEW_SOCKET": ""])
        #expect(result.status == 1)
        #expect(result.errors == "splitviewctl: no splitview is running (no socket in \(runtime.path)/splitview)\n")
    }

    /// Decided: several instances and none named is a usage error that lists them.
    @Test func severalInstancesAreAUsageErrorThatListsThem() throws {
        let runtime = try TemporaryFolder("ctl-run")
        runtime.write("", to: "splitview/1.socket")
        runtime.write("", to: "splitview/\(getpid()).socket")
        let result = try Self.run(["tree"], environment: ["XDG_RUNTIME_DIR": runtime.path, "SPLITVIEW_SOCKET": ""])
        #expect(result.status == 64)
        #expect(result.errors.contains("several splitview instances run: choose one with --pid 1, \(getpid())"))
    }

    @Test(arguments: [
        ["split"], ["split", "--below", "secondary"], ["split", "--below", "=x"], ["resize", "3", "2"], ["focus"], ["frobnicate"],
    ])
    func badUsageIsStatus64(_ arguments: [String]) throws {
        let result = try Self.run(arguments, environment: ["SPLITVIEW_SOCKET": "/nonexistent.socket"])
        #expect(result.status == 64, "\(result.errors)")
        #expect(result.errors.hasPrefix("Error: "))
    }

    /// Decided: a script's tool answers in English whatever the locale: in German, where the
    /// program's window and `--help` speak German, `splitviewctl` and the replies do not.
    @Test func itsWordsStayEnglishInAGermanLocale() throws {
        let server = try ServerThread()
        let environment = ["SPLITVIEW_SOCKET": server.path, "LANG": "de_DE.UTF-8", "LANGUAGE": "de", "LC_ALL": ""]
        let refused = try Self.run(["focus", "404"], environment: environment)
        #expect(refused.status == 1)
        #expect(refused.errors == "splitviewctl: no pane 404\n", "\(refused.errors)")
        let usage = try Self.run(["frobnicate"], environment: environment)
        #expect(usage.status == 64 && usage.errors.hasPrefix("Error: "), "\(usage.errors)")
    }

    /// The instance's refusal is the one line, after `splitviewctl: `; a success prints what
    /// it made (split: the new pane's id) and exits 0.
    @Test func theInstancesWordsAndItsAnswers() throws {
        let server = try ServerThread()
        let environment = ["SPLITVIEW_SOCKET": server.path]
        let refused = try Self.run(["focus", "404"], environment: environment)
        #expect(refused.status == 1 && refused.errors == "splitviewctl: no pane 404\n")
        let split = try Self.run(["split", "--after", "101=st -w {}"], environment: environment)
        #expect(split.status == 0 && split.output == "777\n")
        let tree = try Self.run(["tree"], environment: environment)
        #expect(tree.status == 0 && tree.output.contains("\"command\" : \"xterm -into {}\""))
        let save = try Self.run(["layout", "save", "/tmp/x.json"], environment: environment)
        #expect(save.status == 0)
        #expect(server.log.all == ["split 101 after st -w {}", "layout-save /tmp/x.json"])
    }
}
