import Glibc
import TestSupport
import Testing

@testable import SplitViewControl

/// Where the socket goes, and the folder that holds it: made private, refused in words when it
/// is not ours alone.
@Suite struct ControlPathsTests {
    @Test func theRuntimeFolderWhenTheSessionHasOneElseOneOfOursInTmp() {
        #expect(ControlPaths.folder(environment: ["XDG_RUNTIME_DIR": "/run/user/1000"], uid: 1000) == "/run/user/1000/splitview")
        #expect(ControlPaths.folder(environment: ["XDG_RUNTIME_DIR": "/run/user/1000/"], uid: 1000) == "/run/user/1000/splitview")
        #expect(ControlPaths.folder(environment: [:], uid: 1000) == "/tmp/splitview-1000")
        // A relative or empty runtime folder is no runtime folder.
        #expect(ControlPaths.folder(environment: ["XDG_RUNTIME_DIR": "run"], uid: 7) == "/tmp/splitview-7")
        #expect(ControlPaths.folder(environment: ["XDG_RUNTIME_DIR": ""], uid: 7) == "/tmp/splitview-7")
        #expect(ControlPaths.socket(pid: 4242, in: "/tmp/splitview-7") == "/tmp/splitview-7/4242.socket")
    }

    @Test func theFolderIsMadePrivate() throws {
        let temporary = try TemporaryFolder("paths")
        let folder = temporary.path + "/splitview"
        try ControlPaths.prepare(folder: folder)
        var info = stat()
        #expect(lstat(folder, &info) == 0)
        #expect(info.st_mode & 0o7777 == 0o700)
        // Made once, accepted again.
        try ControlPaths.prepare(folder: folder)
    }

    @Test func aFolderOthersMayEnterIsRefusedInWords() throws {
        let temporary = try TemporaryFolder("paths")
        let folder = temporary.path + "/splitview"
        #expect(mkdir(folder, 0o700) == 0)
        #expect(chmod(folder, 0o755) == 0)
        #expect(throws: ControlError("\(folder): its mode 755 lets other users in; it must be 700 (chmod 700 \(folder))")) {
            try ControlPaths.prepare(folder: folder)
        }
        // Never repaired behind the user's back.
        var info = stat()
        #expect(lstat(folder, &info) == 0 && info.st_mode & 0o7777 == 0o755)
    }

    @Test func aFolderOfAnotherUserIsRefused() throws {
        let temporary = try TemporaryFolder("paths")
        let other = geteuid() + 1
        #expect(
            throws: ControlError(
                "\(temporary.path): owned by user \(geteuid()), not by you (\(other)): not used for the control socket")
        ) {
            try ControlPaths.check(folder: temporary.path, uid: other)
        }
    }

    @Test func aLinkInPlaceOfTheFolderIsRefused() throws {
        let temporary = try TemporaryFolder("paths")
        let real = temporary.path + "/real"
        #expect(mkdir(real, 0o700) == 0)
        #expect(symlink(real, temporary.path + "/splitview") == 0)
        #expect(throws: ControlError.self) { try ControlPaths.prepare(folder: temporary.path + "/splitview") }
    }

    /// The sockets of processes that have ended are not instances.
    @Test func onlyLiveProcessesAreRunningInstances() throws {
        let temporary = try TemporaryFolder("paths")
        for name in ["\(getpid()).socket", "1.socket", "2147483646.socket", "notes.txt", "x.socket"] {
            temporary.write("", to: name)
        }
        let running = ControlPaths.running(in: temporary.path).map(\.pid)
        #expect(running == [1, getpid()])
    }

    @Test func theClientChoosesTheOptionThenTheEnvironmentThenTheOneRunning() throws {
        let temporary = try TemporaryFolder("paths")
        let environment = ["XDG_RUNTIME_DIR": temporary.path]
        let folder = temporary.path + "/splitview"
        #expect(ControlClient.locate(socket: nil, pid: nil, environment: environment) == .none(folder: folder))
        #expect(mkdir(folder, 0o700) == 0)
        temporary.write("", to: "splitview/\(getpid()).socket")
        #expect(ControlClient.locate(socket: nil, pid: nil, environment: environment) == .socket("\(folder)/\(getpid()).socket"))
        temporary.write("", to: "splitview/1.socket")
        #expect(ControlClient.locate(socket: nil, pid: nil, environment: environment) == .several([1, getpid()]))
        var own = environment
        own[ControlPaths.socketVariable] = "/own.socket"
        #expect(ControlClient.locate(socket: nil, pid: nil, environment: own) == .socket("/own.socket"))
        #expect(ControlClient.locate(socket: nil, pid: 1, environment: own) == .socket("\(folder)/1.socket"))
        #expect(ControlClient.locate(socket: "/given", pid: 1, environment: own) == .socket("/given"))
    }
}
