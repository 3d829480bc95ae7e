/// Who the host speaks for: the name on every window (`WM_CLASS`) and at the start of every
/// line it writes to stderr (``Diagnostics``). A host belongs to whichever program makes it;
/// nothing in it names `splitview`.
///
/// ```swift
/// let host = Host(connection: connection, fonts: fonts, identity: ApplicationIdentity(name: "notes", className: "Notes")) {
///     makeWindowContent()
/// }
/// ```
public struct ApplicationIdentity: Hashable, Sendable {
    /// The program's name: `WM_CLASS`'s instance part, and the first word of every diagnostic
    /// line (`notes: cannot open display ":9"`). ICCCM asks for the name it was run by.
    public var name: String
    /// `WM_CLASS`'s class part, which window managers and X resources match on (`Notes`).
    public var className: String

    /// Creates an identity; the class defaults to the name with its first letter capitalised,
    /// as X programs spell their class (`xterm` is the exception that proves it: `XTerm`).
    public init(name: String, className: String? = nil) {
        self.name = name
        self.className = className ?? (name.prefix(1).uppercased() + name.dropFirst())
    }

    /// The running program's identity, from the name it was started by (`argv[0]`'s last
    /// path component): what a host uses when it is given none.
    public static var current: ApplicationIdentity {
        let path = CommandLine.arguments.first ?? ""
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        return ApplicationIdentity(name: name.isEmpty ? "x11host" : name)
    }
}
