import Glibc
import SplitViewFiles

/// What a tree holds, by content: the tests that prove nothing was lost compare these,
/// wherever the files went (copied, moved, trashed, restored). Links are never followed.
enum TreeContents {
    /// The hash of `bytes`.
    static func hash(_ bytes: [UInt8]) -> ContentHash { ContentHash(bytes) }

    /// The hashes of every regular file under `folder` but those under `skipping` (a trash's
    /// `info/`: its files are ours, not the user's), each with how many files hold it.
    /// Entries that vanish while it reads (another thread changes the tree) are passed over.
    static func hashes(under folder: FilePath, skipping: [FilePath] = []) -> [ContentHash: Int] {
        var found: [ContentHash: Int] = [:]
        var pending = [folder]
        while let next = pending.popLast() {
            for name in names(in: next) {
                let path = next.appending(name)
                var status = stat()
                guard path.withCString({ lstat($0, &status) }) == 0 else { continue }
                switch status.st_mode & S_IFMT {
                case S_IFDIR: if !skipping.contains(path) { pending.append(path) }
                case S_IFREG:
                    let descriptor = path.withCString { open($0, O_RDONLY | O_NOFOLLOW | O_CLOEXEC) }
                    guard descriptor >= 0 else { continue }
                    found[ContentHash(reading: descriptor), default: 0] += 1
                    close(descriptor)
                default: continue
                }
            }
        }
        return found
    }

    /// Every regular file's contents under `roots`: what "every byte the user had is
    /// somewhere" checks.
    static func hashes(under roots: [FilePath]) -> Set<ContentHash> {
        Set(roots.flatMap { hashes(under: $0).keys })
    }

    /// The whole contents of the regular file `path`, or `nil` when it cannot be read.
    static func contents(_ path: FilePath) -> [UInt8]? {
        let descriptor = path.withCString { open($0, O_RDONLY | O_NOFOLLOW | O_CLOEXEC) }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            guard count > 0 else { return count == 0 ? bytes : nil }
            bytes += chunk[..<count]
        }
    }

    /// The names in `folder` (raw bytes), without `.` and `..`.
    static func names(in folder: FilePath) -> [[UInt8]] {
        guard let entries = try? FolderNames(opening: folder) else { return [] }
        var names: [[UInt8]] = []
        while let name = try? entries.nextName() { names.append(name) }
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
