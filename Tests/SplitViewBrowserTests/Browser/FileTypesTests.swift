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
        // The database is read on the worker: once it says so, the row is described again.
        #expect(
            settle(browser.store) {
                browser.store.types.takeResults()
                return ImageShowingTests.details(browser)["Type"] == "Shell script (application/x-shellscript)"
            })
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
        // GNOME Files' and Thunar's: what acts on the file, then Open With, then Properties.
        #expect(
            items.map(\.title) == [
                "Cut", "Copy", "Paste", "Move to Trash", "Rename…", "Open With Beta (Default)", "Open With Alpha", "Properties",
            ])
        #expect(items.filter(\.startsGroup).map(\.title) == ["Open With Beta (Default)", "Properties"])
        // Properties is the inspector.
        let properties = try #require(items.last)
        #expect(!browser.split.isShowing(.inspector))
        browser.split.handle(.command(properties.command))
        #expect(browser.split.isShowing(.inspector))
        let none = browser.openWithItems(for: FilePath(tree.root + "/Files/picture"))
        #expect(none.count == 1 && !none[0].isEnabled)
    }

    @Test func choosingAnApplicationStartsItsCommandLineOnTheFile() throws {
        let tree = Self.tree()
        let browser = makeBrowser(tree)
        browser.store.types.apps = Self.apps()
        var started: [[String]] = []
        browser.programs.appLauncher = { argv, _ in
            started.append(argv.map { String(decoding: $0, as: UTF8.self) })
            return nil
        }
        BrowserTests.show(browser, tree, "Files", "notes.txt")
        browser.split.handle(.command(BrowserAction.openWith(applicationID: "a.desktop").command))
        browser.split.handle(.command(BrowserAction.openWith(applicationID: "b.desktop").command))
        let path = tree.root + "/Files/notes.txt"
        #expect(started == [["alpha", "--new", path], ["beta", "file://" + path]])
        #expect(browser.reader.notice == nil)
        browser.programs.appLauncher = { _, _ in "alpha is not installed" }
        browser.split.handle(.command(BrowserAction.openWith(applicationID: "a.desktop").command))
        #expect(browser.reader.notice == "Could not open “notes.txt”: Alpha: alpha is not installed")
        browser.split.handle(.command(BrowserAction.openWith(applicationID: "gone.desktop").command))
        #expect(browser.reader.notice == "Could not open “notes.txt”: the application gone.desktop is not installed")
    }

    /// A desktop of the test's own, whose files are hostile: a `mimeapps.list` of 1 MiB of
    /// short keys naming the default last, a magic of values that almost match, and a
    /// `mimeapps.list` over the limit in the config directories.
    static func hostileDesktop() throws -> (TemporaryFolder, XDGDirectories) {
        let folder = try TemporaryFolder("desktop")
        folder.write(
            "[Desktop Entry]\nType=Application\nName=Mine\nExec=mine %f\nMimeType=text/plain;\n",
            to: "data/applications/mine.desktop")
        var list = "[Default Applications]\n"
        var number = 0
        while list.utf8.count < (1 << 20) - 64 {
            list += "k\(number)=x\n"
            number += 1
        }
        folder.write(list + "text/plain=mine.desktop\n", to: "config/mimeapps.list")
        folder.write("#" + String(repeating: "x", count: 1 << 20), to: "system-config/mimeapps.list")
        folder.write("50:text/plain:*.txt\n", to: "data/mime/globs2")
        let value = [UInt8](repeating: UInt8(ascii: "n"), count: 4095) + [UInt8(ascii: "b")]
        var magic = MagicBytes.header
        for index in 0..<200 { magic += MagicBytes.section("application/x-hostile\(index)", value, range: 65_536) }
        _ = AtomicFile.write(magic, to: folder.path + "/data/mime/magic")
        let xdg = XDGDirectories(environment: [
            "HOME": "/nonexistent", "XDG_DATA_HOME": folder.path + "/data", "XDG_DATA_DIRS": "/nonexistent",
            "XDG_CONFIG_HOME": folder.path + "/config", "XDG_CONFIG_DIRS": folder.path + "/system-config",
        ])
        return (folder, xdg)
    }

    /// The loop's thread never reads the applications nor waits for them: until the worker
    /// has read them, "Open With" says it is looking (in the View menu and on a right click);
    /// when they come, the menu lists them without being asked again. A list over the limit
    /// is said in one line.
    @Test func openWithLooksUntilTheWorkerHasReadTheApplications() throws {
        let tree = Self.tree()
        // No glob names it: its type is looked for in the hostile magic, within its bound.
        tree.file("Files/nnnn", String(repeating: "n", count: 64 << 10))
        let (desktop, xdg) = try Self.hostileDesktop()
        defer { withExtendedLifetime(desktop) {} }
        let types = try FileTypes(xdg: xdg, database: MimeDatabase(directories: [desktop.path + "/data/mime"]))
        var said: [String] = []
        types.report = { said.append($0) }
        let browser = makeBrowser(tree, store: try FileStore(types: types))
        BrowserTests.show(browser, tree, "Files", "nnnn")
        let looking = "Open With: Looking for Applications…"
        #expect(browser.viewMenuItems.last?.title == looking)
        #expect(
            browser.fileList.contextMenuItemsForRow?(browser.fileList.selectedIndex ?? -1).map(\.title).contains(looking) == true)
        #expect(types.apps == nil, "nothing was read on this thread")
        #expect(
            settle(browser.store) {
                types.takeResults()
                return browser.viewMenuItems.last?.title == "Open With Mine (Default)"
            })
        #expect(
            said == [
                "\(desktop.path)/system-config/mimeapps.list: too large (1048577 bytes; the limit is 1048576 bytes), not read"
            ])
    }
}

extension FileTypesTests {
    /// A desktop of one application for text, "Mine".
    static func oneApplicationDesktop() throws -> (TemporaryFolder, XDGDirectories) {
        let desktop = try TemporaryFolder("lazy-desktop")
        desktop.write(
            "[Desktop Entry]\nType=Application\nName=Mine\nExec=/bin/true %f\nMimeType=text/plain;\n",
            to: "data/applications/mine.desktop")
        let xdg = XDGDirectories(environment: [
            "HOME": "/nonexistent", "XDG_DATA_HOME": desktop.path + "/data", "XDG_DATA_DIRS": "/nonexistent",
            "XDG_CONFIG_HOME": desktop.path + "/config", "XDG_CONFIG_DIRS": "/nonexistent",
        ])
        return (desktop, xdg)
    }

    /// A browser on that desktop showing `notes.txt`, once the worker has read the database;
    /// the desktop's folder is kept as long as the browser.
    static func browserWithOneApplication(_ tree: TempTree) throws -> (Browser, FileTypes, TemporaryFolder) {
        let (desktop, xdg) = try oneApplicationDesktop()
        let types = try FileTypes(xdg: xdg)
        let browser = makeBrowser(tree, store: try FileStore(types: types))
        BrowserTests.show(browser, tree, "Files", "notes.txt")
        #expect(
            settle(browser.store) {
                types.takeResults(); return types.loadedDatabase != nil
            })
        return (browser, types, desktop)
    }

    /// Decided: the applications are read when "Open With" is first looked at, not at start:
    /// browsing, selecting and the database's arrival read nothing; the View menu opening
    /// says "Looking for Applications…" and lists them once the worker has read them, without
    /// being opened again; opening it again reads nothing more.
    @Test func theApplicationsAreReadOnlyWhenTheViewMenuOpens() throws {
        let tree = Self.tree()
        let (browser, types, desktop) = try Self.browserWithOneApplication(tree)
        defer { withExtendedLifetime(desktop) {} }
        BrowserTests.show(browser, tree, "Files", "run.sh")
        BrowserTests.show(browser, tree, "Files", "notes.txt")
        #expect(
            !settle(browser.store, seconds: 0.3) {
                types.takeResults(); return types.applicationReadings > 0
            })
        #expect(types.apps == nil)
        browser.split.handle(.command(.showMenu))
        #expect(browser.split.menu?.items.last?.title == "Open With: Looking for Applications…")
        #expect(
            settle(browser.store) {
                types.takeResults()
                return browser.split.menu?.items.last?.title == "Open With Mine (Default)"
            })
        browser.split.handle(.key(KeyChord(.escape)))
        browser.split.handle(.command(.showMenu))
        #expect(
            !settle(browser.store, seconds: 0.3) {
                types.takeResults(); return types.applicationReadings > 1
            })
        #expect(types.applicationReadings == 1)
    }

    /// A row's context menu opened before the applications are read asks for them, says it
    /// is looking, and lists them where it stands once they come, for the row it was opened on.
    @Test func aRowsContextMenuOpenWhileTheyAreReadListsThemWhenTheyCome() throws {
        let tree = Self.tree()
        let (browser, types, desktop) = try Self.browserWithOneApplication(tree)
        defer { withExtendedLifetime(desktop) {} }
        browser.split.focusedColumn = .supplementary
        browser.split.handle(.key(KeyChord(.menu)))
        let opened = try #require(browser.split.menu)
        #expect(opened.items.map(\.title).contains("Open With: Looking for Applications…"))
        #expect(
            settle(browser.store) {
                types.takeResults()
                return browser.split.menu?.items.map(\.title).contains("Open With Mine (Default)") == true
            })
        let listed = try #require(browser.split.menu)
        #expect(listed.frame.origin == opened.frame.origin, "the menu stays where it was opened")
        #expect(!listed.items.map(\.title).contains("Open With: Looking for Applications…"))
        #expect(types.applicationReadings == 1)
    }

    /// "Open With" follows the desktop as GIO does, without a restart: `xdg-mime default`
    /// rewriting `~/.config/mimeapps.list`, a program installed in a data directory that did
    /// not exist when the window started, and one uninstalled. A write elsewhere in
    /// `~/.config` is looked at but reads nothing again.
    @Test func openWithFollowsNewDefaultsAndPrograms() throws {
        let tree = Self.tree()
        let desktop = try TemporaryFolder("live-desktop")
        func entry(_ name: String) -> String {
            "[Desktop Entry]\nType=Application\nName=\(name)\nExec=/bin/true %f\nMimeType=text/plain;\n"
        }
        desktop.write(entry("Mine"), to: "data/applications/mine.desktop")
        desktop.write("# nothing yet\n", to: "config/other.conf")
        let xdg = XDGDirectories(environment: [
            "HOME": "/nonexistent", "XDG_DATA_HOME": desktop.path + "/data", "XDG_DATA_DIRS": desktop.path + "/system/share",
            "XDG_CONFIG_HOME": desktop.path + "/config", "XDG_CONFIG_DIRS": "/nonexistent",
        ])
        let types = try FileTypes(xdg: xdg)
        let browser = makeBrowser(tree, store: try FileStore(types: types))
        BrowserTests.show(browser, tree, "Files", "notes.txt")
        func openWith() -> [String] {
            browser.viewMenuItems.map(\.title).filter { $0.hasPrefix("Open With") }
        }
        func waitFor(_ titles: [String]) -> Bool {
            settle(browser.store) {
                types.takeResults()
                return openWith() == titles
            }
        }
        // Read once the View menu has been looked at, and followed from then on.
        browser.split.handle(.command(.showMenu))
        #expect(waitFor(["Open With Mine (Default)"]))
        // What `xdg-mime default theirs.desktop text/plain` does, for a program in a data
        // directory made afterwards.
        desktop.write(entry("Theirs"), to: "system/share/applications/theirs.desktop")
        desktop.write("[Default Applications]\ntext/plain=theirs.desktop\n", to: "config/mimeapps.list")
        #expect(waitFor(["Open With Theirs (Default)", "Open With Mine"]), "\(openWith())")
        let readings = types.applicationReadings
        desktop.write("# changed\n", to: "config/other.conf")
        #expect(
            !settle(browser.store, seconds: 0.5) {
                types.takeResults(); return types.applicationReadings > readings
            })
        unlink(desktop.path + "/system/share/applications/theirs.desktop")
        #expect(waitFor(["Open With Mine (Default)"]), "\(openWith())")
    }

    /// Until the worker has read the database, the inspector's Type row says the kind of file;
    /// then it is described again, unless the user selected some of it meanwhile (describing
    /// again would take the selection away).
    @Test func theTypeRowComesWithTheDatabaseButNeverTakesASelection() throws {
        let tree = Self.tree()
        let mime = try TemporaryFolder("mime")
        mime.write("50:application/x-shellscript:*.sh\n", to: "globs2")
        mime.write("<mime-type><comment>shell script</comment></mime-type>", to: "application/x-shellscript.xml")
        let xdg = XDGDirectories(environment: ["HOME": "/nonexistent", "XDG_DATA_DIRS": "/nonexistent"])
        func browser() throws -> (Browser, FileTypes) {
            let types = try FileTypes(xdg: xdg, database: MimeDatabase(directories: [mime.path]))
            let browser = makeBrowser(tree, store: try FileStore(types: types))
            browser.split.handle(.command(.toggleInspector))
            BrowserTests.show(browser, tree, "Files", "run.sh")
            return (browser, types)
        }
        let (plain, plainTypes) = try browser()
        #expect(ImageShowingTests.details(plain)["Type"] == "Text (UTF-8)", "the kind, at once")
        #expect(
            settle(plain.store) {
                plainTypes.takeResults()
                return ImageShowingTests.details(plain)["Type"] == "Shell script (application/x-shellscript)"
            })
        let (selecting, selectingTypes) = try browser()
        #expect(selecting.details.perform(.selectAll, in: Rect(x: 0, y: 0, width: 300, height: 800)))
        #expect(
            settle(selecting.store) {
                selectingTypes.takeResults()
                return selectingTypes.loadedDatabase != nil
            })
        #expect(ImageShowingTests.details(selecting)["Type"] == "Text (UTF-8)")
        #expect(selecting.details.selectedText?.contains("run.sh") == true, "the selection is kept")
    }
}

extension FileTypesTests {
    /// Decided: the worker reads the database at once; no frame is waited for (the launcher
    /// draws none here).
    @Test func theDatabaseIsReadWithoutWaitingForAFrame() throws {
        let xdg = XDGDirectories(environment: ["HOME": "/nonexistent", "XDG_DATA_DIRS": "/nonexistent"])
        let types = try FileTypes(xdg: xdg, database: MimeDatabase(directories: ["/usr/share/mime"]))
        #expect(
            waitUntil(timeout: 10) {
                types.takeResults(); return types.loadedDatabase != nil
            })
    }
}

/// Magic files written byte by byte, as `update-mime-database` writes them.
enum MagicBytes {
    static let header = Array("MIME-Magic\0\n".utf8)

    /// A section of one rule: `value` searched for from offset 0 over `range` bytes.
    static func section(_ type: String, _ value: [UInt8], range: Int) -> [UInt8] {
        Array("[50:\(type)]\n>0=".utf8) + [UInt8(value.count >> 8), UInt8(value.count & 0xFF)] + value + Array("+\(range)\n".utf8)
    }
}
