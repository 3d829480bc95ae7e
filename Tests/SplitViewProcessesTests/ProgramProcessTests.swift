import Foundation
import Glibc
import TestSupport
import Testing

@testable import SplitViewProcesses

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
        let temporary = try TemporaryFolder("notexec")
        let folder = temporary.path
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
        let temporary = try TemporaryFolder("spawned")
        let folder = temporary.path
        let out = folder + "/out"
        let script = "printf '%s|' \"$1\" \"$DISPLAY\" > \"$2\"; cat >> \"$2\""
        let result = ProgramProcess.spawn(Self.bytes("sh", "-c", script, "sh", "a b; $(x)", out), display: ":77")
        guard case .success(let pid) = result else {
            Issue.record("sh did not start")
            return
        }
        #expect(waitUntil { ProgramProcess.reap(pid) != nil })
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "a b; $(x)|:77|")
        #expect(!LivePrograms.all().contains(pid))
    }

    /// A program starts in the folder given (a name with spaces and a non-UTF-8 byte), and our
    /// own directory is not changed.
    @Test func aProgramStartsInTheFolderGiven() throws {
        let temporary = try TemporaryFolder("spawnedin")
        let folder = temporary.path + "/a b\u{7F}"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        var bytes = Array(folder.utf8)
        bytes.removeLast()
        bytes.append(0xFF)
        #expect(mkdir(bytes.map { CChar(bitPattern: $0) } + [0], 0o700) == 0)
        let out = temporary.path + "/out"
        let ours = FileManager.default.currentDirectoryPath
        let result = ProgramProcess.spawn(Self.bytes("sh", "-c", "pwd > \"$0\"", out), display: nil, directory: bytes)
        guard case .success(let pid) = result else {
            Issue.record("sh did not start")
            return
        }
        #expect(waitUntil { ProgramProcess.reap(pid) != nil })
        let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))
        #expect(written == bytes + [10])
        #expect(FileManager.default.currentDirectoryPath == ours)
    }

    /// Boundary: a folder that went (or was never one) starts the program in our directory
    /// rather than not at all; a missing program still fails as missing.
    @Test func aFolderThatWentStartsTheProgramInOurs() throws {
        let temporary = try TemporaryFolder("spawnedgone")
        let out = temporary.path + "/out"
        let gone = Array((temporary.path + "/gone").utf8)
        let result = ProgramProcess.spawn(Self.bytes("sh", "-c", "pwd > \"$0\"", out), display: nil, directory: gone)
        guard case .success(let pid) = result else {
            Issue.record("sh did not start in our directory")
            return
        }
        #expect(waitUntil { ProgramProcess.reap(pid) != nil })
        #expect(try String(contentsOfFile: out, encoding: .utf8) == FileManager.default.currentDirectoryPath + "\n")
        guard
            case .failure(let missing) = ProgramProcess.spawn(
                Self.bytes("splitview-no-such-program-x"), display: nil, directory: Array(temporary.path.utf8))
        else {
            Issue.record("started a program that does not exist")
            return
        }
        #expect(missing.reason == "not found")
    }

    /// True when the process `pid` ignores SIGTERM (its `SigIgn` mask in /proc says so).
    static func ignoresSIGTERM(_ pid: pid_t) -> Bool { ignores(SIGTERM, pid) }

    /// True when the process `pid` ignores `signal` (its `SigIgn` mask in /proc says so).
    static func ignores(_ signal: Int32, _ pid: pid_t) -> Bool {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigIgn:") }),
            let mask = UInt64(line.dropFirst("SigIgn:".count).trimmingCharacters(in: .whitespaces), radix: 16)
        else { return false }
        return mask & (1 << (UInt64(signal) - 1)) != 0
    }

    /// The X host ignores SIGPIPE (a dead X server is a lost connection, not a silent death); a
    /// program it starts gets the default back, so that `yes | head` in it ends as anywhere.
    @Test func aProgramGetsSIGPIPEBackFromAParentThatIgnoresIt() throws {
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        let pid = try ProgramProcess.spawn(Self.bytes("sleep", "30"), display: nil).get()
        #expect(waitUntil { (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8))?.hasPrefix("sleep") == true })
        #expect(!Self.ignores(SIGPIPE, pid))
        #expect(Self.ignores(SIGPIPE, getpid()))
        kill(pid, SIGKILL)
        #expect(waitUntil { ProgramProcess.reap(pid) != nil })
    }

    /// SIGTERM first; a program that ignores it is killed after the grace time; none is left.
    @Test func endingEveryProgramKillsThoseThatIgnoreTheSignal() {
        guard case .success(let polite) = ProgramProcess.spawn(Self.bytes("sleep", "30"), display: nil),
            case .success(let stubborn) = ProgramProcess.spawn(Self.bytes("sh", "-c", "trap '' TERM; sleep 30"), display: nil)
        else {
            Issue.record("sleep did not start")
            return
        }
        #expect(waitUntil { Self.ignoresSIGTERM(stubborn) }, "the shell installs its trap")
        let start = Date()
        ProgramProcess.endAll(grace: 0.5)
        #expect(Date().timeIntervalSince(start) < 3)
        #expect(LivePrograms.all().isEmpty)
        for pid in [polite, stubborn] { #expect(kill(pid, 0) != 0 && errno == ESRCH) }
    }

    /// The signal's deadline ends the hosted programs without waiting: SIGTERM to each one
    /// still running (and to the groups followed), which ends a program that takes it.
    @Test func signallingEveryProgramSendsItWithoutWaiting() {
        guard case .success(let pid) = ProgramProcess.spawn(Self.bytes("sleep", "30"), display: nil) else {
            Issue.record("sleep did not start")
            return
        }
        ProgramProcess.signalAll(SIGTERM)
        var status: Int32?
        #expect(
            waitUntil {
                status = ProgramProcess.reap(pid)
                return status != nil
            })
        #expect(status.map { $0 & 0x7f } == SIGTERM)
    }

    /// A program whose first process returns at once, leaving a member in its group (`sh -c
    /// 'sleep 30 &'`): the group's members are found once the first process was reaped, each
    /// gets a descriptor that turns readable when it ends, and ending every program ends the
    /// group too, within the grace.
    @Test func aGroupOutlivingItsFirstProcessIsFollowedAndEnded() throws {
        guard case .success(let leader) = ProgramProcess.spawn(Self.bytes("sh", "-c", "sleep 30 & exit 3"), display: nil) else {
            Issue.record("sh did not start")
            return
        }
        var status: Int32?
        #expect(
            waitUntil {
                status = ProgramProcess.reap(leader); return status != nil
            })
        #expect(status.map { ProgramProcess.describe("sh", status: $0) } == "sh exited with status 3")
        var members: [pid_t] = []
        #expect(
            waitUntil {
                members = ProcessGroup.members(leader); return members.count == 1
            })
        let sleeper = try #require(members.first)
        #expect(sleeper != leader)
        #expect(ProcessStat(sleeper)?.group == leader)

        let descriptor = try #require(ProcessGroup.endDescriptor(sleeper))
        defer { close(descriptor) }
        var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&ready, 1, 0) == 0, "not readable while it runs")

        LiveGroups.add(leader)
        ProgramProcess.endAll(grace: 0.5)
        #expect(poll(&ready, 1, 5000) == 1, "readable once it ended")
        #expect(waitUntil { !ProcessGroup.isAlive(leader) })
        #expect(LiveGroups.all().isEmpty)
    }

    /// Boundary: a group with no member (or an id that names none) is empty; no descriptor is
    /// made for a process that is gone.
    @Test func anEmptyGroupHasNoMembersAndAGoneProcessNoDescriptor() {
        #expect(ProcessGroup.members(999_999_999).isEmpty)
        #expect(!ProcessGroup.isAlive(999_999_999))
        #expect(ProcessGroup.endDescriptor(999_999_999) == nil)
    }

    /// A command name with spaces and parentheses does not shift the fields read after it.
    @Test func aStatLineIsReadAfterTheCommandsLastParenthesis() throws {
        let temporary = try TemporaryFolder("stat")
        let folder = temporary.path
        let odd = folder + "/a) (b c"
        try FileManager.default.createSymbolicLink(atPath: odd, withDestinationPath: "/bin/sleep")
        guard case .success(let pid) = ProgramProcess.spawn([Array(odd.utf8), Array("30".utf8)], display: nil) else {
            Issue.record("the oddly named sleep did not start")
            return
        }
        defer { ProgramProcess.endAll(grace: 0.5) }
        #expect(waitUntil { ProcessStat(pid).map { $0.group == pid && $0.state != "Z" } ?? false })
    }

    /// A hosted program gets the control socket and its pane (`SPLITVIEW_SOCKET`,
    /// `SPLITVIEW_PANE`) over whatever the host's own environment said, once each.
    @Test func aProgramGetsTheVariablesGivenOverOurs() throws {
        setenv("SPLITVIEW_PANE", "stale", 1)
        defer { unsetenv("SPLITVIEW_PANE") }
        let lines = ProgramProcess.environment(
            display: ":5", variables: ["SPLITVIEW_SOCKET": "/run/user/0/splitview/9.socket", "SPLITVIEW_PANE": "4"]
        ).map { String(decoding: $0, as: UTF8.self) }
        #expect(lines.filter { $0.hasPrefix("SPLITVIEW_PANE=") } == ["SPLITVIEW_PANE=4"])
        #expect(lines.filter { $0.hasPrefix("SPLITVIEW_SOCKET=") } == ["SPLITVIEW_SOCKET=/run/user/0/splitview/9.socket"])
        #expect(lines.filter { $0.hasPrefix("DISPLAY=") } == ["DISPLAY=:5"])
    }
}
