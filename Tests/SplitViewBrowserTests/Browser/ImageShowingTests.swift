import Glibc
import SplitView
import SplitViewFiles
import SplitViewImages
import TestSupport
import Testing

@testable import SplitViewBrowser

/// The reader showing pictures: known by their bytes, decoded off the loop's thread while it
/// says "Loading…", shown fitted, described in the inspector, refused in words; and never a
/// picture for a file no longer selected.
@Suite struct ImageShowingTests {
    /// A tree with a 40 × 30 PNG, a JPEG, a text file called `.png`, a PNG called `.dat`, a PNG
    /// declaring 20 000 × 20 000, and a text file.
    static func tree() -> TempTree {
        let tree = TempTree()
        tree.folder("Pictures")
        let red = Array(repeating: [UInt8]([255, 0, 0, 255]), count: 40 * 30).flatMap { $0 }
        PictureFiles.png(tree.root + "/Pictures/red.png", width: 40, height: 30, type: .rgba, bytes: red)
        PictureFiles.png(tree.root + "/Pictures/red.dat", width: 40, height: 30, type: .rgba, bytes: red)
        PictureFiles.jpeg(
            tree.root + "/Pictures/photo.jpg", width: 64, height: 48, bytes: Array(repeating: 128, count: 64 * 48 * 3))
        PictureFiles.write(PictureFiles.pngHeader(width: 20_000, height: 20_000), to: tree.root + "/Pictures/huge.png")
        tree.file("Pictures/fake.png", "just text")
        tree.file("Pictures/notes.txt", "notes")
        return tree
    }

    static func showing(_ name: String, in tree: TempTree, inspector: Bool = false) -> Browser {
        let browser = makeBrowser(tree)
        if inspector { browser.split.handle(.command(.toggleInspector)) }
        BrowserTests.show(browser, tree, "Pictures", name)
        return browser
    }

    static func details(_ browser: Browser) -> [String: String] {
        Dictionary(browser.details.entries.map { ($0.label, $0.value) }, uniquingKeysWith: { a, _ in a })
    }

    @Test func aPNGSaysLoadingThenShowsFitted() throws {
        let tree = Self.tree()
        let browser = Self.showing("red.png", in: tree)
        #expect(browser.reader.image == nil && browser.reader.placeholder == "Loading…", "decoded on the worker")
        #expect(settle(browser.store) { browser.reader.image != nil })
        let image = try #require(browser.reader.image)
        #expect(image.pixelWidth == 40 && image.pixelHeight == 30)
        #expect(image.levels[0].argb.allSatisfy { $0 == 0xFFFF_0000 })
        browser.split.layoutPanes()
        let ops = try #require(browser.split.displayList(for: .secondary)?.ops)
        let frames = ops.compactMap { if case .image(let shown, let frame) = $0, shown == image { frame } else { nil } }
        #expect(frames.count == 1 && frames.first?.size == Size(width: 40, height: 30), "one picture, at 1:1")
        #expect(browser.reader.title == "red.png" && browser.reader.text.isEmpty)
    }

    @Test func theInspectorGivesTheTypeAndTheDimensions() {
        let tree = Self.tree()
        let browser = Self.showing("photo.jpg", in: tree, inspector: true)
        // Known from the first bytes once the worker has read the database (the kind until then).
        #expect(
            settle(browser.store) {
                browser.store.types.takeResults()
                return Self.details(browser)["Type"] == "JPEG image (image/jpeg)"
            })
        #expect(settle(browser.store) { Self.details(browser)["Dimensions"] == "64 × 48 pixels" })
        #expect(browser.reader.image != nil)
    }

    @Test func theBytesDecideNotTheName() {
        let tree = Self.tree()
        let fake = Self.showing("fake.png", in: tree)
        #expect(fake.reader.text == "just text" && fake.reader.image == nil && fake.pictures.request == nil)
        let dat = Self.showing("red.dat", in: tree)
        #expect(settle(dat.store) { dat.reader.image != nil })
    }

    @Test func aPictureTooLargeIsRefusedInWords() {
        let tree = Self.tree()
        let browser = Self.showing("huge.png", in: tree, inspector: true)
        #expect(
            settle(browser.store) {
                browser.reader.placeholder
                    == "“huge.png” is 20\u{A0}000 × 20\u{A0}000 pixels: too large to show (at most 200 megapixels)."
            })
        #expect(browser.reader.image == nil)
        #expect(Self.details(browser)["Dimensions"] == "20\u{A0}000 × 20\u{A0}000 pixels")
    }

    /// A JPEG libjpeg repaired (its scan cut by an end marker) shows, with the damage said in
    /// the band.
    @Test func aRepairedJPEGShowsWithItsWarning() {
        let tree = Self.tree()
        let path = tree.root + "/Pictures/photo.jpg"
        var bytes = PictureFiles.read(path)
        let scan = bytes.indices.dropLast().first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA } ?? 0
        let middle = (scan + bytes.count) / 2
        bytes.replaceSubrange(middle..<middle + 2, with: [0xFF, 0xD9])
        PictureFiles.write(bytes, to: path)
        let browser = Self.showing("photo.jpg", in: tree)
        #expect(settle(browser.store) { browser.reader.image != nil })
        #expect(browser.reader.notice?.hasPrefix("Damaged JPEG, shown as far as it reads: Corrupt JPEG data") == true)
    }

    /// A JPEG of more scans than the limit (libjpeg's ten, then 200 that send nothing) shows
    /// from its first 100, and the band says so.
    @Test func aJPEGOfManyScansShowsFromItsFirstHundredAndSaysSo() {
        let tree = Self.tree()
        let path = tree.root + "/Pictures/scans.jpg"
        PictureFiles.jpeg(path, width: 64, height: 48, progressive: true, bytes: Array(repeating: 128, count: 64 * 48 * 3))
        PictureFiles.write(PictureFiles.withEmptyScans(PictureFiles.read(path), scans: 200), to: path)
        let browser = Self.showing("scans.jpg", in: tree)
        #expect(settle(browser.store) { browser.reader.image != nil })
        #expect(browser.reader.notice == "A JPEG of over 100 scans, shown from its first 100")
    }

    /// Moving on before the picture comes cancels it: its answer is never shown over the
    /// file selected since, and nothing is left waiting.
    @Test func aPictureForAFileNoLongerSelectedIsDropped() {
        let tree = Self.tree()
        let browser = Self.showing("red.png", in: tree)
        #expect(browser.pictures.request != nil)
        browser.select(folder: FilePath(tree.root + "/Pictures"), name: Array("notes.txt".utf8))
        #expect(browser.pictures.request == nil && browser.store.images.pendingCount == 0)
        // The worker decodes in order and answers in order: once a later decode has come back,
        // the cancelled one is over, and its answer (if it had one) was taken and dropped.
        var later = false
        _ = browser.store.images.load(FilePath(tree.root + "/Pictures/photo.jpg")) { _ in later = true }
        #expect(settle(browser.store) { later })
        #expect(browser.reader.image == nil && browser.reader.text == "notes")
    }

    /// From a picture to text and back: each shows exactly its own content.
    @Test func textAfterAPictureAndAPictureAfterText() {
        let tree = Self.tree()
        let browser = Self.showing("red.png", in: tree)
        #expect(settle(browser.store) { browser.reader.image != nil })
        browser.select(folder: FilePath(tree.root + "/Pictures"), name: Array("notes.txt".utf8))
        #expect(browser.reader.image == nil && browser.reader.text == "notes")
        browser.select(folder: FilePath(tree.root + "/Pictures"), name: Array("photo.jpg".utf8))
        #expect(browser.reader.text.isEmpty && browser.reader.placeholder == "Loading…")
        #expect(settle(browser.store) { browser.reader.image?.pixelWidth == 64 })
    }

    /// The same file changed on disk keeps its picture until the new one is decoded.
    @Test(.enabled(if: hasInotify, "no inotify here: nothing tells the browser of a change"))
    func aChangedPictureIsReplacedWithoutAGap() throws {
        let tree = Self.tree()
        let browser = Self.showing("red.png", in: tree)
        #expect(settle(browser.store) { browser.reader.image != nil })
        let first = try #require(browser.reader.image)
        let blue = Array(repeating: [UInt8]([0, 0, 255, 255]), count: 80 * 60).flatMap { $0 }
        PictureFiles.png(tree.root + "/Pictures/red.png", width: 80, height: 60, type: .rgba, bytes: blue)
        var sawGap = false
        #expect(
            settle(browser.store) {
                if browser.reader.image == nil { sawGap = true }
                return browser.reader.image?.pixelWidth == 80
            })
        #expect(!sawGap, "the old picture stayed until the new one came")
        #expect(browser.reader.image != first)
    }
}
