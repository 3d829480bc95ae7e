import Glibc
import SplitView
import SplitViewFiles
import TestSupport
import Testing

@testable import SplitViewBrowser

/// `config.json`: every field read when good, reported with its key and ignored when bad while
/// the rest applies; a missing, unreadable, huge or non-JSON file gives one line and the
/// defaults; the file is never written.
@Suite struct ConfigTests {
    typealias K = KeyChord

    static func parse(_ text: String) -> (config: AppConfig, warnings: [String]) {
        AppConfig.parse(Array(text.utf8), source: "config.json")
    }

    @Test func theAppsActionsAreBoundByDefault() {
        let keys = AppConfig.defaultKeyBindings
        #expect(
            keys.command(for: K(.character("h"), modifiers: .control), dividerFocused: false)
                == BrowserAction.toggleHiddenFiles.command)
        #expect(
            keys.command(for: K(.character("o"), modifiers: .control), dividerFocused: false)
                == BrowserAction.openExternally.command)
        #expect(
            keys.command(for: K(.character("d"), modifiers: .control), dividerFocused: false) == BrowserAction.addBookmark.command
        )
        #expect(keys.command(for: K(.up, modifiers: .alt), dividerFocused: false) == BrowserAction.goUp.command)
        #expect(keys.command(for: K(.backspace), dividerFocused: false) == BrowserAction.goUp.command)
        #expect(
            keys.command(for: K(.character("l"), modifiers: .control), dividerFocused: false)
                == BrowserAction.openLocation.command)
        #expect(keys.command(for: K(.character("z"), modifiers: .control), dividerFocused: false) == BrowserAction.undo.command)
        #expect(
            keys.command(for: K(.character("x"), modifiers: .control), dividerFocused: false) == BrowserAction.cutFiles.command)
        #expect(
            keys.command(for: K(.character("v"), modifiers: .control), dividerFocused: false) == BrowserAction.pasteFiles.command)
        #expect(keys.command(for: K(.delete), dividerFocused: false) == BrowserAction.moveToTrash.command)
        #expect(
            keys.command(for: K(.delete, modifiers: .shift), dividerFocused: false) == BrowserAction.deletePermanently.command)
        #expect(keys.command(for: K(.function(2)), dividerFocused: false) == BrowserAction.rename.command)
        #expect(
            keys.command(for: K(.character("n"), modifiers: [.control, .shift]), dividerFocused: false)
                == BrowserAction.newFolder.command)
        #expect(keys.command(for: K(.character("n"), modifiers: .control), dividerFocused: false) == .newWindow)
        for (digit, action) in [
            ("1", BrowserAction.sortByName), ("2", .sortBySize), ("3", .sortByType), ("4", .sortByModificationDate),
        ] {
            #expect(
                keys.command(for: K(.character(Character(digit)), modifiers: [.control, .alt]), dividerFocused: false)
                    == action.command)
        }
        #expect(keys.command(for: K(.character("1"), modifiers: .control), dividerFocused: false) == .show(.primary))
        #expect(
            keys.command(for: K(.character("r"), modifiers: [.control, .alt]), dividerFocused: false)
                == BrowserAction.toggleReversedOrder.command)
        // The app's rows come first, then the core's, all of them, in their order.
        #expect(
            keys.global.dropFirst(keys.global.count - KeyBindings.default.global.count).elementsEqual(KeyBindings.default.global))
        #expect(keys.divider == KeyBindings.default.divider)
    }

    @Test func everyFieldIsRead() {
        let (config, warnings) = Self.parse(
            """
            {
              "keyBindings": {"toggleInspector": "Ctrl+Alt+J", "displayModeButton": ["F10", "Ctrl+Alt+S"],
                              "toggleHiddenFiles": "Ctrl+period", "quit": [], "moveDividerLeft": "h"},
              "theme": "dark",
              "font": {"family": "Noto Sans", "size": 13.5, "monospace": "Noto Sans Mono"},
              "columnWidths": {"primary": 280, "supplementary": 320, "inspector": 270},
              "collapseThreshold": 600,
              "showHiddenFiles": true
            }
            """)
        #expect(warnings == [])
        let keys = config.keyBindings
        #expect(keys.chords(for: .toggleInspector) == [K(.character("j"), modifiers: [.control, .alt])])
        #expect(keys.chords(for: .displayModeButton) == [K(.function(10)), K(.character("s"), modifiers: [.control, .alt])])
        #expect(keys.chords(for: BrowserAction.toggleHiddenFiles.command) == [K(.character("."), modifiers: .control)])
        #expect(keys.chords(for: BrowserAction.openExternally.command) == [K(.character("o"), modifiers: .control)])
        #expect(keys.chords(for: .quit) == [])
        #expect(keys.command(for: K(.character("h")), dividerFocused: true) == .moveDivider(by: -1))
        #expect(keys.command(for: K(.character("h")), dividerFocused: false) == nil)
        #expect(keys.command(for: K(.left), dividerFocused: true) == .collapse)
        #expect(config.theme == .dark)
        #expect(config.fontFamily == "Noto Sans")
        #expect(config.fontSize == 13.5)
        #expect(config.monospaceFamily == "Noto Sans Mono")
        #expect(config.columnWidths == [.primary: 280, .supplementary: 320, .inspector: 270])
        #expect(config.collapseThreshold == 600)
        #expect(config.showHiddenFiles)
    }

    @Test(arguments: [
        ("{}", AppConfig()),
        (
            #"{"theme": "light"}"#,
            {
                var c = AppConfig(); c.theme = .light; return c
            }()
        ),
        (#"{"theme": "Auto"}"#, AppConfig()),
        (
            #"{"font": {"size": 6}}"#,
            {
                var c = AppConfig(); c.fontSize = 6; return c
            }()
        ),
        (
            #"{"font": {"size": 32}}"#,
            {
                var c = AppConfig(); c.fontSize = 32; return c
            }()
        ),
        (
            #"{"columnWidths": {"primary": 4000}}"#,
            {
                var c = AppConfig(); c.columnWidths = [.primary: 4000]; return c
            }()
        ),
        (
            #"{"columnWidths": {"inspector": 0.5}}"#,
            {
                var c = AppConfig(); c.columnWidths = [.inspector: 0.5]; return c
            }()
        ),
        (
            #"{"collapseThreshold": 0}"#,
            {
                var c = AppConfig(); c.collapseThreshold = 0; return c
            }()
        ),
        (
            #"{"collapseThreshold": 10000}"#,
            {
                var c = AppConfig(); c.collapseThreshold = 10_000; return c
            }()
        ),
        (#"{"showHiddenFiles": false}"#, AppConfig()),
    ])
    func goodValuesAtTheirLimitsAreRead(_ text: String, _ expected: AppConfig) {
        let (config, warnings) = Self.parse(text)
        #expect(warnings == [])
        #expect(config == expected)
    }

    /// One bad entry each: exactly one warning, with the key, and every default kept.
    @Test(arguments: [
        (#"{"theme": "blue"}"#, #"config.json: theme: expected "light", "dark" or "auto""#),
        (#"{"theme": 3}"#, #"config.json: theme: expected "light", "dark" or "auto""#),
        (#"{"font": 12}"#, "config.json: font: expected an object, found a number"),
        (#"{"font": {"size": 33}}"#, "config.json: font.size: expected a number from 6 to 32, found 33"),
        (#"{"font": {"size": 5.9}}"#, "config.json: font.size: expected a number from 6 to 32, found 5.9"),
        (#"{"font": {"size": "big"}}"#, "config.json: font.size: expected a number from 6 to 32, found a string"),
        (#"{"font": {"family": ""}}"#, "config.json: font.family: expected a font family name"),
        (#"{"font": {"family": "a\nb"}}"#, "config.json: font.family: expected a font family name"),
        (#"{"font": {"family": null}}"#, "config.json: font.family: expected a font family name"),
        (#"{"font": {"weight": "bold"}}"#, "config.json: font.weight: unknown key (expected family, monospace or size)"),
        (#"{"font": {"monospace": ""}}"#, "config.json: font.monospace: expected a font family name"),
        (#"{"columnWidths": []}"#, "config.json: columnWidths: expected an object, found a list"),
        (
            #"{"columnWidths": {"primary": 0}}"#,
            "config.json: columnWidths.primary: expected a number of points above 0, up to 4000, found 0"
        ),
        (
            #"{"columnWidths": {"primary": -1}}"#,
            "config.json: columnWidths.primary: expected a number of points above 0, up to 4000, found -1"
        ),
        (
            #"{"columnWidths": {"primary": 4001}}"#,
            "config.json: columnWidths.primary: expected a number of points above 0, up to 4000, found 4001"
        ),
        (#"{"columnWidths": {"secondary": 100}}"#, "config.json: columnWidths.secondary: unknown column"),
        (#"{"collapseThreshold": 20000}"#, "config.json: collapseThreshold: expected a number from 0 to 10000, found 20000"),
        (#"{"collapseThreshold": -1}"#, "config.json: collapseThreshold: expected a number from 0 to 10000, found -1"),
        (#"{"collapseThreshold": "600"}"#, "config.json: collapseThreshold: expected a number from 0 to 10000, found a string"),
        (#"{"showHiddenFiles": "yes"}"#, "config.json: showHiddenFiles: expected true or false"),
        (#"{"showHiddenFiles": 1}"#, "config.json: showHiddenFiles: expected true or false"),
        (#"{"keyBindings": []}"#, "config.json: keyBindings: expected an object, found a list"),
        (#"{"keyBindings": {"frobnicate": "Ctrl+F"}}"#, "config.json: keyBindings.frobnicate: unknown command"),
        (#"{"keyBindings": {"Quit": "Ctrl+F"}}"#, "config.json: keyBindings.Quit: unknown command"),
        (#"{"keyBindings": {"quit": "Ctrl+Foo"}}"#, #"config.json: keyBindings.quit: "Ctrl+Foo" is not a key chord"#),
        (#"{"keyBindings": {"quit": ["F2", "Hyper+Q"]}}"#, #"config.json: keyBindings.quit: "Hyper+Q" is not a key chord"#),
        (
            #"{"keyBindings": {"quit": ["F2", 5]}}"#,
            "config.json: keyBindings.quit[1]: expected a key chord or a list of them, found a number"
        ),
        (
            #"{"keyBindings": {"quit": 5}}"#,
            "config.json: keyBindings.quit: expected a key chord or a list of them, found a number"
        ),
        (
            #"{"keyBindings": {"quit": null}}"#,
            "config.json: keyBindings.quit: expected a key chord or a list of them, found null"
        ),
        (#"{"frobnicate": 1}"#, "config.json: frobnicate: unknown key"),
        (#"{"a\nb": 1}"#, #"config.json: a\nb: unknown key"#),
    ])
    func aBadEntryIsReportedAndIgnored(_ text: String, _ warning: String) {
        let (config, warnings) = Self.parse(text)
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasPrefix(warning) == true, "\(warnings)")
        #expect(warnings.allSatisfy { !$0.contains("\n") })
        #expect(config == AppConfig())
    }

    /// Good entries apply while the bad ones beside them are reported.
    @Test func goodEntriesApplyBesideBadOnes() {
        let (config, warnings) = Self.parse(
            """
            {"theme": "dark", "font": {"size": 100, "family": "Noto Sans"},
             "keyBindings": {"frobnicate": "x", "quit": "Ctrl+Shift+Q", "newWindow": "Ctrl+Nope"},
             "columnWidths": {"primary": 300, "supplementary": -4}, "bogus": 1}
            """)
        #expect(
            warnings == [
                "config.json: bogus: unknown key",
                "config.json: columnWidths.supplementary: expected a number of points above 0, up to 4000, found -4",
                "config.json: font.size: expected a number from 6 to 32, found 100",
                "config.json: keyBindings.frobnicate: unknown command",
                #"config.json: keyBindings.newWindow: "Ctrl+Nope" is not a key chord (like "Ctrl+Alt+S", "Shift+F9", "Page_Down")"#,
            ])
        #expect(config.theme == .dark)
        #expect(config.fontFamily == "Noto Sans")
        #expect(config.fontSize == nil)
        #expect(config.columnWidths == [.primary: 300])
        #expect(config.keyBindings.chords(for: .quit) == [K(.character("q"), modifiers: [.control, .shift])])
        #expect(config.keyBindings.chords(for: .newWindow) == [K(.character("n"), modifiers: .control)])
    }

    /// Two entries given the same chord: the one applied last (in key order) wins, the other
    /// is told; a chord taken from a default row is not a conflict.
    @Test func twoEntriesWithOneChordAreReported() {
        let (config, warnings) = Self.parse(#"{"keyBindings": {"quit": "F1", "newWindow": "F1", "toggleInspector": "F9"}}"#)
        #expect(warnings == ["config.json: keyBindings.newWindow: F1 is also given to quit, which wins"])
        #expect(config.keyBindings.command(for: K(.function(1)), dividerFocused: false) == .quit)
        #expect(config.keyBindings.command(for: K(.f9), dividerFocused: false) == .toggleInspector)
    }

    @Test(arguments: [
        ("", "config.json: not valid JSON; using the defaults"),
        ("{\"theme\": ", "config.json: not valid JSON; using the defaults"),
        ("// comment\n{}", "config.json: not valid JSON; using the defaults"),
        ("[]", "config.json: expected an object at the top level, found a list; using the defaults"),
        ("\"dark\"", "config.json: expected an object at the top level, found a string; using the defaults"),
    ])
    func aFileThatIsNotAnObjectGivesOneLine(_ text: String, _ warning: String) {
        let (config, warnings) = Self.parse(text)
        #expect(warnings == [warning])
        #expect(config == AppConfig())
    }

    @Test func theDefaultFileFollowsXDG() throws {
        let folder = try TemporaryFolder()
        #expect(AppConfig.defaultPath(environment: ["XDG_CONFIG_HOME": folder.path]) == folder.path + "/splitview/config.json")
        #expect(
            AppConfig.defaultPath(environment: ["XDG_CONFIG_HOME": "rel", "HOME": "/h"]) == "/h/.config/splitview/config.json")
        folder.write(#"{"theme": "dark"}"#, to: "splitview/config.json")
        let (config, warnings) = AppConfig.load(path: nil, environment: ["XDG_CONFIG_HOME": folder.path])
        #expect(warnings == [])
        #expect(config.theme == .dark)
    }

    @Test func aMissingDefaultFileIsSilent() throws {
        let folder = try TemporaryFolder()
        let (config, warnings) = AppConfig.load(path: nil, environment: ["XDG_CONFIG_HOME": folder.path])
        #expect(warnings == [])
        #expect(config == AppConfig())
    }

    @Test func aMissingExplicitFileGivesOneLine() throws {
        let folder = try TemporaryFolder()
        let (config, warnings) = AppConfig.load(path: folder.path + "/nope.json", environment: [:])
        #expect(warnings == ["cannot read config file \(folder.path)/nope.json: No such file or directory; using the defaults"])
        #expect(config == AppConfig())
    }

    /// An explicit file is read instead of the default one, and never changed.
    @Test func anExplicitFileIsReadAndLeftAsItWas() throws {
        let folder = try TemporaryFolder()
        folder.write(#"{"theme": "dark"}"#, to: "splitview/config.json")
        let text = #"{"theme": "light", "bogus": true}"#
        folder.write(text, to: "mine.json")
        let (config, warnings) = AppConfig.load(path: folder.path + "/mine.json", environment: ["XDG_CONFIG_HOME": folder.path])
        #expect(config.theme == .light)
        #expect(warnings == ["\(folder.path)/mine.json: bogus: unknown key"])
        #expect(folder.read("mine.json") == text)
        #expect(folder.entries() == ["mine.json", "splitview"])
    }

    @Test func aHugeFileGivesOneLine() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/config.json"
        let fd = open(path, O_WRONLY | O_CREAT, 0o600)
        #expect(ftruncate(fd, 100 * 1024 * 1024) == 0)
        close(fd)
        let (config, warnings) = AppConfig.load(path: path, environment: [:])
        #expect(warnings == ["config file \(path) is larger than 1048576 bytes; using the defaults"])
        #expect(config == AppConfig())
    }

    @Test func aFolderOrAFIFOGivesOneLine() throws {
        let folder = try TemporaryFolder()
        #expect(mkfifo(folder.path + "/fifo", 0o600) == 0)
        for (path, reason) in [(folder.path, "is a folder"), (folder.path + "/fifo", "not a regular file")] {
            let (config, warnings) = AppConfig.load(path: path, environment: [:])
            #expect(warnings == ["cannot read config file \(path): \(reason); using the defaults"])
            #expect(config == AppConfig())
        }
    }
}
