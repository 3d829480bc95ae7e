import Glibc
import SplitViewFiles

/// What the tests of "nothing lost" count: every file's contents under some folders, and the
/// temporaries a paste left.
enum ContentCensus {
    /// Every regular file's contents under `roots`, as a ``ContentHash``: what "every byte the
    /// user had is somewhere" checks. Links are not followed.
    static func hashes(under roots: [FilePath]) -> Set<ContentHash> {
        var hashes = Set<ContentHash>()
        func walk(_ path: FilePath) {
            var info = stat()
            guard path.withCString({ lstat($0, &info) }) == 0 else { return }
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
                guard descriptor >= 0 else { return }
                defer { close(descriptor) }
                hashes.insert(ContentHash(reading: descriptor))
            case S_IFDIR:
                for name in names(in: path) { walk(path.appending(name)) }
            default: return
            }
        }
        for root in roots { walk(root) }
        return hashes
    }

    /// The names in `folder` (raw bytes), without `.` and `..`.
    static func names(in folder: FilePath) -> [[UInt8]] {
        guard let directory = folder.withCString({ opendir($0) }) else { return [] }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != [46] && name != [46, 46] { names.append(name) }
        }
        return names
    }

    /// Every path under `root` (itself included) whose last name is one of a paste's
    /// temporary names.
    static func temporaries(under root: FilePath) -> [FilePath] {
        var found: [FilePath] = []
        func walk(_ path: FilePath) {
            if CopyJournal.isTemporaryName(path.lastComponent) { found.append(path) }
            var info = stat()
            guard path.withCString({ lstat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFDIR else { return }
            for name in names(in: path) { walk(path.appending(name)) }
        }
        walk(root)
        return found
    }
}

/// A file's contents as a 64-bit hash (FNV-1a over words) and a length.
struct ContentHash: Hashable {
    private(set) var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    private(set) var length = 0

    /// The hash of `bytes`.
    init(_ bytes: [UInt8]) {
        add(bytes[...])
    }

    /// The hash of what `descriptor` reads to its end.
    init(reading descriptor: Int32) {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            guard count > 0 else { return }
            add(chunk[..<count])
        }
    }

    /// Folds the bytes in, eight at a time (a debug build hashes megabytes a test).
    private mutating func add(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset + 8 <= raw.count {
                hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x100_0000_01b3
                hash ^= hash >> 29
                offset += 8
            }
            while offset < raw.count {
                hash = (hash ^ UInt64(raw[offset])) &* 0x100_0000_01b3
                offset += 1
            }
        }
        length += bytes.count
    }
}
