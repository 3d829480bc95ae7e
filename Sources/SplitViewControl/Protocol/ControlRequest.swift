import FoundationEssentials

/// One request on the control socket: one line of JSON, ended by a newline.
///
/// ```json
/// {"version": 1, "id": 7, "command": "resize", "pane": 12, "fraction": 0.4}
/// ```
///
/// Decided: the protocol is versioned by one number, ``ControlProtocol/version``. A request
/// may leave `version` out (it means 1); one that names a later version is answered with an
/// error that says the version this instance speaks, so a newer client can tell an old
/// instance from a bad request. `id`, when given, comes back in the reply, so a script that
/// sends several requests pairs them up.
public struct ControlRequest: Codable, Hashable, Sendable {
    /// The protocol version the client speaks; nil means 1.
    public var version: Int?
    /// The client's number for the request, returned in its reply.
    public var id: Int?
    /// What is asked: one of ``ControlProtocol/commands``.
    public var command: String
    /// The pane the command acts on, by its id in the tree.
    public var pane: Int?
    /// What `split` splits: a column's name (`secondary`) or a pane's id as a string.
    public var target: String?
    /// Where `split` puts the new pane: `above`, `below`, `before` or `after`.
    public var side: String?
    /// The program a new pane runs (`split`), with the words and placeholders of `--secondary`.
    public var program: String?
    /// The share of its split a pane takes (`resize`), 0…1.
    public var fraction: Double?
    /// A file (`layout-save`, `layout-load`): an absolute path.
    public var path: String?

    /// Creates a request for `command`.
    public init(
        command: String, id: Int? = nil, pane: Int? = nil, target: String? = nil, side: String? = nil, program: String? = nil,
        fraction: Double? = nil, path: String? = nil
    ) {
        version = ControlProtocol.version
        self.id = id
        self.command = command
        self.pane = pane
        self.target = target
        self.side = side
        self.program = program
        self.fraction = fraction
        self.path = path
    }
}

extension ControlRequest {
    /// The request as it is sent: its JSON, keys sorted, and a newline.
    public var line: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return ((try? encoder.encode(self)).map(Array.init) ?? Array("{}".utf8)) + [10]
    }
}

/// The protocol's constants.
public enum ControlProtocol {
    /// The version this build speaks: 1.
    public static let version = 1

    /// The commands an instance answers: `tree`, `focus`, `resize`, `split`, `close`, `zoom`,
    /// `layout-save`, `layout-load` and `subscribe`.
    public static let commands = [
        "tree", "focus", "resize", "split", "close", "zoom", "layout-save", "layout-load", "subscribe",
    ]

    /// The sides `split` takes.
    public static let sides = ["above", "below", "before", "after"]
}

/// The answer to one request: one line of JSON.
///
/// ```json
/// {"version": 1, "id": 7, "ok": true}
/// {"version": 1, "ok": false, "error": "no pane 99"}
/// ```
public struct ControlReply: Codable, Hashable, Sendable {
    /// The protocol version of the instance.
    public var version: Int
    /// The request's `id`, when it had one.
    public var id: Int?
    /// Whether the request was done.
    public var ok: Bool
    /// Why it was not, in one line.
    public var error: String?
    /// The layout (`tree`).
    public var tree: ControlTree?
    /// The new pane's id (`split`).
    public var pane: Int?

    /// A reply to the request `id`.
    public init(id: Int?, ok: Bool = true, error: String? = nil, tree: ControlTree? = nil, pane: Int? = nil) {
        version = ControlProtocol.version
        self.id = id
        self.ok = ok
        self.error = error
        self.tree = tree
        self.pane = pane
    }

    /// A failure saying `error`.
    public static func failure(_ error: String, id: Int? = nil) -> ControlReply {
        ControlReply(id: id, ok: false, error: error)
    }
}

/// A change, sent to every subscriber as one line of JSON (as `i3-msg -t subscribe`).
///
/// ```json
/// {"event": "focused", "window": 1, "pane": 4}
/// {"event": "exited", "window": 1, "pane": 7, "status": "xterm exited with status 1"}
/// ```
public struct ControlEvent: Codable, Hashable, Sendable {
    /// What happened: `added`, `removed`, `focused`, `zoomed`, `unzoomed` or `exited`.
    public var event: String
    /// The window it happened in.
    public var window: Int
    /// The pane.
    public var pane: Int
    /// How a program ended (`exited`).
    public var status: String?

    /// Creates an event.
    public init(_ event: String, window: Int, pane: Int, status: String? = nil) {
        self.event = event
        self.window = window
        self.pane = pane
        self.status = status
    }
}
