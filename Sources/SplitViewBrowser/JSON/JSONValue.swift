import FoundationEssentials

/// Any JSON value, for reading a file key by key: the config file is decoded into this first
/// and interpreted entry by entry, so that one bad entry is reported with its key and skipped
/// while the rest applies (a `Decodable` struct would reject the whole file).
enum JSONValue: Decodable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number (every JSON number is read as a `Double`).
    case number(Double)
    /// A string.
    case string(String)
    /// A list.
    case array([JSONValue])
    /// An object; a key given twice keeps one of its values.
    case object([String: JSONValue])

    /// Decodes whatever is there.
    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: AnyCodingKey.self) {
            var members: [String: JSONValue] = [:]
            for key in object.allKeys {
                members[key.stringValue] = try object.decode(JSONValue.self, forKey: key)
            }
            self = .object(members)
        } else if var array = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !array.isAtEnd {
                elements.append(try array.decode(JSONValue.self))
            }
            self = .array(elements)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                self = .null
            } else if let value = try? single.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? single.decode(Double.self) {
                self = .number(value)
            } else {
                self = .string(try single.decode(String.self))
            }
        }
    }

    /// Parses `bytes` as JSON, or `nil` when they are not JSON.
    static func parse(_ bytes: [UInt8]) -> JSONValue? {
        try? JSONDecoder().decode(JSONValue.self, from: Data(bytes))
    }

    /// What the value is, for a message: `a string`, `a list`, `null`.
    var kind: String {
        switch self {
        case .null: "null"
        case .bool: "true or false"
        case .number: "a number"
        case .string: "a string"
        case .array: "a list"
        case .object: "an object"
        }
    }
}
