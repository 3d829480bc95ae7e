import Glibc
import SplitViewFiles

/// What a tree holds, by content: the hash of every regular file under a folder (links not
/// followed), counted. The tests that prove nothing was lost compare these, wherever the
/// files went (moved, trashed, restored).
enum TreeContents {
    /// FNV-1a, 64 bits: enough to tell apart the few thousand distinct contents a test writes.
    static func hash(_ bytes: [UInt8]) -> UInt64 {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x100_0000_01b3
        }
        return value
    }

    /// The hashes of every regular file under `folder` but those under `skipping` (a trash's
    /// `info/`: its files are ours, not the user's), each with how many files hold it.
    /// Entries that vanish while it reads (another thread changes the tree) are passed over.
    static func hashes(under folder: FilePath, skipping: [FilePath] = []) -> [UInt64: Int] {
        var found: [UInt64: Int] = [:]
        var pending = [folder]
        while let next = pending.popLast() {
            guard let listing = try? FolderListing.read(next, includeHidden: true).get() else { continue }
            for index in listing.entries.indices {
                let path = listing.path(at: index)
                var status = stat()
                guard path.withCString({ lstat($0, &status) }) == 0 else { continue }
                switch status.st_mode & S_IFMT {
                case S_IFDIR: if !skipping.contains(path) { pending.append(path) }
                case S_IFREG:
                    if let bytes = contents(path) { found[hash(bytes), default: 0] += 1 }
                default: continue
                }
            }
        }
        return found
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
}
