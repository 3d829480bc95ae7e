import Glibc

/// A theme's `icon-theme.cache`, as GTK writes it (`gtk-update-icon-cache`) and reads it:
/// mapped into memory, never parsed whole. A name is found by its hash, in a few reads of the
/// mapping, with the directories that hold it and the file types each has there — what the
/// lookup would otherwise learn by listing every directory of the theme.
///
/// The format (version 1.0, big-endian): a header (major and minor version, the offset of the
/// hash table, the offset of the directory list); the directory list (a count, then each
/// directory's name as an offset to a C string, relative to the theme); the hash table (a
/// count of buckets, then each bucket's first icon, `0xFFFFFFFF` for none); an icon (the next
/// icon of its bucket, its name, its image list); an image list (a count, then for each image
/// its directory's index, its flags — 4 for a PNG file — and its data's offset).
///
/// Used as GTK uses it: only when its version's major number is 1 and it is no older than the
/// theme's folder (a theme changed since its cache was written is listed instead). Decided:
/// every offset read is checked against the mapping's size, and a bucket's chain is followed
/// at most as many steps as the file could hold icons, so that a hostile or truncated cache
/// answers "not here" rather than reading outside the mapping or looping.
final class IconThemeCache: Sendable {
    /// The theme's directories as the cache lists them, by index.
    let directories: [String]

    private let file: MappedFile
    private let hashOffset: Int

    /// The flag of an image that is a PNG file.
    static let pngFlag: UInt16 = 4
    /// The largest cache mapped (64 MiB: Adwaita's is 124 KB, the largest themes' a few MB).
    static let sizeLimit = 64 << 20

    /// The cache of the theme in `folder` (`/usr/share/icons/Adwaita`), or nil when it has
    /// none, it is older than the folder, its version is not 1, or it cannot be read.
    init?(folder: String) {
        var folderStatus = stat()
        guard stat(folder, &folderStatus) == 0,
            let file = MappedFile(path: folder + "/icon-theme.cache", minimum: 12, limit: Self.sizeLimit),
            file.modified >= Int(folderStatus.st_mtim.tv_sec), file.u16(0) == 1,
            let hash = file.u32(4), let list = file.u32(8), let count = file.u32(list), count <= (file.size - list) / 4
        else { return nil }
        var names: [String] = []
        names.reserveCapacity(count)
        for index in 0..<count {
            guard let offset = file.u32(list + 4 + 4 * index), let name = file.string(offset) else { return nil }
            names.append(name)
        }
        self.file = file
        hashOffset = hash
        directories = names
    }

    /// The indexes in ``directories`` of the directories that hold `name` with all of
    /// `flags` (``pngFlag``); empty when the cache does not know the name.
    func directories(holding name: String, flags: UInt16 = pngFlag) -> [Int] {
        let size = file.size
        guard let buckets = file.u32(hashOffset), buckets > 0, buckets <= (size - hashOffset) / 4 else { return [] }
        let bucket = Int(Self.hash(name) % UInt32(buckets))
        guard var icon = file.u32(hashOffset + 4 + 4 * bucket) else { return [] }
        let key = Array(name.utf8)
        var steps = size / 12
        while icon != 0xFFFF_FFFF, steps > 0 {
            steps -= 1
            guard let chain = file.u32(icon), let nameOffset = file.u32(icon + 4), let images = file.u32(icon + 8)
            else { return [] }
            if file.compare(nameOffset, key) == 0 {
                guard let count = file.u32(images), count <= (size - images) / 8 else { return [] }
                var found: [Int] = []
                for image in 0..<count {
                    let at = images + 4 + 8 * image
                    guard let directory = file.u16(at), let imageFlags = file.u16(at + 2) else { return found }
                    if imageFlags & flags == flags, Int(directory) < directories.count { found.append(Int(directory)) }
                }
                return found
            }
            icon = chain
        }
        return []
    }

    /// GTK's `icon_name_hash`: each byte as a signed char, `h = h * 31 + c`.
    static func hash(_ name: String) -> UInt32 {
        var hash: UInt32 = 0, first = true
        for byte in name.utf8 {
            let value = UInt32(bitPattern: Int32(Int8(bitPattern: byte)))
            hash = first ? value : (hash &<< 5) &- hash &+ value
            first = false
        }
        return hash
    }
}
