import SplitViewFiles
import Testing

@testable import SplitViewBrowser

/// What a window lists, alone: hidden entries shown or hidden in the outline, and a new
/// outline at a place keeping the places.
@Suite struct ListingTests {
    static func listing(_ tree: TempTree, showsHidden: Bool = false) -> Listing {
        let store = try! FileStore()
        let root = FilePath(tree.root)
        store.load(root)
        return Listing(
            store: store, sorts: FolderSorts(), root: root, expanded: [root], showsHidden: showsHidden, rootTitle: nil)
    }

    @Test func hiddenFoldersShowInTheOutlineOnlyWhenAsked() {
        let tree = BrowserTests.sample()
        let listing = Self.listing(tree)
        #expect(!listing.tree.rows.contains { $0.title == ".hidden" })
        #expect(listing.setShowsHidden(true))
        #expect(listing.showsHidden && listing.tree.showsHidden)
        #expect(listing.tree.rows.contains { $0.title == ".hidden" })
        #expect(!listing.setShowsHidden(true))
        #expect(listing.setShowsHidden(false))
        #expect(!listing.tree.rows.contains { $0.title == ".hidden" })
    }

    @Test func aNewRootKeepsThePlacesAndExpandsItself() {
        let tree = BrowserTests.sample()
        let listing = Self.listing(tree)
        listing.tree.places = [Place(name: "Home", path: FilePath(tree.root), kind: .home)]
        let notes = FilePath(tree.root + "/Notes")
        listing.store.load(notes)
        listing.reroot(at: notes, rootTitle: "Notes!")
        #expect(listing.tree.root == notes)
        #expect(listing.tree.places.map(\.name) == ["Home"])
        #expect(listing.tree.rows.contains { $0.title == "Notes!" })
        #expect(listing.tree.rows.contains { $0.title == "Archive" })
    }
}
