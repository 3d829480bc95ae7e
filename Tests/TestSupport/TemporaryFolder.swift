import Glibc
import SplitViewFiles

/// A folder of a test's own under /tmp, made with `mkdtemp` and removed whole (permissions
/// restored first, names of any bytes) when the value goes. Shared by the test targets that
/// touch the file system.
public final class TemporaryFolder {
    /// The folder's path.
    public let path: String

    /// Makes the folder `/tmp/splitview-<label>-XXXXXX`.
    public init(_ label: String = "test") throws {
        var template = Array("/tmp/splitview-\(label)-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard let made else { throw FileError(path: "/tmp", code: errno) }
        path = String(cString: made)
    }

    deinit { Self.remove(FilePath(path)) }

    /// Writes `text` to `name` in the folder, making the folders above it.
    public func write(_ text: String, to name: String) {
        let file = path + "/" + name
        _ = AtomicFile.makeFolders(AtomicFile.parentFolder(of: file))
        _ = AtomicFile.write(Array(text.utf8), to: file)
    }

    /// The contents of `name` in the folder, or `nil`.
    public func read(_ name: String) -> String? {
        guard case .success(let bytes) = AtomicFile.read(path + "/" + name, limit: 1 << 24) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The names in `sub` (the folder itself by default), sorted, without `.` and `..`.
    public func entries(_ sub: String = "") -> [String] {
        let folder = FilePath(sub.isEmpty ? path : path + "/" + sub)
        guard let listing = try? FolderListing.read(folder, includeHidden: true).get() else { return [] }
        return listing.entries.indices.map { String(decoding: listing.path(at: $0).lastComponent, as: UTF8.self) }.sorted()
    }

    /// Removes `path` and everything under it, making folders writable first; a path that is
    /// gone already is no error.
    ///
    /// A second recursive delete beside the product's `FileRemoval`, on purpose: a test's
    /// clean-up must not go through the fault seam (`FileFaults`) that the test may still have
    /// armed on this thread when its tree goes (when a scope's values end is not the test's to
    /// choose), and it is best effort, going on past an entry it cannot remove, where
    /// `FileRemoval` stops at the first failure as a deletion the user asked for must.
    public static func remove(_ path: FilePath) {
        var status = stat()
        guard path.withCString({ lstat($0, &status) }) == 0 else { return }
        if status.st_mode & S_IFMT == S_IFDIR {
            _ = path.withCString { chmod($0, 0o700) }
            if let listing = try? FolderListing.read(path, includeHidden: true).get() {
                for index in listing.entries.indices { remove(listing.path(at: index)) }
            }
            _ = path.withCString { rmdir($0) }
        } else {
            _ = path.withCString { unlink($0) }
        }
    }
}
