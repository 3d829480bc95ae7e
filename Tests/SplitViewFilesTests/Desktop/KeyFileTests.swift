import Testing

@testable import SplitViewFiles

struct KeyFileTests {
    private static func file(_ text: String) -> KeyFile { KeyFile(Array(text.utf8)) }

    @Test func groupsKeysAndValuesAsWritten() {
        let file = Self.file("# a comment\n[First]\n  Name = Files \nExec=files %U\nName[fr]=Éditeur\n\n[Second]\r\nKey=b\r\n")
        #expect(file.groups.map(\.name) == ["First", "Second"])
        #expect(file.value("Name", in: "First") == "Files ", "blanks before the value go, after it stay")
        #expect(file.value("Exec", in: "First") == "files %U")
        #expect(file.value("Name[fr]", in: "First") == "Éditeur")
        #expect(file.value("Key", in: "Second") == "b")
        #expect(file.value("Key", in: "First") == nil)
        #expect(file.hasGroup("Second") && !file.hasGroup("Third"))
    }

    @Test func aRepeatedKeyKeepsItsFirstValueAndARepeatedGroupAddsItsKeys() {
        let file = Self.file("[G]\na=1\nb=2\na=3\n[H]\nc=4\n[G]\nb=5\nd=6\n")
        #expect(file.entries(in: "G").map(\.key) == ["a", "b", "d"])
        #expect(file.entries(in: "G").map(\.value) == ["1", "2", "6"])
        #expect(file.groups.count == 2)
    }

    @Test func linesThatAreNotKeysAreSkipped() {
        let bytes =
            Array("before=group\n[G]\nno equals\n=empty key\nok=1\n".utf8) + [0x62, 0xFF, 0x3D, 0x32, 0x0A]
            + Array("[Unclosed\nlost=1\n".utf8)
        let file = KeyFile(bytes)
        #expect(file.groups.map(\.name) == ["G"])
        #expect(file.entries(in: "G").map(\.key) == ["ok"], "not UTF-8: the line goes, not the file")
        #expect(file.value("lost", in: "G") == nil, "an unclosed group header ends the group before it")
    }

    /// The boundary the issue found: a group of 150 000 short keys, each written twice, is
    /// read whole, every key with its first value. Comparing each key with every key before it
    /// took minutes (a 1 MiB `mimeapps.list` held the first window for 49–98 s).
    @Test func aGroupOf150000KeysKeepsEachKeysFirstValue() {
        var text = "[Added Associations]\n"
        for number in 0..<150_000 { text += "k\(number)=first\(number)\n" }
        for number in stride(from: 0, to: 150_000, by: 7) { text += "k\(number)=second\n" }
        let file = Self.file(text)
        let entries = file.entries(in: "Added Associations")
        #expect(entries.count == 150_000)
        #expect(entries.first?.key == "k0" && entries.last?.key == "k149999")
        #expect(file.value("k149996", in: "Added Associations") == "first149996")
        #expect(file.value("k7", in: "Added Associations") == "first7")
        #expect(entries.allSatisfy { $0.value.hasPrefix("first") })
    }

    @Test func aHundredThousandGroupsAreEachFoundByName() {
        var text = ""
        for number in 0..<100_000 { text += "[g\(number)]\nk=\(number)\n" }
        let file = Self.file(text)
        #expect(file.groups.count == 100_000)
        #expect(file.value("k", in: "g99999") == "99999")
        #expect(file.entries(in: "g50000").map(\.value) == ["50000"])
    }

    @Test func listsAndEscapes() {
        #expect(KeyFile.list("a;b\\;c; ;d;") == ["a", "b;c", "d"])
        #expect(KeyFile.unescaped("a\\sb\\nc\\\\d\\x") == "a b\nc\\d\\x")
    }

    /// Lists are read byte by byte (the separators and escapes are ASCII): characters beyond
    /// ASCII pass whole, whatever follows them, and blanks go at both ends of an item.
    @Test func listsKeepCharactersBeyondASCIIAndTrimBlanks() {
        #expect(KeyFile.list("été;  naïve\t ;日本,語;", separator: ";") == ["été", "naïve", "日本,語"])
        #expect(KeyFile.list("16x16/apps, 22x22/ é ,,scalable", separator: ",") == ["16x16/apps", "22x22/ é", "scalable"])
        #expect(KeyFile.list("a\\;b;c\\") == ["a;b", "c"])
        #expect(KeyFile.list("") == [])
        #expect(KeyFile.unescaped("tail\\") == "tail\\")
        #expect(" \t x y\t ".trimmingBlanks == "x y")
        #expect("\t\t".trimmingBlanks == "")
    }
}
