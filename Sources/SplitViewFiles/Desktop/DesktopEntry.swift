import Glibc

/// An application's desktop entry (`applications/*.desktop`), as the Desktop Entry
/// specification describes it: its name, the types it opens, and its command line.
public struct DesktopEntry: Hashable, Sendable {
    /// The desktop file id: its path under `applications/` with `/` made `-`
    /// (`org.gnome.TextEditor.desktop`).
    public var id: String
    /// Where the file is (for `%k`).
    public var path: String
    /// Its name in the user's language (`Name[de]`), else its `Name`.
    public var name: String
    /// `Exec=`, with the string escapes replaced (``KeyFile/unescaped(_:)``).
    public var exec: String
    /// The MIME types it opens (`MimeType=`).
    public var mimeTypes: [String]
    /// `NoDisplay=true`: not offered in lists, though it still opens what a default names.
    public var noDisplay: Bool
    /// `Terminal=true`: run in a terminal.
    public var terminal: Bool
    /// `Icon=`, for `%i`.
    public var icon: String?

    /// The entry in `bytes`, or nil when it is not one to offer: not `Type=Application`, no
    /// `Name` or `Exec`, `Hidden=true`, a command line that does not read (``arguments(for:)``),
    /// or a `TryExec` program that is not installed (`isInstalled` says whether one is).
    public init?(
        _ bytes: [UInt8], id: String, path: String, languages: [String] = [],
        isInstalled: (String) -> Bool = DesktopEntry.isInstalled
    ) {
        let file = KeyFile(bytes)
        let group = "Desktop Entry"
        func value(_ key: String) -> String? { file.value(key, in: group).map(KeyFile.unescaped) }
        func flag(_ key: String) -> Bool { file.value(key, in: group) == "true" }
        guard value("Type") == "Application", !flag("Hidden"), let exec = value("Exec"), !exec.isEmpty,
            let name = languages.lazy.compactMap({ value("Name[\($0)]") }).first ?? value("Name"), !name.isEmpty
        else { return nil }
        if let tryExec = value("TryExec"), !tryExec.isEmpty, !isInstalled(tryExec) { return nil }
        self.id = id
        self.path = path
        self.name = name
        self.exec = exec
        mimeTypes = KeyFile.list(file.value("MimeType", in: group) ?? "").filter(MimeTypeName.isValid)
        noDisplay = flag("NoDisplay")
        terminal = flag("Terminal")
        icon = value("Icon").flatMap { $0.isEmpty ? nil : $0 }
        guard let words = ExecLine.words(exec), !words.isEmpty,
            (try? ExecLine.expand(words, entry: self, files: [FilePath("/")])) != nil
        else { return nil }
    }

    /// The command lines that open `files`: one, or one per file when `Exec` takes a single
    /// file (`%f`, `%u`) and there are several. Field codes per the specification: `%f` a
    /// path, `%F` the paths, `%u` a `file://` URI, `%U` the URIs, `%i` `--icon ICON`, `%c` the
    /// name, `%k` the entry's path, `%%` a `%`; the deprecated `%d %D %n %N %v %m` are dropped.
    /// `Terminal=true` puts `x-terminal-emulator -e` (or `xterm -e`) first.
    ///
    /// - Throws: ``ExecLine/Problem`` when the line does not read: an unterminated quote, a
    ///   field code the specification does not know, `%F` or `%U` not a word of its own.
    public func arguments(for files: [FilePath]) throws(ExecLine.Problem) -> [[[UInt8]]] {
        guard let words = ExecLine.words(exec) else { throw .unterminatedQuote }
        let takesOne = words.contains { $0.text.contains("%f") || $0.text.contains("%u") }
        let runs = takesOne && files.count > 1 ? files.map { [$0] } : [files]
        let terminalPrefix: [[UInt8]] =
            terminal
            ? [Array((Self.isInstalled("x-terminal-emulator") ? "x-terminal-emulator" : "xterm").utf8), Array("-e".utf8)] : []
        return try runs.map { (run) throws(ExecLine.Problem) in
            try terminalPrefix + ExecLine.expand(words, entry: self, files: run)
        }
    }

    /// Whether `program` can be run: an absolute path that is executable, or a name found
    /// executable in `$PATH`.
    public static func isInstalled(_ program: String) -> Bool {
        if program.hasPrefix("/") { return access(program, X_OK) == 0 }
        guard !program.contains("/") else { return false }
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").contains { access(String($0) + "/" + program, X_OK) == 0 }
    }
}

/// The `Exec` key's quoting and field codes.
public enum ExecLine {
    /// Why a command line does not read.
    public enum Problem: Error, Hashable, Sendable {
        /// A `"` or `'` without its end, or a `\` at the very end.
        case unterminatedQuote
        /// A `%` followed by a letter the specification does not define.
        case unknownFieldCode(Character)
        /// `%F` or `%U` inside a longer word.
        case listCodeNotAlone
        /// No program left once the codes are expanded.
        case empty
    }

    /// One word of the line: its text, and whether any of it was quoted (codes in quotes are
    /// left as written, as the specification leaves them undefined).
    public struct Word: Hashable, Sendable {
        /// The text, quotes and escapes removed.
        public var text: String
        /// Whether the word had quotes.
        public var quoted: Bool
    }

    /// The words of `line`: separated by spaces and tabs; `"…"` keeps spaces and takes
    /// `\"`, a backslash before a backquote, `\$` and `\\` as escapes; `'…'` and a `\` outside quotes are taken as a
    /// shell takes them (GLib's reading, which GNOME uses). Nil when a quote is unterminated.
    public static func words(_ line: String) -> [Word]? {
        var words: [Word] = [], current = "", quoted = false, inWord = false
        var iterator = line.makeIterator()
        while let character = iterator.next() {
            switch character {
            case " ", "\t", "\n":
                if inWord { words.append(Word(text: current, quoted: quoted)) }
                current = ""
                quoted = false
                inWord = false
            case "\"":
                inWord = true
                quoted = true
                var closed = false
                while let inner = iterator.next() {
                    if inner == "\"" {
                        closed = true
                        break
                    }
                    if inner == "\\" {
                        guard let escaped = iterator.next() else { return nil }
                        if !"\"`$\\".contains(escaped) { current.append("\\") }
                        current.append(escaped)
                    } else {
                        current.append(inner)
                    }
                }
                if !closed { return nil }
            case "'":
                inWord = true
                quoted = true
                var closed = false
                while let inner = iterator.next() {
                    if inner == "'" {
                        closed = true
                        break
                    }
                    current.append(inner)
                }
                if !closed { return nil }
            case "\\":
                guard let escaped = iterator.next() else { return nil }
                inWord = true
                current.append(escaped)
            default:
                inWord = true
                current.append(character)
            }
        }
        if inWord { words.append(Word(text: current, quoted: quoted)) }
        return words
    }

    /// The argument vector for `words` opening `files`.
    static func expand(_ words: [Word], entry: DesktopEntry, files: [FilePath]) throws(Problem) -> [[UInt8]] {
        var arguments: [[UInt8]] = []
        for word in words {
            if word.quoted {
                arguments.append(Array(word.text.replacing("%%", with: "%").utf8))
                continue
            }
            switch word.text {
            case "%F":
                arguments += files.map(\.bytes)
                continue
            case "%U":
                arguments += files.map(GTKBookmarks.uri(for:))
                continue
            case "%i":
                if let icon = entry.icon { arguments += [Array("--icon".utf8), Array(icon.utf8)] }
                continue
            default: break
            }
            var result: [UInt8] = [], characters = word.text.makeIterator(), dropped = false
            while let character = characters.next() {
                guard character == "%" else {
                    result += Array(String(character).utf8)
                    continue
                }
                guard let code = characters.next() else { throw .unknownFieldCode("%") }
                switch code {
                case "%": result.append(UInt8(ascii: "%"))
                case "f": if let file = files.first { result += file.bytes } else { dropped = true }
                case "u": if let file = files.first { result += GTKBookmarks.uri(for: file) } else { dropped = true }
                case "c": result += Array(entry.name.utf8)
                case "k": result += Array(entry.path.utf8)
                case "d", "D", "n", "N", "v", "m": dropped = true
                case "F", "U", "i": throw .listCodeNotAlone
                default: throw .unknownFieldCode(code)
                }
            }
            // A word that was only a code with nothing to put is left out.
            if !(dropped && result.isEmpty) { arguments.append(result) }
        }
        guard let program = arguments.first, !program.isEmpty else { throw .empty }
        return arguments
    }
}
