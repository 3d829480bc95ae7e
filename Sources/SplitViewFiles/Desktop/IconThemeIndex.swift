/// A theme's `index.theme`, as the freedesktop.org icon theme specification reads it: the
/// themes it inherits from and its directories, each with the sizes it serves.
public struct IconThemeIndex: Hashable, Sendable {
    /// The themes searched after this one, in order (`Inherits=`).
    public var inherits: [String]
    /// The subdirectories that hold icons, in the order `Directories=` (then
    /// `ScaledDirectories=`) lists them.
    public var directories: [IconDirectory]

    /// The index in `bytes`, or nil when it has no `[Icon Theme]` group. A directory whose
    /// group is missing, or has no valid `Size`, is left out, as are names that would leave
    /// the theme's folder (`..`, `/` at the start).
    public init?(_ bytes: [UInt8]) {
        let file = KeyFile(bytes)
        guard file.hasGroup("Icon Theme") else { return nil }
        inherits = KeyFile.list(file.value("Inherits", in: "Icon Theme") ?? "", separator: ",").filter(IconName.isValid)
        let names =
            KeyFile.list(file.value("Directories", in: "Icon Theme") ?? "", separator: ",")
            + KeyFile.list(file.value("ScaledDirectories", in: "Icon Theme") ?? "", separator: ",")
        var seen: Set<String> = []
        directories = names.prefix(IconDirectory.limit).compactMap { name in
            guard IconDirectory.isSafe(name), seen.insert(name).inserted else { return nil }
            return IconDirectory(name: name, entries: file.entries(in: name))
        }
    }
}

/// One directory of a theme and the sizes it serves.
public struct IconDirectory: Hashable, Sendable {
    /// How a directory's icons may be scaled.
    public enum Kind: Hashable, Sendable {
        /// Only at ``IconDirectory/size``.
        case fixed
        /// From ``IconDirectory/minSize`` to ``IconDirectory/maxSize``.
        case scalable
        /// Within ``IconDirectory/threshold`` of ``IconDirectory/size``.
        case threshold
    }

    /// The most directories read from one index: a hostile one lists millions.
    static let limit = 4096

    /// The subdirectory's path in the theme (`16x16/mimetypes`).
    public var name: String
    /// Its nominal size in points.
    public var size: Int
    /// Its scale (2 for `@2x` directories).
    public var scale: Int
    /// How its icons may be scaled.
    public var kind: Kind
    /// The smallest size a scalable directory serves.
    public var minSize: Int
    /// The largest.
    public var maxSize: Int
    /// How far from its size a threshold directory still serves.
    public var threshold: Int

    /// The directory `name` as its group's `entries` describe it, or nil without a valid
    /// size (a positive whole number up to 4096; the other numbers are clamped likewise).
    init?(name: String, entries: [(key: String, value: String)]) {
        func number(_ key: String) -> Int? {
            entries.first { $0.key == key }.flatMap { Int($0.value) }.flatMap { (1...4096).contains($0) ? $0 : nil }
        }
        guard let size = number("Size") else { return nil }
        self.name = name
        self.size = size
        scale = number("Scale") ?? 1
        switch entries.first(where: { $0.key == "Type" })?.value {
        case "Fixed": kind = .fixed
        case "Scalable": kind = .scalable
        default: kind = .threshold
        }
        minSize = number("MinSize") ?? size
        maxSize = number("MaxSize") ?? size
        threshold = entries.first { $0.key == "Threshold" }.flatMap { Int($0.value) }.map { min(max($0, 0), 4096) } ?? 2
    }

    /// Whether a directory name stays inside its theme: relative, no `..`, no empty part.
    static func isSafe(_ name: String) -> Bool {
        guard !name.isEmpty, !name.hasPrefix("/"), name.utf8.count <= 255 else { return false }
        return name.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty && $0 != ".." && $0 != "." }
    }

    /// The specification's `DirectoryMatchesSize`.
    public func matches(size wanted: Int, scale wantedScale: Int) -> Bool {
        guard scale == wantedScale else { return false }
        switch kind {
        case .fixed: return size == wanted
        case .scalable: return minSize <= wanted && wanted <= maxSize
        case .threshold: return size - threshold <= wanted && wanted <= size + threshold
        }
    }

    /// The specification's `DirectorySizeDistance`, in pixels.
    public func distance(size wanted: Int, scale wantedScale: Int) -> Int {
        let wantedPixels = wanted * wantedScale
        switch kind {
        case .fixed: return abs(size * scale - wantedPixels)
        case .scalable:
            if wantedPixels < minSize * scale { return minSize * scale - wantedPixels }
            if wantedPixels > maxSize * scale { return wantedPixels - maxSize * scale }
            return 0
        case .threshold:
            if wantedPixels < (size - threshold) * scale { return minSize * scale - wantedPixels }
            if wantedPixels > (size + threshold) * scale { return wantedPixels - maxSize * scale }
            return 0
        }
    }
}

/// What may name an icon or a theme: a file name's part without `/`, not `.` or `..`, of
/// printable characters, at most 255 bytes.
public enum IconName {
    /// Whether `name` may be looked up as a file name in a theme's folders.
    public static func isValid(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 255 && name != "." && name != ".." && !name.contains("/")
            && !name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }
}
