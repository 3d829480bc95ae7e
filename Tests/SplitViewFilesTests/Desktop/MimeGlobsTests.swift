import PropertyBased
import SplitViewFiles
import Testing

struct MimeGlobsTests {
    private static func globs(_ files: String...) -> MimeGlobs {
        MimeGlobs(files: files.map { Array($0.utf8) })
    }

    private static let sample = globs(
        """
        # comment
        50:text/x-csrc:*.c:cs
        50:text/x-c++src:*.C:cs
        50:image/png:*.png
        50:application/x-compressed-tar:*.tar.gz
        50:application/gzip:*.gz
        50:text/x-makefile:makefile
        10:text/x-readme:readme*
        50:text/x-troff-man:*.[1-9]
        80:application/x-special:special.png
        50:application/x-one:*.dup
        50:application/x-two:*.dup
        50:application/x-backup:*~
        """)

    @Test func aSimpleExtensionMatchesInAnyCase() {
        #expect(Self.sample.types(for: "photo.png") == ["image/png"])
        #expect(Self.sample.types(for: "PHOTO.PNG") == ["image/png"])
    }

    @Test func caseSensitiveGlobsTellCFromCPlusPlus() {
        #expect(Self.sample.types(for: "main.c") == ["text/x-csrc"])
        #expect(Self.sample.types(for: "main.C") == ["text/x-c++src"])
    }

    @Test func theLongestPatternWinsAtEqualWeight() {
        #expect(Self.sample.types(for: "a.tar.gz") == ["application/x-compressed-tar"])
        #expect(Self.sample.types(for: "a.gz") == ["application/gzip"])
    }

    @Test func theHeaviestGlobWinsOverALongerOne() {
        #expect(Self.sample.types(for: "special.png") == ["application/x-special"])
    }

    @Test func literalNamesAndFullPatterns() {
        #expect(Self.sample.types(for: "Makefile") == ["text/x-makefile"])
        #expect(Self.sample.types(for: "README.md") == ["text/x-readme"])
        #expect(Self.sample.types(for: "ls.1") == ["text/x-troff-man"])
        #expect(Self.sample.types(for: "notes~") == ["application/x-backup"])
    }

    @Test func twoTypesOfOneWeightAndLengthAreAConflict() {
        #expect(Self.sample.types(for: "x.dup") == ["application/x-one", "application/x-two"])
    }

    @Test func noMatchIsEmpty() {
        #expect(Self.sample.types(for: "notes").isEmpty)
        #expect(Self.sample.types(for: "").isEmpty)
    }

    @Test func noGlobsInAMoreImportantFileDropsTheLessImportantGlobs() {
        let globs = Self.globs("50:image/png:*.png\n50:image/png:*.pongo\n", "50:image/png:__NOGLOBS__\n50:image/png:*.pn\n")
        #expect(globs.types(for: "a.png").isEmpty)
        #expect(globs.types(for: "a.pn") == ["image/png"])
    }

    @Test func badLinesAreSkippedAndTheRestKept() {
        let globs = Self.globs(
            "x:image/png:*.png\n500:image/png:*.png\n50::*.png\n50:notatype:*.png\n50:image/png:\n50:../..:*.x\n50:image/jpeg:*.jpg\n\u{0}\u{ff}\n"
        )
        #expect(globs.count == 1)
        #expect(globs.types(for: "a.jpg") == ["image/jpeg"])
    }

    @Test func aHugeHostileFileStillReads() {
        var text = ""
        for index in 0..<20_000 { text += "50:application/x-\(index):*[[[\(index)\n" }
        let globs = Self.globs(text + "50:image/png:*.png\n")
        #expect(globs.types(for: "a.png") == ["image/png"])
    }

    private static let names = Gen.int(in: 0...(pieces.count - 1)).array(of: 0...6).map { $0.map { pieces[$0] }.joined() }
    private static let pieces = [
        "a", "Z", ".", "png", "tar", "gz", "~", "*", "?", "[", "]", "\\", "é", "💾", "\u{0}", "/", " ", "C", "makefile", "%",
    ]

    @Test func matchingAnyNameNeverCrashesAndIsDeterministic() async {
        await propertyCheck(count: 300, input: Self.names) { name in
            let first = Self.sample.types(for: name)
            #expect(first == Self.sample.types(for: name))
            #expect(Set(first).count == first.count)
        }
    }

    /// A `globs2` of a thousand star patterns against a name of 200 characters, each row's
    /// name matched on the loop's thread: the `fnmatch` patterns share
    /// ``MimeGlobs/workLimit`` (a name's length times a pattern's, some two hundred calls
    /// here) and those past it do not match; names and tails (`*.png`, `*a`) never wait for
    /// them.
    @Test func hostilePatternsShareABoundedWork() {
        var lines = (0..<1_000).map { "50:text/x-h\($0):" + String(repeating: "*a", count: 12) + "*b" }
        lines += ["50:text/x-tail:*a", "60:text/x-late:[a]*a"]
        let globs = MimeGlobs(files: [Array(lines.joined(separator: "\n").utf8)])
        let name = String(repeating: "a", count: 200)
        #expect(globs.types(for: name) == ["text/x-tail"], "the late pattern is past the bound")
        #expect(globs.types(for: "b") == [])
        let alone = MimeGlobs(files: [Array("60:text/x-late:[a]*a\n".utf8)])
        #expect(alone.types(for: name) == ["text/x-late"], "within the bound, it matches")
    }

    @Test func aPatternLongerThanANameIsSkipped() {
        let long = String(repeating: "x", count: 255)
        let globs = MimeGlobs(files: [Array("50:text/x-long:\(long)\n50:text/x-longer:\(long)x*\n".utf8)])
        #expect(globs.types(for: long) == ["text/x-long"])
        #expect(globs.count == 1)
    }
}
