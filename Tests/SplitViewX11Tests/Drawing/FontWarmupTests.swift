import Glibc
import Testing

@testable import SplitViewX11

/// Which font files the start-up thread reads ahead for a window's text. Fontconfig only, no X
/// server. CI has only DejaVu: of its families, only DejaVu Sans has Hebrew.
@Suite struct FontWarmupTests {
    @Test func asciiTextAsksForNoFont() {
        #expect(FontWarmup.fallbackFiles(for: "Inbox, 12 notes", family: "DejaVu Sans").isEmpty)
        #expect(FontWarmup.fallbackFiles(for: "", family: "DejaVu Sans").isEmpty)
    }

    @Test func charactersTheFamilyHasNeedNoFallback() {
        #expect(FontWarmup.fallbackFiles(for: "naïve — Ωmega, Пушкин, שלום", family: "DejaVu Sans").isEmpty)
    }

    @Test func charactersTheFamilyLacksNameTheFontThatHasThem() throws {
        let files = FontWarmup.fallbackFiles(for: "naïve — שלום, שלום", family: "DejaVu Sans Mono")
        try #require(files.count == 1)
        #expect(!files[0].contains("Mono"))
        #expect(access(files[0], R_OK) == 0)
    }

    /// Private-use characters of plane 16, in 40 blocks of 256: no font has them, so one match
    /// finds nothing and the search ends.
    @Test func charactersNoFontHasNameNoFile() {
        let unknown = String(String.UnicodeScalarView((0..<40).compactMap { Unicode.Scalar(0x10_0000 + $0 * 256 + 7) }))
        #expect(FontWarmup.fallbackFiles(for: unknown, family: "DejaVu Sans Mono").isEmpty)
        let mixed = FontWarmup.fallbackFiles(for: unknown + "שלום", family: "DejaVu Sans Mono")
        #expect(mixed.count == 1 && !mixed[0].contains("Mono"))
    }
}

@Suite struct FontReadAheadTests {
    @Test func aFontFileIsReadAhead() throws {
        let files = FontWarmup.fallbackFiles(for: "שלום", family: "DejaVu Sans Mono")
        let file = try #require(files.first)
        #expect(FontWarmup.readAhead(file))
    }

    @Test func aMissingFileIsSkipped() {
        #expect(!FontWarmup.readAhead("/nonexistent/font.ttf"))
    }

    /// The limit's boundary, on sparse files (no disk is used).
    @Test(arguments: [(FontWarmup.readAheadLimit, true), (FontWarmup.readAheadLimit + 1, false)])
    func aFileOverTheLimitIsSkipped(size: Int, expected: Bool) throws {
        var template = Array("/tmp/splitview-font-XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)
        try #require(descriptor >= 0)
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        defer { close(descriptor); unlink(path) }
        try #require(ftruncate(descriptor, off_t(size)) == 0)
        #expect(FontWarmup.readAhead(path) == expected)
    }
}
