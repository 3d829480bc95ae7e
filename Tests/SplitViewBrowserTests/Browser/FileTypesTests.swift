import Glibc
import SplitView
import SplitViewFiles
import TestSupport
import Testing

@testable import SplitViewBrowser

/// What a file is, in the browser: the inspector's Type row, the rows' icons, and "Open
/// With" in the View menu and on a right click, started through the window's launcher.
@Suite(.enabled(if: access("/usr/share/mime/globs2", R_OK) == 0, "no /usr/share/mime here: shared-mime-info is not installed"))
struct FileTypesTests {
    static func tree() -> TempTree {
        let tree = TempTree()
        tree.file("Files/run.sh", "#!/bin/sh\necho hi\n")
        tree.file("Files/notes.txt", "notes\n")
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        _ = PictureFiles.write(png, to: tree.root + "/Files/picture")
        return tree
    }

    /// Two applications for text (the default one second in the desktop files' order) and
    /// none for anything else.
    static func apps() -> MimeApps {
        func entry(_ id: String, _ name: String, _ exec: String) -> DesktopEntry {
            DesktopEntry(
                Array("[Desktop Entry]\nType=Application\nName=\(name)\nExec=\(exec)\nMimeType=text/plain;\n".utf8),
                id: id, path: "/apps/" + id)!
        }
        return MimeApps(
            entries: [entry("a.desktop", "Alpha", "alpha --new %F"), entry("b.desktop", "Beta", "beta %u")],
            lists: [KeyFile(Array("[Default Applications]\ntext/plain=b.desktop\n".utf8))])
    }

    @Test func theInspectorNamesTheTypeByNameAndByBytes() {
        let tree = Self.tree()
        let browser = makeBrowser(tree)
        browser.split.handle(.command(.toggleInspector))
        BrowserTests.show(browser, tree, "Files", "run.sh")
        #expect(ImageShowingTests.details(browser)["Type"] == "Shell script (application/x-shellscript)")
        #expect(ImageShowingTests.details(browser)["Encoding"] == "UTF-8")
        BrowserTests.show(browser, tree, "Files", "picture")
        #expect(ImageShowingTests.details(browser)["Type"] == "PNG image (image/png)", "no extension: by its first bytes")
        BrowserTests.show(browser, tree, "Files", "notes.txt")
        #expect(ImageShowingTests.details(browser)["Type"] == "Plain text document (text/plain)")
    }

    @Test func rowsHaveIconsAndTheSameIconIsOnePicture() throws {
        let tree = Self.tree()
        let browser = makeBrowser(tree)
        BrowserTests.show(browser, tree, "Files", "notes.txt")
        let rows = (0..<browser.entries.numberOfRows).map { browser.entries.item(at: $0) }
        #expect(rows.allSatisfy { $0.icon != nil }, "a glyph at once, while the theme's icon loads")
        // Once the worker answers, a theme that has the icon gives a picture, shared by rows of a type.
        _ = settle(browser.store) {
            browser.store.types.takeResults()
            return (0..<browser.entries.numberOfRows).allSatisfy {
                if case .image? = browser.entries.item(at: $0).icon { true } else { false }
            }
        }
        let first = browser.entries.item(at: 0).icon, again = browser.entries.item(at: 0).icon
        #expect(first == again)
    }

    @Test func theViewMenuAndARightClickListTheApplicationsDefaultFirst() throws {
        let tree = Self.tree()
        let browser = makeBrowser(tree)
        browser.store.types.apps = Self.apps()
        BrowserTests.show(browser, tree, "Files", "notes.txt")
        browser.split.handle(.command(.showMenu))
        let titles = try #require(browser.split.menu?.items).map(\.title)
        #expect(titles.suffix(2) == ["Open With Beta (Default)", "Open With Alpha"])
        browser.split.handle(.key(KeyChord(.escape)))
        let items = try #require(browser.fileList.contextMenuItemsForRow?(browser.fileList.selectedIndex ?? -1))
        #expect(items.map(\.title) == ["Open With Beta (Default)", "Open With Alpha"])
        let none = browser.openWithItems(for: FilePath(tree.root + "/Files/picture"))
        #expect(none.count == 1 && !none[0].isEnabled)
    }

    @Test func choosingAnApplicationStartsItsCommandLineOnTheFile() throws {
        let tree = Self.tree()
        let browser = makeBrowser(tree)
        browser.store.types.apps = Self.apps()
        var started: [[String]] = []
        browser.appLauncher = { argv, _ in
            started.append(argv.map { String(decoding: $0, as: UTF8.self) })
            return nil
        }
        BrowserTests.show(browser, tree, "Files", "notes.txt")
        browser.split.handle(.command(.action(Browser.openWithAction("a.desktop"))))
        browser.split.handle(.command(.action(Browser.openWithAction("b.desktop"))))
        let path = tree.root + "/Files/notes.txt"
        #expect(started == [["alpha", "--new", path], ["beta", "file://" + path]])
        #expect(browser.reader.notice == nil)
        browser.appLauncher = { _, _ in "alpha is not installed" }
        browser.split.handle(.command(.action(Browser.openWithAction("a.desktop"))))
        #expect(browser.reader.notice == "Could not open “notes.txt”: Alpha: alpha is not installed")
        browser.split.handle(.command(.action(Browser.openWithAction("gone.desktop"))))
        #expect(browser.reader.notice == "Could not open “notes.txt”: the application gone.desktop is not installed")
    }
}
