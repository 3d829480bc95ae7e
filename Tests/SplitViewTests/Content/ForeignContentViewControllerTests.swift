import Testing

@testable import SplitView

/// `ForeignContentViewController` and what the controller tells a host about it: who has the
/// keyboard (`focusForeignContent`), when to restart (`restartForeignContent`), where the
/// program's window goes (`contentFrame(of:)`), and which keys the host keeps
/// (`chordsOverForeignContent`).
@Suite struct ForeignContentViewControllerTests {
    /// A triple column at 1400 wide, all columns showing, with a terminal in `column`.
    static func fixture(
        in column: SplitViewController.Column = .secondary, command: String = "xterm -into {}"
    )
        -> (Fixture, ForeignContentViewController)
    {
        let f = Fixture(.tripleColumn, width: 1400)
        let terminal = ForeignContentViewController(command: try! ProgramCommand(parsing: command))
        f.split.setViewController(terminal, for: column)
        f.split.preferredDisplayMode = .twoBesideSecondary
        f.split.focusedColumn = .primary
        _ = f.split.takeHostRequests()
        return (f, terminal)
    }

    /// The keyboard owners reported at the next take after `inputs`.
    static func focusRequests(_ f: Fixture, _ inputs: Input...) -> [ForeignContentViewController.ID?] {
        for input in inputs { f.split.handle(input) }
        return focusRequests(f.split.takeHostRequests())
    }

    static func focusRequests(_ requests: [HostRequest]) -> [ForeignContentViewController.ID?] {
        requests.compactMap { if case .focusForeignContent(let id) = $0 { return .some(id) } else { return nil } }
    }

    @Test func focusingThePaneGivesTheProgramTheKeyboardAndLeavingTakesItBack() {
        let (f, terminal) = Self.fixture()
        #expect(Self.focusRequests(f, key(.f6), key(.f6)) == [terminal.id])
        #expect(f.split.focusedForeignContent === terminal)
        #expect(Self.focusRequests(f, key(.f6)) == [nil])
        #expect(Self.focusRequests(f, key(.character("3"), .control)) == [terminal.id])
        // Nothing more while the owner stays the same, nor for a burst that ends where it began.
        #expect(Self.focusRequests(f, key(.f9)) == [])
        #expect(Self.focusRequests(f, key(.f6), key(.f6, .shift)) == [])
        // Inputs alone report nothing: the owner is compared at the take.
        f.split.handle(key(.f6))
        #expect(f.split.pipeline.hostRequests.isEmpty)
        #expect(Self.focusRequests(f.split.takeHostRequests()) == [nil])
    }

    @Test func aHiddenPaneGivesTheKeyboardBackAndGetsItAgainWhenItShows() {
        let (f, terminal) = Self.fixture(in: .primary)
        f.split.focusedColumn = .secondary
        _ = f.split.takeHostRequests()
        #expect(Self.focusRequests(f, key(.character("1"), .control)) == [terminal.id])
        #expect(Self.focusRequests(f, key(.f9)) == [nil])
        #expect(f.split.layout.placement(of: .primary) == nil)
        #expect(Self.focusRequests(f, key(.f9)) == [terminal.id])
    }

    @Test func theMenuADividerAndAPromptKeepTheKeyboardWithTheSplitView() {
        let (f, terminal) = Self.fixture()
        f.send(key(.character("3"), .control))
        _ = f.split.takeHostRequests()
        #expect(Self.focusRequests(f, key(.f10)) == [nil])
        #expect(Self.focusRequests(f, key(.escape)) == [terminal.id])
        #expect(Self.focusRequests(f, key(.f8)) == [nil])
        #expect(Self.focusRequests(f, key(.return)) == [terminal.id])
        f.split.prompt = Prompt(message: "Move?", accept: {})
        #expect(Self.focusRequests(f.split.takeHostRequests()) == [nil])
    }

    @Test func focusSetByTheAppIsReportedAtTheNextTake() {
        let (f, terminal) = Self.fixture()
        f.split.focusedColumn = .secondary
        #expect(Self.focusRequests(f.split.takeHostRequests()) == [terminal.id])
        #expect(f.split.takeHostRequests().isEmpty)
    }

    @Test func returnRestartsAProgramThatEndedAndNothingElse() {
        let (f, terminal) = Self.fixture()
        f.send(key(.character("3"), .control))
        f.send(.foreignContent(terminal.id, .status(.running)))
        #expect(!f.send(key(.return)).contains(.restartForeignContent(terminal.id, after: 0)))
        f.send(.foreignContent(terminal.id, .status(.ended("xterm exited with status 1"))))
        #expect(f.send(key(.return)) == [.restartForeignContent(terminal.id, after: 0)])
        f.send(.foreignContent(terminal.id, .status(.noWindow(seconds: 5))))
        #expect(f.send(key(.return)) == [.restartForeignContent(terminal.id, after: 0)])
    }

    /// Everything the host says of a program arrives as an input: its status and title, and
    /// a wish for the keyboard (a click inside it), which focuses its pane when it shows. A
    /// report for a controller no longer installed changes nothing.
    @Test func theHostsReportsArriveAsInputs() throws {
        let (f, terminal) = Self.fixture()
        f.send(.foreignContent(terminal.id, .status(.running)), .foreignContent(terminal.id, .title("vim notes.txt")))
        #expect(terminal.status == .running)
        #expect(f.split.laidOutDisplayList(for: .secondary)?.texts.contains("vim notes.txt") == true)
        #expect(f.split.focusedColumn == .primary)
        #expect(Self.focusRequests(f, .foreignContent(terminal.id, .focusRequested)) == [terminal.id])
        #expect(f.split.focusedColumn == .secondary)
        // Gone from the split view: its reports are dropped.
        let gone = ForeignContentViewController(command: try ProgramCommand(parsing: "xterm -into {}"))
        f.send(.foreignContent(gone.id, .status(.ended("xterm exited"))), .foreignContent(gone.id, .focusRequested))
        #expect(gone.status == .starting)
        #expect(f.split.focusedColumn == .secondary)
        // Hidden: the wish is not granted.
        let (g, sidebar) = Self.fixture(in: .primary)
        g.send(key(.f9))
        #expect(g.split.layout.placement(of: .primary) == nil)
        let focused = g.split.focusedColumn
        g.send(.foreignContent(sidebar.id, .focusRequested))
        #expect(g.split.focusedColumn == focused && focused != .primary)
    }

    @Test func aNewFileRestartsAfterTheDelayAndTheSameFileDoesNot() {
        let (f, viewer) = Self.fixture(command: "zathura -e {} {file}")
        #expect(viewer.status == .waitingForFile)
        viewer.file = Array("/a.pdf".utf8)
        #expect(
            f.split.takeHostRequests() == [.restartForeignContent(viewer.id, after: ForeignContentViewController.fileChangeDelay)]
        )
        viewer.file = Array("/a.pdf".utf8)
        #expect(f.split.takeHostRequests().isEmpty)
        // A command without {file} ignores the selection.
        let (g, terminal) = Self.fixture()
        terminal.file = Array("/a.pdf".utf8)
        #expect(g.split.takeHostRequests().isEmpty)
    }

    @Test func theContentFrameIsThePaneBelowItsBar() throws {
        let (f, _) = Self.fixture()
        let placement = try #require(f.split.layout.placement(of: .secondary))
        let frame = try #require(f.split.contentFrame(of: .secondary))
        #expect(frame == Rect(x: 0, y: 38, width: placement.frame.width, height: placement.frame.height - 38))
        f.send(key(.f9, .shift))
        #expect(f.split.contentFrame(of: .primary) == nil)
    }

    @Test func theProgramsPaneFollowsTheCollapse() {
        let (f, terminal) = Self.fixture()
        f.resize(500)
        #expect(f.split.isCollapsed)
        // Collapsed on the secondary: the terminal still shows, in its own column.
        f.split.show(.secondary)
        #expect(f.split.foreignContent(in: .secondary) === terminal)
        f.split.show(.primary)
        #expect(f.split.foreignContent(in: .secondary) == nil)
    }

    @Test func everyInstalledForeignContentIsListedOnce() {
        let (f, terminal) = Self.fixture()
        let inStack = ForeignContentViewController(command: try! ProgramCommand(parsing: "st -w {}"))
        let navigation = NavigationController(rootViewController: ViewController(title: "root"))
        navigation.pushViewController(inStack, animated: false)
        f.split.setViewController(navigation, for: .inspector)
        #expect(f.split.foreignContentViewControllers.map(\.id) == [terminal.id, inStack.id])
    }

    @Test func theBarShowsTheProgramsTitleElseItsName() {
        let terminal = ForeignContentViewController(command: try! ProgramCommand(parsing: "/usr/bin/xterm -into {}"))
        #expect(terminal.title == "xterm")
        let f = Fixture(.tripleColumn, width: 1400)
        f.split.setViewController(terminal, for: .secondary)
        f.send(.foreignContent(terminal.id, .title("vim notes.txt")))
        #expect(terminal.title == "vim notes.txt")
        f.send(.foreignContent(terminal.id, .title("")))
        #expect(terminal.title == "xterm")
    }

    @Test(arguments: [
        (ForeignContentViewController.Status.waitingForFile, ["Select a file to open it in less."]),
        (.starting, ["Starting less…"]),
        (.running, []),
        (
            .noWindow(seconds: 5),
            ["less has shown no window in 5 s.", "Its command has no {} for the window id. Return restarts it."]
        ),
        (.ended("less: not found"), ["less: not found", "Return restarts it."]),
    ])
    func thePaneSaysWhatHappened(_ status: ForeignContentViewController.Status, _ lines: [String]) {
        let viewer = ForeignContentViewController(command: try! ProgramCommand(parsing: "less {file}"))
        viewer.status = status  // set directly (the module's own access): no split view here
        #expect(viewer.message == lines)
        let context = DrawContext(
            bounds: Rect(x: 0, y: 38, width: 600, height: 400), theme: .light, measurer: FixedAdvanceMeasurer(), isFocused: false)
        let texts = viewer.draw(in: context).compactMap { if case .text(let text, _, _, _) = $0 { text } else { nil } }
        #expect(texts.count == lines.count)
    }

    /// The keys a host grabs: the window commands' chords, not the content's.
    @Test func theHostKeepsTheWindowCommandsChordsOnly() {
        let chords = Set(KeyBindings.default.chordsOverForeignContent.map(\.description))
        for kept in [
            "F9", "Shift+F9", "Ctrl+1", "Ctrl+2", "Ctrl+3", "F6", "Shift+F6", "F8", "Ctrl+Alt+I", "Ctrl+Alt+S", "Ctrl+N",
            "Ctrl+W", "Ctrl+Q", "F10", "Alt+Left",
        ] {
            #expect(chords.contains(kept), "\(kept)")
        }
        for given in ["Up", "Down", "Return", "Escape", "Page_Up", "Home", "End", "Left", "Right"] {
            #expect(!chords.contains(given), "\(given)")
        }
    }
}
