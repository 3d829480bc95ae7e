/// Whole numbers read as `Double` and converted: JSONDecoder reports `1e308` or `1.5` where an
/// `Int` was expected as JSON that is not valid, without the key, so the state file decodes
/// its integers this way to name the key instead.
extension KeyedDecodingContainer {
    /// The whole number at `key`.
    func decodeWholeNumber(forKey key: Key) throws -> Int {
        let number = try decode(Double.self, forKey: key)
        // 2^53: beyond it a Double no longer holds every whole number, and no limit here is near it.
        guard number == number.rounded(), abs(number) <= 9_007_199_254_740_992 else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self,
                debugDescription:
                    "expected a whole number, found \(number)")
        }
        return Int(number)
    }

}
