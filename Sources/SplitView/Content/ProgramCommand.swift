/// A program to run in a pane, as words with placeholders: the command line of
/// `--secondary 'zathura -e {} {file}'`, split once, filled in at each start.
///
/// The text is split into words by shell-like quoting rules, by this code and never by a
/// shell, so nothing in it or in a file name is ever run as a command:
///
/// - Spaces, tabs and newlines separate words; `\` outside quotes keeps the next character as
///   it is (`a\ b` is one word).
/// - `'…'` keeps everything inside as it is, placeholders included (`'{}'` is the two
///   characters).
/// - `"…"` keeps everything but a backslash before `"`, `\`, `$`, a backquote or a newline,
///   which loses its backslash (as in `sh`); placeholders are filled in inside.
/// - Quoted and unquoted parts that touch make one word; `''` is an empty word.
/// - `{}` is the X window id (decimal) the program puts its window into; `{file}` is the path
///   of the file selected in the browser. Any other `{name}` is an error; a `{` that opens no
///   `{name}` is a plain character.
/// - Nothing else is special: `$HOME`, `~`, `*`, `;`, `|`, `$(…)` are the characters
///   themselves.
///
/// A filled-in placeholder is always part of one word, whatever its value holds: a file
/// named `a b;c` or `$(rm -rf ~)` is one argument, never two and never a command.
///
/// ```swift
/// let command = try ProgramCommand(parsing: "zathura -e {} {file}")
/// command.arguments(windowID: 4194305, file: Array("/tmp/a b.pdf".utf8))
/// // ["zathura", "-e", "4194305", "/tmp/a b.pdf"] (as bytes)
/// ```
public struct ProgramCommand: Hashable, Sendable, CustomStringConvertible {
    /// One part of a word.
    public enum Piece: Hashable, Sendable {
        /// Characters as they are.
        case literal(String)
        /// `{}`: the id of the window the program is to put its window into.
        case windowID
        /// `{file}`: the selected file's path.
        case file
    }

    /// Why a command cannot be split.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The reason, in one line.
        public let description: String

        /// Creates an error with its one-line reason.
        public init(_ description: String) { self.description = description }
    }

    /// The words, each a run of pieces joined without spaces.
    public let words: [[Piece]]
    /// The text the command was split from.
    public let text: String

    /// Splits `text` into words; throws when a quote is not closed, the text ends with a
    /// lone `\`, a placeholder is unknown, or there is no word at all.
    public init(parsing text: String) throws(ParseError) {
        self.text = text
        words = try Self.split(text)
        guard !words.isEmpty else { throw ParseError(String(translated: "the command is empty")) }
    }

    /// True when a word names `{file}`: the program needs a selected file, and starts again
    /// when the selection changes.
    public var namesFile: Bool { words.contains { $0.contains(.file) } }

    /// True when a word names `{}`: the program is told where to put its window.
    public var namesWindowID: Bool { words.contains { $0.contains(.windowID) } }

    /// The program's name for messages and the bar: the last path component of the first
    /// word (`zathura`), or the first word as written when it is a placeholder.
    public var programName: String {
        let first = words[0].map { piece -> String in
            switch piece {
            case .literal(let text): text
            case .windowID: "{}"
            case .file: "{file}"
            }
        }.joined()
        let name = first.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? first
        return name.isEmpty ? first : name
    }

    /// The argument vector for one start: `{}` becomes `windowID` in decimal, `{file}` the
    /// bytes of `file`. `nil` when the command names `{file}` and no file is given.
    public func arguments(windowID: UInt, file: [UInt8]?) -> [[UInt8]]? {
        if namesFile && file == nil { return nil }
        return words.map { word in
            var bytes: [UInt8] = []
            for piece in word {
                switch piece {
                case .literal(let text): bytes += Array(text.utf8)
                case .windowID: bytes += Array(String(windowID).utf8)
                case .file: bytes += file ?? []
                }
            }
            return bytes
        }
    }

    /// The text as given.
    public var description: String { text }

    // MARK: - Splitting

    private enum Quote { case none, single, double }

    private static func split(_ text: String) throws(ParseError) -> [[Piece]] {
        var words: [[Piece]] = []
        var word: [Piece] = []
        var literal = ""
        var inWord = false
        var quote = Quote.none
        let characters = Array(text)
        var index = 0

        func flushLiteral() {
            if !literal.isEmpty { word.append(.literal(literal)) }
            literal = ""
        }

        // The `{` just read: a placeholder joins the word as a piece of its own; anything
        // else stays text.
        func takeBrace() throws(ParseError) {
            if let (piece, end) = try placeholder(in: characters, openingAt: index - 1) {
                flushLiteral()
                word.append(piece)
                index = end
            } else {
                literal.append("{")
            }
        }

        while index < characters.count {
            let character = characters[index]
            index += 1
            switch quote {
            case .single:
                if character == "'" { quote = .none } else { literal.append(character) }
            case .double:
                switch character {
                case "\"":
                    quote = .none
                case "\\" where index < characters.count && "\"\\$`\n".contains(characters[index]):
                    if characters[index] != "\n" { literal.append(characters[index]) }
                    index += 1
                case "{":
                    try takeBrace()
                default:
                    literal.append(character)
                }
            case .none:
                switch character {
                case " ", "\t", "\n", "\r\n", "\r":
                    if inWord {
                        flushLiteral()
                        words.append(word)
                        word = []
                        inWord = false
                    }
                case "'":
                    quote = .single
                    inWord = true
                case "\"":
                    quote = .double
                    inWord = true
                case "\\":
                    guard index < characters.count else {
                        throw ParseError(String(translated: "the command ends with a lone backslash"))
                    }
                    literal.append(characters[index])
                    index += 1
                    inWord = true
                case "{":
                    inWord = true
                    try takeBrace()
                default:
                    literal.append(character)
                    inWord = true
                }
            }
        }
        switch quote {
        case .single: throw ParseError(String(translated: "a single quote (') is not closed"))
        case .double: throw ParseError(String(translated: "a double quote (\") is not closed"))
        case .none: break
        }
        if inWord {
            flushLiteral()
            words.append(word)
        }
        return words
    }

    /// The placeholder opening at `start` (a `{`) and the index after its `}`; nil when the
    /// brace opens no `{name}` (it is then a plain character).
    private static func placeholder(in characters: [Character], openingAt start: Int) throws(ParseError) -> (Piece, Int)? {
        var end = start + 1
        var name = ""
        while end < characters.count, characters[end].isPlaceholderNameCharacter {
            name.append(characters[end])
            end += 1
        }
        guard end < characters.count, characters[end] == "}" else { return nil }
        switch name {
        case "": return (.windowID, end + 1)
        case "file": return (.file, end + 1)
        default:
            throw ParseError(
                String(translated: "unknown placeholder {\(name)} (known: {} for the window id, {file} for the selected file)"))
        }
    }
}

extension Character {
    /// A letter, digit or underscore of ASCII: what a placeholder's name is made of.
    fileprivate var isPlaceholderNameCharacter: Bool {
        guard let ascii = asciiValue else { return false }
        return (ascii >= 0x30 && ascii <= 0x39) || (ascii >= 0x41 && ascii <= 0x5A) || (ascii >= 0x61 && ascii <= 0x7A)
            || ascii == 0x5F
    }
}
