@testable import SplitViewApp
import SplitView
import Glibc
import Testing

/// The app's browser over the sample library in the repository's `Resources/`.
@Suite struct BrowserTests {
    static let sampleLibrary = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        .dropLast(3).joined(separator: "/") + "/Resources/Library"

    /// What the font thread is told a new window shows: every folder, the first folder's notes
    /// and the first note's opening, which is where the sample's non-Latin names are.
    @Test func openingTextHoldsWhatTheFirstWindowShows() throws {
        let library = try Library(root: Self.sampleLibrary)
        let browser = Browser(library: library, style: .tripleColumn, theme: .light)
        let text = browser.openingText
        let firstFolder = try #require(library.folders.first)
        let notes = library.notes(in: firstFolder)
        let firstNote = try #require(notes.first)
        #expect(text.contains(browser.title))
        for folder in library.folders { #expect(text.contains(folder.name)) }
        for note in notes { #expect(text.contains(note.name)) }
        #expect(text.contains(String(library.text(of: firstNote).prefix(200))))
        #expect(text.unicodeScalars.contains { $0.value >= 0x3000 })   // the haiku's Japanese name
    }

    /// A long first note adds only its opening 8192 characters.
    @Test func openingTextTakesOnlyTheOpeningOfALongNote() throws {
        var template = Array("/tmp/splitview-library-XXXXXX".utf8CString)
        let root = try #require(mkdtemp(&template).map { String(cString: $0) })
        defer { unlink(root + "/Folder/Long.txt"); rmdir(root + "/Folder"); rmdir(root) }
        try #require(mkdir(root + "/Folder", 0o755) == 0)
        let body = String(repeating: "ä", count: 100_000)
        let file = try #require(fopen(root + "/Folder/Long.txt", "w"))
        fputs(body, file)
        fclose(file)
        let browser = Browser(library: try Library(root: root), style: .tripleColumn, theme: .light)
        let count = browser.openingText.unicodeScalars.count
        #expect(count > 8192 && count < 8192 + 200)
    }
}
