import Glibc
import PropertyBased
import SplitView
import SplitViewFiles
import TestSupport
import Testing

@testable import SplitViewBrowser

/// The outline keeps its tree between changes and makes again only the changed folders'
/// parts (see `FolderTree`). Whatever happens on disk and in the outline, its rows are the
/// rows an outline made from scratch out of the same listings would show.
@Suite struct FolderTreeTests {
    /// A random run over a small tree: folders made, removed and renamed (one of them made
    /// again under the old name, so a new folder takes the place of a kept one), links to an
    /// enclosing folder, expansions and collapses, reveals, listings arriving, hidden folders
    /// shown and hidden, and changes told one folder or several at a time.
    @Test func anOutlineKeptBetweenChangesShowsWhatAFreshOneWould() async {
        await propertyCheck(count: 60, input: Gen.int(in: 0...1_000_000).array(of: 60)) { codes in
            let run = Run()
            for (step, code) in codes.enumerated() {
                let done = run.step(code)
                run.check("step \(step): \(done)")
            }
        }
    }

    /// A boundary: the root's own listing changing keeps what is expanded below it.
    @Test func aChangeToTheRootKeepsTheFoldersBelowItExpanded() {
        let tree = TempTree()
        tree.folder("a/b/c")
        let store = try! FileStore()
        let root = FilePath(tree.root)
        let a = root.appending(Array("a".utf8)), b = a.appending(Array("b".utf8))
        for folder in [root, a, b] { store.load(folder) }
        let outline = FolderTree(root: root, store: store, expanded: [root, a, b], showsHidden: false)
        #expect(outline.rows.map(\.title).suffix(3) == ["a", "b", "c"])
        tree.folder("z")
        store.load(root)
        outline.refresh([root])
        #expect(outline.rows.map(\.title).suffix(4) == ["a", "b", "c", "z"])
        #expect(outline.index(of: b) == 2)
    }

    /// The state of one random run: a tree on disk, the outline under test, and the store both
    /// it and the fresh outline read.
    final class Run {
        let tree = TempTree()
        let store = try! FileStore()
        let root: FilePath
        let outline: FolderTree
        /// The folders on disk, relative to the root ("" is the root).
        var folders: [String] = [""]
        static let names = ["a", "b", ".h", "c"]

        init() {
            root = FilePath(tree.root)
            store.load(root)
            outline = FolderTree(root: root, store: store, expanded: [root], showsHidden: false)
        }

        func path(_ relative: String) -> FilePath {
            relative.isEmpty ? root : FilePath(tree.root + "/" + relative)
        }

        func parent(_ relative: String) -> String {
            relative.lastIndex(of: "/").map { String(relative[..<$0]) } ?? ""
        }

        /// Reads `changed` again, as the store does after inotify, and tells the outline.
        func changed(_ changed: [String]) {
            for folder in changed { store.load(path(folder)) }
            outline.refresh(Set(changed.map(path)))
        }

        /// Applies the input `code` stands for; says what it was.
        func step(_ code: Int) -> String {
            let pick = code / 16
            switch code % 16 {
            case 0, 1, 2:
                let folder = folders[pick % folders.count]
                guard folder.split(separator: "/").count < 4 else { return "nothing (deep enough)" }
                let name = Self.names[pick / 7 % Self.names.count]
                let made = folder.isEmpty ? name : folder + "/" + name
                guard mkdir(tree.root + "/" + made, 0o755) == 0 else { return "nothing (\(made) exists)" }
                folders.append(made)
                changed([folder])
                return "made \(made)"
            case 3:
                guard folders.count > 1 else { return "nothing to remove" }
                let gone = folders[1 + pick % (folders.count - 1)]
                TemporaryFolder.remove(path(gone))
                folders.removeAll { $0 == gone || $0.hasPrefix(gone + "/") }
                changed([parent(gone)])
                return "removed \(gone)"
            case 4:
                // Renamed, and a new folder made in its place: same name, another inode.
                guard folders.count > 1 else { return "nothing to rename" }
                let old = folders[1 + pick % (folders.count - 1)]
                let moved = old + "-moved"
                guard rename(tree.root + "/" + old, tree.root + "/" + moved) == 0 else { return "nothing" }
                folders = folders.map { $0 == old ? moved : $0.hasPrefix(old + "/") ? moved + $0.dropFirst(old.count) : $0 }
                mkdir(tree.root + "/" + old, 0o755)
                folders.append(old)
                changed([parent(old)])
                return "renamed \(old) and made it again"
            case 5, 6, 7:
                let rows = outline.rows.filter(\.isFolder)
                let row = rows[pick % rows.count]
                outline.setExpanded(row.path, pick / 5 % 3 != 0)
                return "\(pick / 5 % 3 != 0 ? "expanded" : "collapsed") \(row.path)"
            case 8:
                let folder = folders[pick % folders.count]
                outline.reveal(path(folder))
                var above = folder
                while !above.isEmpty {
                    above = parent(above)
                    #expect(outline.expanded.contains(path(above)), "revealing \(folder) expands \(above)")
                }
                return "revealed \(folder)"
            case 9, 10:
                let waiting = outline.expanded.filter { if case .loading? = store.known($0) { true } else { false } }
                guard !waiting.isEmpty else { return "nothing loading" }
                let folder = waiting.sorted()[pick % waiting.count]
                store.load(folder)
                outline.refresh([folder])
                return "listing of \(folder) arrived"
            case 11:
                outline.showsHidden.toggle()
                outline.rebuild()
                return "hidden folders \(outline.showsHidden ? "shown" : "hidden")"
            case 12:
                // A link to an enclosing folder: listed as a folder, a loop when expanded.
                let folder = folders[pick % folders.count]
                let link = tree.root + "/" + (folder.isEmpty ? "" : folder + "/") + "up"
                guard symlink(pick % 2 == 0 ? "." : tree.root, link) == 0 else { return "nothing (link exists)" }
                changed([folder])
                return "linked \(folder)/up"
            case 13:
                // Several folders told at once, an ancestor with its descendant.
                guard let deep = folders.last, !deep.isEmpty else { return "nothing" }
                let name = Self.names[pick % Self.names.count]
                let made = deep + "/" + name
                guard deep.split(separator: "/").count < 4, mkdir(tree.root + "/" + made, 0o755) == 0 else {
                    return "nothing"
                }
                folders.append(made)
                mkdir(tree.root + "/" + parent(deep) + "/x", 0o755)
                if !folders.contains(where: { $0 == (parent(deep).isEmpty ? "x" : parent(deep) + "/x") }) {
                    folders.append(parent(deep).isEmpty ? "x" : parent(deep) + "/x")
                }
                changed([deep, parent(deep)])
                return "made \(made) and x beside \(deep)"
            case 14:
                // Told of a folder whose listing did not change (inotify's spurious events).
                let folder = folders[pick % folders.count]
                changed([folder])
                return "told of \(folder) again"
            default:
                outline.rebuild()
                return "rebuilt"
            }
        }

        /// The outline under test shows what a fresh one over the same listings shows, and
        /// finds every folder row by its path.
        func check(_ context: String) {
            let fresh = FolderTree(
                root: root, store: store, expanded: outline.expanded, showsHidden: outline.showsHidden)
            #expect(outline.rows == fresh.rows, "\(context)")
            for (index, row) in outline.rows.enumerated() where row.isFolder {
                #expect(outline.index(of: row.path) == index, "\(context): \(row.path)")
            }
        }
    }
}
