import Glibc
import SplitView
import SplitViewFiles
import TestSupport
import Testing

@testable import SplitViewBrowser

/// Panes split at run time in a browser window: the terminal each split runs, in the folder
/// shown; the browser's own contents kept; "Split Right With…" asking for the command.
@Suite struct SplittingTests {
    static func browser(_ tree: TempTree) -> Browser {
        let browser = makeBrowser(tree)
        browser.split.animatesTransitions = false
        return browser
    }

    static func press(_ browser: Browser, _ key: KeyChord.Key, _ modifiers: KeyChord.Modifiers = []) {
        browser.split.handle(.key(KeyChord(key, modifiers: modifiers)))
    }

    /// Ctrl+Shift+E splits the pane with the keys: the terminal the config names, started in
    /// the folder shown, gets the keys; Ctrl+Shift+W closes it again and the outline has them.
    @Test func ctrlShiftESplitsTheFocusedPaneWithTheTerminalInTheFolderShown() throws {
        let tree = TempTree()
        tree.file("Travel/a.txt", "a")
        let browser = Self.browser(tree)
        browser.programs.terminal = try ProgramCommand(parsing: "st -w {}")
        BrowserTests.show(browser, tree, "Travel")
        browser.split.focusedColumn = .primary
        Self.press(browser, .character("e"), [.control, .shift])
        let program = try #require(browser.split.focusedPane as? ForeignContentViewController)
        #expect(program.command.text == "st -w {}")
        #expect(program.workingDirectory == Array((tree.root + "/Travel").utf8))
        #expect(browser.split.visiblePanes.filter { $0.column == .primary }.map { $0.pane === browser.folders } == [true, false])
        Self.press(browser, .character("w"), [.control, .shift])
        #expect(browser.split.foreignContentViewControllers.isEmpty)
        #expect(browser.split.focusedPane === browser.folders)
    }

    /// Decided: the browser's own contents never close; the band says why.
    @Test func aColumnsOwnContentDoesNotCloseAndTheBandSaysSo() throws {
        let browser = Self.browser(TempTree())
        browser.programs.terminal = try ProgramCommand(parsing: "st -w {}")
        browser.split.focusedColumn = .secondary
        Self.press(browser, .character("w"), [.control, .shift])
        #expect(browser.reader.notice?.contains("its column's own content: it cannot be closed") == true)
        // Split, give the reader the keys back: still its own content, though in a split now.
        Self.press(browser, .character("o"), [.control, .shift])
        // The reader's bar has no close button (it could only refuse); the terminal's has one.
        #expect(browser.split.paneCloseButtonFrame(of: browser.reader) == nil)
        #expect(browser.split.paneCloseButtonFrame(of: try #require(browser.split.focusedPane)) != nil)
        browser.reader.notice = nil
        browser.split.zoomedPane = nil
        #expect(browser.split.focusPane(.up))
        #expect(browser.split.focusedPane === browser.reader)
        Self.press(browser, .character("w"), [.control, .shift])
        #expect(browser.reader.notice?.contains("own content") == true)
        #expect(browser.split.foreignContentViewControllers.count == 1)
    }

    /// Decided: a program that replaces a column (`--secondary CMD`) is that column's own
    /// content: it stays, split or not; the terminal split off it closes.
    @Test func aProgramThatReplacesAColumnDoesNotClose() throws {
        let tree = TempTree()
        let store = try FileStore()
        store.load(FilePath(tree.root))
        let browser = Browser(
            store: store, root: FilePath(tree.root), style: .tripleColumn, theme: .light,
            programs: [.secondary: try ProgramCommand(parsing: "zathura -e {} {file}")])
        browser.split.animatesTransitions = false
        browser.split.handle(.resize(Size(width: 1400, height: 900)))
        browser.programs.terminal = try ProgramCommand(parsing: "st -w {}")
        let viewer = try #require(browser.programs[.secondary])
        browser.split.focusedColumn = .secondary
        Self.press(browser, .character("e"), [.control, .shift])
        let terminal = try #require(browser.split.focusedPane)
        #expect(!browser.split.closePane(viewer))
        #expect(browser.split.paneCloseButtonFrame(of: viewer) == nil)
        #expect(browser.split.closePane(terminal))
        #expect(browser.split.foreignContentViewControllers.map(\.command.text) == ["zathura -e {} {file}"])
    }

    /// Boundary: with no terminal named and none on PATH, the new pane says how to set one,
    /// and closes like any other.
    @Test func withoutATerminalThePaneSaysHowToSetOne() throws {
        let empty = try TemporaryFolder("nopath")
        #expect(Terminal.command(configured: nil, path: empty.path) == nil)
        #expect(Terminal.command(configured: nil, path: nil) == nil)
        let browser = Self.browser(TempTree())
        let pane = browser.newPane(running: nil)
        #expect((pane as? TextViewController)?.text.contains(#"{"terminal": "xterm -into {}"}"#) == true)
        browser.split.focusedColumn = .secondary
        #expect(browser.split.splitPane(browser.reader, along: .horizontal, with: pane))
        #expect(browser.split.closePane(pane))
    }

    /// The config's terminal wins; else the first of xterm, urxvt and st that is an executable
    /// file on PATH, in the candidates' order whatever PATH's.
    @Test func theTerminalIsTheConfigsElseTheFirstFoundOnPath() throws {
        let first = try TemporaryFolder("path1")
        let second = try TemporaryFolder("path2")
        func executable(_ folder: TemporaryFolder, _ name: String, mode: mode_t = 0o755) {
            folder.write("#!/bin/sh\n", to: name)
            chmod(folder.path + "/" + name, mode)
        }
        executable(first, "st")
        executable(second, "urxvt")
        executable(second, "xterm", mode: 0o644)
        let path = first.path + "::" + second.path
        #expect(Terminal.command(configured: nil, path: path)?.text == "urxvt -embed {}")
        let configured = try ProgramCommand(parsing: "alacritty --embed {}")
        #expect(Terminal.command(configured: configured, path: path) == configured)
        executable(first, "xterm")
        #expect(Terminal.command(configured: nil, path: path)?.text == "xterm -into {}")
    }

    /// "Split Right With…": the field asks, offering the commands used before; Return splits
    /// the pane that had the keys when it was asked; a bad command is said and kept.
    @Test func splitRightWithAsksForTheCommandAndRemembersIt() throws {
        let tree = TempTree()
        tree.folder("Notes")
        let browser = Self.browser(tree)
        BrowserTests.show(browser, tree, "Notes")
        browser.split.focusedColumn = .secondary
        // A pane's menu (a right click on its bar) offers them after the split view's items.
        #expect(browser.split.paneMenuItems?(browser.reader).map(\.title) == ["Split Right With…", "Split Down With…"])
        browser.askForSplitCommand(along: .horizontal)
        var field = try #require(browser.fileList.navigationItem.textField)
        #expect(field.label == "Split Right With")
        #expect(field.text == Terminal.candidates[0] && field.selectedRange == 0..<field.text.count)
        RenamingTests.type(browser, "less 'unclosed")
        Self.press(browser, .return)
        #expect(browser.fileList.navigationItem.textField?.message?.hasPrefix("The command does not read") == true)
        #expect(browser.split.foreignContentViewControllers.isEmpty)
        RenamingTests.type(browser, "st -w {} -e top")
        Self.press(browser, .return)
        #expect(browser.fileList.navigationItem.textField == nil)
        let program = try #require(browser.split.foreignContentViewControllers.first)
        #expect(program.command.text == "st -w {} -e top")
        #expect(
            browser.split.visiblePanes.filter { $0.column == .secondary }.map { ObjectIdentifier($0.pane) } == [
                ObjectIdentifier(browser.reader), ObjectIdentifier(program),
            ])
        #expect(browser.programs.usedCommands == ["st -w {} -e top"])
        // Next time the command used is offered first; Tab goes to the next choice; Escape
        // splits nothing.
        browser.askForSplitCommand(along: .vertical)
        field = try #require(browser.fileList.navigationItem.textField)
        #expect(field.text == "st -w {} -e top" && field.label == "Split Down With")
        Self.press(browser, .tab)
        #expect(browser.fileList.navigationItem.textField?.text == Terminal.candidates[0])
        Self.press(browser, .escape)
        #expect(browser.fileList.navigationItem.textField == nil && browser.programs.pendingSplit == nil)
        #expect(browser.split.foreignContentViewControllers.count == 1)
    }

    /// Every program follows the selection, those of run-time splits included: a command that
    /// names `{file}` is given the selected file (never a folder), and nil when none is.
    @Test func aRunTimePaneFollowsTheSelectedFile() throws {
        let tree = TempTree()
        tree.file("Notes/a.txt", "a")
        tree.folder("Notes/Sub")
        let browser = Self.browser(tree)
        BrowserTests.show(browser, tree, "Notes", "a.txt")
        let viewer = browser.newPane(running: try ProgramCommand(parsing: "viewer -into {} {file}"))
        #expect((viewer as? ForeignContentViewController)?.file == Array((tree.root + "/Notes/a.txt").utf8))
        #expect(browser.split.splitPane(browser.reader, along: .vertical, with: viewer))
        BrowserTests.show(browser, tree, "Notes", "Sub")
        #expect((viewer as? ForeignContentViewController)?.file == nil)
        BrowserTests.show(browser, tree, "Notes", "a.txt")
        #expect((viewer as? ForeignContentViewController)?.file == Array((tree.root + "/Notes/a.txt").utf8))
    }

    /// The files split with a terminal below them: Ctrl+L still opens the location bar in the
    /// column's bar, and the files' pane (not the terminal) gets the keys; the reader split
    /// keeps its ⋯ and inspector buttons.
    @Test func aSplitColumnKeepsItsFieldAndButtons() throws {
        let tree = TempTree()
        tree.folder("Notes")
        let browser = Self.browser(tree)
        browser.programs.terminal = try ProgramCommand(parsing: "st -w {}")
        browser.split.focusedColumn = .supplementary
        browser.split.handle(.command(.splitDown))
        #expect(browser.split.focusedPane is ForeignContentViewController)
        Self.press(browser, .character("l"), .control)
        let field = try #require(browser.fileList.navigationItem.textField)
        let bar = try #require(browser.split.displayList(for: .supplementary))
        let texts = bar.ops.compactMap { op -> String? in
            if case .text(let text, _, _, _) = op { return text }
            return nil
        }
        #expect(
            texts.contains { $0.contains("/") && field.text.hasSuffix($0.replacingOccurrences(of: "…", with: "")) }, "\(texts)")
        #expect(browser.split.focusedPane === browser.fileList)
        browser.split.focusedColumn = .secondary
        let buttons = browser.split.layout.buttons(in: .secondary).count
        browser.split.handle(.command(.splitRight))
        #expect(browser.split.layout.buttons(in: .secondary).count == buttons)
    }

    /// Boundary: the used commands are at most 20, the newest first, each once.
    @Test func usedCommandsAreKeptNewestFirstEachOnce() {
        var programs = Programs([:], style: .tripleColumn, opener: { _ in nil })
        for index in 0..<25 { programs.used("cmd \(index)") }
        programs.used("cmd 10")
        #expect(programs.usedCommands.count == Programs.usedCommandLimit)
        #expect(programs.usedCommands.prefix(2) == ["cmd 10", "cmd 24"])
        #expect(Set(programs.usedCommands).count == programs.usedCommands.count)
    }
}
