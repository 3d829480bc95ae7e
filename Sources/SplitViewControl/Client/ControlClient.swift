import FoundationEssentials
import Glibc

/// A connection to an instance's control socket: what `splitviewctl` speaks through.
///
/// ```swift
/// let client = try ControlClient(path: ControlClient.locate(environment: env).path)
/// let reply = try client.send(ControlRequest(command: "tree"))
/// ```
public final class ControlClient {
    /// Which socket to talk to, and how it was chosen.
    public enum Choice: Equatable, Sendable {
        /// One socket.
        case socket(String)
        /// No instance runs (the folder looked in).
        case none(folder: String)
        /// Several run: the caller must choose (their pids and sockets).
        case several([Int32])
    }

    /// Decided: `--socket PATH`, then `--pid PID` (its socket in the user's folder), then
    /// `SPLITVIEW_SOCKET` (a hosted program talks to its own instance), then the one instance
    /// running; several running is a usage error that lists them. An explicit option wins over
    /// the environment, as tmux's `-S` wins over `$TMUX`.
    public static func locate(socket: String?, pid: Int32?, environment: [String: String]) -> Choice {
        if let socket { return .socket(socket) }
        let folder = ControlPaths.folder(environment: environment)
        if let pid { return .socket(ControlPaths.socket(pid: pid, in: folder)) }
        if let own = environment[ControlPaths.socketVariable], !own.isEmpty { return .socket(own) }
        let running = ControlPaths.running(in: folder)
        switch running.count {
        case 0: return .none(folder: folder)
        case 1: return .socket(running[0].path)
        default: return .several(running.map(\.pid))
        }
    }

    /// The connection's socket (internal: a test polls it for the instance's hang-up).
    let descriptor: Int32
    private var input: [UInt8] = []
    /// How long a reply may take: 10 s by default.
    public var timeout: Double

    /// Connects to the socket at `path`.
    ///
    /// The descriptor is stored only once connected: an initializer that throws after every
    /// stored property is set still runs `deinit`, which would close it a second time, perhaps
    /// after another thread was given the same number.
    public init(path: String, timeout: Double = 10) throws(ControlError) {
        self.timeout = timeout
        guard path.utf8.count <= ControlPaths.longestSocketPath else { throw ControlError("\(path): too long for a socket") }
        let descriptor = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw ControlError("no socket: \(String(cString: strerror(errno)))") }
        var address = ControlServer.address(path)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            let reason = errno == ECONNREFUSED ? "no instance listens there" : String(cString: strerror(errno))
            close(descriptor)
            throw ControlError("\(path): \(reason)")
        }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Sends `request` and waits for its reply.
    public func send(_ request: ControlRequest) throws(ControlError) -> ControlReply {
        do {
            try write(request.line)
        } catch {
            // Closed before the request went: the instance may have said why (a refusal).
            guard let reply = try? reply() else { throw error }
            return reply
        }
        return try reply()
    }

    /// Reads the next line as a reply.
    public func reply() throws(ControlError) -> ControlReply {
        let line = try readLine()
        guard let reply = try? JSONDecoder().decode(ControlReply.self, from: Data(line)) else {
            throw ControlError("the instance's answer is not a reply: \(String(decoding: line.prefix(80), as: UTF8.self))")
        }
        return reply
    }

    /// Writes `bytes` whole.
    public func write(_ bytes: [UInt8]) throws(ControlError) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw ControlError("the instance closed the connection: \(String(cString: strerror(errno)))")
            }
            sent += count
        }
    }

    /// The next line the instance sends, its newline removed; waits at most ``timeout``
    /// seconds (for ever when it is infinite).
    public func readLine() throws(ControlError) -> [UInt8] {
        while true {
            if let newline = input.firstIndex(of: 10) {
                let line = Array(input[..<newline])
                input.removeFirst(newline + 1)
                return line
            }
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let wait: Int32 = timeout.isFinite ? Int32(max(0, timeout * 1000)) : -1
            let ready = poll(&entry, 1, wait)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { throw ControlError("no answer within \(timeout) s") }
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw ControlError("the instance closed the connection") }
            input += chunk[0..<count]
        }
    }
}
