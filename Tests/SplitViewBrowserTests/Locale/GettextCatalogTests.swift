import CFileOps
import Glibc
import SplitView
import TestSupport
import Testing

@testable import SplitViewBrowser

/// The repository's own compiled catalogs (`Resources/locale`, made by po/messages.py update).
let repositoryLocaleFolder: String = {
    let parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    return parts.dropLast(4).joined(separator: "/") + "/Resources/locale"
}()

/// Whether glibc has `name` installed (Debian: locales-all, or locale-gen).
func hasLocale(_ name: String) -> Bool {
    guard let locale = newlocale(LC_MESSAGES_MASK | LC_TIME_MASK | LC_NUMERIC_MASK, name, nil) else { return false }
    freelocale(locale)
    return true
}

let hasGermanAndFrench = hasLocale("de_DE.UTF-8") && hasLocale("fr_FR.UTF-8")

/// The catalogs as glibc reads them, one child process per environment: a catalog is one per
/// process (``Localization/catalog``), and the locale is the process's.
@Suite struct GettextCatalogTests {
    /// The child: installs the repository's catalogs under the environment it was given, then
    /// holds the messages, plurals and formats to what `SPLITVIEW_CATALOG_EXPECT` names.
    @Test(.enabled(if: getenv("SPLITVIEW_CATALOG_EXPECT") != nil, "run as a child by the tests below"))
    func theChildReadsItsLanguage() {
        let expect = String(cString: getenv("SPLITVIEW_CATALOG_EXPECT"))
        let installed = GettextCatalog.install(folder: repositoryLocaleFolder)
        let formats = LocaleFormats(numeric: "", time: "")
        // 21 November 2026, 14:03:27 in the test's TZ=UTC.
        let moment = 1_795_269_807
        switch expect {
        case "de":
            #expect(installed != nil)
            #expect(String(translated: "Empty folder") == "Leerer Ordner")
            #expect(formats.size(0) == "0 Bytes", "German: zero is plural")
            #expect(formats.size(1) == "1 Byte")
            #expect(formats.size(4_200) == "4,2 KB")
            #expect(formats.count(150_000) == "150.000")
            #expect(formats.date(moment) == "21.11.2026")
            #expect(formats.dateTime(moment) == "21.11.2026 14:03:27")
        case "fr":
            #expect(installed != nil)
            #expect(String(translated: "Empty folder") == "Dossier vide")
            #expect(formats.size(0) == "0 octet", "French: zero is singular")
            #expect(formats.size(1) == "1 octet")
            #expect(formats.size(2) == "2 octets")
            #expect(formats.size(1_300_000) == "1,3 Mo")
            #expect(formats.date(moment) == "21/11/2026")
        case "english":
            #expect(String(translated: "Empty folder") == "Empty folder")
            #expect(formats.size(0) == "0 bytes")
            #expect(formats.size(4_200) == "4.2 KB")
        case "c":
            #expect(installed == nil, "no catalog in the C locale")
            #expect(Localization.catalog == nil)
            #expect(String(translated: "Empty folder") == "Empty folder")
            #expect(formats.count(150_000) == "150 000")
            #expect(formats.date(moment) == "2026-11-21")
        default:
            Issue.record("unknown expectation \(expect)")
        }
    }

    private func child(_ expect: String, _ environment: [String: String]) throws {
        var variables = ["SPLITVIEW_CATALOG_EXPECT": expect, "TZ": "UTC", "LC_ALL": "", "LANGUAGE": ""]
        for name in ["LC_MESSAGES", "LC_NUMERIC", "LC_TIME", "LANG"] { variables[name] = "" }
        variables.merge(environment) { $1 }
        let child = try ChildTest("GettextCatalogTests/theChildReadsItsLanguage()", environment: variables)
        #expect(child.reap(timeout: 60))
        #expect(child.passedOneTest, "\(child.output)")
    }

    @Test(.enabled(if: hasGermanAndFrench, "the de_DE.UTF-8 and fr_FR.UTF-8 locales are not installed (locales-all)"))
    func aGermanReadsGermanWordsNumbersAndDates() throws {
        try child("de", ["LANG": "de_DE.UTF-8"])
    }

    @Test(.enabled(if: hasGermanAndFrench, "the de_DE.UTF-8 and fr_FR.UTF-8 locales are not installed (locales-all)"))
    func aFrenchReaderGetsFrenchAndItsPluralRule() throws {
        try child("fr", ["LANG": "fr_FR.UTF-8"])
    }

    /// LANGUAGE's list comes first; a language with no catalog (here "xx") falls to the next.
    @Test(.enabled(if: hasGermanAndFrench, "the de_DE.UTF-8 and fr_FR.UTF-8 locales are not installed (locales-all)"))
    func languageListsTheLanguagesInOrder() throws {
        try child("fr", ["LANG": "fr_FR.UTF-8", "LANGUAGE": "xx:fr:de"])
        try child("de", ["LANG": "de_DE.UTF-8", "LANGUAGE": "de:fr"])
    }

    /// LC_MESSAGES chooses the words, LC_NUMERIC and LC_TIME the numbers and dates.
    @Test(.enabled(if: hasGermanAndFrench, "the de_DE.UTF-8 and fr_FR.UTF-8 locales are not installed (locales-all)"))
    func theCategoriesAreReadApart() throws {
        try child(
            "de", ["LANG": "fr_FR.UTF-8", "LC_MESSAGES": "de_DE.UTF-8", "LC_NUMERIC": "de_DE.UTF-8", "LC_TIME": "de_DE.UTF-8"])
        try child("fr", ["LC_ALL": "fr_FR.UTF-8", "LANG": "de_DE.UTF-8"])
    }

    /// A language we have no catalog for reads English, with its own numbers.
    @Test(.enabled(if: hasLocale("en_US.UTF-8"), "the en_US.UTF-8 locale is not installed (locales-all)"))
    func aLanguageWithoutACatalogReadsEnglish() throws {
        try child("english", ["LANG": "en_US.UTF-8"])
    }

    /// The decision: the C locale installs no catalog, and LANGUAGE is ignored there, as
    /// glibc ignores it for "C".
    @Test func theCLocaleReadsAsWritten() throws {
        try child("c", ["LANG": "C.UTF-8", "LANGUAGE": "de"])
        try child("c", [:])
    }
}

/// The formats of named locales, in this process (no catalog: units read in English).
@Suite struct LocaleFormatsTests {
    @Test func theCLocaleKeepsISODatesAndSpacedThousands() {
        let formats = LocaleFormats(numeric: "C", time: "C")
        #expect(formats.decimalPoint == ".")
        #expect(formats.count(1_234_567) == "1 234 567")
        #expect(formats.count(-1_000) == "-1 000")
        #expect(formats.count(999) == "999")
        #expect(formats.size(999) == "999 bytes")
        #expect(formats.size(1_000) == "1 KB")
        #expect(formats.size(999_949) == "999.9 KB")
        #expect(formats.size(999_950) == "1 MB")
        #expect(formats.dateFormat == nil)
    }

    @Test(.enabled(if: hasGermanAndFrench, "the de_DE.UTF-8 and fr_FR.UTF-8 locales are not installed (locales-all)"))
    func germanAndFrenchNumbersFollowTheirLocales() {
        let german = LocaleFormats(numeric: "de_DE.UTF-8", time: "de_DE.UTF-8")
        #expect(german.size(4_250_000) == "4,3 MB")
        #expect(german.count(1_234_567) == "1.234.567")
        #expect(german.dateFormat == "%d.%m.%Y")
        let french = LocaleFormats(numeric: "fr_FR.UTF-8", time: "fr_FR.UTF-8")
        #expect(french.size(1_500) == "1,5 KB")
        #expect(french.count(1_234_567) == "1\u{202F}234\u{202F}567")
    }

    /// A locale that is not installed reads as C rather than failing.
    @Test func aLocaleNotInstalledReadsAsC() {
        let formats = LocaleFormats(numeric: "xx_YY.UTF-8", time: "xx_YY.UTF-8")
        #expect(formats.decimalPoint == ".")
        #expect(formats.dateFormat == nil)
    }
}
