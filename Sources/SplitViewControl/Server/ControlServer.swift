import CFileOps
import FoundationEssentials
import Glibc

/// The control socket of one instance: a listening Unix socket on the host's loop, answering
/// newline-delimited JSON requests (``ControlRequest``) with one line each (``ControlReply``),
/// and sending subscribers one line per change (``ControlEvent``).
///
/// Nothing a client does holds the loop:
/// - every descriptor is non-blocking, and a turn reads at most ``Limits/readPerTurn`` bytes
///   of a client (the rest waits for the next turn, so one client never starves the others);
/// - a request longer than ``Limits/requestBytes`` without its newline gets an error reply and
///   the connection is closed;
/// - a request left half-sent for ``Limits/halfSentSeconds`` from its first byte closes the
///   connection;
/// - replies and events a client does not read wait in its buffer, written as the socket takes
///   them; past ``Limits/unreadBytes`` the connection is closed;
/// - a malformed line (not JSON, not a request) gets an error reply, and the connection stays.
///
/// Decided: a connection from another user is refused (its uid by `SO_PEERCRED`), with one
/// error line, though the folder (0700) and the socket (0600) already keep others out: root,
/// or a socket file handed over, still could not act on the user's windows. The socket file is
/// removed when the server stops (only while it is still the one this server made); one left by
/// a process that has ended, at the path of our own pid, is replaced.
public final class ControlServer {
    /// How much the server takes from a client before it closes the connection.
    public struct Limits: Sendable {
        /// The longest request line, its newline excluded: 64 KiB.
        public var requestBytes = 64 * 1024
        /// How long a request may stay half-sent, from its first byte: 5 s.
        public var halfSentSeconds = 5.0
        /// The most replies and events waiting unread for one client: 1 MiB.
        public var unreadBytes = 1024 * 1024
        /// The most bytes read from one client in one turn of the loop: 256 KiB.
        public var readPerTurn = 256 * 1024
        /// The most connections at once: 256; one more is told so and closed.
        public var clients = 256
        /// How often replies waiting for a slow client are tried again: 20 ms.
        public var retrySeconds = 0.02

        /// The limits above.
        public init() {}
    }

    /// One connection.
    final class Client {
        let descriptor: Int32
        var input: [UInt8] = []
        var output: [UInt8] = []
        var written = 0
        var subscribed = false
        /// The timer that closes the connection if the request begun is not finished in time.
        var halfSentTimer: Int?

        init(_ descriptor: Int32) {
            self.descriptor = descriptor
        }

        var pending: Int { output.count - written }
    }

    /// The socket's path.
    public let path: String
    /// The limits in force.
    public let limits: Limits
    private let listener: Int32
    private let inode: ino_t
    private weak var target: (any ControlTarget)?
    private unowned let loop: any ControlLoop
    private var clients: [Int32: Client] = [:]
    private var retryTimer: Int?
    private var stopped = false
    private let encoder = JSONEncoder()
    private let decoder = JSONDecoder()

    /// The number of open connections.
    public var connectionCount: Int { clients.count }

    /// Whether any client subscribed to the changes: the app looks for changes only then.
    public var hasSubscribers: Bool { clients.values.contains { $0.subscribed } }

    /// Listens at `path` (its folder must exist: ``ControlPaths/prepare(folder:uid:)``),
    /// answering for `target`, on `loop`.
    public init(path: String, target: any ControlTarget, loop: any ControlLoop, limits: Limits = Limits()) throws(ControlError) {
        self.path = path
        self.limits = limits
        self.target = target
        self.loop = loop
        (listener, inode) = try Self.listen(at: path)
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        loop.watch(listener) { [weak self] in self?.accept() }
    }

    deinit {
        stop()
    }

    /// A listening socket at `path`, and the inode of its file.
    ///
    /// Every failure closes what it opened before it throws. It is done here rather than in
    /// `init` because an initializer that throws once every stored property is set still runs
    /// `deinit`, whose ``stop()`` would close the descriptor a second time: by then another
    /// thread may have been given the same number, and its file would be closed under it.
    private static func listen(at path: String) throws(ControlError) -> (Int32, ino_t) {
        guard path.utf8.count <= ControlPaths.longestSocketPath else {
            throw ControlError("\(path): too long for a socket's address (at most \(ControlPaths.longestSocketPath) bytes)")
        }
        let listener = socket(
            AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard listener >= 0 else { throw ControlError("no socket: \(String(cString: strerror(errno)))") }
        var info = stat()
        if lstat(path, &info) == 0 {
            // Our pid's path: whatever is there was left by a process that has ended (a pid
            // belongs to one live process). A socket is replaced; anything else is not ours.
            guard info.st_mode & S_IFMT == S_IFSOCK else {
                close(listener)
                throw ControlError("\(path): there already, and not a socket: not replaced")
            }
            unlink(path)
        }
        var address = Self.address(path)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else {
            let reason = String(cString: strerror(errno))
            close(listener)
            throw ControlError("\(path): \(reason)")
        }
        // The folder is 0700, so nobody reaches the socket before it is 0600.
        chmod(path, 0o600)
        let inode: ino_t = lstat(path, &info) == 0 ? info.st_ino : 0
        guard Glibc.listen(listener, 64) == 0 else {
            let reason = String(cString: strerror(errno))
            close(listener)
            unlink(path)
            throw ControlError("\(path): \(reason)")
        }
        return (listener, inode)
    }

    /// Closes every connection and the socket, and removes the socket file if it is still ours.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        for client in Array(clients.values) { drop(client) }
        if let retryTimer { loop.cancelTimer(retryTimer) }
        loop.unwatch(listener)
        close(listener)
        var info = stat()
        if lstat(path, &info) == 0, info.st_ino == inode { unlink(path) }
    }

    /// Sends `event` to every subscriber.
    public func publish(_ event: ControlEvent) {
        guard hasSubscribers, let line = try? encoder.encode(event) else { return }
        for client in Array(clients.values) where client.subscribed { send(Array(line) + [10], to: client) }
    }

    // MARK: - Connections

    private func accept() {
        while true {
            let descriptor = sv_accept_cloexec(listener)
            if descriptor < 0 {
                if errno == EINTR { continue }
                return
            }
            let client = Client(descriptor)
            // Fails closed: a peer whose uid cannot be read is refused too.
            guard let uid = Self.peerUID(descriptor), uid == geteuid() else {
                let who = Self.peerUID(descriptor).map { "user \($0)" } ?? "a process of unknown user"
                refuse(client, "refused: \(who) may not control an instance of user \(geteuid())")
                continue
            }
            if clients.count >= limits.clients {
                refuse(client, "refused: \(limits.clients) connections are open already")
                continue
            }
            clients[descriptor] = client
            loop.watch(descriptor) { [weak self, weak client] in
                guard let self, let client else { return }
                self.read(client)
            }
        }
    }

    /// Says `reason` (as far as the socket takes it at once) and closes.
    private func refuse(_ client: Client, _ reason: String) {
        if let line = try? encoder.encode(ControlReply.failure(reason)) {
            let bytes = Array(line) + [10]
            _ = bytes.withUnsafeBytes { Glibc.send(client.descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }
        close(client.descriptor)
    }

    private func drop(_ client: Client) {
        guard clients.removeValue(forKey: client.descriptor) != nil else { return }
        if let timer = client.halfSentTimer { loop.cancelTimer(timer) }
        loop.unwatch(client.descriptor)
        close(client.descriptor)
    }

    private func read(_ client: Client) {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        var taken = 0
        var ended = false
        while taken < limits.readPerTurn {
            let count = chunk.withUnsafeMutableBytes { Glibc.recv(client.descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                client.input += chunk[0..<count]
                taken += count
                guard handleLines(client) else { return }
            } else if count == 0 {
                ended = true
                break
            } else if errno == EINTR {
                continue
            } else {
                if errno != EAGAIN && errno != EWOULDBLOCK { ended = true }
                break
            }
        }
        if ended {
            // A half-sent request at the end is dropped with the connection; what was
            // answered already is written as far as the socket takes it.
            flush(client)
            drop(client)
            return
        }
        armHalfSentTimer(client)
    }

    /// Answers every whole line in the client's input; false when the connection was closed.
    private func handleLines(_ client: Client) -> Bool {
        var start = 0
        while let newline = client.input[start...].firstIndex(of: 10) {
            var line = client.input[start..<newline]
            if line.last == 13 { line = line.dropLast() }
            start = newline + 1
            guard line.count <= limits.requestBytes else { return tooLarge(client) }
            if line.contains(where: { $0 != 32 && $0 != 9 }) { answer(Array(line), from: client) }
            guard clients[client.descriptor] != nil else { return false }
        }
        if start > 0 { client.input.removeFirst(start) }
        if client.input.count > limits.requestBytes { return tooLarge(client) }
        return true
    }

    private func tooLarge(_ client: Client) -> Bool {
        client.input = []
        reply(.failure("request too large: more than \(limits.requestBytes) bytes before its newline"), to: client)
        flush(client)
        drop(client)
        return false
    }

    /// A request begun must end within the bound; a client with nothing half-sent waits freely.
    private func armHalfSentTimer(_ client: Client) {
        if client.input.isEmpty {
            if let timer = client.halfSentTimer { loop.cancelTimer(timer) }
            client.halfSentTimer = nil
        } else if client.halfSentTimer == nil {
            client.halfSentTimer = loop.after(limits.halfSentSeconds) { [weak self, weak client] in
                guard let self, let client else { return }
                client.halfSentTimer = nil
                if !client.input.isEmpty { self.drop(client) }
            }
        }
    }

    // MARK: - Requests

    private func answer(_ line: [UInt8], from client: Client) {
        let request: ControlRequest
        do {
            request = try decoder.decode(ControlRequest.self, from: Data(line))
        } catch {
            return reply(.failure("not a request: expected one JSON object with a \"command\" on one line"), to: client)
        }
        if request.command == "subscribe" {
            client.subscribed = true
            return reply(ControlReply(id: request.id), to: client)
        }
        reply(perform(request), to: client)
    }

    /// The reply to `request`, from the target.
    func perform(_ request: ControlRequest) -> ControlReply {
        let id = request.id
        if let version = request.version, version > ControlProtocol.version || version < 1 {
            return .failure("protocol version \(version) is not known: this instance speaks \(ControlProtocol.version)", id: id)
        }
        guard let target else { return .failure("the instance is ending", id: id) }
        do throws(ControlError) {
            switch request.command {
            case "tree":
                return ControlReply(id: id, tree: target.tree())
            case "focus":
                try target.focus(pane: try Self.pane(request))
            case "resize":
                let pane = try Self.pane(request)
                guard let fraction = request.fraction, fraction.isFinite, (0...1).contains(fraction) else {
                    throw ControlError("resize needs a \"fraction\" from 0 to 1")
                }
                try target.resize(pane: pane, fraction: fraction)
            case "split":
                guard let place = request.target, !place.isEmpty else {
                    throw ControlError("split needs a \"target\": a column's name or a pane's id")
                }
                guard let side = request.side, ControlProtocol.sides.contains(side) else {
                    throw ControlError("split needs a \"side\": above, below, before or after")
                }
                guard let program = request.program, program.contains(where: { $0 != " " && $0 != "\t" }) else {
                    throw ControlError("split needs a \"program\" to run")
                }
                return ControlReply(id: id, pane: try target.split(target: place, side: side, program: program))
            case "close":
                try target.close(pane: try Self.pane(request))
            case "zoom":
                try target.zoom(pane: try Self.pane(request))
            case "layout-save", "layout-load":
                guard let path = request.path, path.hasPrefix("/") else {
                    throw ControlError("\(request.command) needs an absolute \"path\"")
                }
                if request.command == "layout-save" { try target.saveLayout(to: path) } else { try target.loadLayout(from: path) }
            default:
                throw ControlError(
                    "unknown command \"\(request.command.prefix(40))\": \(ControlProtocol.commands.joined(separator: ", "))")
            }
            return ControlReply(id: id)
        } catch {
            return .failure(error.description, id: id)
        }
    }

    private static func pane(_ request: ControlRequest) throws(ControlError) -> Int {
        guard let pane = request.pane else { throw ControlError("\(request.command) needs a \"pane\": a pane's id") }
        return pane
    }

    // MARK: - Output

    private func reply(_ reply: ControlReply, to client: Client) {
        guard let line = try? encoder.encode(reply) else { return }
        send(Array(line) + [10], to: client)
    }

    private func send(_ bytes: [UInt8], to client: Client) {
        if client.written > 0 && client.written == client.output.count {
            client.output.removeAll(keepingCapacity: true)
            client.written = 0
        }
        client.output += bytes
        flush(client)
        guard clients[client.descriptor] != nil else { return }
        if client.pending > limits.unreadBytes {
            drop(client)
        } else if client.pending > 0 {
            scheduleRetry()
        }
    }

    /// Writes what the socket takes now; a client that has gone is dropped.
    private func flush(_ client: Client) {
        while client.pending > 0 {
            let count = client.output.withUnsafeBytes {
                Glibc.send(client.descriptor, $0.baseAddress! + client.written, client.pending, Int32(MSG_NOSIGNAL))
            }
            if count > 0 {
                client.written += count
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                if count < 0 && errno != EAGAIN && errno != EWOULDBLOCK { drop(client) }
                return
            }
        }
        if client.written > 64 * 1024 {
            client.output.removeFirst(client.written)
            client.written = 0
        }
    }

    private func scheduleRetry() {
        guard retryTimer == nil, !stopped else { return }
        retryTimer = loop.after(limits.retrySeconds) { [weak self] in
            guard let self else { return }
            self.retryTimer = nil
            for client in Array(self.clients.values) where client.pending > 0 { self.flush(client) }
            if self.clients.values.contains(where: { $0.pending > 0 }) { self.scheduleRetry() }
        }
    }

    // MARK: - Sockets

    /// The uid of the process at the other end, by `SO_PEERCRED`.
    static func peerUID(_ descriptor: Int32) -> uid_t? {
        // struct ucred { pid_t pid; uid_t uid; gid_t gid; }, which Glibc's module leaves out.
        var credentials: (Int32, UInt32, UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout.size(ofValue: credentials))
        guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { return nil }
        return credentials.1
    }

    /// `path` as a socket's address.
    static func address(_ path: String) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() where index < raw.count - 1 { raw[index] = byte }
        }
        return address
    }
}
