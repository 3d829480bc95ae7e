import Glibc
import SplitViewFiles
import Testing

@Suite struct FileInfoTests {
    @Test func aFileReportsWhatLstatSays() throws {
        let tree = try TemporaryTree()
        let path = tree.file("notes.txt", "hello\n")
        _ = path.withCString { chmod($0, 0o640) }
        let info = try FileInfo.read(path).get()
        let status = TemporaryTree.status(path)
        #expect(info.kind == .regular)
        #expect(info.size == 6)
        #expect(info.permissions == 0o640)
        #expect(info.permissionsString == "-rw-r-----")
        #expect(info.modified == FileTime(seconds: Int64(status.st_mtim.tv_sec), nanoseconds: Int32(status.st_mtim.tv_nsec)))
        #expect(info.uid == geteuid())
        #expect(info.identity == FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino)))
        #expect(info.linkTarget == nil && info.resolvedKind == nil && info.linkError == nil)
    }

    @Test func aMissingPathIsAnErrorWithTheSystemsWords() throws {
        let tree = try TemporaryTree()
        let result = FileInfo.read(tree.path("absent"))
        #expect(throws: FileError(path: tree.path("absent").displayString, code: ENOENT)) { try result.get() }
    }

    @Test(arguments: [
        (0o4755, "-rwsr-xr-x"), (0o4644, "-rwSr--r--"), (0o2750, "-rwxr-s---"),
        (0o2640, "-rw-r-S---"), (0o1777, "-rwxrwxrwt"), (0o1666, "-rw-rw-rwT"), (0, "----------"),
    ])
    func specialBitsUseTheirLettersInUpperCaseWithoutExecute(_ mode: Int, _ expected: String) throws {
        let tree = try TemporaryTree()
        let path = tree.file("x")
        #expect(path.withCString { chmod($0, mode_t(mode)) } == 0)
        #expect(try FileInfo.read(path).get().permissionsString == expected)
    }

    @Test func aFolderAndALinkStartTheirPermissionsWithTheirLetter() throws {
        let tree = try TemporaryTree()
        let folder = tree.folder("sub")
        _ = folder.withCString { chmod($0, 0o750) }
        let link = tree.link("to-sub", to: "sub")
        #expect(try FileInfo.read(folder).get().permissionsString == "drwxr-x---")
        #expect(try FileInfo.read(link).get().permissionsString == "lrwxrwxrwx")
    }

    @Test func aLinkToAFolderIsALinkResolvingToAFolder() throws {
        let tree = try TemporaryTree()
        let folder = tree.folder("sub")
        let info = try FileInfo.read(tree.link("to-sub", to: "sub")).get()
        #expect(info.kind == .symlink)
        #expect(info.resolvedKind == .directory)
        #expect(info.isFolder)
        #expect(info.linkTarget == Array("sub".utf8))
        #expect(info.size == 3)
        #expect(info.identity == (try FileInfo.read(folder).get().identity))
    }

    @Test func aBrokenLinkExistsButDoesNotResolve() throws {
        let tree = try TemporaryTree()
        let info = try FileInfo.read(tree.link("dangling", to: "nowhere")).get()
        #expect(info.kind == .symlink)
        #expect(info.resolvedKind == nil)
        #expect(info.linkError?.code == ENOENT)
        #expect(!info.isLoop)
    }

    @Test func twoLinksToEachOtherAreALoop() throws {
        let tree = try TemporaryTree()
        tree.link("a", to: "b")
        tree.link("b", to: "a")
        for name in ["a", "b"] {
            let info = try FileInfo.read(tree.path(name)).get()
            #expect(info.kind == .symlink)
            #expect(info.isLoop)
            #expect(info.resolvedKind == nil)
            #expect(!info.isFolder)
        }
    }

    @Test func aLinkToItsOwnFolderHasThatFoldersIdentity() throws {
        let tree = try TemporaryTree()
        let folder = tree.folder("sub")
        let toSelf = tree.link("self", to: ".", in: folder)
        let toParent = tree.link("up", to: "..", in: folder)
        let folderInfo = try FileInfo.read(folder).get()
        let selfInfo = try FileInfo.read(toSelf).get()
        #expect(selfInfo.isFolder && !selfInfo.isLoop)
        #expect(selfInfo.identity == folderInfo.identity)
        #expect(try FileInfo.read(toParent).get().identity == FileInfo.read(tree.root).get().identity)
        // Going through the link many times still reaches the same folder: no loop, no hang.
        var deep = toSelf
        for _ in 0..<30 { deep = deep.appending(Array("self".utf8)) }
        #expect(try FileInfo.read(deep).get().identity == folderInfo.identity)
    }

    @Test func aLinkTargetThatIsNotUTF8IsKeptAndShownEscaped() throws {
        let tree = try TemporaryTree()
        let path = tree.path("odd")
        let target: [UInt8] = [0x62, 0xFF, 0x0A]
        let made = FilePath(bytes: target).withCString { target in path.withCString { symlink(target, $0) } }
        #expect(made == 0)
        let info = try FileInfo.read(path).get()
        #expect(info.linkTarget == target)
        #expect(info.linkTargetDisplay == "b\\xFF\\n")
    }

    @Test func ownerAndGroupNamesFallBackToTheNumber() {
        #expect(FileInfo.ownerName(0) == "root")
        #expect(FileInfo.groupName(0) == "root")
        // No system gives these IDs a name.
        #expect(FileInfo.ownerName(3_999_999_999) == "3999999999")
        #expect(FileInfo.groupName(3_999_999_998) == "3999999998")
    }

    @Test func kindsHaveTheirHumanWords() {
        #expect(
            FileKind.allCases.map(\.word) == [
                "folder", "file", "symbolic link", "FIFO", "socket",
                "character device", "block device", "unknown",
            ])
    }

    @Test func aCharacterDeviceIsRecognised() throws {
        let info = try FileInfo.read(FilePath("/dev/null")).get()
        #expect(info.kind == .characterDevice)
        #expect(info.permissionsString.first == "c")
    }
}
