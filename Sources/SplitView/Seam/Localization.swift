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
        guard !arguments.isEmpty else { return text }
        let bytes = text.utf8
        guard bytes.contains(UInt8(ascii: "{")) else { return text }
        // Read as bytes: a brace and ASCII digits are whole characters in UTF-8, so no cut falls
        // inside one, and no grapheme is walked (a list's rows are worded on every frame).
        var result = ""
        var start = bytes.startIndex, index = bytes.startIndex
        while index != bytes.endIndex {
            guard bytes[index] == UInt8(ascii: "{") else {
                index = bytes.index(after: index)
                continue
            }
            var cursor = bytes.index(after: index), number = 0, digits = 0
            while cursor != bytes.endIndex, case let byte = bytes[cursor], byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"),
                digits < 9
            {
                number = number * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
                cursor = bytes.index(after: cursor)
            }
            guard digits > 0, cursor != bytes.endIndex, bytes[cursor] == UInt8(ascii: "}"), number < arguments.count else {
                index = bytes.index(after: index)
                continue
            }
            result += text[start..<index]
            result += arguments[number]
            index = bytes.index(after: cursor)
            start = index
        }
        return result + text[start...]
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
    /// The message with its values in, as Swift's own interpolation writes it: what a
    /// translation falls back to, made as the key is so that English costs no substitution.
    var text: String

    /// A message of plain text.
    public init(stringLiteral value: String) {
        key = value
        arguments = []
        text = value
    }

    /// A message with values: its key and values from the interpolation.
    public init(stringInterpolation: StringInterpolation) {
        key = stringInterpolation.key
        arguments = stringInterpolation.arguments
        text = stringInterpolation.text
    }

    /// Builds a ``LocalizationValue`` from a string literal with interpolations.
    public struct StringInterpolation: StringInterpolationProtocol {
        var key = ""
        var arguments: [String] = []
        var text = ""

        /// An empty interpolation.
        public init(literalCapacity: Int, interpolationCount: Int) {
            key.reserveCapacity(literalCapacity + 3 * interpolationCount)
        }

        /// Adds text as written.
        public mutating func appendLiteral(_ literal: String) {
            key += literal
            text += literal
        }

        /// Adds a value: `{N}` in the key, its text among the arguments.
        public mutating func appendInterpolation(_ value: String) {
            key += Self.placeholders[safe: arguments.count] ?? "{\(arguments.count)}"
            arguments.append(value)
            text += value
        }

        /// Adds a number, as Swift writes it.
        public mutating func appendInterpolation(_ value: Int) {
            appendInterpolation(String(value))
        }

        /// Adds any other value, as Swift's interpolation describes it.
        public mutating func appendInterpolation<Value>(_ value: Value) {
            appendInterpolation(String(describing: value))
        }

        private static let placeholders = ["{0}", "{1}", "{2}", "{3}", "{4}", "{5}"]
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
        guard let catalog = Localization.catalog, let text = catalog.translation(of: message.key) else {
            self = message.text
            return
        }
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
        guard let catalog = Localization.catalog, let text = catalog.translation(of: context + "\u{4}" + message.key) else {
            self = message.text
            return
        }
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
        guard let catalog = Localization.catalog,
            let text = catalog.translation(singular: singular.key, plural: plural.key, count: count)
        else {
            self = count == 1 ? singular.text : plural.text
            return
        }
        self = Localization.substitute(
            text, plural.arguments.count >= singular.arguments.count ? plural.arguments : singular.arguments)
    }
}
