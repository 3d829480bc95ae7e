import ArgumentParser

/// `--geometry WxH`.
struct Geometry: ExpressibleByArgument, Hashable {
    var width: Int
    var height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Parses `1400x900`; both numbers 1…32767 (X's limit).
    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
            (1...32_767).contains(width), (1...32_767).contains(height)
        else { return nil }
        self.init(width: width, height: height)
    }

    var defaultValueDescription: String { "\(width)x\(height)" }
}
