import PropertyBased
import SplitViewFiles
import Testing

@Suite struct FilePathTests {
    @Test func aTrailingSlashIsDroppedButTheRootKeepsItsOwn() {
        #expect(FilePath("/a/b/") == FilePath("/a/b"))
        #expect(FilePath("/a//").bytes == Array("/a".utf8))
        #expect(FilePath("/").bytes == [UInt8(ascii: "/")])
        #expect(FilePath("///").isRoot)
        #expect(!FilePath("/a").isRoot)
    }

    @Test func appendingAddsExactlyOneSlash() {
        #expect(FilePath("/a").appending(Array("b".utf8)) == FilePath("/a/b"))
        #expect(FilePath("/").appending(Array("b".utf8)) == FilePath("/b"))
        #expect(FilePath(bytes: []).appending(Array("b".utf8)) == FilePath("b"))
    }

    /// Paths are compared and hashed as blocks of memory: exactly when their bytes are equal,
    /// with equal hashes for equal paths; empty and unequal-length paths are the boundaries.
    @Test func pathsAreEqualExactlyWhenTheirBytesAreAndHashAlike() async {
        #expect(FilePath(bytes: []) == FilePath(bytes: []))
        #expect(FilePath("/a") != FilePath("/ab"))
        #expect(FilePath("/ab") != FilePath("/ac"))
        let bytes = Gen.uint8(in: 0...3).array(of: 0...6)
        await propertyCheck(count: 2000, input: bytes, bytes) { a, b in
            let left = FilePath(bytes: a), right = FilePath(bytes: b)
            #expect((left == right) == (left.bytes == right.bytes))
            #expect(left == FilePath(bytes: Array(left.bytes)))
            if left == right { #expect(left.hashValue == right.hashValue) }
            #expect(Set([left, right]).count == (left.bytes == right.bytes ? 1 : 2))
        }
    }

    /// A joined path's parent is the folder, and its last component the name, at any length.
    @Test func appendingThenParentGivesTheFolderBack() async {
        let name = Gen.uint8(in: 0...255).array(of: 1...300).map { $0.map { $0 == 47 || $0 == 0 ? 120 : $0 } }
        await propertyCheck(count: 500, input: name, name) { folder, leaf in
            let base = FilePath(bytes: [47] + folder)
            let joined = base.appending(leaf)
            #expect(joined.bytes.count == base.bytes.count + 1 + leaf.count)
            #expect(joined.parent == base)
            #expect(joined.lastComponent == leaf)
        }
    }

    @Test func parentStopsAtTheRootAndAtARelativeName() {
        #expect(FilePath("/a/b/c").parent == FilePath("/a/b"))
        #expect(FilePath("/a").parent == FilePath("/"))
        #expect(FilePath("/").parent == FilePath("/"))
        #expect(FilePath("a").parent == FilePath("."))
        #expect(FilePath("a/b").parent == FilePath("a"))
    }

    @Test func lastComponentOfTheRootIsTheSlash() {
        #expect(FilePath("/a/b/c").lastComponent == Array("c".utf8))
        #expect(FilePath("/").lastComponent == Array("/".utf8))
        #expect(FilePath("name").lastComponent == Array("name".utf8))
    }

    @Test func stringIsNilExactlyWhenTheBytesAreNotUTF8() {
        #expect(FilePath("/tmp/é").string == "/tmp/é")
        #expect(FilePath(bytes: [0x2F, 0x61, 0xFF]).string == nil)
        // An overlong encoding of "/" must not pass as text.
        #expect(FilePath(bytes: [0xC0, 0xAF]).string == nil)
    }

    @Test func withCStringEndsWithTheOnlyNUL() {
        let path = FilePath(bytes: [0x2F, 0x80, 0x61])
        let length = path.withCString { strlenOf($0) }
        #expect(length == 3)
    }

    @Test func invalidBytesAreEscapedOneByOne() {
        #expect(FilePath.displayName([0x61, 0xFF, 0xFE, 0x62]) == "a\\xFF\\xFEb")
        // A truncated three-byte sequence before ASCII: both bytes shown, the ASCII kept.
        #expect(FilePath.displayName([0xE2, 0x82, 0x41]) == "\\xE2\\x82A")
        // A surrogate encoded in UTF-8 is not a scalar.
        #expect(FilePath.displayName([0xED, 0xA0, 0x80]) == "\\xED\\xA0\\x80")
    }

    @Test func controlCharactersAreEscapedAndTextIsNot() {
        #expect(FilePath.displayName(Array("a\nb\tc\rd".utf8)) == "a\\nb\\tc\\rd")
        #expect(FilePath.displayName([0x1B, 0x5B, 0x33, 0x31, 0x6D]) == "\\x1B[31m")
        #expect(FilePath.displayName([0x7F]) == "\\x7F")
        #expect(FilePath.displayName(Array("Café ☕ 日本".utf8)) == "Café ☕ 日本")
        #expect(FilePath.displayName(Array("a\\b".utf8)) == "a\\b")
    }

    @Test func textReorderingAndC1ControlsAreEscaped() {
        #expect(FilePath.displayName(Array("a\u{202E}txt.exe".utf8)) == "a\\u{202E}txt.exe")
        #expect(FilePath.displayName(Array("a\u{85}b".utf8)) == "a\\u{0085}b")
    }

    @Test func theDisplayStringEscapesTheWholePath() {
        let path = FilePath("/tmp").appending([0x66, 0xFF, 0x0A])
        #expect(path.displayString == "/tmp/f\\xFF\\n")
        #expect("\(path)" == "/tmp/f\\xFF\\n")
    }
}

private func strlenOf(_ pointer: UnsafePointer<CChar>) -> Int {
    var length = 0
    while pointer[length] != 0 { length += 1 }
    return length
}

/// `resolved`: links, `.` and `..` followed to the real path; nil for a path that is not there.
@Suite struct FilePathResolvingTests {
    @Test func linksAndDotsResolveAndAMissingPathDoesNot() throws {
        let tree = try TemporaryTree()
        let real = tree.folder("real")
        let link = tree.link("link", to: real.displayString)
        let root = try #require(tree.root.resolved)
        #expect(link.resolved == root.appending(Array("real".utf8)))
        #expect(FilePath(link.displayString + "/../real/.").resolved == root.appending(Array("real".utf8)))
        #expect(tree.path("missing").resolved == nil)
    }
}
