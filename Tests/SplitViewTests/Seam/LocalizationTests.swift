import PropertyBased
import Testing

@testable import SplitView

/// The messages' keys as the catalogs hold them (the text with `{N}` for each value, what
/// po/messages.py extracts), and the values put back into a translation. The catalog itself is
/// read in a child process by the browser's tests (GettextCatalogTests): it is one per process.
@Suite struct LocalizationTests {
    @Test func aPlainMessageIsItsOwnKeyWithNoValues() {
        let message: LocalizationValue = "Empty folder"
        #expect(message.key == "Empty folder")
        #expect(message.arguments.isEmpty)
    }

    @Test func eachValueIsANumberedPlaceholderInTheKey() {
        let name = "a.txt", count = 3
        let message: LocalizationValue = "Moved “\(name)” and \(count) more to the Trash."
        #expect(message.key == "Moved “{0}” and {1} more to the Trash.")
        #expect(message.arguments == ["a.txt", "3"])
    }

    @Test func withoutACatalogTheMessageReadsAsWritten() {
        let name = "Notes"
        #expect(Localization.catalog == nil)
        #expect(String(translated: "Show \(name)") == "Show Notes")
        #expect(String(translated: "No Items") == "No Items")
        #expect(String(translated: "Home", context: "key") == "Home", "a context is not part of the text")
    }

    /// English's plural rule where no catalog is installed: one is singular, zero and many plural.
    @Test func withoutACatalogAPluralFollowsEnglish() {
        for (n, expected) in [(0, "0 files"), (1, "1 file"), (2, "2 files"), (1000, "1000 files")] {
            #expect(String(translated: "\(n) file", plural: "\(n) files", count: n) == expected)
        }
        #expect(String(translated: "One file", plural: "\(2) files", count: 1) == "One file")
    }

    /// A translation may put the values in another order (German and French often must).
    @Test func aTranslationCanReorderItsValues() {
        #expect(Localization.substitute("{1} in „{0}“", ["a.txt", "Notes"]) == "Notes in „a.txt“")
        #expect(Localization.substitute("{0}{0}", ["x"]) == "xx")
    }

    /// Boundaries: a brace that names no value stays as it is, so a command's `{}` (the window
    /// id's place) survives, as do signs, spaces and out-of-range numbers.
    @Test(arguments: [
        ("Its command has no {} for the window id.", ["x"], "Its command has no {} for the window id."),
        ("{2} of {0}", ["a", "b"], "{2} of a"), ("{+0} {-0} { 0} {0", ["a"], "{+0} {-0} { 0} {0"),
        ("{", ["a"], "{"), ("}{0}{", ["a"], "}a{"), ("{٣}", ["a", "b", "c", "d"], "{٣}"),
    ])
    func aBraceThatNamesNoValueStays(text: String, arguments: [String], expected: String) {
        #expect(Localization.substitute(text, arguments) == expected)
    }

    /// The invariant: whatever the text and the values, putting the values into the key gives
    /// what Swift's own interpolation gives, so English reads exactly as before.
    @Test func theKeyAndItsValuesRebuildTheInterpolatedText() async {
        let pieces = Gen.int(in: 0...5).array(of: 0...8).map { $0.map { ["a", "{", "}", "{0}", " ", "“"][$0] }.joined() }
        await propertyCheck(count: 500, input: pieces, pieces, Gen.int(in: -20...20), pieces) { first, value, number, last in
            let message: LocalizationValue = "\(first)\(value)-\(number)\(last)"
            #expect(message.arguments == [first, value, "\(number)", last])
            #expect(Localization.substitute(message.key, message.arguments) == "\(first)\(value)-\(number)\(last)")
        }
    }
}
