import Glibc
import PropertyBased
import SplitViewFiles
import Testing

/// `FolderNames`: the one loop over `readdir`. Every name but `.` and `..` (names that only
/// start with dots included), each kind as the folder gives it, the caller's descriptor read
/// from its start and left open, and failures in the system's words.
@Suite struct FolderNamesTests {
    /// Names at the edges of `.` and `..`, and the longest a name may be, come back; `.` and
    /// `..` never do.
    @Test func everyNameButDotAndDotDot() throws {
        let tree = try TemporaryTree()
        let names = ["...", ".x", "..x", "x.", "x..", ".hidden", String(repeating: "n", count: 255), "é"]
        for name in names { tree.file(name) }
        let folder = try FolderNames(opening: tree.root)
        var read: [String] = []
        while let name = try folder.nextName() { read.append(String(decoding: name, as: UTF8.self)) }
        #expect(read.sorted() == names.sorted())
        #expect(try folder.nextName() == nil)  // and stays at the end
    }

    @Test func anEmptyFolderHasNoNames() throws {
        let tree = try TemporaryTree()
        #expect(try FolderNames(opening: tree.root).nextName() == nil)
        let descriptor = open(tree.root.string!, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { close(descriptor) }
        #expect(try FolderNames.all(in: descriptor, path: tree.root).isEmpty)
    }

    /// Names of any bytes but `/` and NUL come back byte for byte.
    @Test func namesOfAnyBytesComeBackWhole() async throws {
        let name = Gen.uint8(in: 1...255).array(of: 1...60).map { $0.map { $0 == 47 ? 120 : $0 } }
        await propertyCheck(count: 40, input: name.array(of: 0...12)) { names in
            guard let tree = try? TemporaryTree() else { return #expect(Bool(false), "no temporary folder") }
            let made = Set(names.filter { $0 != [46] && $0 != [46, 46] })
            for name in made { tree.file(name) }
            let descriptor = open(tree.root.string!, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            defer { close(descriptor) }
            #expect(Set((try? FolderNames.all(in: descriptor, path: tree.root)) ?? []) == made)
        }
    }

    /// `d_type` as the folder gives it; a file system that does not say gives `.unknown`.
    @Test func eachEntryComesWithItsKind() throws {
        let tree = try TemporaryTree()
        tree.file("file")
        tree.folder("folder")
        tree.link("link", to: "folder")
        tree.fifo("fifo")
        let folder = try FolderNames(opening: tree.root)
        var kinds: [String: FileKind] = [:]
        try folder.forEach { kinds[String(decoding: $0.name, as: UTF8.self)] = $0.kind }
        let expected: [String: FileKind] = ["file": .regular, "folder": .directory, "link": .symlink, "fifo": .fifo]
        #expect(kinds.keys.sorted() == expected.keys.sorted())
        for (name, kind) in expected { #expect(kinds[name] == kind || kinds[name] == .unknown, "\(name)") }
    }

    /// The C name is the entry's, for the `*at` calls on the folder's descriptor.
    @Test func theCNameOpensTheEntryThroughTheDescriptor() throws {
        let tree = try TemporaryTree()
        tree.file("a.txt", "abc")
        let folder = try FolderNames(opening: tree.root)
        let size = try folder.next { entry -> Int in
            var info = stat()
            return fstatat(folder.descriptor, entry.cName, &info, AT_SYMLINK_NOFOLLOW) == 0 ? Int(info.st_size) : -1
        }
        #expect(size == 3)
    }

    /// A descriptor read before is read again from its start, through a duplicate: the
    /// caller's stays open.
    @Test func aDescriptorIsReadFromItsStartAndLeftOpen() throws {
        let tree = try TemporaryTree()
        for index in 0..<50 { tree.file("f\(index)") }
        let descriptor = open(tree.root.string!, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { close(descriptor) }
        let partial = try FolderNames(of: descriptor, path: tree.root)
        for _ in 0..<10 { _ = try partial.nextName() }
        let first = try FolderNames.all(in: descriptor, path: tree.root)
        let second = try FolderNames.all(in: descriptor, path: tree.root)
        #expect(first.count == 50 && Set(first) == Set(second))
        #expect(fcntl(descriptor, F_GETFD) >= 0)
    }

    /// What cannot be read fails with the system's reason, on the path.
    @Test(arguments: [("missing", ENOENT), ("file", ENOTDIR), ("nul", EINVAL)])
    func aFolderThatCannotBeReadSaysWhy(name: String, code: Int32) throws {
        let tree = try TemporaryTree()
        tree.file("file")
        let path = name == "nul" ? tree.root.appending([0x61, 0, 0x62]) : tree.path(name)
        #expect(throws: FileError(path: path.displayString, code: code)) { try FolderNames(opening: path) }
    }
}
