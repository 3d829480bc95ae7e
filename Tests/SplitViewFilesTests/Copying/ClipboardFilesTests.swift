import PropertyBased
import SplitViewFiles
import Testing

/// `ClipboardFiles.swift` and `CopyNaming.swift`: the desktop's clipboard forms, written and
/// read back, and hostile input refused whole.
@Suite struct ClipboardFilesTests {
    @Test func theFormsAreGNOMEsAndRFC2483s() {
        let files = ClipboardFiles(operation: .cut, paths: [FilePath("/home/ana/a b.txt"), FilePath("/tmp/ü")])
        #expect(String(decoding: files.gnomeCopiedFiles, as: UTF8.self) == "cut\nfile:///home/ana/a%20b.txt\nfile:///tmp/%C3%BC")
        #expect(String(decoding: files.uriList, as: UTF8.self) == "file:///home/ana/a%20b.txt\r\nfile:///tmp/%C3%BC\r\n")
        #expect(String(decoding: files.plainText, as: UTF8.self) == "/home/ana/a b.txt\n/tmp/ü")
    }

    /// A name that is not UTF-8 (or holds a newline) is written as its URI in the plain
    /// text: lossless, and still text.
    @Test func aPathThatIsNotTextIsWrittenAsItsURI() {
        let files = ClipboardFiles(operation: .copy, paths: [FilePath(bytes: Array("/tmp/a".utf8) + [0xFF])])
        #expect(String(decoding: files.plainText, as: UTF8.self) == "file:///tmp/a%FF")
    }

    @Test(arguments: [
        ("file:///a", "/a"), ("file://localhost/a%20b", "/a b"), ("FILE:///a", "/a"), ("file:/a/b", "/a/b"),
        ("file:///%C3%BC", "/ü"),
    ])
    func localFileURIsAreRead(uri: String, path: String) {
        #expect(ClipboardFiles.path(fromURI: Array(uri.utf8)) == FilePath(path))
    }

    @Test(arguments: [
        "http:///a", "file://host/a", "file:///a%2Fb", "file:///a%00", "file:///a/../b", "file:///a/./b", "file:///..",
        "file:///", "file:", "file:a", "file:///a%", "file:///a%4", "file:///a%zz", "file:////", "file:///a//b",
    ])
    func hostileURIsAreRefused(uri: String) {
        #expect(ClipboardFiles.path(fromURI: Array(uri.utf8)) == nil)
    }

    @Test func oneBadURIRefusesTheWholeList() {
        #expect(ClipboardFiles(uriList: Array("file:///a\r\nfile:///../etc\r\n".utf8)) == nil)
        #expect(ClipboardFiles(gnomeCopiedFiles: Array("copy\nfile:///a\nhttp://x/".utf8)) == nil)
        #expect(ClipboardFiles(gnomeCopiedFiles: Array("move\nfile:///a".utf8)) == nil, "only copy or cut")
        #expect(ClipboardFiles(gnomeCopiedFiles: Array("copy".utf8)) == nil, "no file")
        #expect(ClipboardFiles(text: Array("hello world".utf8)) == nil, "prose is not a file")
    }

    @Test func uriListsSkipCommentsAndTakeLF() {
        let files = ClipboardFiles(uriList: Array("# a comment\nfile:///a\n\nfile:///b".utf8))
        #expect(files == ClipboardFiles(operation: .copy, paths: [FilePath("/a"), FilePath("/b")]))
    }

    @Test func nautilusTextFormIsReadAsGNOMEs() {
        let text = "x-special/nautilus-clipboard\ncut\nfile:///home/a.txt\n"
        #expect(ClipboardFiles(text: Array(text.utf8)) == ClipboardFiles(operation: .cut, paths: [FilePath("/home/a.txt")]))
        #expect(
            ClipboardFiles(text: Array("/a\n/b c\n".utf8))
                == ClipboardFiles(operation: .copy, paths: [FilePath("/a"), FilePath("/b c")]))
    }

    /// Any paths, written in each form, read back the same; any bytes at all never crash the
    /// readers, and what they accept is absolute and free of `.` and `..`.
    @Test func everyFormReadsBackAndHostileBytesAreSafe() async {
        let component = Gen.uint8(in: 0...255).array(of: 1...12).map { bytes in
            bytes.map { $0 == 47 || $0 == 0 ? UInt8(ascii: "x") : $0 }
        }.map { $0 == [46] || $0 == [46, 46] ? [UInt8(ascii: "y")] : $0 }
        let path = component.array(of: 1...4).map { FilePath(bytes: $0.flatMap { [47] + $0 }) }
        await propertyCheck(count: 500, input: path.array(of: 1...5), Gen.bool) { paths, cut in
            let files = ClipboardFiles(operation: cut ? .cut : .copy, paths: paths)
            #expect(ClipboardFiles(gnomeCopiedFiles: files.gnomeCopiedFiles) == files)
            #expect(ClipboardFiles(uriList: files.uriList)?.paths == paths)
        }
        let noise = Gen.uint8(in: 0...255).array(of: 0...80)
        await propertyCheck(count: 2000, input: noise) { bytes in
            for files in [ClipboardFiles(gnomeCopiedFiles: bytes), ClipboardFiles(uriList: bytes), ClipboardFiles(text: bytes)] {
                for path in files?.paths ?? [] {
                    #expect(path.bytes.first == 47 && !path.bytes.contains(0))
                    let parts = path.bytes.split(separator: 47, omittingEmptySubsequences: false).dropFirst()
                    #expect(!parts.contains { $0.isEmpty || $0.elementsEqual([46]) || $0.elementsEqual([46, 46]) })
                }
            }
        }
    }

    @Test(arguments: [
        ("a.txt", false, ["a.txt"], "a (copy).txt"), ("a.txt", false, ["a (copy).txt"], "a (copy 2).txt"),
        ("a (copy).txt", false, [], "a (copy 2).txt"), ("a (copy 9).txt", false, [], "a (copy 10).txt"),
        (".bashrc", false, [], ".bashrc (copy)"), ("a.b.c", true, [], "a.b.c (copy)"), ("a.tar.gz", false, [], "a.tar (copy).gz"),
        ("(copy 2)", false, [], "(copy 2) (copy)"),
    ])
    func copiesAreNamedAsGNOMENamesThem(name: String, isFolder: Bool, taken: [String], expected: String) {
        let made = CopyNaming.copyName(for: Array(name.utf8), isFolder: isFolder) {
            taken.contains(String(decoding: $0, as: UTF8.self))
        }
        #expect(String(decoding: made, as: UTF8.self) == expected)
    }

    /// Whatever the name and whatever is taken, a copy's name is free, new, at most 255
    /// bytes, keeps the extension of a short one, and never cuts a UTF-8 character.
    @Test func aCopysNameIsAlwaysFreeAndValid() async {
        let letters: [UInt8] = Array("ab. ()copy2é".utf8)
        let name = Gen.int(in: 0..<letters.count).array(of: 1...300).map { $0.map { letters[$0] } }
        await propertyCheck(count: 500, input: name, Gen.int(in: 0...5)) { name, takenCount in
            var taken: Set<[UInt8]> = [name]
            for _ in 0..<takenCount {
                taken.insert(CopyNaming.copyName(for: name, isFolder: false) { taken.contains($0) })
            }
            let made = CopyNaming.copyName(for: name, isFolder: false) { taken.contains($0) }
            #expect(!taken.contains(made) && made.count <= CopyNaming.nameLimit)
            #expect(String(validating: made, as: UTF8.self) != nil || String(validating: name, as: UTF8.self) == nil)
            if let dot = name.lastIndex(of: 46), dot > 0, dot < name.count - 1, name.count - dot <= 32 {
                #expect(made.suffix(name.count - dot).elementsEqual(name[dot...]))
            }
        }
    }
}
