import PropertyBased
import Testing

@testable import SplitView

/// `ProgramCommand`: the word splitter (shell-like quoting, never a shell) and the
/// placeholders `{}` and `{file}`, hostile file names included.
@Suite struct ProgramCommandTests {
    /// The words of `text` for window 42 and `file`, as strings.
    static func words(_ text: String, file: String? = "/f") throws -> [String]? {
        try ProgramCommand(parsing: text).arguments(windowID: 42, file: file.map { Array($0.utf8) })?
            .map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func spacesTabsAndNewlinesSeparateWords() throws {
        #expect(try Self.words("xterm  -into\t{}\n-e  top") == ["xterm", "-into", "42", "-e", "top"])
        #expect(try Self.words("   a   ") == ["a"])
    }

    @Test func singleQuotesKeepEverythingPlaceholdersIncluded() throws {
        #expect(try Self.words("echo 'a  b' '{}' '{file}' '\\n' '$HOME'") == ["echo", "a  b", "{}", "{file}", "\\n", "$HOME"])
    }

    @Test func doubleQuotesKeepSpacesAndFillPlaceholders() throws {
        #expect(try Self.words("echo \"a  b\" \"id={}\" \"{file}\"") == ["echo", "a  b", "id=42", "/f"])
        // Only \" \\ \$ \` and \newline lose their backslash, as in sh.
        #expect(try Self.words(#"echo "\"\\\$\`\n\a""#) == ["echo", "\"\\$`\\n\\a"])
    }

    @Test func backslashOutsideQuotesKeepsTheNextCharacter() throws {
        #expect(try Self.words(#"echo a\ b \' \{} \\"#) == ["echo", "a b", "'", "{}", "\\"])
    }

    @Test func touchingPartsMakeOneWordAndEmptyQuotesAnEmptyWord() throws {
        #expect(try Self.words(#"a'b'"c"{}d '' """#) == ["abc42d", "", ""])
    }

    @Test func shellCharactersAreThemselves() throws {
        #expect(
            try Self.words("echo $(rm -rf ~) ; | & > * ~ `x`") == [
                "echo", "$(rm", "-rf", "~)", ";", "|", "&", ">", "*", "~", "`x`",
            ])
    }

    @Test func aBraceThatOpensNoPlaceholderIsACharacter() throws {
        #expect(try Self.words("echo { {a b} {-} }") == ["echo", "{", "{a", "b}", "{-}", "}"])
    }

    @Test(arguments: [
        ("xterm 'a", "a single quote (') is not closed"),
        ("xterm \"a", "a double quote (\") is not closed"),
        ("xterm a\\", "the command ends with a lone backslash"),
        ("", "the command is empty"),
        ("   \t ", "the command is empty"),
        ("zathura {files}", "unknown placeholder {files} (known: {} for the window id, {file} for the selected file)"),
        ("x \"{window}\"", "unknown placeholder {window} (known: {} for the window id, {file} for the selected file)"),
    ])
    func badCommandsAreErrors(_ text: String, _ reason: String) {
        #expect(throws: ProgramCommand.ParseError(reason)) { try ProgramCommand(parsing: text) }
    }

    /// Boundary: a file name with spaces, quotes, a semicolon, `$(…)` or a newline is one
    /// argument, byte for byte.
    @Test(arguments: ["a b;c", "$(rm -rf ~)", "it's \"quoted\"", "line\nbreak", "-rf", "{}", "{file}", "`id`", "*"])
    func hostileFileNamesAreOneArgument(_ name: String) throws {
        let command = try ProgramCommand(parsing: "viewer --wid {} {file}")
        let arguments = try #require(command.arguments(windowID: 7, file: Array(("/tmp/" + name).utf8)))
        #expect(arguments.count == 4)
        #expect(arguments[3] == Array(("/tmp/" + name).utf8))
    }

    @Test func fileBytesThatAreNotUTF8PassUnchanged() throws {
        let bytes: [UInt8] = [0x2f, 0xff, 0xfe, 0x80, 0x20, 0x3b]
        let arguments = try ProgramCommand(parsing: "v x{file}y").arguments(windowID: 1, file: bytes)
        #expect(arguments?[1] == [0x78] + bytes + [0x79])
    }

    @Test func aCommandNamingFileHasNoArgumentsWithoutOne() throws {
        let command = try ProgramCommand(parsing: "zathura -e {} {file}")
        #expect(command.namesFile && command.namesWindowID)
        #expect(command.arguments(windowID: 1, file: nil) == nil)
        let plain = try ProgramCommand(parsing: "xterm -into {}")
        #expect(!plain.namesFile)
        #expect(plain.arguments(windowID: 3, file: nil)?.count == 3)
    }

    @Test func programNameIsTheFirstWordsLastComponent() throws {
        #expect(try ProgramCommand(parsing: "/usr/bin/xterm -into {}").programName == "xterm")
        #expect(try ProgramCommand(parsing: "'my viewer' {}").programName == "my viewer")
        #expect(try ProgramCommand(parsing: "{file}").programName == "{file}")
        #expect(try ProgramCommand(parsing: "/").programName == "/")
    }

    /// Any list of words, each quoted in single quotes (a `'` written as `'\''`), splits back
    /// into exactly those words, whatever characters they hold.
    @Test func quotedWordsSplitBackExactly() async {
        let alphabet = Array("ab {}'\"\\$ ;\t\né{file}")
        await propertyCheck(
            count: 400, input: Gen.int(in: 0..<alphabet.count).array(of: 0...12).array(of: 1...6)
        ) { codes in
            let words = codes.map { String($0.map { alphabet[$0] }) }
            let text = words.map { "'" + $0.replacingQuotes() + "'" }.joined(separator: " ")
            let command = try? ProgramCommand(parsing: text)
            #expect(command?.arguments(windowID: 9, file: nil).map { $0.map { String(decoding: $0, as: UTF8.self) } } == words)
        }
    }

    /// Splitting never crashes, and a command that splits yields at least one word, with
    /// every literal piece non-empty. Texts that do not split are passed over, so the test
    /// counts those that did: with none, it would have checked nothing.
    @Test func anyTextSplitsOrFailsCleanly() async {
        let alphabet = Array("a {}'\"\\ {file}{x}\n\t$")
        var split = 0
        await propertyCheck(count: 1000, input: Gen.int(in: 0..<alphabet.count).array(of: 0...30)) { codes in
            let text = String(codes.map { alphabet[$0] })
            guard let command = try? ProgramCommand(parsing: text) else { return }
            split += 1
            #expect(!command.words.isEmpty)
            for piece in command.words.joined() {
                if case .literal(let literal) = piece { #expect(!literal.isEmpty) }
            }
        }
        // About two texts in five split (357 to 412 of 1 000 in twelve runs).
        #expect(split >= 100, "only \(split) of 1 000 texts split: the check above met too few commands")
    }
}

extension String {
    /// `'` written as `'\''`, for a single-quoted word.
    fileprivate func replacingQuotes() -> String {
        var result = ""
        for character in self { result += character == "'" ? "'\\''" : String(character) }
        return result
    }
}
