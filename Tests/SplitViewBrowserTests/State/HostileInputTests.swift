import PropertyBased
import SplitView
import TestSupport
import Testing

@testable import SplitViewBrowser

/// Random bytes, random JSON-ish text and randomly damaged state files never crash the state
/// and config readers: each gives a state (which then survives a round trip) or one line of
/// warning without a newline.
@Suite struct HostileInputTests {
    /// Pieces of JSON, state keys and awkward values, strung together at random.
    static let tokens: [String] = [
        "{", "}", "[", "]", ":", ",", " ", "\n", "\"", "\\", "\\u0000", "\\n", "null", "true", "false",
        "0", "1", "-1", "1.5", "1e308", "-1e308", "1e999", "99999999999999999999", "NaN", "\"NaN\"",
        "\"version\"", "\"root\"", "\"/lib\"", "\"windows\"", "\"width\"", "\"height\"", "\"x\"", "\"y\"",
        "\"style\"", "\"triple\"", "\"double\"", "\"split\"", "\"widths\"", "\"column\"", "\"primary\"",
        "\"expandedFolders\"", "\"\"", "\"..\"", "\"scrollOffsets\"", "\"selectedFile\"", "\"preferredDisplayMode\"",
        "\"keyBindings\"", "\"quit\"", "\"Ctrl+Q\"", "\"theme\"", "\"dark\"", "\"font\"", "\"size\"", "\"family\"",
        "\"columnWidths\"", "\"collapseThreshold\"", "\"showHiddenFiles\"", "\u{FEFF}", "é", "\u{0}",
    ]

    /// A file that decodes, to damage.
    static let valid: [UInt8] = try! StateStore.encode(StateStoreTests.sample)

    /// What every reader must do with `bytes`.
    static func check(_ bytes: [UInt8]) {
        do throws(StateProblem) {
            let state = try StateStore.decode(bytes)
            // What was accepted is valid and reads back the same after a save.
            guard let encoded = try? StateStore.encode(state) else {
                Issue.record("an accepted state cannot be encoded: \(state)")
                return
            }
            #expect((try? StateStore.decode(encoded)) == state)
        } catch {
            #expect(!error.reason.isEmpty)
            #expect(!error.reason.contains("\n"), "\(error.reason)")
        }
        let (_, warnings) = AppConfig.parse(bytes, source: "config.json")
        for warning in warnings { #expect(!warning.contains("\n"), "\(warning)") }
    }

    /// Nesting as deep as the JSON parser allows, and deeper: no stack runs out.
    @Test(arguments: [10, 500, 511, 512, 513, 5_000, 100_000])
    func deepNesting(_ depth: Int) {
        Self.check(Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8))
        Self.check(Array((String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)).utf8))
        Self.check(
            Array((#"{"keyBindings":"# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}").utf8))
    }

    @Test func randomBytes() async {
        await propertyCheck(count: 300, input: Gen.uint8(in: 0...255).array(of: 0...300)) { bytes in
            Self.check(bytes)
        }
    }

    @Test func randomJSONishText() async {
        await propertyCheck(count: 500, input: Gen.int(in: 0..<Self.tokens.count).array(of: 0...80)) { indices in
            Self.check(Array(indices.map { Self.tokens[$0] }.joined().utf8))
        }
    }

    /// A valid file with a few bytes changed, dropped or cut short.
    @Test func damagedStateFiles() async {
        await propertyCheck(count: 500, input: Gen.int(in: 0...1_000_000).array(of: 1...6)) { edits in
            var bytes = Self.valid
            for edit in edits where !bytes.isEmpty {
                let position = edit % bytes.count
                switch edit % 4 {
                case 0: bytes[position] = UInt8(truncatingIfNeeded: edit >> 8)
                case 1: bytes.remove(at: position)
                case 2: bytes.removeSubrange(position...)
                default: bytes.insert(contentsOf: Array(Self.tokens[(edit >> 4) % Self.tokens.count].utf8), at: position)
                }
            }
            Self.check(bytes)
        }
    }

    /// Random states within the limits survive a save and a load.
    @Test func randomValidStatesRoundTrip() async throws {
        let folder = try TemporaryFolder()
        let store = StateStore(path: folder.path + "/state.json")
        await propertyCheck(count: 100, input: Gen.int(in: 0...Int(Int32.max)).array(of: 12)) { n in
            let window = WindowState(
                width: 1 + n[0] % 32_767, height: 1 + n[1] % 32_767,
                style: n[3] % 2 == 0 ? .double : .triple,
                split: SplitViewState(
                    preferredDisplayMode: SplitViewController.DisplayMode.allCases[n[4] % 7],
                    widths: [.init(column: .primary, width: Double(n[5] % 100_000) / 7, wasShowing: n[5] % 2 == 0)],
                    isInspectorShown: n[6] % 2 == 0, focusedColumn: SplitViewController.Column.allCases[n[6] % 5]),
                expandedFolders: ["", "a/b\(n[7])", "Ω\n"], selectedFolder: n[8] % 3 == 0 ? nil : "a",
                selectedFile: "a/\"quoted\"\\\(n[9])", scrollOffsets: ["secondary": Double(n[10]) / 3, "primary": 0])
            let state = AppState(root: "/r\(n[11])", windows: Array(repeating: window, count: 1 + n[11] % 32))
            #expect(store.save(state) == nil)
            let (loaded, warning) = store.load()
            #expect(warning == nil)
            #expect(loaded == state)
        }
    }

    /// Random file contents on disk: a state or one line, and the file moved aside when the
    /// line says so.
    @Test func randomFilesOnDisk() async throws {
        let folder = try TemporaryFolder()
        let store = StateStore(path: folder.path + "/state.json")
        await propertyCheck(count: 100, input: Gen.int(in: 0..<Self.tokens.count).array(of: 0...40)) { indices in
            folder.write(indices.map { Self.tokens[$0] }.joined(), to: "state.json")
            let (state, warning) = store.load()
            #expect((state == nil) != (warning == nil))
            if let warning {
                #expect(!warning.contains("\n"))
                #expect(warning.hasSuffix("moved aside to state.json.bad, starting with defaults"))
                #expect(folder.entries() == ["state.json.bad"])
            }
        }
    }
}
