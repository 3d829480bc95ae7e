import Glibc
import SplitViewFiles
import TestSupport
import Testing

/// A folder of its own under the system's temporary folder, made with `mkdtemp` and removed
/// whole (permissions restored first) when the test lets go of it.
final class TemporaryTree {
    let root: FilePath

    /// A new tree under `base` (a folder everyone may write in, such as `/tmp`).
    init(under base: String = "/tmp", sourceLocation: SourceLocation = #_sourceLocation) throws {
        var template = Array("\(base)/splitview-files-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else { throw FileError(path: base, code: errno) }
        root = FilePath(bytes: template.dropLast().map { UInt8(bitPattern: $0) })
    }

    deinit {
        TemporaryFolder.remove(root)
    }

    /// A folder everyone may write in on another file system than `/tmp` (`/dev/shm`,
    /// `/var/tmp`, `/run/shm`), or nil: a move between the two crosses file systems, for
    /// root and for `nobody` alike, with nothing to mount.
    static let otherFileSystem: String? = {
        var tmp = stat()
        guard stat("/tmp", &tmp) == 0 else { return nil }
        for candidate in ["/dev/shm", "/var/tmp", "/run/shm"] {
            var info = stat()
            guard stat(candidate, &info) == 0, info.st_dev != tmp.st_dev, info.st_mode & 0o1777 == 0o1777 else { continue }
            return candidate
        }
        return nil
    }()

    /// The path of `name` (text or bytes) inside the tree.
    func path(_ name: String) -> FilePath { root.appending(Array(name.utf8)) }

    /// Makes a file with `contents`, by a path of raw bytes, and returns its path.
    @discardableResult
    func file(_ name: [UInt8], _ contents: [UInt8] = [], in folder: FilePath? = nil) -> FilePath {
        let path = (folder ?? root).appending(name)
        let descriptor = path.withCString { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        precondition(descriptor >= 0, "cannot create \(path): \(String(cString: strerror(errno)))")
        var written = 0
        while written < contents.count {
            let count = contents[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            precondition(count > 0)
            written += count
        }
        close(descriptor)
        return path
    }

    @discardableResult
    func file(_ name: String, _ text: String = "", in folder: FilePath? = nil) -> FilePath {
        file(Array(name.utf8), Array(text.utf8), in: folder)
    }

    @discardableResult
    func folder(_ name: String, in folder: FilePath? = nil) -> FilePath {
        let path = (folder ?? root).appending(Array(name.utf8))
        precondition(path.withCString { mkdir($0, 0o755) } == 0)
        return path
    }

    @discardableResult
    func link(_ name: String, to target: String, in folder: FilePath? = nil) -> FilePath {
        let path = (folder ?? root).appending(Array(name.utf8))
        precondition(path.withCString { symlink(target, $0) } == 0)
        return path
    }

    @discardableResult
    func fifo(_ name: String) -> FilePath {
        let path = root.appending(Array(name.utf8))
        precondition(path.withCString { mkfifo($0, 0o644) } == 0)
        return path
    }

    /// `lstat` of a path, for checks beside the library's own.
    static func status(_ path: FilePath) -> stat {
        var status = stat()
        precondition(path.withCString { lstat($0, &status) } == 0)
        return status
    }

    /// The whole contents of a regular file.
    static func contents(_ path: FilePath) -> [UInt8] {
        let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        precondition(descriptor >= 0)
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            guard count > 0 else { return bytes }
            bytes += chunk[..<count]
        }
    }
}

/// Whether permission checks pass regardless of mode bits, as they do for root: tests of
/// `chmod 000` then check the error path another way.
let permissionsAreBypassed = geteuid() == 0
