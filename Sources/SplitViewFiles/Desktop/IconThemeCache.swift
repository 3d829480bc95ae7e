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
final class IconThemeCache: @unchecked Sendable {
    /// The theme's directories as the cache lists them, by index.
    let directories: [String]

    // Immutable after `init`: the mapping is only read, by any thread.
    private let base: UnsafeRawPointer
    private let size: Int
    private let hashOffset: Int

    /// The flag of an image that is a PNG file.
    static let pngFlag: UInt16 = 4
    /// The largest cache mapped (64 MiB: Adwaita's is 124 KB, the largest themes' a few MB).
    static let sizeLimit = 64 << 20

    /// The cache of the theme in `folder` (`/usr/share/icons/Adwaita`), or nil when it has
    /// none, it is older than the folder, its version is not 1, or it cannot be read.
    init?(folder: String) {
        var folderStatus = stat(), cacheStatus = stat()
        guard stat(folder, &folderStatus) == 0 else { return nil }
        let descriptor = open(folder + "/icon-theme.cache", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard fstat(descriptor, &cacheStatus) == 0, cacheStatus.st_mode & S_IFMT == S_IFREG,
            cacheStatus.st_size >= 12, cacheStatus.st_size <= Self.sizeLimit,
            cacheStatus.st_mtim.tv_sec >= folderStatus.st_mtim.tv_sec
        else { return nil }
        let size = Int(cacheStatus.st_size)
        guard let mapping = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), mapping != MAP_FAILED else {
            return nil
        }
        let reading = Reading(base: UnsafeRawPointer(mapping), size: size)
        var names: [String] = []
        guard reading.u16(0) == 1, let hash = reading.u32(4), let list = reading.u32(8), let count = reading.u32(list),
            count <= (size - list) / 4
        else {
            munmap(mapping, size)
            return nil
        }
        names.reserveCapacity(count)
        for index in 0..<count {
            guard let offset = reading.u32(list + 4 + 4 * index), let name = reading.string(offset) else {
                munmap(mapping, size)
                return nil
            }
            names.append(name)
        }
        base = UnsafeRawPointer(mapping)
        self.size = size
        hashOffset = hash
        directories = names
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: base), size) }

    /// The indexes in ``directories`` of the directories that hold `name` with all of
    /// `flags` (``pngFlag``); empty when the cache does not know the name.
    func directories(holding name: String, flags: UInt16 = pngFlag) -> [Int] {
        let reading = Reading(base: base, size: size)
        guard let buckets = reading.u32(hashOffset), buckets > 0, buckets <= (size - hashOffset) / 4 else { return [] }
        let bucket = Int(Self.hash(name) % UInt32(buckets))
        guard var icon = reading.u32(hashOffset + 4 + 4 * bucket) else { return [] }
        let key = Array(name.utf8)
        var steps = size / 12
        while icon != 0xFFFF_FFFF, steps > 0 {
            steps -= 1
            guard let chain = reading.u32(icon), let nameOffset = reading.u32(icon + 4), let images = reading.u32(icon + 8)
            else { return [] }
            if reading.equals(nameOffset, key) {
                guard let count = reading.u32(images), count <= (size - images) / 8 else { return [] }
                var found: [Int] = []
                for image in 0..<count {
                    let at = images + 4 + 8 * image
                    guard let directory = reading.u16(at), let imageFlags = reading.u16(at + 2) else { return found }
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

    /// Big-endian reads inside the mapping, nil past its end.
    private struct Reading {
        let base: UnsafeRawPointer
        let size: Int

        func u16(_ offset: Int) -> UInt16? {
            guard offset >= 0, offset <= size - 2 else { return nil }
            return UInt16(base.load(fromByteOffset: offset, as: UInt8.self)) << 8
                | UInt16(base.load(fromByteOffset: offset + 1, as: UInt8.self))
        }

        func u32(_ offset: Int) -> Int? {
            guard offset >= 0, offset <= size - 4 else { return nil }
            var value = 0
            for index in 0..<4 { value = value << 8 | Int(base.load(fromByteOffset: offset + index, as: UInt8.self)) }
            return value
        }

        /// The C string at `offset`, if it ends inside the mapping and is UTF-8.
        func string(_ offset: Int) -> String? {
            guard offset >= 0, offset < size else { return nil }
            var end = offset
            while end < size, base.load(fromByteOffset: end, as: UInt8.self) != 0 { end += 1 }
            guard end < size else { return nil }
            return String(validating: UnsafeRawBufferPointer(start: base + offset, count: end - offset), as: UTF8.self)
        }

        /// Whether the C string at `offset` is `key`.
        func equals(_ offset: Int, _ key: [UInt8]) -> Bool {
            guard offset >= 0, offset <= size - key.count - 1 else { return false }
            for (index, byte) in key.enumerated() where base.load(fromByteOffset: offset + index, as: UInt8.self) != byte {
                return false
            }
            return base.load(fromByteOffset: offset + key.count, as: UInt8.self) == 0
        }
    }
}
