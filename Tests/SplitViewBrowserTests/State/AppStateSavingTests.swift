import Glibc
import TestSupport
import Testing

@testable import SplitViewBrowser

/// `AppState+Saving.swift`: a state saved is always one the next start reads, whatever the
/// windows held (through `StateStore.save`).
@Suite struct AppStateSavingTests {
    /// A window walked thousands of levels down: 2 040 expanded folders, the deepest 4 KiB
    /// long, over 4 MiB as JSON. Saved whole, the next start refused the file; now the longest
    /// expansions are left out until it fits, and the file loads with the rest intact.
    @Test func aStateLargerThanTheLoaderReadsIsSavedWithinIt() throws {
        let folder = try TemporaryFolder()
        let store = StateStoreTests.store(folder)
        var deep = StateStoreTests.sample
        let chain = (1...2_040).map { Array(repeating: "d", count: $0).joined(separator: "/") }
        deep.windows[0].expandedFolders = [""] + chain
        deep.windows[0].selectedFolder = chain.last
        #expect(store.save(deep) == nil)
        var info = stat()
        #expect(stat(store.path, &info) == 0 && Int(info.st_size) <= StateStore.sizeLimit)
        let (loaded, warning) = store.load()
        #expect(warning == nil)
        let window = try #require(loaded?.windows.first)
        // The shallowest stay, in order, and the selection and the other window are intact.
        #expect(window.expandedFolders.count > 500)
        #expect(window.expandedFolders == [""] + chain.prefix(window.expandedFolders.count - 1))
        #expect(window.selectedFolder == chain.last)
        #expect(loaded?.windows.last == StateStoreTests.sample.windows.last)
    }

    /// Boundaries of what one window may hold: more than 10 000 expanded folders keep the
    /// 10 000 shortest; a folder longer than 4 096 bytes is left out; a selected folder that
    /// long is cut back to the nearest enclosing one that fits, without its file.
    @Test func valuesTheLoaderWouldRefuseAreLeftOutNotTheWholeState() throws {
        let folder = try TemporaryFolder()
        let store = StateStoreTests.store(folder)
        var wide = StateStoreTests.sample
        let many = (0..<10_050).map { String(format: "f%05d", $0) }
        let long = Array(repeating: "x", count: 2_100).joined(separator: "/")  // 4 199 bytes
        wide.windows[0].expandedFolders = [""] + many + [long]
        wide.windows[0].selectedFolder = long
        wide.windows[0].selectedFile = "plan.md"
        #expect(store.save(wide) == nil)
        let window = try #require(store.load().state?.windows.first)
        #expect(window.expandedFolders.count == AppState.maximumExpandedFolders)
        #expect(window.expandedFolders.first == "" && !window.expandedFolders.contains(long))
        #expect(window.expandedFolders.last == "f09998")
        let cut = try #require(window.selectedFolder)
        #expect(cut.utf8.count <= AppState.maximumStringLength && long.hasPrefix(cut + "/"))
        #expect(cut.utf8.count > AppState.maximumStringLength - 2)
        #expect(window.selectedFile == nil)
    }
}
