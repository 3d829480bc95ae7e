import PropertyBased
import SplitViewFiles
import Testing

struct DesktopEntryTests {
    private static func entry(_ body: String, languages: [String] = [], installed: Bool = true) -> DesktopEntry? {
        DesktopEntry(
            Array("[Desktop Entry]\nType=Application\nName=Editor\nName[de]=Bearbeiter\n\(body)\n".utf8), id: "editor.desktop",
            path: "/apps/editor.desktop", languages: languages, isInstalled: { _ in installed })
    }

    private static func argv(_ exec: String, _ files: [String], icon: String = "") -> [[String]]? {
        guard let entry = entry("Exec=\(exec)\n" + (icon.isEmpty ? "" : "Icon=\(icon)\n")) else { return nil }
        return try? entry.arguments(for: files.map(FilePath.init)).map { $0.map { String(decoding: $0, as: UTF8.self) } }
    }

    @Test func fieldCodes() {
        #expect(Self.argv("edit %f", ["/a b"]) == [["edit", "/a b"]])
        #expect(Self.argv("edit %f", ["/a", "/b"]) == [["edit", "/a"], ["edit", "/b"]])
        #expect(Self.argv("edit %F", ["/a", "/b"]) == [["edit", "/a", "/b"]])
        #expect(Self.argv("edit %u", ["/a b"]) == [["edit", "file:///a%20b"]])
        #expect(Self.argv("edit %U", ["/a", "/é"]) == [["edit", "file:///a", "file:///%C3%A9"]])
        #expect(
            Self.argv("edit %i %c %k %%", [], icon: "ed") == [["edit", "--icon", "ed", "Editor", "/apps/editor.desktop", "%"]])
        #expect(Self.argv("edit %i --file=%f", []) == [["edit", "--file="]])
        #expect(Self.argv("edit %d %D %n %N %v %m %f", ["/a"]) == [["edit", "/a"]])
    }

    @Test func quotingRules() {
        #expect(
            Self.argv(#""/opt/my app/run" --title "a \"b\" \\\\c \$d" %f"#, ["/x"]) == [
                ["/opt/my app/run", "--title", #"a "b" \c $d"#, "/x"]
            ])
        #expect(Self.argv("run 'single quoted' %f", ["/x"]) == [["run", "single quoted", "/x"]])
        #expect(Self.argv(#"run "%f""#, ["/x"]) == [["run", "%f"]])
        #expect(Self.argv("run\\sspaced %f", ["/x"]) == [["run", "spaced", "/x"]])
    }

    @Test func hostileEntriesAreRefused() {
        #expect(Self.entry("Exec=\"unterminated %f") == nil)
        #expect(Self.entry("Exec=run %z") == nil)
        #expect(Self.entry("Exec=run --files=%F") == nil)
        #expect(Self.entry("Exec=") == nil)
        #expect(Self.entry("Exec=%f") != nil)  // a program only once a file is given: refused when run
        #expect(Self.entry("Exec=run\nHidden=true") == nil)
        #expect(Self.entry("Exec=run\nTryExec=missing", installed: false) == nil)
        #expect(DesktopEntry(Array("[Desktop Entry]\nType=Link\nName=x\nExec=x\n".utf8), id: "x", path: "x") == nil)
        #expect(DesktopEntry([0xFF, 0xFE, 0, 0x5B], id: "x", path: "x") == nil)
    }

    @Test func aWordOfOnlyACodeWithNothingIsNoProgram() throws {
        let entry = try #require(Self.entry("Exec=%f"))
        #expect(throws: ExecLine.Problem.empty) { try entry.arguments(for: []) }
    }

    @Test func theNameInTheUsersLanguageAndTheFlags() throws {
        let entry = try #require(
            Self.entry("Exec=run\nNoDisplay=true\nTerminal=true\nMimeType=text/plain;image/png;bad;", languages: ["de"]))
        #expect(entry.name == "Bearbeiter")
        #expect(entry.noDisplay && entry.terminal)
        #expect(entry.mimeTypes == ["text/plain", "image/png"])
        let argv = try entry.arguments(for: [])
        #expect(argv.first?.dropFirst().first == Array("-e".utf8))
    }

    private static let pieces = ["run", " ", "%f", "%F", "%u", "%", "\"", "'", "\\", "a", "%%", "%i", "%c", "%q", "\t", "é"]

    /// Any `Exec` line of the specification's pieces is read or refused, never a crash; one
    /// that gives commands gives each a program. The lines refused are passed over, so the
    /// test counts those that gave commands: with none, it would have checked nothing.
    @Test func anyExecLineEitherReadsOrIsRefusedNeverACrash() async {
        var read = 0
        var ran = 0
        await propertyCheck(count: 400, input: Gen.int(in: 0...(Self.pieces.count - 1)).array(of: 0...10)) { indices in
            let exec = indices.map { Self.pieces[$0] }.joined()
            guard let entry = Self.entry("Exec=" + exec) else { return }
            read += 1
            if let runs = try? entry.arguments(for: [FilePath("/a"), FilePath("/b")]) {
                ran += 1
                #expect(!runs.isEmpty && runs.allSatisfy { !($0.first ?? []).isEmpty })
            }
        }
        // About one line in five is read (60 to 95 of 400 in twelve runs): a bad field code
        // or quote anywhere refuses the whole line.
        #expect(ran >= 30, "of 400 lines, \(read) read and \(ran) gave commands: too few checked")
    }

    /// The issue's desktop entry: 1 MiB of short keys after the ones that matter, and a
    /// `Name` repeated at the end that must not win. Read whole, its first values kept.
    @Test func aMegabyteEntryOfShortKeysIsRead() throws {
        var text = "[Desktop Entry]\nType=Application\nName=Huge\nExec=huge %f\nMimeType=text/plain;\n"
        var number = 0
        while text.utf8.count < (1 << 20) - 64 {
            text += "k\(number)=x\n"
            number += 1
        }
        text += "Name=Late\nIcon=huge\n"
        let entry = try #require(
            DesktopEntry(Array(text.utf8), id: "huge.desktop", path: "/apps/huge.desktop", isInstalled: { _ in true }))
        #expect(number > 100_000)
        #expect(entry.name == "Huge" && entry.exec == "huge %f" && entry.icon == "huge")
        #expect(entry.mimeTypes == ["text/plain"])
    }
}
