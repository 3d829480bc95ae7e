/// Type-ahead: letters typed in quick succession build a prefix; a pause starts a new one.
///
/// A pure value so that its timing is tested without a clock: the caller passes the time of
/// each key. Typing the same letter again steps through the rows that start with it, as in
/// GTK's and Finder's lists.
public struct TypeAhead: Hashable, Sendable {
    /// How long (seconds) after the last letter the next one starts a new prefix.
    public static let timeout = 1.0
    /// The prefix typed so far.
    public private(set) var prefix = ""
    private var lastTime = -Double.infinity

    /// Creates an empty type-ahead.
    public init() {}

    /// Adds `character` typed at `time`; returns the text to match and whether the search
    /// should start after the current row (the same letter repeated).
    public mutating func type(_ character: Character, at time: Double) -> (text: String, fromNext: Bool) {
        if time - lastTime > Self.timeout { prefix = "" }
        lastTime = time
        let letter = String(character).lowercased()
        if prefix == letter || (!prefix.isEmpty && prefix.allSatisfy({ String($0) == letter })) {
            prefix += letter
            return (letter, true)
        }
        prefix += letter
        return (prefix, false)
    }

    /// Forgets the prefix (the rows changed, or the user moved the selection).
    public mutating func reset() {
        prefix = ""
        lastTime = -Double.infinity
    }
}
