import Glibc
import SplitViewFiles
import Testing

@Suite struct FolderListingTests {
    /// A folder holding one of each kind a test can make without privileges.
    private func mixedTree() throws -> TemporaryTree {
        let tree = try TemporaryTree()
        tree.folder("Documents")
        tree.folder("archive")
        tree.file("notes10.txt", "ten")
        tree.file("notes2.txt", "two")
        tree.file(".hidden", "secret")
        tree.link("to-docs", to: "Documents")
        tree.link("to-notes", to: "notes2.txt")
        tree.link("dangling", to: "nowhere")
        tree.fifo("pipe")
        let socketPath = tree.path("socket")
        let socketFD = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in socketPath.bytes.enumerated() where index < raw.count - 1 { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketFD, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        precondition(bound == 0)
        close(socketFD)
        return tree
    }

    @Test func foldersComeFirstThenEverythingInNaturalOrder() throws {
        let tree = try mixedTree()
        let listing = try FolderListing.read(tree.root, includeHidden: false).get()
        #expect(
            listing.entries.map(\.displayName)
                == ["archive", "Documents", "to-docs", "dangling", "notes2.txt", "notes10.txt", "pipe", "socket", "to-notes"])
        #expect(listing.folderCount == 3)
        #expect(listing.subfolderIndices == 0..<3)
    }

    @Test func eachEntryHasItsOwnKindAndALinkToAFolderSortsAsOne() throws {
        let tree = try mixedTree()
        let listing = try FolderListing.read(tree.root, includeHidden: false).get()
        let byName = Dictionary(uniqueKeysWithValues: listing.entries.map { ($0.displayName, $0) })
        #expect(byName["Documents"]?.kind == .directory)
        #expect(byName["to-docs"]?.kind == .symlink)
        #expect(byName["to-docs"]?.isFolder == true)
        #expect(byName["to-notes"]?.kind == .symlink)
        #expect(byName["to-notes"]?.isFolder == false)
        #expect(byName["dangling"]?.isFolder == false)
        #expect(byName["notes2.txt"]?.kind == .regular)
        #expect(byName["pipe"]?.kind == .fifo)
        #expect(byName["socket"]?.kind == .socket)
    }

    @Test func hiddenEntriesOnlyWhenAskedAndNeverDotOrDotDot() throws {
        let tree = try mixedTree()
        let shown = try FolderListing.read(tree.root, includeHidden: false).get()
        let all = try FolderListing.read(tree.root, includeHidden: true).get()
        #expect(!shown.entries.contains { $0.isHidden })
        #expect(all.entries.filter(\.isHidden).map(\.displayName) == [".hidden"])
        #expect(all.entries.count == shown.entries.count + 1)
    }

    @Test func infoIsReadOnDemandPerEntry() throws {
        let tree = try mixedTree()
        let listing = try FolderListing.read(tree.root, includeHidden: false).get()
        let index = try #require(listing.entries.firstIndex { $0.displayName == "notes10.txt" })
        let info = try listing.info(at: index).get()
        #expect(info.kind == .regular && info.size == 3)
        #expect(listing.path(at: index) == tree.path("notes10.txt"))
        let link = try #require(listing.entries.firstIndex { $0.displayName == "to-docs" })
        #expect(try listing.info(at: link).get().resolvedKind == .directory)
    }

    @Test func infoIsKeptOnceRead() throws {
        let tree = try TemporaryTree()
        let path = tree.file("a", "1")
        let listing = try FolderListing.read(tree.root, includeHidden: false).get()
        #expect(try listing.info(at: 0).get().size == 1)
        tree.file("a", "12345")
        // The cached answer stays until the app reads the folder again.
        #expect(try listing.info(at: 0).get().size == 1)
        #expect(try FileInfo.read(path).get().size == 5)
    }

    @Test func aNameThatIsNotUTF8IsListedEscapedAndOpensByItsBytes() throws {
        let tree = try TemporaryTree()
        let name: [UInt8] = [0x66, 0xFF, 0x6F, 0x1B]
        tree.file(name, Array("inside\n".utf8))
        let listing = try FolderListing.read(tree.root, includeHidden: false).get()
        #expect(listing.entries.count == 1)
        #expect(listing.entries[0].name == name)
        #expect(listing.entries[0].displayName == "f\\xFFo\\x1B")
        #expect(listing.path(at: 0).string == nil)
        #expect(
            FilePreview.read(listing.path(at: 0)) == .text("inside\n", lineCount: 1, bytesShown: 7, totalSize: 7, encoding: .utf8)
        )
    }

    @Test func aFolderThatCannotBeOpenedIsAnErrorInTheSystemsWords() throws {
        let tree = try TemporaryTree()
        let locked = tree.folder("locked")
        tree.file("inside", in: locked)
        #expect(locked.withCString { chmod($0, 0) } == 0)
        if permissionsAreBypassed {
            // Root reads a mode-000 folder; the refused-open path is checked with a folder
            // name that is really a file instead.
            let file = tree.file("plain")
            #expect(throws: FileError(path: file.displayString, code: ENOTDIR)) {
                try FolderListing.read(file, includeHidden: false).get()
            }
        } else {
            let result = FolderListing.read(locked, includeHidden: false)
            #expect(throws: FileError(path: locked.displayString, code: EACCES)) { try result.get() }
            #expect(result.description.contains("Permission denied"))
        }
        #expect(throws: FileError(path: tree.path("gone").displayString, code: ENOENT)) {
            try FolderListing.read(tree.path("gone"), includeHidden: false).get()
        }
    }

    @Test func aLinkLoopIsListedAsLinksAndNothingHangs() throws {
        let tree = try TemporaryTree()
        tree.link("a", to: "b")
        tree.link("b", to: "a")
        tree.link("self", to: ".")
        let listing = try FolderListing.read(tree.root, includeHidden: false).get()
        #expect(listing.entries.map(\.displayName) == ["self", "a", "b"])
        #expect(listing.entries.map(\.kind) == [.symlink, .symlink, .symlink])
        #expect(try listing.info(at: 1).get().isLoop)
        #expect(try listing.info(at: 0).get().identity == FileInfo.read(tree.root).get().identity)
    }
}

extension Result {
    /// The failure's description, or an empty string on success: for checks on the words.
    fileprivate var description: String {
        if case .failure(let error) = self { return "\(error)" }
        return ""
    }
}
