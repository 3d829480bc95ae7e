import CX11
import Foundation
import Glibc
import SplitView
import Testing

@testable import SplitViewX11

/// The file of fontconfig's answers: where it lives, when it is believed, and what it holds.
/// Fontconfig's own configuration is loaded in this process (as the font tests load it).
@Suite struct FontCacheTests {
    /// A fresh folder of the test's own, removed at the end.
    final class Folder {
        let path: String
        init() throws {
            var template = Array("/tmp/splitview-fontcache-XXXXXX".utf8CString)
            guard mkdtemp(&template) != nil else { throw CocoaError(.fileWriteUnknown) }
            path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }

        func write(_ name: String, _ text: String) {
            _ = FileManager.default.createFile(atPath: path + "/" + name, contents: Data(text.utf8))
        }
    }

    @Test(arguments: [
        (["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/a"], "/x/cache/splitview/fonts"),
        (["XDG_CACHE_HOME": "/x/cache/", "HOME": "/home/a"], "/x/cache/splitview/fonts"),
        (["XDG_CACHE_HOME": "relative", "HOME": "/home/a"], "/home/a/.cache/splitview/fonts"),
        (["HOME": "/home/a/"], "/home/a/.cache/splitview/fonts"),
    ])
    func theFileFollowsTheXDGCacheFolder(environment: [String: String], expected: String) {
        #expect(FontCache.standard(program: "splitview", environment: environment)?.path == expected)
    }

    @Test func noFolderMeansNoCache() {
        #expect(FontCache.standard(program: "splitview", environment: [:]) == nil)
        #expect(FontCache.standard(program: "splitview", environment: ["HOME": "relative"]) == nil)
    }

    @Test func aMissingFileAnswersNothing() throws {
        let folder = try Folder()
        let cache = FontCache(path: folder.path + "/none/fonts")
        #expect(!cache.load())
        #expect(cache.pattern(for: "DejaVu Sans:pixelsize=13") == nil)
    }

    /// What a save writes is read back by the next run, in the order recorded.
    @Test func answersSavedAreReadBack() throws {
        let folder = try Folder()
        FcInit()
        let first = FontCache(path: folder.path + "/cache/fonts")
        first.record(key: "A:pixelsize=13 ctx", pattern: "A-10:pixelsize=13")
        first.record(key: "B:pixelsize=13 ctx", pattern: "B-10:pixelsize=13")
        #expect(first.save())
        #expect(!first.save())  // nothing new
        let next = FontCache(path: folder.path + "/cache/fonts")
        #expect(next.load())
        #expect(next.pattern(for: "A:pixelsize=13 ctx") == "A-10:pixelsize=13")
        #expect(next.pattern(for: "B:pixelsize=13 ctx") == "B-10:pixelsize=13")
        #expect(next.pattern(for: "C:pixelsize=13 ctx") == nil)
        var info = stat()
        #expect(stat(folder.path + "/cache", &info) == 0 && info.st_mode & 0o777 == 0o700)
    }

    /// The text of a file whose one source is `source`, with one entry.
    private func text(source: String, environment: [String] = FontCache.currentEnvironment()) -> String {
        FontCache.text(entries: [("k", "p")], sources: [source], environment: environment)
    }

    @Test func aFileIsBelievedWhileItsSourcesStayAsTheyWere() throws {
        let folder = try Folder()
        folder.write("fonts.conf", "<fontconfig/>")
        let source = folder.path + "/fonts.conf"
        let saved = text(source: source)
        #expect(FontCache.entries(in: saved, environment: FontCache.currentEnvironment())?.map(\.pattern) == ["p"])
        folder.write("fonts.conf", "<fontconfig><dir>/x</dir></fontconfig>")  // edited: another size
        #expect(FontCache.entries(in: saved, environment: FontCache.currentEnvironment()) == nil)
    }

    @Test func aSourceThatAppearsOrGoesMakesItStale() throws {
        let folder = try Folder()
        let absent = folder.path + "/conf.d"
        let saved = text(source: absent)
        #expect(FontCache.entries(in: saved, environment: FontCache.currentEnvironment()) != nil)
        mkdir(absent, 0o700)
        #expect(FontCache.entries(in: saved, environment: FontCache.currentEnvironment()) == nil)
        let present = text(source: absent)
        rmdir(absent)
        #expect(FontCache.entries(in: present, environment: FontCache.currentEnvironment()) == nil)
    }

    @Test func anotherEnvironmentMakesItStale() throws {
        let folder = try Folder()
        let saved = text(source: folder.path, environment: ["LANG=C.UTF-8"])
        #expect(FontCache.entries(in: saved, environment: ["LANG=C.UTF-8"]) != nil)
        #expect(FontCache.entries(in: saved, environment: ["LANG=ja_JP.UTF-8"]) == nil)
        #expect(FontCache.entries(in: saved, environment: ["LANG=C.UTF-8", "FONTCONFIG_FILE=/x"]) == nil)
    }

    /// A file cut anywhere, another program's, another version's, or with a line of
    /// something else is not believed.
    @Test func aDamagedFileIsNotBelieved() throws {
        let folder = try Folder()
        let whole = text(source: folder.path, environment: [])
        #expect(FontCache.entries(in: whole, environment: []) != nil)
        for cut in 0..<whole.utf8.count - 1 {
            let part = String(decoding: whole.utf8.prefix(cut), as: UTF8.self)
            #expect(FontCache.entries(in: part, environment: []) == nil, "cut at \(cut)")
        }
        #expect(
            FontCache.entries(in: whole.replacingOccurrences(of: "splitview-fonts 1", with: "splitview-fonts 2"), environment: [])
                == nil)
        #expect(FontCache.entries(in: whole.replacingOccurrences(of: "version ", with: "version 1"), environment: []) == nil)
        #expect(FontCache.entries(in: whole.replacingOccurrences(of: "end\n", with: "what\nend\n"), environment: []) == nil)
        #expect(FontCache.entries(in: whole + "font x\ty\n", environment: []) == nil)
        // No source at all: nothing was checked, so nothing is believed.
        let sourceless = FontCache.text(entries: [("k", "p")], sources: [], environment: [])
        #expect(FontCache.entries(in: sourceless, environment: []) == nil)
    }

    /// Decided: at most `capacity` entries, the oldest dropped first; a key or pattern with a
    /// tab or a line break is not kept.
    @Test func theOldestAnswersGoFirstAndOddKeysAreNotKept() throws {
        let folder = try Folder()
        let cache = FontCache(path: folder.path + "/fonts")
        for index in 0...FontCache.capacity { cache.record(key: "k\(index)", pattern: "p\(index)") }
        #expect(cache.pattern(for: "k0") == nil)
        #expect(cache.pattern(for: "k1") == "p1")
        #expect(cache.pattern(for: "k\(FontCache.capacity)") == "p\(FontCache.capacity)")
        cache.record(key: "a\tb", pattern: "p")
        cache.record(key: "c", pattern: "p\nq")
        #expect(cache.pattern(for: "a\tb") == nil && cache.pattern(for: "c") == nil)
    }

    /// A pattern's character set is found wherever it stands, and a `:` a backslash escapes
    /// (in a family's name) is not an element's start.
    @Test(
        arguments: [
            ("A:charset=20-7e a0:lang=en", "A:lang=en", "20-7e a0"),
            ("A:lang=en:charset=20-7e", "A:lang=en", "20-7e"),
            (":charset=41", "", "41"),
            ("A\\:charset=x:style=Book", nil, nil),
            ("A\\\\:charset=41:style=Book", "A\\\\:style=Book", "41"),
            ("A:style=Book", nil, nil),
            ("", nil, nil),
        ] as [(String, String?, String?)])
    func aPatternsCharacterSetIsSplitOff(pattern: String, rest: String?, charset: String?) {
        let split = FontCache.splitCharset(pattern)
        #expect(split?.rest == rest)
        #expect(split?.charset == charset)
    }

    /// A kept pattern parses to the same pattern with its character set made ahead as by
    /// fontconfig alone, and the sets made ahead are the newest entries' different ones.
    @Test func charactersSetsMadeAheadParseToTheSamePattern() throws {
        let folder = try Folder()
        FcInit()
        let path = folder.path + "/fonts"
        let writer = FontCache(path: path)
        var patterns: [String] = []
        for (index, name) in ["DejaVu Sans", "DejaVu Sans:weight=bold", "DejaVu Sans:pixelsize=20", "DejaVu Sans Mono"]
            .enumerated()
        {
            let request = try #require(FcNameParse(name))
            FcConfigSubstitute(nil, request, FcMatchPattern)
            FcDefaultSubstitute(request)
            var result = FcResultMatch
            let match = try #require(FcFontMatch(nil, request, &result))
            FcPatternDestroy(request)
            let pattern = try #require(FontSet.unparsed(match))
            FcPatternDestroy(match)
            try #require(FontCache.splitCharset(pattern) != nil)
            patterns.append(pattern)
            writer.record(key: "key\(index)", pattern: pattern)
        }
        #expect(writer.save())
        let cache = FontCache(path: path)
        cache.prepareCharsets()
        #expect(cache.preparedCount == 3)  // the regular face at two sizes shares its set
        for pattern in patterns {
            let alone = try #require(FcNameParse(pattern))
            let made = try #require(cache.parse(pattern))
            #expect(FcPatternEqual(alone, made) != 0)
            FcPatternDestroy(alone)
            FcPatternDestroy(made)
        }
        // A pattern whose set was not made ahead is parsed whole.
        let other = try #require(cache.parse("Other:charset=41-5a"))
        defer { FcPatternDestroy(other) }
        var charset: OpaquePointer?
        #expect(FcPatternGetCharSet(other, FC_CHARSET, 0, &charset) == FcResultMatch)
        #expect(FcCharSetCount(charset) == 26)
        // A file not believed makes none.
        let missing = FontCache(path: folder.path + "/none")
        missing.prepareCharsets()
        #expect(missing.preparedCount == 0)
    }

    /// The thread loads the configuration for the first window's text only when a character
    /// lies outside the cached face of the family.
    @Test func onlyTextTheCachedFaceLacksNeedsTheConfiguration() throws {
        let folder = try Folder()
        FcInit()
        let cache = FontCache(path: folder.path + "/fonts")
        #expect(FontWarmup.needsFallback("naïve", family: "DejaVu Sans", cache: cache))  // nothing cached
        #expect(!FontWarmup.needsFallback("plain ASCII", family: "DejaVu Sans", cache: cache))
        let request = try #require(FcNameParse("DejaVu Sans"))
        FcConfigSubstitute(nil, request, FcMatchPattern)
        FcDefaultSubstitute(request)
        var result = FcResultMatch
        let match = try #require(FcFontMatch(nil, request, &result))
        FcPatternDestroy(request)
        defer { FcPatternDestroy(match) }
        cache.record(key: "DejaVu Sans:pixelsize=13.0 ctx", pattern: try #require(FontSet.unparsed(match)))
        #expect(!FontWarmup.needsFallback("naïve — Ωmega, Пушкин", family: "DejaVu Sans", cache: cache))
        #expect(FontWarmup.needsFallback("naïve 中文", family: "DejaVu Sans", cache: cache))
        #expect(FontWarmup.needsFallback("naïve", family: "DejaVu Serif", cache: cache))
    }
}

extension X11Tests {
    /// A font set with a cache: the first asks fontconfig and keeps its answers, the next
    /// opens the same fonts from them.
    @Suite struct FontSetCacheTests {
        @Test func theNextSetOpensTheSameFontsFromTheCache() throws {
            let folder = try FontCacheTests.Folder()
            try withConnection { connection in
                let first = try FontSet(
                    connection: connection, family: Theme.light.fontFamily, cache: FontCache(path: folder.path + "/fonts"))
                _ = first.font(.monospace)
                #expect(first.openedFromCache == 0)
                // As the program's font thread does: the kept character sets made ahead.
                let prepared = FontCache(path: folder.path + "/fonts")
                prepared.prepareCharsets()
                #expect(prepared.preparedCount == 3)  // regular, bold, monospace
                let next = try FontSet(connection: connection, family: Theme.light.fontFamily, cache: prepared)
                _ = next.font(.monospace)
                #expect(next.openedFromCache == FontRole.allCases.count)
                for role in FontRole.allCases {
                    #expect(next.matchedName(role) == first.matchedName(role))
                    #expect(next.metrics(of: role) == first.metrics(of: role))
                    #expect(next.width(of: "Inbox — naïve", font: role) == first.width(of: "Inbox — naïve", font: role))
                }
                // Another size is another answer, asked of fontconfig and kept.
                let larger = try FontSet(
                    connection: connection, family: Theme.light.fontFamily, textScale: 1.5,
                    cache: FontCache(path: folder.path + "/fonts"))
                #expect(larger.openedFromCache == 0)
                #expect(larger.metrics(of: .body).lineHeight > first.metrics(of: .body).lineHeight)
            }
        }

        /// An answer whose font no longer opens is asked again and replaced.
        @Test func anAnswerThatNoLongerOpensIsAskedAgain() throws {
            let folder = try FontCacheTests.Folder()
            try withConnection { connection in
                let path = folder.path + "/fonts"
                let first = try FontSet(connection: connection, family: Theme.light.fontFamily, cache: FontCache(path: path))
                let saved = try String(contentsOfFile: path, encoding: .utf8)
                let broken = saved.replacingOccurrences(
                    of: ":file=/", with: ":file=/nonexistent/")
                try #require(broken != saved)
                try broken.write(toFile: path, atomically: true, encoding: .utf8)
                let cache = FontCache(path: path)
                #expect(cache.load())  // still believed: the missing file was never a source
                let next = try FontSet(connection: connection, family: Theme.light.fontFamily, cache: cache)
                #expect(next.openedFromCache == 0)
                #expect(next.matchedName(.body) == first.matchedName(.body))
                let again = try FontSet(connection: connection, family: Theme.light.fontFamily, cache: FontCache(path: path))
                #expect(again.openedFromCache == FontRole.allCases.count - 1)  // the monospace role is not asked
            }
        }
    }
}
