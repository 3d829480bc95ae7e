import SplitView
import SplitViewFiles
import Testing

@testable import SplitViewBrowser

/// The programs part alone: the hosted programs given the selected file, and an
/// application started on the selected files, or why not.
@Suite struct ProgramsTests {
    static func entry(_ exec: String) -> DesktopEntry {
        DesktopEntry(
            Array("[Desktop Entry]\nType=Application\nName=Alpha\nExec=\(exec)\n".utf8), id: "a.desktop", path: "/apps/a")!
    }

    @Test func theDoubleStyleHasNoSupplementaryProgram() throws {
        let commands: [SplitViewController.Column: ProgramCommand] = [
            .secondary: try ProgramCommand(parsing: "viewer -into {} {file}"),
            .supplementary: try ProgramCommand(parsing: "xterm -into {}"),
        ]
        let triple = Programs(commands, style: .tripleColumn, opener: { _ in nil })
        #expect(triple[.supplementary] != nil && triple[.secondary] != nil)
        #expect(Programs(commands, style: .doubleColumn, opener: { _ in nil })[.supplementary] == nil)
        #expect(Programs([:], style: .tripleColumn, opener: { _ in nil }).byColumn.isEmpty)
    }

    /// One run for an application that takes every file, one per file for one that takes
    /// one; the first failure is said with the application's name.
    @Test func anApplicationStartsOnceOrOncePerFile() {
        var programs = Programs([:], style: .tripleColumn, opener: { _ in "no" })
        var started: [[String]] = []
        programs.appLauncher = { argv, _ in
            started.append(argv.map { String(decoding: $0, as: UTF8.self) })
            return nil
        }
        let paths = [FilePath("/a"), FilePath("/b")]
        #expect(programs.start(Self.entry("alpha %F"), on: paths) == nil)
        #expect(programs.start(Self.entry("alpha %f"), on: paths) == nil)
        #expect(started == [["alpha", "/a", "/b"], ["alpha", "/a"], ["alpha", "/b"]])
        #expect(programs.start(Self.entry("alpha %f"), on: []) == nil && started.count == 3)
        programs.appLauncher = { _, first in first == FilePath("/a") ? "not installed" : nil }
        #expect(programs.start(Self.entry("alpha %F"), on: paths) == "Alpha: not installed")
        var unreadable = Self.entry("alpha %F")
        unreadable.exec = "alpha \"%F"
        #expect(programs.start(unreadable, on: paths) == "the command line of Alpha (/apps/a) does not read")
        #expect(programs.opener(FilePath("/a")) == "no")
    }
}
