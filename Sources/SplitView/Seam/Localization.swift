/// A catalog of the program's messages in the reader's language: what `String(translated:)`
/// asks for each message a person reads.
///
/// The core reads no locale and no file. An app installs one catalog in
/// ``Localization/catalog`` before its first window (the `splitview` app's reads glibc's
/// gettext catalogs, chosen by `LANGUAGE`, `LC_MESSAGES` and `LANG`); without one every
/// message reads as written, in English.
public protocol MessageCatalog: Sendable {
    /// The translation of `key` (a message as written, a `{0}`, `{1}` … for each value), or nil
    /// where the catalog has none.
    func translation(of key: String) -> String?

    /// The translation of a message with a count, in the form the language's plural rule
    /// chooses for `count`, or nil where the catalog has none.
    func translation(singular: String, plural: String, count: Int) -> String?
}

/// Where the program's messages are translated: the one catalog the app installs.
///
/// Decision: one catalog for the whole process, set once at start-up before any window is
/// made and any thread started (as `textdomain` is in C), so reading it costs no lock on a
/// frame's path. A message already made stays in the language it was made in.
public enum Localization {
    /// The catalog every `String(translated:)` asks, or nil for the messages as written.
    nonisolated(unsafe) public static var catalog: (any MessageCatalog)?

    /// `text` with each `{N}` replaced by `arguments[N]`; a brace that names no argument
    /// (`{}`, `{x}`, `{7}` of two) stays as it is.
    ///
    /// ```swift
    /// Localization.substitute("“{0}” in {1}", ["a.txt", "Notes"])  // “a.txt” in Notes
    /// ```
    public static func substitute(_ text: String, _ arguments: [String]) -> String {
        guard !arguments.isEmpty, text.contains("{") else { return text }
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "}"),
                rest[afterOpen..<close].allSatisfy({ $0.isASCII && $0.isNumber }),
                let index = Int(rest[afterOpen..<close]), index < arguments.count
            else {
                result += "{"
                rest = rest[afterOpen...]
                continue
            }
            result += arguments[index]
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}

/// A message as written in the source, ready to be translated: its text with a `{0}`, `{1}` …
/// in place of each interpolated value (the catalog's key), and the values.
///
/// ```swift
/// let message: LocalizationValue = "Moved “\(name)” to the Trash."
/// message.key        // Moved “{0}” to the Trash.
/// message.arguments  // [name]
/// ```
public struct LocalizationValue: ExpressibleByStringInterpolation, Sendable, Equatable {
    /// The message's text as written, each interpolated value a `{N}`: the catalog's key.
    public var key: String
    /// The interpolated values, as text, in their order in the source.
    public var arguments: [String]

    /// A message of plain text.
    public init(stringLiteral value: String) {
        key = value
        arguments = []
    }

    /// A message with values: its key and values from the interpolation.
    public init(stringInterpolation: StringInterpolation) {
        key = stringInterpolation.key
        arguments = stringInterpolation.arguments
    }

    /// Builds a ``LocalizationValue`` from a string literal with interpolations.
    public struct StringInterpolation: StringInterpolationProtocol {
        var key = ""
        var arguments: [String] = []

        /// An empty interpolation.
        public init(literalCapacity: Int, interpolationCount: Int) {
            key.reserveCapacity(literalCapacity + 3 * interpolationCount)
        }

        /// Adds text as written.
        public mutating func appendLiteral(_ literal: String) { key += literal }

        /// Adds a value: `{N}` in the key, its description among the arguments.
        public mutating func appendInterpolation<Value>(_ value: Value) {
            key += "{\(arguments.count)}"
            arguments.append(String(describing: value))
        }
    }
}

extension String {
    /// The message in the reader's language: ``Localization/catalog``'s translation of its key
    /// with its values put in, else the message as written.
    ///
    /// ```swift
    /// String(translated: "Moved “\(name)” to the Trash.")  // in French: Déplacé « … » …
    /// ```
    public init(translated message: LocalizationValue) {
        let text = Localization.catalog?.translation(of: message.key) ?? message.key
        self = Localization.substitute(text, message.arguments)
    }

    /// A message whose English word means two things, translated in its `context` (gettext's
    /// `msgctxt`, asked as `pgettext` asks: the context, `\u{4}`, the key): "Delete" the key
    /// ("Entf" in German) and "Delete" the button ("Löschen") are two messages.
    ///
    /// ```swift
    /// String(translated: "Home", context: "key")  // in German: Pos1
    /// ```
    public init(translated message: LocalizationValue, context: String) {
        let text = Localization.catalog?.translation(of: context + "\u{4}" + message.key) ?? message.key
        self = Localization.substitute(text, message.arguments)
    }

    /// A message with a count in the reader's language, in the form its plural rule chooses;
    /// without a catalog, English's rule (`singular` for 1, else `plural`).
    ///
    /// Both forms take the same values in the same order (the plural's are put in); the singular
    /// may leave the count out ("One file", "\(n) files").
    ///
    /// ```swift
    /// String(translated: "\(n) item", plural: "\(n) items", count: n)
    /// ```
    public init(translated singular: LocalizationValue, plural: LocalizationValue, count: Int) {
        let text =
            Localization.catalog?.translation(singular: singular.key, plural: plural.key, count: count)
            ?? (count == 1 ? singular.key : plural.key)
        self = Localization.substitute(
            text, plural.arguments.count >= singular.arguments.count ? plural.arguments : singular.arguments)
    }
}
