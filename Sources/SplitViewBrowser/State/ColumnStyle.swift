import SplitView

/// A window's columns: three (folders, files, file) or two (a stack of folders and files,
/// then the file), as the state file and `--style` name them.
public enum ColumnStyle: String, CaseIterable, Sendable {
    /// Two columns: a stack of folders and files, then the file.
    case double
    /// Three columns: folders, files, file.
    case triple

    /// The core's style for these columns.
    public var splitStyle: SplitViewController.Style { self == .double ? .doubleColumn : .tripleColumn }
}

/// `"double"` or `"triple"` in a state file.
extension ColumnStyle: Codable {
    /// Decodes a style's name; anything else names the choices.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let style = ColumnStyle(rawValue: try container.decode(String.self)) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: Self.expectation)
        }
        self = style
    }

    /// What a decoding error says of another name, in English: ``StateProblem`` knows it by
    /// this text and says it in the reader's language.
    static let expectation = #"expected "double" or "triple""#

    /// Encodes the style's name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
