import Foundation
import Glibc
import Testing

@testable import SplitViewX11

/// Starting, describing, ending and reaping hosted programs: no server needed.
@Suite(.serialized) struct ProgramProcessTests {
    static func bytes(_ words: String...) -> [[UInt8]] { words.map { Array($0.utf8) } }

    /// Boundary: a program that is not on `PATH` or not executable fails at once, with the
    /// reason the pane shows.
    @Test func aMissingOrNonExecutableProgramFailsWithItsReason() throws {
        guard case .failure(let missing) = ProgramProcess.spawn(Self.bytes("splitview-no-such-program-x"), display: nil) else {
            Issue.record("started a program that does not exist")
            return
        }
        #expect(missing.reason == "not found")
        let folder = try makeTemporaryFolder("notexec")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/script"
        try "#!/bin/sh\n".write(toFile: path, atomically: false, encoding: .utf8)
        guard case .failure(let denied) = ProgramProcess.spawn(Self.bytes(path), display: nil) else {
            Issue.record("started a file without the execute bit")
            return
        }
        #expect(denied.reason == "not executable")
    }

    @Test func howAProgramEndedReadsAsASentence() {
        #expect(ProgramProcess.describe("xterm", status: 0) == "xterm exited")
        #expect(ProgramProcess.describe("xterm", status: 1 << 8) == "xterm exited with status 1")
        #expect(ProgramProcess.describe("xterm", status: SIGKILL) == "xterm ended on signal 9 (Killed)")
    }

    /// The program gets the arguments as given (one argument however many spaces and shell
    /// characters), `DISPLAY` as asked, and standard input from /dev/null; it is reaped.
    @Test func argumentsEnvironmentAndInputReachTheProgram() throws {
        let folder = try makeTemporaryFolder("spawned")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = folder + "/out"
        let script = "printf '%s|' \"$1\" \"$DISPLAY\" > \"$2\"; cat >> \"$2\""
        let result = ProgramProcess.spawn(Self.bytes("sh", "-c", script, "sh", "a b; $(x)", out), display: ":77")
        guard case .success(let pid) = result else {
            Issue.record("sh did not start")
            return
        }
        #expect(waitFor { ProgramProcess.reap(pid) != nil })
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "a b; $(x)|:77|")
        #expect(!LivePrograms.all().contains(pid))
    }

    /// SIGTERM first; a program that ignores it is killed after the grace time; none is left.
    @Test func endingEveryProgramKillsThoseThatIgnoreTheSignal() {
        guard case .success(let polite) = ProgramProcess.spawn(Self.bytes("sleep", "30"), display: nil),
            case .success(let stubborn) = ProgramProcess.spawn(Self.bytes("sh", "-c", "trap '' TERM; sleep 30"), display: nil)
        else {
            Issue.record("sleep did not start")
            return
        }
        usleep(100_000)  // the shell installs its trap
        let start = Date()
        ProgramProcess.endAll(grace: 0.5)
        #expect(Date().timeIntervalSince(start) < 3)
        #expect(LivePrograms.all().isEmpty)
        for pid in [polite, stubborn] { #expect(kill(pid, 0) != 0 && errno == ESRCH) }
    }
}
