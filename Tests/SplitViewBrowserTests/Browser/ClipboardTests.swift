import Glibc
import SplitView
import SplitViewFiles
import TestSupport
import Testing

@testable import SplitViewBrowser

/// `Browser+Clipboard.swift` and `Browser+Pasting.swift`: Ctrl+C, Ctrl+X and Ctrl+V of files
/// through a clipboard the test plays (it reads the offers the browser posts, and answers
/// its requests), with the copies run by the store's transfer workers.
@Suite struct ClipboardTests {
    /// The clipboard between windows and programs, as the host keeps it.
    final class FakeClipboard {
        var offers: [SelectionOffer] = []
        var requests: [[String]] = []
        var cleared = 0

        /// Takes the browser's requests: offers kept, clears counted, pastes answered from
        /// what is kept (the first form asked for that is offered).
        func serve(_ browser: Browser) {
            for request in browser.split.takeHostRequests() {
                switch request {
                case .offerSelection(.clipboard, let offered): offers = offered
                case .clearSelection(.clipboard): cleared += 1
                case .requestSelection(.clipboard, let targets):
                    requests.append(targets)
                    let answer = targets.lazy.compactMap { target in self.offers.first { $0.target == target } }.first
                    browser.split.handle(.selectionReceived(.clipboard, answer))
                default: break
                }
            }
        }

        func text(_ target: String) -> String? {
            offers.first { $0.target == target }.map { String(decoding: $0.bytes, as: UTF8.self) }
        }
    }

    static let ctrlC = KeyChord(.character("c"), modifiers: .control)
    static let ctrlX = KeyChord(.character("x"), modifiers: .control)
    static let ctrlV = KeyChord(.character("v"), modifiers: .control)

    /// Waits for the transfers' news until `condition` holds.
    static func settle(_ browser: Browser, until condition: () -> Bool) -> Bool {
        waitUntil(timeout: 20) {
            var descriptor = pollfd(fd: browser.store.transfers.fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 0)
            if descriptor.revents != 0 { browser.store.transfers.takeResults() }
            return condition()
        }
    }

    /// The names in `folder`, sorted.
    static func names(_ folder: String) -> [String] {
        guard let entries = try? FolderNames(opening: FilePath(folder)) else { return [] }
        var names: [String] = []
        while let name = try? entries.nextName() { names.append(String(decoding: name, as: UTF8.self)) }
        return names.sorted()
    }

    /// A small file's text.
    static func contents(_ path: String) -> String {
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = read(descriptor, &bytes, bytes.count)
        return String(decoding: bytes.prefix(max(0, count)), as: UTF8.self)
    }

    /// Shows `folder` with `name` selected, the files list focused, and presses `chord`.
    static func press(_ chord: KeyChord, in browser: Browser, _ tree: TempTree, _ folder: String, _ name: String? = nil) {
        BrowserTests.show(browser, tree, folder, name)
        browser.split.focusedColumn = .supplementary
        browser.split.handle(.key(chord))
    }

    @Test func ctrlCInTheListOffersTheFilesInGNOMEsURIAndTextForms() {
        let tree = BrowserTests.sample()
        tree.file("Notes/a b.txt", "x")
        let browser = makeBrowser(tree), clipboard = FakeClipboard()
        Self.press(Self.ctrlC, in: browser, tree, "Notes", "a b.txt")
        clipboard.serve(browser)
        let uri = "file://" + tree.root + "/Notes/a%20b.txt"
        #expect(clipboard.offers.map(\.target) == ["x-special/gnome-copied-files", "text/uri-list", "UTF8_STRING"])
        #expect(clipboard.text("x-special/gnome-copied-files") == "copy\n" + uri)
        #expect(clipboard.text("text/uri-list") == uri + "\r\n")
        #expect(clipboard.text("UTF8_STRING") == tree.root + "/Notes/a b.txt")
        #expect(browser.reader.notice == "Copied “a b.txt” to the clipboard: Ctrl+V pastes a copy.")
    }

    /// The reader keeps Ctrl+C for its text: the files list's meaning is the list's own.
    @Test func ctrlCInTheReaderStillCopiesItsText() {
        let tree = BrowserTests.sample()
        let browser = makeBrowser(tree)
        BrowserTests.show(browser, tree, "Notes", "file2.txt")
        browser.split.focusedColumn = .secondary
        browser.split.layoutPanes()  // as the window does before drawing: the text is laid out
        browser.split.handle(.key(KeyChord(.character("a"), modifiers: .control)))
        browser.split.handle(.key(Self.ctrlC))
        #expect(browser.split.takeHostRequests().contains(.setSelection(.clipboard, text: "two\nlines")))
    }

    @Test func ctrlVPastesACopyIntoTheShownFolderAndCtrlZRemovesIt() {
        let tree = BrowserTests.sample()
        let browser = makeBrowser(tree), clipboard = FakeClipboard()
        Self.press(Self.ctrlC, in: browser, tree, "Notes", "file2.txt")
        clipboard.serve(browser)
        Self.press(Self.ctrlV, in: browser, tree, "Travel")
        clipboard.serve(browser)
        #expect(clipboard.requests == [["x-special/gnome-copied-files", "text/uri-list", "UTF8_STRING"]])
        #expect(Self.settle(browser) { browser.transfers.transfer == nil })
        #expect(browser.reader.notice == "Copied “file2.txt” to “Travel”.")
        #expect(access(tree.root + "/Travel/file2.txt", F_OK) == 0 && access(tree.root + "/Notes/file2.txt", F_OK) == 0)
        // The pasted file is selected where it landed, as GNOME Files selects it.
        #expect(browser.selectedName == Array("file2.txt".utf8) && browser.selectedFolder == FilePath(tree.root + "/Travel"))
        #expect(browser.fileList.navigationItem.title == nil && browser.fileList.navigationItem.rightBarButtonItems.isEmpty)
        browser.split.handle(.key(KeyChord(.character("z"), modifiers: .control)))
        #expect(browser.reader.notice == "Removed the copy “file2.txt”.")
        #expect(access(tree.root + "/Travel/file2.txt", F_OK) != 0)
    }

    @Test func aPasteIntoTheSameFolderNamesTheCopyCopy() {
        let tree = BrowserTests.sample()
        let browser = makeBrowser(tree), clipboard = FakeClipboard()
        Self.press(Self.ctrlC, in: browser, tree, "Notes", "file2.txt")
        clipboard.serve(browser)
        browser.split.handle(.key(Self.ctrlV))
        clipboard.serve(browser)
        #expect(Self.settle(browser) { browser.transfers.transfer == nil })
        #expect(access(tree.root + "/Notes/file2 (copy).txt", F_OK) == 0)
        #expect(browser.reader.notice == "Copied “file2 (copy).txt” to “Notes”.")
    }

    @Test func ctrlXThenCtrlVMovesTheFileAndGivesTheClipboardUp() {
        let tree = BrowserTests.sample()
        let browser = makeBrowser(tree), clipboard = FakeClipboard()
        Self.press(Self.ctrlX, in: browser, tree, "Notes", "file2.txt")
        clipboard.serve(browser)
        #expect(clipboard.text("x-special/gnome-copied-files")?.hasPrefix("cut\n") == true)
        Self.press(Self.ctrlV, in: browser, tree, "Travel")
        clipboard.serve(browser)
        #expect(Self.settle(browser) { browser.transfers.transfer == nil })
        #expect(access(tree.root + "/Travel/file2.txt", F_OK) == 0 && access(tree.root + "/Notes/file2.txt", F_OK) != 0)
        clipboard.serve(browser)
        #expect(clipboard.cleared == 1)
        browser.split.handle(.key(KeyChord(.character("z"), modifiers: .control)))
        #expect(access(tree.root + "/Notes/file2.txt", F_OK) == 0)
    }

    /// A name in the way asks: K keeps both, A checks "Apply to All" (the prompt shows again
    /// with the box checked), S skips, Return replaces, Escape cancels the whole paste.
    @Test func aNameInTheWayIsAskedAboutWithItsKeys() throws {
        let tree = BrowserTests.sample()
        tree.file("Travel/file2.txt", "theirs")
        let browser = makeBrowser(tree), clipboard = FakeClipboard()
        Self.press(Self.ctrlC, in: browser, tree, "Notes", "file2.txt")
        clipboard.serve(browser)
        let answers: [(KeyChord, String, String)] = [
            (KeyChord(.character("s")), "theirs", "Nothing was copied."),
            (KeyChord(.escape), "theirs", "Copy cancelled: nothing was copied."),
            (KeyChord(.character("k")), "theirs", "Copied “file2 (copy).txt” to “Travel”."),
            (KeyChord(.return), "two\nlines", "Copied “file2.txt” to “Travel”. 1 replaced."),
        ]
        for (key, contents, notice) in answers {
            Self.press(Self.ctrlV, in: browser, tree, "Travel")
            clipboard.serve(browser)
            #expect(Self.settle(browser) { browser.split.prompt != nil })
            let prompt = try #require(browser.split.prompt)
            #expect(prompt.message == "“file2.txt” already exists in “Travel”. Replace it?")
            #expect(prompt.choices.map(\.title) == ["Keep Both", "Skip", "Apply to All"] && prompt.acceptTitle == "Replace")
            browser.split.handle(.key(KeyChord(.character("a"))))
            #expect(browser.split.prompt?.choices.last?.isChecked == true)
            browser.split.handle(.key(key))
            #expect(Self.settle(browser) { browser.transfers.transfer == nil })
            #expect(browser.reader.notice == notice)
            #expect(Self.contents(tree.root + "/Travel/file2.txt") == contents)
        }
    }

    @Test func aClipboardWithoutFilesIsSaid() {
        let tree = BrowserTests.sample()
        let browser = makeBrowser(tree), clipboard = FakeClipboard()
        Self.press(Self.ctrlV, in: browser, tree, "Travel")
        clipboard.serve(browser)
        #expect(browser.reader.notice == "Nothing to paste: the clipboard holds no files.")
        clipboard.offers = [SelectionOffer(target: "UTF8_STRING", bytes: Array("hello".utf8))]
        browser.split.handle(.key(Self.ctrlV))
        clipboard.serve(browser)
        #expect(browser.reader.notice == "Nothing to paste: the clipboard holds text, not files.")
        #expect(browser.transfers.transfer == nil)
    }

    /// While a large copy runs, the files list's bar says how far it is beside a Cancel
    /// button; Escape cancels it, and nothing of it is left in the folder.
    @Test func escapeCancelsACopyUnderWayAndLeavesNothing() throws {
        let tree = BrowserTests.sample()
        let big = tree.file("Notes/big.bin")
        #expect(truncate(big, 2 << 30) == 0)  // sparse: 2 GiB to read, none on disk
        let browser = makeBrowser(tree), clipboard = FakeClipboard()
        Self.press(Self.ctrlC, in: browser, tree, "Notes", "big.bin")
        clipboard.serve(browser)
        Self.press(Self.ctrlV, in: browser, tree, "Travel")
        clipboard.serve(browser)
        #expect(Self.settle(browser) { browser.transfers.transfer?.isCopying == true })
        let title = try #require(browser.fileList.navigationItem.title)
        #expect(title.hasPrefix("Copying 0 of 1 file — ") && title.hasSuffix(" of 2.1 GB"))
        #expect(browser.fileList.navigationItem.rightBarButtonItems.map(\.title) == ["Cancel"])
        // Under way: its temporary file is in the folder.
        #expect(waitUntil { Self.names(tree.root + "/Travel").contains { $0.hasPrefix(".splitview-copy-") } })
        browser.split.handle(.key(KeyChord(.escape)))
        #expect(Self.settle(browser) { browser.transfers.transfer == nil })
        #expect(browser.reader.notice == "Copy cancelled: nothing was copied.")
        #expect(Self.names(tree.root + "/Travel") == ["Japan"])
    }
}
