import Glibc
import SplitView
import SplitViewFiles
import TestSupport
import Testing

@testable import SplitViewBrowser

/// The browser over trees built to hurt: link loops, a 1 GiB sparse file, a folder 10 000
/// levels deep, names made of every byte, 255-byte names, 100 000 entries in one folder,
/// FIFOs, sockets and devices, a file made unreadable while it is shown. Each is listed and
/// shown safely: no link is followed out of its loop, no file is read whole, and nothing
/// waits on a FIFO (a test that blocked would hang, and the suite's time limit would say so).
@Suite struct HostileTreeTests {
    /// Selects `name` in `folder` (relative) and waits for the listing.
    static func show(_ browser: Browser, _ tree: TempTree, _ folder: String, _ name: [UInt8]?) {
        let path = folder.isEmpty ? FilePath(tree.root) : FilePath(tree.root + "/" + folder)
        browser.select(folder: path, name: name)
        _ = settle(browser.store) { if case .loaded? = browser.store.known(path) { true } else { false } }
    }

    @Test func linkLoopsAreListedAndNeverFollowed() {
        let tree = TempTree()
        tree.folder("a")
        symlink("b", tree.root + "/a/c")  // c → b → c
        symlink("c", tree.root + "/a/b")
        symlink(".", tree.root + "/a/self")  // a folder link to itself
        symlink("../..", tree.root + "/a/up")  // out of the tree
        let browser = makeBrowser(tree)
        Self.show(browser, tree, "a", nil)
        #expect(browser.entries.numberOfRows == 4)
        for name in ["b", "c", "self", "up"] {
            Self.show(browser, tree, "a", Array(name.utf8))
            #expect(browser.reader.title == name)
            #expect(browser.reader.text.count < 4096)
        }
        // The outline does not descend through the links: their folders are not rows of it.
        #expect(browser.tree.rows.count <= 3)
    }

    @Test func aSparseGigabyteIsShownByItsStartOnly() {
        let tree = TempTree()
        let path = tree.file("big.bin")
        #expect(truncate(path, 1 << 30) == 0)
        let browser = makeBrowser(tree)
        Self.show(browser, tree, "", Array("big.bin".utf8))
        #expect(browser.reader.title == "big.bin")
        #expect(browser.reader.text.utf8.count <= 4 * Browser.previewLimit)
        #expect(browser.reader.notice != nil)
    }

    @Test func aFolderTenThousandLevelsDeepIsBrowsedWithoutACrash() {
        let tree = TempTree()
        // Made level by level from inside (the whole path is far past PATH_MAX).
        var descriptor = open(tree.root, O_RDONLY | O_DIRECTORY)
        #expect(descriptor >= 0)
        for _ in 0..<10_000 {
            mkdirat(descriptor, "d", 0o755)
            let next = openat(descriptor, "d", O_RDONLY | O_DIRECTORY)
            close(descriptor)
            descriptor = next
            guard descriptor >= 0 else { break }
        }
        if descriptor >= 0 { close(descriptor) }
        defer { Self.removeChain(tree.root) }
        let browser = makeBrowser(tree)
        // A level a path still reaches is listed; one past PATH_MAX is refused in words.
        for depth in [100, 2_100] {
            let path = FilePath(tree.root + String(repeating: "/d", count: depth))
            browser.select(folder: path, name: nil)
            _ = settle(browser.store) { browser.store.known(path) != nil && !isLoading(browser.store.known(path)) }
            switch browser.store.known(path) {
            case .loaded(let listing)?: #expect(listing.entries.count == 1 && depth == 100)
            case .failed(let error)?: #expect(!error.reason.isEmpty && depth == 2_100)
            default: Issue.record("depth \(depth) was never read")
            }
        }
        // Walked down one level at a time, as a person pressing Right and Down would, until a
        // level past PATH_MAX is refused. The outline keeps its tree between steps, so each
        // step costs one walk over the rows; before, it hashed and copied every level's whole
        // path (cubic: 2 100 levels did not finish in 15 minutes).
        let walker = makeBrowser(tree)
        var path = tree.root
        var refused = 0
        for depth in 1...2_100 {
            path += "/d"
            let folder = FilePath(path)
            walker.select(folder: folder, name: nil)
            #expect(walker.folders.selectedIndex == depth)
            _ = settle(walker.store) { walker.store.known(folder) != nil && !isLoading(walker.store.known(folder)) }
            if case .failed(let error)? = walker.store.known(folder) {
                refused = depth
                #expect(walker.fileList.emptyText == error.reason)
                break
            }
        }
        // 4 096 bytes hold about 2 040 levels of "/d" below the test's folder.
        #expect((2_000...2_048).contains(refused))
    }

    /// Removes a chain of folders `d/d/d/…` too deep for any path, from the top: the child
    /// moves up in place of its parent, one level at a time.
    static func removeChain(_ root: String) {
        let top = open(root, O_RDONLY | O_DIRECTORY)
        guard top >= 0 else { return }
        defer { close(top) }
        while renameat(top, "d/d", top, "t") == 0 {
            unlinkat(top, "d", AT_REMOVEDIR)
            renameat(top, "t", top, "d")
        }
        unlinkat(top, "d", AT_REMOVEDIR)
    }

    @Test func namesOfEveryByteAndOf255BytesAreListedAndOpenByTheirBytes() throws {
        let tree = TempTree()
        tree.folder("names")
        var expected: [[UInt8]] = []
        for byte in UInt8(1)...UInt8(255) where byte != UInt8(ascii: "/") {
            let name: [UInt8] = Array("b-".utf8) + [byte]
            expected.append(name)
        }
        let every = (UInt8(1)...UInt8(255)).filter { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: ".") }
        expected.append(every)
        expected.append([UInt8](repeating: UInt8(ascii: "x"), count: 255))
        for name in expected {
            let path = Array((tree.root + "/names/").utf8) + name + [0]
            let descriptor = path.withUnsafeBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: path.count) {
                    open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
                }
            }
            try #require(descriptor >= 0, "cannot create a file named \(name)")
            var text = Array("contents of \(name.count) bytes".utf8)
            _ = write(descriptor, &text, text.count)
            close(descriptor)
        }
        let browser = makeBrowser(tree)
        Self.show(browser, tree, "names", nil)
        #expect(browser.entries.numberOfRows == expected.count)
        for name in expected {
            Self.show(browser, tree, "names", name)
            #expect(browser.selectedName == name)
            #expect(browser.reader.text == "contents of \(name.count) bytes")
            // Shown escaped where the bytes are not printable UTF-8: never a control character.
            #expect(!browser.reader.title.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        }
    }

    @Test func aHundredThousandEntriesAreListedAndTheLastOneShown() {
        let tree = TempTree()
        let folder = tree.folder("many")
        for index in 0..<100_000 {
            let descriptor = open(folder + "/f\(index)", O_WRONLY | O_CREAT, 0o644)
            if descriptor >= 0 { close(descriptor) }
        }
        let browser = makeBrowser(tree)
        Self.show(browser, tree, "many", Array("f99999".utf8))
        #expect(browser.entries.numberOfRows == 100_000)
        #expect(browser.reader.title == "f99999")
        #expect(browser.fileList.selectedIndex == 99_999)
    }

    @Test func fifosSocketsAndDevicesAreListedAndNeverOpened() {
        let tree = TempTree()
        #expect(mkfifo(tree.root + "/pipe", 0o644) == 0)
        let socketFD = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let socketPath = Array((tree.root + "/socket").utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in socketPath.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
        }
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketFD, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        defer { close(socketFD) }
        symlink("/dev/null", tree.root + "/null-link")
        let device = mknod(tree.root + "/zero", S_IFCHR | 0o644, dev_t((1 << 8) | 5)) == 0  // root only
        let browser = makeBrowser(tree)
        for name in ["pipe", "socket", "null-link"] + (device ? ["zero"] : []) {
            Self.show(browser, tree, "", Array(name.utf8))
            #expect(browser.reader.title == name)
            #expect(browser.reader.text.isEmpty, "\(name) is never opened")
        }
    }

    @Test func aFileMadeUnreadableWhileShownSaysSoAndKeepsTheRest() {
        let tree = TempTree()
        let path = tree.file("notes.txt", "readable")
        tree.file("other.txt", "other")
        let browser = makeBrowser(tree)
        Self.show(browser, tree, "", Array("notes.txt".utf8))
        #expect(browser.reader.text == "readable")
        // Made unreadable (for root, which chmod does not stop, by making it a FIFO instead).
        if geteuid() == 0 {
            unlink(path)
            mkfifo(path, 0o644)
        } else {
            chmod(path, 0)
        }
        Self.show(browser, tree, "", Array("other.txt".utf8))
        Self.show(browser, tree, "", Array("notes.txt".utf8))
        #expect(browser.reader.title == "notes.txt")
        #expect(browser.reader.text.isEmpty)
        Self.show(browser, tree, "", Array("other.txt".utf8))
        #expect(browser.reader.text == "other")
    }
}

extension HostileTreeTests {
    /// The shown folder deleted under the browser: the enclosing folder is selected, the
    /// outline drops the folder, the reader shows nothing stale, and the rest still browses.
    @Test(.enabled(if: hasInotify, "no inotify here: nothing tells the browser of a change"))
    func theShownFolderDeletedWhileShownSelectsItsParent() {
        let tree = TempTree()
        tree.file("Shown/a.txt", "a")
        tree.file("Other/b.txt", "b")
        let browser = makeBrowser(tree)
        Self.show(browser, tree, "Shown", Array("a.txt".utf8))
        #expect(browser.reader.text == "a")
        unlink(tree.root + "/Shown/a.txt")
        rmdir(tree.root + "/Shown")
        #expect(settle(browser.store) { browser.selectedFolder == FilePath(tree.root) })
        #expect(browser.selectedName == nil && browser.reader.text.isEmpty)
        #expect(browser.reader.placeholder == "No file selected")
        #expect(settle(browser.store) { !browser.tree.rows.contains { $0.title == "Shown" } })
        #expect(browser.folders.selectedIndex == 0)
        Self.show(browser, tree, "Other", Array("b.txt".utf8))
        #expect(browser.reader.text == "b")
    }

    /// The shown folder renamed: it is followed by its device and inode, the same file stays
    /// selected under the new folder name, and the outline shows the new name.
    @Test(.enabled(if: hasInotify, "no inotify here: nothing tells the browser of a change"))
    func theShownFolderRenamedWhileShownIsFollowed() {
        let tree = TempTree()
        tree.file("Before/a.txt", "a")
        tree.folder("Before/Sibling")
        let browser = makeBrowser(tree)
        Self.show(browser, tree, "Before", Array("a.txt".utf8))
        rename(tree.root + "/Before", tree.root + "/After")
        let after = FilePath(tree.root + "/After")
        #expect(settle(browser.store) { browser.selectedFolder == after && browser.reader.text == "a" })
        #expect(browser.selectedName == Array("a.txt".utf8))
        #expect(browser.title.hasPrefix("a.txt — After — "))
        #expect(browser.folders.selectedIndex.map { browser.tree.rows[$0].title } == "After")
    }

    /// The shown folder replaced by a file of the same name: its enclosing folder is selected
    /// (the name is still in that folder, but not as a folder).
    @Test(.enabled(if: hasInotify, "no inotify here: nothing tells the browser of a change"))
    func theShownFolderReplacedByAFileSelectsItsParent() {
        let tree = TempTree()
        tree.file("Shown/a.txt", "a")
        let browser = makeBrowser(tree)
        Self.show(browser, tree, "Shown", Array("a.txt".utf8))
        TemporaryFolder.remove(FilePath(tree.root + "/Shown"))
        tree.file("Shown", "now a file")
        #expect(settle(browser.store) { browser.selectedFolder == FilePath(tree.root) })
        #expect(browser.entries.index(of: Array("Shown".utf8)) != nil)
    }

    /// An enclosing folder deleted: the nearest folder still there is selected (a renamed
    /// enclosing folder is not followed: the same holds).
    @Test(.enabled(if: hasInotify, "no inotify here: nothing tells the browser of a change"))
    func anEnclosingFolderDeletedSelectsTheNearestOneStillThere() {
        let tree = TempTree()
        tree.file("Top/Middle/Shown/a.txt", "a")
        let browser = makeBrowser(tree)
        Self.show(browser, tree, "Top/Middle/Shown", Array("a.txt".utf8))
        TemporaryFolder.remove(FilePath(tree.root + "/Top/Middle"))
        #expect(settle(browser.store) { browser.selectedFolder == FilePath(tree.root + "/Top") })
        #expect(browser.reader.text.isEmpty && browser.selectedName == nil)
    }

    /// A folder known not to be there when it is selected (a saved state naming a folder since
    /// deleted, or one whose name is not UTF-8 and was saved escaped) gives way to its nearest
    /// enclosing folder, the file it named dropped.
    @Test func selectingAFolderThatIsNotThereSelectsTheNearestOneThatIs() {
        let tree = TempTree()
        tree.file("Kept/a.txt", "a")
        let browser = makeBrowser(tree)
        let gone = FilePath(tree.root + "/Kept/Gone\\xE9/Deeper")
        browser.store.load(gone)
        browser.store.load(gone.parent)
        browser.store.load(FilePath(tree.root + "/Kept"))
        browser.select(folder: gone, name: Array("a.txt".utf8))
        #expect(browser.selectedFolder == FilePath(tree.root + "/Kept"))
        #expect(browser.selectedName == nil && browser.reader.placeholder == "No file selected")
    }

    /// A folder deleted and made again under its name (`rm -r build; mkdir build`) is read
    /// again: its inotify watch went with the first, and its parent's new listing names it.
    @Test(.enabled(if: hasInotify, "no inotify here: nothing tells the browser of a change"))
    func aFolderDeletedAndMadeAgainIsReadAgain() {
        let tree = TempTree()
        tree.file("build/old.o", "")
        let browser = makeBrowser(tree)
        let build = FilePath(tree.root + "/build")
        browser.tree.setExpanded(build, true)
        #expect(settle(browser.store) { if case .loaded? = browser.store.known(build) { true } else { false } })
        TemporaryFolder.remove(build)
        #expect(settle(browser.store) { Browser.isGone(browser.store.known(build)) })
        tree.file("build/new.o", "")
        tree.folder("build/objects")
        #expect(settle(browser.store) { browser.tree.rows.contains { $0.title == "objects" } })
        guard case .loaded(let listing)? = browser.store.known(build) else {
            Issue.record("not read again")
            return
        }
        #expect(listing.entries.count == 2)
    }

    /// The shown folder made unreadable, then readable again: the list says why and the
    /// selection stays; once readable, the same file shows again. (Root reads anything: the
    /// real window's test runs the program as another user for this.)
    /// Root reads anything: as root, the check runs as the user nobody (see
    /// ``checkAsNobodyWhenRoot(_:sourceLocation:_:)``); the real window's test does the same
    /// with the program (`ShownFilesTests`).
    @Test(.enabled(if: hasInotify, "no inotify here: nothing tells the browser of a change"))
    func theShownFolderMadeUnreadableSaysWhyAndComesBack() throws {
        try checkAsNobodyWhenRoot("HostileTreeTests/theShownFolderMadeUnreadableSaysWhyAndComesBack") {
            let tree = TempTree()
            tree.file("Shown/a.txt", "a")
            let browser = makeBrowser(tree)
            Self.show(browser, tree, "Shown", Array("a.txt".utf8))
            #expect(chmod(tree.root + "/Shown", 0) == 0)
            let directory = opendir(tree.root + "/Shown")
            if let directory { closedir(directory) }
            try #require(directory == nil, "the folder must be unreadable to this user")
            #expect(settle(browser.store) { browser.fileList.emptyText == "Permission denied" })
            #expect(browser.reader.placeholder == "“a.txt” cannot be shown: Permission denied.")
            #expect(browser.selectedFolder == FilePath(tree.root + "/Shown"))
            #expect(chmod(tree.root + "/Shown", 0o755) == 0)
            #expect(settle(browser.store) { browser.reader.text == "a" })
        }
    }
}

/// True while a listing is being read.
func isLoading(_ listing: FileStore.Listing?) -> Bool {
    if case .loading? = listing { return true }
    return false
}
