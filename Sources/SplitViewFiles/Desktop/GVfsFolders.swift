import Glibc

/// Where GVfs shows a mounted remote place as a local folder: its FUSE daemon's folder
/// `$XDG_RUNTIME_DIR/gvfs`, one folder per mount named by its mount spec
/// (`sftp:host=example.com,user=ana`, `smb-share:server=nas,share=music`,
/// `dav:host=cloud,ssl=true`), as GNOME Files, Thunar and `gio mount` leave it.
///
/// Decided: SplitView browses local folders only; a remote bookmark (`sftp://host/srv`) opens
/// where GVfs has it mounted, and otherwise the browser says to mount it (it does not mount
/// it itself: that needs GVfs's daemons and their password dialogs).
public enum GVfsFolders {
    /// `$XDG_RUNTIME_DIR/gvfs`, or nil without the variable.
    public static func folder(environment: [String: String]) -> String? {
        environment["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? $0 + "/gvfs" : nil }
    }

    /// The local folder of `uri` under `gvfs` (the FUSE folder): the mount whose spec has the
    /// URI's scheme and host (and its user and port, when the URI names them), then the URI's
    /// path within it; nil when none is mounted, or the URI is of no kind GVfs mounts so.
    public static func localPath(of uri: String, in gvfs: String) -> FilePath? {
        guard let parts = URIParts(uri), let mounts = try? FolderNames(opening: FilePath(gvfs)) else { return nil }
        var names: [String] = []
        while let name = try? mounts.next({ String(decoding: $0.name, as: UTF8.self) }) { names.append(name) }
        for name in names.sorted() {
            guard let spec = MountSpec(name), let inside = parts.path(within: spec) else { continue }
            return FilePath(gvfs + "/" + name + inside)
        }
        return nil
    }

    /// A mount spec as GVfs writes it: `type:key=value,key=value`, values `%`-escaped.
    struct MountSpec {
        var type: String
        var values: [String: String] = [:]

        init?(_ text: String) {
            guard let colon = text.firstIndex(of: ":") else { return nil }
            type = String(text[..<colon])
            for pair in text[text.index(after: colon)...].split(separator: ",") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2 else { return nil }
                let decoded = PercentEncoding.decoded(parts[1].utf8, as: .anyByte).map { String(decoding: $0, as: UTF8.self) }
                values[String(parts[0])] = decoded ?? String(parts[1])
            }
        }
    }

    /// A URI's scheme, user, host, port and path (`%`-decoded).
    struct URIParts {
        var scheme: String, user: String?, host: String, port: String?, path: String

        init?(_ uri: String) {
            guard let colon = uri.firstIndex(of: ":"), uri[colon...].hasPrefix("://") else { return nil }
            scheme = uri[..<colon].lowercased()
            let rest = uri[uri.index(colon, offsetBy: 3)...]
            let authority = rest.prefix { $0 != "/" }
            let rawPath = rest.dropFirst(authority.count)
            var hostPart = Substring(authority)
            if let at = authority.lastIndex(of: "@") {
                user = String(authority[..<at]).split(separator: ":").first.map(String.init)
                hostPart = authority[authority.index(after: at)...]
            }
            if let colon = hostPart.lastIndex(of: ":"), !hostPart.hasSuffix("]") {
                port = String(hostPart[hostPart.index(after: colon)...])
                hostPart = hostPart[..<colon]
            }
            host = String(hostPart)
            guard !host.isEmpty, let decoded = PercentEncoding.decoded(rawPath.utf8, as: .localPath) else { return nil }
            path = String(decoding: decoded, as: UTF8.self)
        }

        /// The path inside a mount of `spec` when it is this URI's, else nil.
        func path(within spec: MountSpec) -> String? {
            func matches(_ key: String, _ value: String?) -> Bool { value == nil || spec.values[key] == value }
            switch (scheme, spec.type) {
            case ("sftp", "sftp"), ("ftp", "ftp"), ("ftps", "ftps"), ("afp", "afp-volume"):
                guard spec.values["host"] == host, matches("user", user), matches("port", port) else { return nil }
                return path
            case ("dav", "dav"), ("davs", "dav"):
                guard spec.values["host"] == host, matches("user", user), matches("port", port),
                    spec.values["ssl"] == (scheme == "davs" ? "true" : "false")
                else { return nil }
                let prefix = spec.values["prefix"] ?? ""
                guard prefix.isEmpty || path == prefix || path.hasPrefix(prefix + "/") else { return nil }
                return String(path.dropFirst(prefix.count))
            case ("smb", "smb-share"):
                let components = path.split(separator: "/", maxSplits: 1)
                guard spec.values["server"]?.lowercased() == host.lowercased(), matches("user", user),
                    let share = components.first, spec.values["share"]?.lowercased() == share.lowercased()
                else { return nil }
                return components.count > 1 ? "/" + components[1] : ""
            default:
                return nil
            }
        }
    }
}
