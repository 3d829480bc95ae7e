import CFileOps
import FoundationEssentials
import Glibc
import TestSupport
import Testing

@testable import SplitViewControl

/// The server with a test double, from real clients over a real socket in a runtime folder of
/// the test's own.
@Suite struct ControlServerTests {
    @Test func theTreeComesBackWholeWithTheRequestsID() throws {
        let server = try ServerThread()
        let reply = try server.client().send(ControlRequest(command: "tree", id: 41))
        #expect(reply.ok)
        #expect(reply.id == 41)
        #expect(reply.version == ControlProtocol.version)
        #expect(reply.tree == TargetDouble.tree(panes: 20))
    }

    @Test func theSocketIsTheUsersAloneAndGoesWithTheServer() throws {
        var server: ServerThread? = try ServerThread()
        let path = server!.path
        var info = stat()
        #expect(lstat(path, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFSOCK)
        #expect(info.st_mode & 0o777 == 0o600)
        server = nil
        #expect(access(path, F_OK) != 0)
    }

    @Test func eachChangeReachesTheTargetAndItsRefusalComesBackInOneLine() throws {
        let server = try ServerThread()
        let client = try server.client()
        #expect(try client.send(ControlRequest(command: "focus", pane: 101)).ok)
        #expect(try client.send(ControlRequest(command: "resize", pane: 102, fraction: 0.25)).ok)
        let split = try client.send(
            ControlRequest(command: "split", target: "secondary", side: "below", program: "xterm -into {}"))
        #expect(split.ok && split.pane == 777)
        #expect(try client.send(ControlRequest(command: "close", pane: 103)).ok)
        #expect(try client.send(ControlRequest(command: "zoom", pane: 104)).ok)
        #expect(try client.send(ControlRequest(command: "layout-save", path: "/tmp/layout.json")).ok)
        #expect(try client.send(ControlRequest(command: "layout-load", path: "/tmp/layout.json")).ok)
        #expect(
            server.log.all == [
                "focus 101", "resize 102 0.25", "split secondary below xterm -into {}", "close 103", "zoom 104",
                "layout-save /tmp/layout.json", "layout-load /tmp/layout.json",
            ])
        #expect(try client.send(ControlRequest(command: "focus", pane: 404)) == .failure("no pane 404"))
        #expect(try client.send(ControlRequest(command: "close", id: 3, pane: 13)) == .failure("pane 13 refuses", id: 3))
    }

    @Test(arguments: [
        (ControlRequest(command: "focus"), "focus needs a \"pane\": a pane's id"),
        (ControlRequest(command: "resize", pane: 1), "resize needs a \"fraction\" from 0 to 1"),
        (ControlRequest(command: "resize", pane: 1, fraction: 1.5), "resize needs a \"fraction\" from 0 to 1"),
        (
            ControlRequest(command: "split", target: "secondary", side: "under", program: "x"),
            "split needs a \"side\": above, below, before or after"
        ),
        (ControlRequest(command: "split", target: "secondary", side: "below", program: "  "), "split needs a \"program\" to run"),
        (ControlRequest(command: "layout-save", path: "relative.json"), "layout-save needs an absolute \"path\""),
        (ControlRequest(command: "zoom"), "zoom needs a \"pane\": a pane's id"),
        (ControlRequest(command: "layout-load", path: "relative.json"), "layout-load needs an absolute \"path\""),
        (
            ControlRequest(command: "swap", pane: 1),
            "unknown command \"swap\": tree, focus, resize, split, close, zoom, layout-save, layout-load, subscribe"
        ),
    ])
    func aBadRequestIsAnsweredWithItsReason(_ request: ControlRequest, _ reason: String) throws {
        let server = try ServerThread()
        #expect(try server.client().send(request) == .failure(reason))
        #expect(server.log.all.isEmpty)
    }

    /// Decided: a later version is refused with the version this instance speaks.
    @Test func aLaterProtocolVersionIsRefusedByNumber() throws {
        let server = try ServerThread()
        var request = ControlRequest(command: "tree")
        request.version = 2
        #expect(try server.client().send(request) == .failure("protocol version 2 is not known: this instance speaks 1"))
    }

    /// Garbage gets an error line and the connection stays: the next request is answered.
    @Test(arguments: [
        "not json", "{}", "[1, 2]", "{\"command\": 7}", "\"tree\"", "{\"command\": \"tree\"", "\u{0}\u{1}\u{2}\u{ff}",
        "{\"command\":\"tree\",\"pane\":\"x\"}",
    ])
    func garbageIsAnsweredAndTheConnectionStays(_ garbage: String) throws {
        let server = try ServerThread()
        let client = try server.client()
        try client.write(Array(garbage.utf8) + [10])
        let line = try client.readLine()
        let reply = try JSONDecoder().decode(ControlReply.self, from: Data(line))
        #expect(reply == .failure("not a request: expected one JSON object with a \"command\" on one line"))
        #expect(try client.send(ControlRequest(command: "tree")).ok)
    }

    @Test func aMebibyteRequestIsRefusedAndClosedAndOthersGoOn() throws {
        let server = try ServerThread()
        let client = try server.client()
        // The server closes as soon as 64 KiB pass without a newline; the rest may not go.
        try? client.write([UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20))
        var lines: [[UInt8]] = []
        while let line = try? client.readLine() { lines.append(line) }
        #expect(lines.count == 1)
        let reply = try JSONDecoder().decode(ControlReply.self, from: Data(lines[0]))
        #expect(reply == .failure("request too large: more than 65536 bytes before its newline"))
        #expect(try server.client().send(ControlRequest(command: "tree")).ok)
    }

    @Test func aRequestLeftHalfSentIsClosedAndOthersGoOn() throws {
        var limits = ControlServer.Limits()
        limits.halfSentSeconds = 0.2
        let server = try ServerThread(limits: limits)
        let idle = try server.client(timeout: 30)
        try idle.write(Array("{\"command\": \"tr".utf8))
        #expect(try server.client().send(ControlRequest(command: "tree")).ok)
        #expect(throws: ControlError("the instance closed the connection")) { try idle.readLine() }
    }

    @Test func aHundredClientsAtOnceAreEachAnswered() throws {
        let server = try ServerThread()
        let clients = try (0..<100).map { _ in try server.client() }
        for (index, client) in clients.enumerated() {
            let body = try JSONEncoder().encode(ControlRequest(command: "tree", id: index))
            try client.write(Array(body) + [10])
        }
        for (index, client) in clients.enumerated() {
            let reply = try JSONDecoder().decode(ControlReply.self, from: Data(try client.readLine()))
            #expect(reply.id == index && reply.tree?.allNodes.count == 22)
        }
    }

    /// A client that asks and never reads fills its buffer; past the bound it is closed, and
    /// meanwhile the others are answered as before.
    ///
    /// The slow client reads nothing until the server has hung up on it (`POLLRDHUP`), however
    /// long a busy machine takes to get there: read earlier, the replies drained as the server
    /// wrote them, and a run of the whole suite saw all 400 answered after 43 s.
    @Test func aClientThatNeverReadsHoldsNobody() throws {
        let server = try ServerThread()
        let slow = try server.client()
        let request = Array(try JSONEncoder().encode(ControlRequest(command: "tree"))) + [10]
        let batch = Array([[UInt8]](repeating: request, count: 100).joined())
        // About 6 KB a reply: 400 replies are more than the 1 MiB a client may leave unread.
        for _ in 0..<4 { _ = try? slow.write(batch) }  // the server may close it meanwhile
        let other = try server.client()
        for _ in 0..<5 { #expect(try other.send(ControlRequest(command: "tree")).ok) }
        guard waitUntil(timeout: 120, { hungUp(slow) }) else {
            Issue.record("the slow client was never closed")
            return
        }
        var answered = 0
        while (try? slow.readLine()) != nil { answered += 1 }
        #expect(answered < 400, "the slow client was closed before all its replies were written")
        #expect(try other.send(ControlRequest(command: "tree")).ok)
    }

    @Test func subscribersGetOneLinePerEvent() throws {
        let server = try ServerThread()
        let subscriber = try server.client()
        #expect(try subscriber.send(ControlRequest(command: "subscribe", id: 1)) == ControlReply(id: 1))
        let bystander = try server.client()
        server.publish(ControlEvent("focused", window: 1, pane: 101))
        server.publish(ControlEvent("exited", window: 1, pane: 102, status: "xterm exited with status 1"))
        let first = try JSONDecoder().decode(ControlEvent.self, from: Data(try subscriber.readLine()))
        let second = try JSONDecoder().decode(ControlEvent.self, from: Data(try subscriber.readLine()))
        #expect(first == ControlEvent("focused", window: 1, pane: 101))
        #expect(second == ControlEvent("exited", window: 1, pane: 102, status: "xterm exited with status 1"))
        // Not subscribed: its next line is its reply.
        #expect(try bystander.send(ControlRequest(command: "tree", id: 2)).id == 2)
    }

    /// A socket left at our pid's path by a process that ended is replaced; anything else
    /// there is not touched.
    @Test func aStaleSocketIsReplacedAndAFileIsNot() throws {
        let temporary = try TemporaryFolder("control")
        let path = ControlPaths.socket(pid: getpid(), in: temporary.path)
        let stale = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = ControlServer.address(path)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(stale, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0)
        close(stale)
        let loop = PollLoop()
        let target = TargetDouble(log: CallLog())
        var server: ControlServer? = try ControlServer(path: path, target: target, loop: loop)
        #expect(server != nil)
        server = nil
        #expect(access(path, F_OK) != 0)
        temporary.write("mine", to: "\(getpid()).socket")
        #expect(throws: ControlError("\(path): there already, and not a socket: not replaced")) {
            _ = try ControlServer(path: path, target: target, loop: loop)
        }
        #expect(temporary.read("\(getpid()).socket") == "mine")
    }

    /// A server that cannot listen closes its socket once: a second close would take the file
    /// another thread had opened meanwhile under the same number.
    @Test func aServerThatCannotListenClosesOnlyItsOwnDescriptor() throws {
        let temporary = try TemporaryFolder("control")
        let path = ControlPaths.socket(pid: getpid(), in: temporary.path)
        temporary.write("mine", to: "\(getpid()).socket")
        let loop = PollLoop()
        let target = TargetDouble(log: CallLog())
        let stolen = descriptorsClosedUnderAnotherThread(rounds: 3000) {
            _ = try? ControlServer(path: path, target: target, loop: loop)
        }
        #expect(stolen == 0)
        #expect(temporary.read("\(getpid()).socket") == "mine")
    }

    /// Decided: connections are accepted close-on-exec in the same call (accept4), so a
    /// program another thread spawns at that moment cannot keep one open after the server
    /// closed it; and non-blocking, as the loop reads them.
    @Test func aConnectionIsAcceptedCloseOnExecAndNonBlocking() throws {
        let temporary = try TemporaryFolder("control")
        let path = temporary.path + "/accept.socket"
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        defer { close(listener) }
        var address = ControlServer.address(path)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0 && listen(listener, 4) == 0)
        #expect(sv_accept_cloexec(listener) == -1 && errno == EAGAIN)
        let client = try ControlClient(path: path)
        let accepted = sv_accept_cloexec(listener)
        defer { close(accepted) }
        #expect(accepted >= 0)
        #expect(fcntl(accepted, F_GETFD) & FD_CLOEXEC != 0)
        #expect(fcntl(accepted, F_GETFL) & O_NONBLOCK != 0)
        _ = client
    }

    @Test func ourOwnConnectionIsOursBySOPeerCred() throws {
        let server = try ServerThread()
        let client = try server.client()
        #expect(try client.send(ControlRequest(command: "tree")).ok)
        var ends: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        defer { for end in ends { close(end) } }
        #expect(ControlServer.peerUID(ends[0]) == geteuid())
    }

    /// Another user is refused by its uid, even when the socket's modes would let it in (here
    /// opened on purpose): run as `nobody` through `setpriv`, which needs root.
    @Test(
        .enabled(
            if: OtherUser.isRoot && access(OtherUser.setpriv[0], X_OK) == 0, "needs root and setpriv to run a client as nobody"))
    func anotherUserIsRefused() throws {
        let server = try ServerThread()
        #expect(chmod(server.folder.path, 0o711) == 0)
        #expect(chmod(server.path, 0o666) == 0)
        let output = try TemporaryFolder("control-out")
        let errors = output.path + "/errors"
        var pid: pid_t = 0
        let arguments = OtherUser.setpriv + [splitviewctlPath, "tree", "--socket", server.path]
        let started = spawn(arguments[0], arguments, pid: &pid) { actions in
            posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        }
        #expect(started == 0)
        var status: Int32 = 0
        #expect(waitUntil(timeout: 30) { waitpid(pid, &status, WNOHANG) == pid })
        #expect((status >> 8) & 0xff == 1)
        #expect(output.read("errors") == "splitviewctl: refused: user 65534 may not control an instance of user \(geteuid())\n")
        // The server goes on for its own user.
        #expect(try server.client().send(ControlRequest(command: "tree")).ok)
    }
}

/// Whether the instance has closed its end of `client`'s connection, whatever is still unread
/// on ours: `POLLRDHUP` (0x2000, which Glibc's Swift module leaves out).
private func hungUp(_ client: ControlClient) -> Bool {
    var watch = pollfd(fd: client.descriptor, events: 0x2000, revents: 0)
    return poll(&watch, 1, 0) == 1 && watch.revents & 0x2000 != 0
}
