import Glibc
import TestSupport
import Testing

/// The catalogs against the sources, by po/messages.py: every message translated in each
/// shipped language, and the checker itself holding a small tree of its own to each rule.
@Suite struct MessageCatalogsTests {
    static let repository: String = {
        let parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        return parts.dropLast(4).joined(separator: "/")
    }()

    static let hasPython = access("/usr/bin/python3", X_OK) == 0

    /// Runs po/messages.py `command` on `root`: its exit status and what it printed.
    static func messages(_ command: String, root: String) throws -> (status: Int32, output: String) {
        let folder = try TemporaryFolder("messages-run")
        let output = folder.path + "/output"
        var pid: pid_t = 0
        let argv = ["/usr/bin/python3", repository + "/po/messages.py", command]
        let started = spawn(argv[0], argv, environment: ["SPLITVIEW_MESSAGES_ROOT": root], pid: &pid) { actions in
            posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        guard started == 0 else { throw PythonNotStarted(code: started) }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return ((status >> 8) & 0xff, folder.read("output") ?? "")
    }

    /// The shipped catalogs: German and French, each complete and compiled.
    @Test(.enabled(if: hasPython, "no /usr/bin/python3 to run po/messages.py"))
    func everyShippedLanguageHasEveryMessage() throws {
        for language in ["de", "fr"] {
            #expect(access(Self.repository + "/po/\(language).po", R_OK) == 0, "po/\(language).po is shipped")
        }
        let (status, output) = try Self.messages("check", root: Self.repository)
        #expect(status == 0, "po/messages.py check:\n\(output)")
        #expect(output.isEmpty)
    }

    static let source = """
        func f(name: String, n: Int) {
            _ = String(translated: "Open")
            _ = String(translated: "Moved “\\(name)” to the Trash.")
            _ = String(translated: "\\(n) file", plural: "\\(n) files", count: n)
            _ = String(translated: "A \\"quoted\\" word\\t\\u{2026}")
            _ = String(translated: "Home", context: "key")
            /// String(translated: "Only in a comment")
        }

        """

    static let header = """
        msgid ""
        msgstr ""
        "Content-Type: text/plain; charset=UTF-8\\n"
        "Plural-Forms: nplurals=2; plural=(n != 1);\\n"


        """

    /// The checker's own rules, each broken once in a tree of its own.
    @Test(.enabled(if: hasPython, "no /usr/bin/python3 to run po/messages.py"))
    func theCheckNamesEachMissingFuzzyStaleAndWrongMessage() throws {
        let tree = try TemporaryFolder("messages-tree")
        tree.write(Self.source, to: "Sources/Module/File.swift")
        tree.write(
            Self.header + """
                #, fuzzy
                msgid "Open"
                msgstr "Öffnen"

                msgid "Moved “{0}” to the Trash."
                msgstr "In den Papierkorb verschoben."

                msgid "{0} file"
                msgid_plural "{0} files"
                msgstr[0] "{0} Datei"
                msgstr[1] "{1} Dateien"

                msgid "Gone"
                msgstr "Weg"

                """, to: "po/de.po")
        let (status, output) = try Self.messages("check", root: tree.path)
        #expect(status == 1)
        #expect(output.contains("'Open' is fuzzy"), "\(output)")
        #expect(output.contains("'Moved “{0}” to the Trash.' leaves out ['0']"), "\(output)")
        #expect(output.contains("'{0} file' form 1 names ['1']"), "\(output)")
        #expect(output.contains("'Gone' is in no source any more"), "\(output)")
        #expect(output.contains("misses 'A \"quoted\" word\\t…'"), "\(output)")
        #expect(output.contains("misses 'Home'"), "\(output)")
        #expect(!output.contains("Only in a comment"))
        #expect(output.contains("splitview.mo: missing"), "\(output)")
    }

    /// A complete catalog passes only once compiled, and a .mo that says other than its .po
    /// (a translation changed after `update`) is named.
    @Test(.enabled(if: hasPython && access("/usr/bin/msgfmt", X_OK) == 0, "no python3 and msgfmt (gettext)"))
    func aCompleteCatalogPassesOnceCompiledAndAStaleOneIsNamed() throws {
        let tree = try TemporaryFolder("messages-tree")
        tree.write(Self.source, to: "Sources/Module/File.swift")
        let complete =
            Self.header + """
                msgid "Open"
                msgstr "Öffnen"

                msgid "Moved “{0}” to the Trash."
                msgstr "„{0}“ in den Papierkorb verschoben."

                msgid "{0} file"
                msgid_plural "{0} files"
                msgstr[0] "{0} Datei"
                msgstr[1] "{0} Dateien"

                msgid "A \\"quoted\\" word\\t…"
                msgstr "Ein „zitiertes“ Wort\\t…"

                msgctxt "key"
                msgid "Home"
                msgstr "Pos1"

                """
        tree.write(complete, to: "po/de.po")
        #expect(try Self.messages("update", root: tree.path).status == 0)
        let (status, output) = try Self.messages("check", root: tree.path)
        #expect(status == 0, "\(output)")
        tree.write(complete.replacingOccurrences(of: "msgstr \"Öffnen\"", with: "msgstr \"Aufmachen\""), to: "po/de.po")
        let stale = try Self.messages("check", root: tree.path)
        #expect(stale.status == 1)
        #expect(stale.output.contains("says other than po/de.po"), "\(stale.output)")
    }

    /// A message the reader cannot take is an error naming its line, not a silent skip.
    @Test(.enabled(if: hasPython, "no /usr/bin/python3 to run po/messages.py"))
    func aMessageThatIsNotOneLiteralIsAnError() throws {
        for bad in ["String(translated: name)", "String(translated: \"\"\"", "String(translated: \"{0} literal\")"] {
            let tree = try TemporaryFolder("messages-tree")
            tree.write("let a = 1\nlet b = \(bad)\n", to: "Sources/M/Bad.swift")
            let (status, output) = try Self.messages("check", root: tree.path)
            #expect(status == 1, "\(bad)")
            #expect(output.contains("Sources/M/Bad.swift:2"), "\(bad): \(output)")
        }
    }
}

/// python3 could not be started (posix_spawn's error).
struct PythonNotStarted: Error {
    var code: Int32
}
