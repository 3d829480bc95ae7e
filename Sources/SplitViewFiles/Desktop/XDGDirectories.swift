import Glibc

/// The XDG base directories the desktop's shared files are found in, most important first,
/// read from an environment (the process's, or a test's).
///
/// Relative paths in the variables are ignored, as the XDG Base Directory specification asks;
/// an unset or empty list takes its default (`/usr/local/share:/usr/share`, `/etc/xdg`).
public struct XDGDirectories: Hashable, Sendable {
    /// `$XDG_DATA_HOME`, else `~/.local/share`.
    public var dataHome: String
    /// `$XDG_DATA_DIRS`, else `/usr/local/share` and `/usr/share`.
    public var dataDirs: [String]
    /// `$XDG_CONFIG_HOME`, else `~/.config`.
    public var configHome: String
    /// `$XDG_CONFIG_DIRS`, else `/etc/xdg`.
    public var configDirs: [String]
    /// `$HOME`, for the legacy `~/.icons` folder.
    public var home: String

    /// The directories an environment names.
    public init(environment: [String: String]) {
        let home = Self.home(environment)
        self.home = home
        dataHome = Self.absolute(environment["XDG_DATA_HOME"]) ?? home + "/.local/share"
        configHome = Self.absolute(environment["XDG_CONFIG_HOME"]) ?? home + "/.config"
        dataDirs = Self.list(environment["XDG_DATA_DIRS"]) ?? ["/usr/local/share", "/usr/share"]
        configDirs = Self.list(environment["XDG_CONFIG_DIRS"]) ?? ["/etc/xdg"]
    }

    /// The process's own environment's directories.
    public static func current() -> XDGDirectories {
        var environment: [String: String] = [:]
        for name in ["HOME", "XDG_DATA_HOME", "XDG_DATA_DIRS", "XDG_CONFIG_HOME", "XDG_CONFIG_DIRS"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return XDGDirectories(environment: environment)
    }

    /// The data home, then the data directories: where `mime/`, `icons/` and `applications/`
    /// are looked for, the first the most important.
    public var dataSearchPath: [String] { [dataHome] + dataDirs }

    /// The config home, then the config directories.
    public var configSearchPath: [String] { [configHome] + configDirs }

    private static func home(_ environment: [String: String]) -> String {
        if let home = environment["HOME"], home.hasPrefix("/") { return trimmed(home) }
        if let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir {
            let home = String(cString: directory)
            if home.hasPrefix("/") { return trimmed(home) }
        }
        return ""
    }

    private static func absolute(_ value: String?) -> String? {
        guard let value, value.hasPrefix("/") else { return nil }
        return trimmed(value)
    }

    private static func list(_ value: String?) -> [String]? {
        let paths = (value ?? "").split(separator: ":").map(String.init).compactMap(absolute)
        return paths.isEmpty ? nil : paths
    }

    /// `/a/b` for `/a/b/`, and the empty string for `/`, so that `+ "/x"` gives `/x`.
    private static func trimmed(_ path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        return path == "/" ? "" : String(path)
    }
}
