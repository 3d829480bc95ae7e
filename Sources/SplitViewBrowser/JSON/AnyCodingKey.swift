/// A coding key made from any string, for reading a container whose type is not ours.
struct AnyCodingKey: CodingKey {
    /// The key.
    var stringValue: String
    /// Never an index: these keys name object members.
    var intValue: Int? { nil }

    /// The key `name`.
    init(_ name: String) { stringValue = name }
    /// The key `stringValue`.
    init?(stringValue: String) { self.stringValue = stringValue }
    /// No key: indexes are not object members.
    init?(intValue: Int) { nil }
}
