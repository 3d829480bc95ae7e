import Foundation
import Testing

@testable import SplitViewApp

/// Every `splitview` and `swift run splitview` command line the README shows parses as the
/// program parses it: a newcomer copies them as written. (`swift run` hands everything after
/// the product to the program, so a `--` there reached splitview as the end of its options:
/// the quick start's `swift run splitview -- --secondary …` failed with "Unexpected argument".)
@Suite struct ReadmeCommandsTests {
    /// The README's command lines in its code blocks, as the shell would split them, the
    /// program's name first.
    static func commands() throws -> [[String]] {
        let root = #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
        let readme = try String(contentsOfFile: "/" + root + "/README.md", encoding: .utf8)
        var commands: [[String]] = [], inBlock = false
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inBlock.toggle()
                continue
            }
            guard inBlock else { continue }
            var text = line.trimmingPrefix(while: { $0 == " " })
            if text.hasPrefix("swift run splitview") { text = text.dropFirst("swift run ".count) }
            guard text.hasPrefix("splitview ") || text == "splitview" else { continue }
            // The synopsis (`splitview [<path>] [--style double|triple] …`) is not a command.
            guard !text.contains("[<") else { continue }
            var words = try Self.words(String(text))
            // What the shell does before the program sees it: `&` ends the command.
            if words.last == "&" { words.removeLast() }
            commands.append(words)
        }
        return commands
    }

    /// `line` split as `sh` splits it: words by blanks, quotes kept together, a `#` comment
    /// dropped, `$NAME` and `~` left as they are (any path parses).
    static func words(_ line: String) throws -> [String] {
        var words: [String] = [], word = "", quote: Character?, started = false
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                started = true
            } else if character == " " {
                if started || !word.isEmpty { words.append(word) }
                word = ""
                started = false
            } else if character == "#" && word.isEmpty && !started {
                break
            } else {
                word.append(character)
            }
        }
        if quote != nil { throw Unterminated() }
        if started || !word.isEmpty { words.append(word) }
        return words
    }

    struct Unterminated: Error {}

    @Test func theReadmeShowsCommands() throws {
        let commands = try Self.commands()
        #expect(commands.count >= 10)
        #expect(commands.contains { $0.contains("--secondary") })
    }

    @Test func everyCommandTheReadmeShowsParses() throws {
        for command in try Self.commands() {
            #expect(throws: Never.self, "\(command.joined(separator: " "))") {
                _ = try SplitViewApp.parseAsRoot(Array(command.dropFirst()))
            }
        }
    }

    /// `--help` names every way to choose the theme, the environment's too (before, it named
    /// the X resource and not `SPLITVIEW_THEME`, which the program reads first).
    @Test func theHelpNamesTheThemesVariable() {
        let help = SplitViewApp.helpMessage(columns: 200)
        #expect(help.contains("$SPLITVIEW_THEME") && help.contains("splitview.theme"))
    }
}
