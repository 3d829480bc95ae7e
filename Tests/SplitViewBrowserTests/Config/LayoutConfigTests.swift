import SplitView
import Testing

@testable import SplitViewBrowser

/// The config's `"layout"` entry: a column's content split, to any depth, with programs in
/// panes; each bad entry reported at its JSON path and skipped while the rest applies.
@Suite struct LayoutConfigTests {
    static func parse(_ text: String) -> (config: AppConfig, warnings: [String]) {
        AppConfig.parse(Array(text.utf8), source: "config.json")
    }

    static let xterm = try! ProgramCommand(parsing: "xterm -into {}")

    @Test func aTerminalUnderTheFileAndANestedSplitInThePrimary() {
        let (config, warnings) = Self.parse(
            """
            {"layout": {
              "secondary": {"axis": "vertical", "items": [
                {"content": "file"},
                {"program": "xterm -into {}", "fraction": 0.3, "min": 80, "max": 600, "canCollapse": true}]},
              "primary": {"axis": "vertical", "items": [
                {"axis": "horizontal", "items": [{"content": "folders"}, {"program": "st -w {}"}]},
                {"program": "xterm -into {}"}]}
            }}
            """)
        #expect(warnings == [])
        #expect(
            config.layout[.secondary]
                == .split(
                    .vertical,
                    [.init(.content), .init(.program(Self.xterm), fraction: 0.3, minimum: 80, maximum: 600, canCollapse: true)]))
        guard case .split(.vertical, let items)? = config.layout[.primary], case .split(.horizontal, let inner) = items[0].layout
        else {
            Issue.record("the primary's nested split is missing")
            return
        }
        #expect(inner.count == 2 && inner[0].layout == .content)
    }

    /// Every kind of bad entry, each at its path; the good parts still apply.
    @Test func badEntriesAreReportedAtTheirPathAndTheRestApplies() {
        let (config, warnings) = Self.parse(
            """
            {"layout": {
              "middle": {"axis": "vertical", "items": []},
              "inspector": "details",
              "supplementary": {"axis": "diagonal", "items": [{"content": "files"}]},
              "secondary": {"axis": "vertical", "colour": 1, "items": [
                {"content": "file", "fraction": 2},
                {"program": "xterm -into {}", "min": -5, "canCollapse": "yes"},
                {"program": "xterm 'unclosed"},
                {"content": "folders"},
                {"content": "file"},
                {"content": "file", "program": "xterm"},
                {"fraction": 0.5},
                {"program": "st -w {}", "min": 200, "max": 100, "size": 3}
              ]},
              "primary": {"axis": "horizontal", "items": [{"program": "xterm -into {}"}, {"program": "st -w {}"}]}
            }}
            """)
        #expect(
            warnings == [
                "config.json: layout.inspector: expected an object, found a string",
                "config.json: layout.middle: unknown column (expected primary, supplementary, secondary or inspector)",
                "config.json: layout.primary: the column's own content (\"folders\") is missing: it comes first",
                "config.json: layout.secondary.colour: unknown key (expected axis, items)",
                "config.json: layout.secondary.items[0].fraction: expected a number from 0 to 1, found 2",
                "config.json: layout.secondary.items[1].min: expected a number from 0 to 4000, found -5",
                "config.json: layout.secondary.items[1].canCollapse: expected true or false",
                "config.json: layout.secondary.items[2].program: a single quote (') is not closed",
                "config.json: layout.secondary.items[3].content: expected \"file\", the secondary column's own content",
                "config.json: layout.secondary.items[4].content: \"file\" is shown once, and is already",
                "config.json: layout.secondary.items[5]: expected either \"content\" (a name) or \"program\" (a command), not both",
                "config.json: layout.secondary.items[6]: expected \"content\", \"program\", or \"axis\" and \"items\"",
                "config.json: layout.secondary.items[7].size: unknown key (expected canCollapse, content, fraction, max, min, program)",
                "config.json: layout.secondary.items[7].max: below min (200): ignored",
                "config.json: layout.supplementary.axis: expected \"vertical\" (stacked) or \"horizontal\" (side by side)",
            ])
        guard case .split(.vertical, let items)? = config.layout[.secondary] else {
            Issue.record("the secondary's split did not apply")
            return
        }
        #expect(items.map(\.layout) == [.content, .program(Self.xterm), .program(try! ProgramCommand(parsing: "st -w {}"))])
        #expect(items[0].fraction == nil && items[1].minimum == nil && items[2].minimum == 200 && items[2].maximum == nil)
        guard case .split(.horizontal, let primary)? = config.layout[.primary] else {
            Issue.record("the primary's split did not apply")
            return
        }
        #expect(primary.first?.layout == .content, "its content added first")
        #expect(config.layout[.supplementary] == nil && config.layout[.inspector] == nil)
    }

    /// A layout builds the column's tree: the content where it was put, the programs in
    /// theirs, the sizes on the items, the keys in the content.
    @Test func aLayoutBuildsTheTreeWithTheKeysInTheContent() throws {
        let layout = PaneLayout.split(
            .vertical,
            [
                .init(.program(Self.xterm), fraction: 0.25, canCollapse: true),
                .init(.split(.horizontal, [.init(.content), .init(.program(Self.xterm))])),
            ])
        let content = ViewController(title: "reader")
        let (built, programs) = layout.build(content: content)
        let stack = try #require(built as? StackSplitViewController)
        #expect(programs.count == 2)
        #expect(stack.axis == .vertical && stack.splitItems.count == 2)
        #expect(stack.splitItems[0].preferredThicknessFraction == 0.25 && stack.splitItems[0].canCollapse)
        #expect(stack.viewController(at: [1, 0]) === content)
        #expect(stack.focusedLeafPath == [1, 0])
    }
}
