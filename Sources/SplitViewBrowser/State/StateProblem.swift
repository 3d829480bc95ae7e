import SplitView

/// Why a state file's contents cannot be used: one line, with the key path when there is one
/// (`windows[0].width: expected a whole number from 1 to 32767, found 0`).
public struct StateProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// The reason, one line.
    public var reason: String
    /// Whether the file was written by a newer version of the program (not damaged, merely
    /// not understood).
    public var isNewerVersion = false

    /// The reason.
    public var description: String { reason }

    /// The problem a decoding error stands for, in a line: the coding path and what was
    /// expected, instead of Swift's debug text.
    public init(_ error: DecodingError) {
        switch error {
        case .typeMismatch(let type, let context):
            let kind = Self.kind(type)
            reason = Self.located(
                context.codingPath,
                Self.found(context.debugDescription).map { String(translated: "expected \(kind), found \($0)") }
                    ?? String(translated: "expected \(kind)"))
        case .valueNotFound(let type, let context):
            let kind = Self.kind(type), null = "null"
            reason = Self.located(context.codingPath, String(translated: "expected \(kind), found \(null)"))
        case .keyNotFound(let key, let context):
            reason = Self.located(context.codingPath + [key], String(translated: "missing"))
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                // FoundationEssentials also says this for a number its type cannot hold
                // (1e999, or 1e308 for an Int) — the whole numbers are decoded as Double
                // here to report those with their keys.
                reason = String(translated: "not valid JSON")
            } else if context.debugDescription.hasPrefix("expected") {
                reason = Self.located(context.codingPath, Self.expectation(context.debugDescription))
            } else {
                reason = Self.located(context.codingPath, String(translated: "not a valid value"))
            }
        @unknown default:
            reason = String(translated: "cannot be decoded")
        }
    }

    /// A reason of our own.
    public init(_ reason: String, isNewerVersion: Bool = false) {
        self.reason = reason
        self.isNewerVersion = isNewerVersion
    }

    /// `windows[0].width: message`, or `top level: message` for an empty path. Keys are escaped
    /// and shortened: they come from the file.
    static func located(_ path: [any CodingKey], _ message: String) -> String {
        "\(codingPath(path)): \(message)"
    }

    /// `windows[0].split.widths[1].width`; `top level` for an empty path.
    static func codingPath(_ path: [any CodingKey]) -> String {
        guard !path.isEmpty else { return String(translated: "top level") }
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + shortened(key.stringValue)
            }
        }
        return text
    }

    /// `text` escaped onto one line and cut to 80 characters: a key or a value from a file.
    static func shortened(_ text: String) -> String {
        shortLine(text)
    }

    /// What a type is called in JSON, in the reader's language.
    private static func kind(_ type: Any.Type) -> String {
        switch type {
        case is Int.Type, is Double.Type, is Float.Type, is Int64.Type, is Int32.Type, is UInt.Type:
            String(translated: "a number")
        case is String.Type: String(translated: "a string")
        case is Bool.Type: String(translated: "true or false")
        default:
            // JSONDecoder names containers by these types.
            String(describing: type).hasPrefix("Array")
                ? String(translated: "a list")
                : String(describing: type).hasPrefix("Dictionary")
                    ? String(translated: "an object") : String(translated: "a value of another kind")
        }
    }

    /// `a string` from JSONDecoder's `Expected to decode Int but found a string instead.`, in
    /// the reader's language; nil when the text reads otherwise.
    private static func found(_ debugDescription: String) -> String? {
        guard let range = debugDescription.firstRange(of: " but found "), debugDescription.hasSuffix(" instead.") else {
            return nil
        }
        var what = debugDescription[range.upperBound...].dropLast(" instead.".count)
        if what.hasPrefix("a ") { what = what.dropFirst(2) } else if what.hasPrefix("an ") { what = what.dropFirst(3) }
        // Its words vary ("a string", "number", "a dictionary"); JSON's are used instead.
        switch what {
        case "string": return String(translated: "a string")
        case "number": return String(translated: "a number")
        case "bool", "boolean": return String(translated: "true or false")
        case "array": return String(translated: "a list")
        case "dictionary", "object": return String(translated: "an object")
        case "null", "null value": return "null"
        default: return nil
        }
    }

    /// The words of a decoder's "expected …" (ours, the core's, a whole number's), in the
    /// reader's language: the decoders write them in English, the text the check above reads.
    private static func expectation(_ debugDescription: String) -> String {
        if debugDescription == ColumnStyle.expectation { return String(translated: "expected \"double\" or \"triple\"") }
        let number = "expected a whole number, found ", choice = "expected one of "
        if debugDescription.hasPrefix(number) {
            let found = debugDescription.dropFirst(number.count)
            return String(translated: "expected a whole number, found \(found)")
        }
        if debugDescription.hasPrefix(choice) {
            let names = debugDescription.dropFirst(choice.count)
            return String(translated: "expected one of \(names)")
        }
        return debugDescription
    }
}
