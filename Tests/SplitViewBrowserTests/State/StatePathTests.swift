import PropertyBased
import SplitView
import SplitViewFiles
import Testing

@testable import SplitViewBrowser

/// How the state file names folders and files (`StatePath.swift`).
@Suite struct StatePathTests {
    static let root = FilePath("/home/ada/Notes")

    /// Boundaries: the root is "", a path outside the root is not saved, a name with a newline
    /// and a tab is kept exactly (JSON escapes it), and a byte that is not UTF-8 is escaped for
    /// reading.
    @Test func pathsBelowTheRootAreSavedExactlyWhenTheyAreText() {
        #expect(StatePath.relative(Self.root, to: Self.root) == "")
        #expect(StatePath.relative(FilePath("/home/ada/Other"), to: Self.root) == nil)
        #expect(StatePath.relative(FilePath("/home/ada/NotesX/a"), to: Self.root) == nil)
        let odd = Self.root.appending(Array("a\nb\tc".utf8))
        #expect(StatePath.relative(odd, to: Self.root) == "a\nb\tc")
        #expect(StatePath.relative(Self.root.appending([0x61, 0xE9]), to: Self.root) == "a\\xE9")
        #expect(StatePath.relative(FilePath("/x"), to: FilePath("/")) == "x")
    }

    /// Any name of bytes 1…255 but `/`: when it is UTF-8, saving and restoring gives the same
    /// path back, through the state file's JSON too; when it is not, the saved text is the
    /// escaped one, which does not name it.
    @Test func aSavedFolderComesBackExactlyWhenItsNameIsUTF8() async throws {
        let byte = Gen.uint8(in: 1...255).map { $0 == UInt8(ascii: "/") ? UInt8(ascii: "_") : $0 }
        var roundTrips = 0
        await propertyCheck(count: 500, input: byte.array(of: 1...12), Gen.bool) { name, nested in
            let path = nested ? Self.root.appending(Array("Travel".utf8)).appending(name) : Self.root.appending(name)
            guard let saved = StatePath.relative(path, to: Self.root) else {
                Issue.record("a path below the root is saved")
                return
            }
            let isText = String(validating: name, as: UTF8.self) != nil
            #expect((StatePath.absolute(saved, below: Self.root) == path) == isText)
            guard isText, name != Array(".".utf8), name != Array("..".utf8) else { return }
            roundTrips += 1
            var window = WindowState(width: 800, height: 600, style: .triple)
            window.expandedFolders = ["", saved]
            window.selectedFolder = saved
            window.selectedFile = StatePath.savedName(name)
            let state = AppState(root: Self.root.string!, windows: [window])
            let again = try? StateStore.decode(StateStore.encode(state))
            #expect(again == state)
            #expect(again?.windows.first?.selectedFile.map { Array($0.utf8) } == name)
        }
        // Names that are not UTF-8 skip the state file's round trip: about one in ten is
        // left (41 to 58 of 500 in twelve runs), enough of them must be.
        #expect(roundTrips >= 15, "only \(roundTrips) of 500 names went through the state file")
    }
}
