import Glibc
import SplitView
import SplitViewFiles
import Testing

@testable import SplitViewBrowser

/// The README says what the table of actions holds: its "Keys" table, the View menu's titles
/// and the config's list of the app's command names. Each failure names the README's line and
/// what the table has instead.
///
/// Decided: the README stays hand-written prose, and the test holds it to the table rather than
/// generating it. A row of the Keys table names its commands in its last column; for a row
/// naming the app's actions, every key the table gives them is written there exactly as the
/// table writes it, and every chord the row writes belongs to a command it names (the app's,
/// or the core's by its default keys).
@Suite struct ReadmeKeysTests {
    /// The README's text, found from this file up to the package's root.
    static let readme: String = {
        var folder = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        while !folder.isEmpty, access(folder.joined(separator: "/") + "/Package.swift", F_OK) != 0 { folder = folder.dropLast() }
        guard case .success(let bytes) = AtomicFile.read(folder.joined(separator: "/") + "/README.md", limit: 1 << 22) else {
            return ""
        }
        return String(decoding: bytes, as: UTF8.self)
    }()

    /// A row of the README's Keys table.
    struct Row {
        /// The keys column: chords and words, separated by ", " and " / ".
        var keys: [String]
        /// The commands named in the last column, in order.
        var commands: [String]
        /// The line, for the messages.
        var line: String
    }

    /// The rows of the "## Keys" section's table, the header and rule left out.
    static func keyRows(of text: String) -> [Row] {
        guard let start = text.firstRange(of: "\n## Keys\n") else { return [] }
        let section = text[start.upperBound...]
        let end = section.firstRange(of: "\n## ")?.lowerBound ?? section.endIndex
        return section[..<end].split(separator: "\n").compactMap { line -> Row? in
            guard line.hasPrefix("| "), !line.hasPrefix("| keys |"), !line.hasPrefix("| --- |") else { return nil }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map(trimmed)
            guard cells.count >= 4 else { return Row(keys: [], commands: [], line: String(line)) }
            return Row(keys: split(cells[1]), commands: backticked(cells[cells.count - 2]), line: String(line))
        }
    }

    /// `text` without the spaces around it.
    static func trimmed(_ text: Substring) -> String {
        String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    /// `"Ctrl+O, double-click / F3"` → `["Ctrl+O", "double-click", "F3"]`.
    static func split(_ cell: String) -> [String] {
        cell.replacing(" / ", with: ", ").split(separator: ", ").map(String.init)
    }

    /// The words between backticks, in order.
    static func backticked(_ text: some StringProtocol) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map {
            String($0.element)
        }
    }

    /// The table's rows by config name.
    static let rowsByName: [String: ActionRow] = Dictionary(
        uniqueKeysWithValues: BrowserActions.table.compactMap { row in row.configName.map { ($0, row) } })

    @Test func theReadmeHasAKeysTableWithACommandColumn() {
        let rows = Self.keyRows(of: Self.readme)
        #expect(rows.count > 30)
        #expect(Self.readme.contains("| keys | action | command |"))
    }

    /// Every command a row names is the core's or the table's; the app's keys are written as
    /// the table writes them, and no chord of the row is another command's.
    @Test func everyRowNamingAnAppActionHasTheTablesKeys() {
        var problems: [String] = []
        for row in Self.keyRows(of: Self.readme) {
            var allowed: [KeyChord] = []
            var appKeys: [String] = []
            for name in row.commands {
                if let command = Command(name: name) {
                    allowed += AppConfig.defaultKeyBindings.chords(for: command)
                } else if let action = Self.rowsByName[name] {
                    appKeys += action.keys
                    allowed += action.chords
                } else {
                    problems.append("`\(name)` is neither the core's command nor a row of BrowserActions.table: \(row.line)")
                }
            }
            guard !appKeys.isEmpty else { continue }
            for key in appKeys where !row.keys.contains(key) {
                problems.append("the table binds \(key), which the row does not write: \(row.line)")
            }
            for written in row.keys {
                guard let chord = KeyChord(parsing: written) else { continue }
                if !allowed.contains(chord) {
                    problems.append("\(written) is not a default key of the commands named: \(row.line)")
                }
            }
        }
        #expect(problems == [], "\(problems.joined(separator: "\n"))")
    }

    /// Every action with default keys has its row in the README.
    @Test func everyActionWithKeysHasARow() {
        let named = Set(Self.keyRows(of: Self.readme).flatMap(\.commands))
        let missing = BrowserActions.table.filter { !$0.keys.isEmpty && !named.contains($0.configName ?? "") }
        #expect(missing.map(\.title) == [], "no README row names \(missing.compactMap(\.configName))")
    }

    /// The View menu's row lists the app's items as the table orders them.
    @Test func theViewMenuRowListsTheTablesTitles() throws {
        let row = try #require(Self.keyRows(of: Self.readme).first { $0.commands == ["showMenu"] })
        let start = try #require(row.line.firstRange(of: "then the app's ("))
        let list = row.line[start.upperBound...].prefix { $0 != ")" }
        let titles = ActionGroup.allCases.flatMap { group in BrowserActions.table.filter { $0.viewMenu == group }.map(\.title) }
        #expect(list.split(separator: ", ").map(String.init) == titles)
    }

    /// The Config paragraph lists the app's command names as the table orders them.
    @Test func theConfigParagraphListsTheTablesNames() throws {
        let start = try #require(Self.readme.firstRange(of: "own, in its table's order: "))
        let sentence = Self.readme[start.upperBound...].prefix { $0 != "." }
        #expect(Self.backticked(sentence) == BrowserActions.configActions.map(\.name))
    }
}
