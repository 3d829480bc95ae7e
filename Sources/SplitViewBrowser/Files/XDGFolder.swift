import Glibc

/// The XDG base folders the app uses.
enum XDGFolder {
    /// `$XDG_STATE_HOME`, else `~/.local/state`.
    case state
    /// `$XDG_CONFIG_HOME`, else `~/.config`.
    case config

    /// The folder for `environment`: the variable when it is an absolute path (the
    /// specification says relative ones are invalid and to be ignored), else the default
    /// under the home folder — `$HOME`, else the password database's, else `/`.
    func path(environment: [String: String]) -> String {
        let (variable, fallback) =
            switch self {
            case .state: ("XDG_STATE_HOME", ".local/state")
            case .config: ("XDG_CONFIG_HOME", ".config")
            }
        if let value = environment[variable], value.hasPrefix("/") { return Self.withoutTrailingSlash(value) }
        return Self.withoutTrailingSlash(Self.home(environment: environment)) + "/" + fallback
    }

    /// The home folder.
    static func home(environment: [String: String]) -> String {
        if let home = environment["HOME"], home.hasPrefix("/") { return home }
        if let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir {
            let home = String(cString: directory)
            if home.hasPrefix("/") { return home }
        }
        return "/"
    }

    /// `/a/b` for `/a/b/`, and the empty string for `/`, so that `+ "/x"` gives `/x`.
    private static func withoutTrailingSlash(_ path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        return path == "/" ? "" : String(path)
    }
}
