import Glibc
import SplitViewFiles

/// A folder under /tmp, removed with its contents when the value goes.
final class TemporaryFolder {
    /// The folder's path.
    let path: String

    /// Makes the folder.
    init() throws {
        var template = Array("/tmp/splitview-app-test-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw FileError(path: "/tmp", code: errno) }
        path = String(cString: made)
    }

    deinit { Self.remove(path) }

    /// Writes `text` to `name` in the folder, making the folders above it.
    func write(_ text: String, to name: String) {
        let file = path + "/" + name
        _ = AtomicFile.makeFolders(AtomicFile.parentFolder(of: file))
        _ = AtomicFile.write(Array(text.utf8), to: file)
    }

    /// The contents of `name` in the folder, or `nil`.
    func read(_ name: String) -> String? {
        guard case .success(let bytes) = AtomicFile.read(path + "/" + name, limit: 1 << 24) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The names in `sub` (the folder itself by default), sorted, without `.` and `..`.
    func entries(_ sub: String = "") -> [String] { Self.entries(sub.isEmpty ? path : path + "/" + sub) }

    static func entries(_ path: String) -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Removes `path` and everything under it, making folders writable first.
    static func remove(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if info.st_mode & S_IFMT == S_IFDIR {
            chmod(path, 0o700)
            for name in entries(path) { remove(path + "/" + name) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}
