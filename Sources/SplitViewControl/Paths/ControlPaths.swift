import Glibc

/// Where a running instance's control socket is, and the folder that holds it.
///
/// Decided: the folder is `$XDG_RUNTIME_DIR/splitview` (the runtime directory the login
/// session gives each user, already private), else `/tmp/splitview-UID`; the socket is
/// `PID.socket` in it, so that several instances of one user each have one and a client lists
/// them by name. The folder is made 0700 and a folder that is not a plain folder of ours with
/// no permission for group or others is refused in words, never repaired: in `/tmp` another
/// user could have made it first, to read what we say or to answer in our place.
public enum ControlPaths {
    /// The variable a hosted program finds its instance's socket in.
    public static let socketVariable = "SPLITVIEW_SOCKET"
    /// The variable a hosted program finds its own pane's id in.
    public static let paneVariable = "SPLITVIEW_PANE"

    /// The longest path a Unix socket's address holds (`sun_path`, its NUL excluded).
    public static let longestSocketPath = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    /// The folder of `uid`'s sockets: `$XDG_RUNTIME_DIR/splitview` when the variable names an
    /// absolute path, else `/tmp/splitview-UID`.
    public static func folder(environment: [String: String], uid: uid_t = geteuid()) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            return (runtime.hasSuffix("/") ? String(runtime.dropLast()) : runtime) + "/splitview"
        }
        return "/tmp/splitview-\(uid)"
    }

    /// The socket of the instance `pid` in `folder`: `folder/PID.socket`.
    public static func socket(pid: pid_t, in folder: String) -> String {
        "\(folder)/\(pid).socket"
    }

    /// Makes `folder` (0700) when it is not there, and checks that it is ours alone: a folder
    /// (not a link to one), owned by `uid`, with no permission for group or others. Throws the
    /// reason in words otherwise.
    public static func prepare(folder: String, uid: uid_t = geteuid()) throws(ControlError) {
        if mkdir(folder, 0o700) != 0 && errno != EEXIST {
            throw ControlError("\(folder): \(String(cString: strerror(errno)))")
        }
        try check(folder: folder, uid: uid)
    }

    /// Checks that `folder` is a folder of `uid`'s alone (see ``prepare(folder:uid:)``).
    public static func check(folder: String, uid: uid_t = geteuid()) throws(ControlError) {
        var info = stat()
        guard lstat(folder, &info) == 0 else { throw ControlError("\(folder): \(String(cString: strerror(errno)))") }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw ControlError("\(folder): not a folder (a link or a file is never used for the control socket)")
        }
        guard info.st_uid == uid else {
            throw ControlError("\(folder): owned by user \(info.st_uid), not by you (\(uid)): not used for the control socket")
        }
        let mode = info.st_mode & 0o7777
        guard mode & 0o077 == 0 else {
            throw ControlError(
                "\(folder): its mode \(String(mode, radix: 8)) lets other users in; it must be 700 (chmod 700 \(folder))")
        }
    }

    /// The instances whose sockets are in `folder` and whose process is alive, by pid: the
    /// `PID.socket` files of a process that has ended are left out.
    public static func running(in folder: String) -> [(pid: pid_t, path: String)] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var result: [(pid: pid_t, path: String)] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.hasSuffix(".socket"), let pid = pid_t(name.dropLast(7)), pid > 0, isAlive(pid) else { continue }
            result.append((pid, socket(pid: pid, in: folder)))
        }
        return result.sorted { $0.pid < $1.pid }
    }

    /// Whether a process `pid` exists (a process of another user counts).
    public static func isAlive(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}

/// A failure of the control socket, in words for the user: one line.
public struct ControlError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line.
    public var description: String

    /// Creates a failure saying `description`.
    public init(_ description: String) {
        self.description = description
    }
}
