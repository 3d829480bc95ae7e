import Glibc
import SplitView
import SplitViewFiles
import TestSupport
import Testing

@testable import SplitViewBrowser

/// Whether /dev/shm is a writable file system apart from /tmp's (for a home trash on another
/// device than the test's "volume").
private let hasSecondDevice: Bool = {
    var shm = stat(), temporary = stat()
    return stat("/dev/shm", &shm) == 0 && stat("/tmp", &temporary) == 0 && shm.st_dev != temporary.st_dev
        && access("/dev/shm", W_OK) == 0
}()

/// A volume's trash among the places: it shows once it holds a file, by the volume's name,
/// lists its files, and leaves when it is empty again.
@Suite(.enabled(if: hasSecondDevice, "/dev/shm is not a separate writable file system"))
struct TrashVolumeBrowserTests {
    @Test func aVolumesTrashIsAPlaceWhileItHoldsFiles() throws {
        let tree = BrowserTests.sample()
        var template = Array("/dev/shm/splitview-home-XXXXXX".utf8CString)
        let home = try #require(template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { String(cString: $0) })
        defer { TemporaryFolder.remove(FilePath(home)) }
        // The sample tree is a volume of /tmp's device, in a mount table of the test's own.
        var info = stat()
        stat(tree.root, &info)
        let major = (UInt64(info.st_dev) >> 8) & 0xfff, minor = UInt64(info.st_dev) & 0xff
        tree.file("mountinfo", "90 27 \(major):\(minor) / \(tree.root) rw,relatime - ext4 /dev/test rw\n")
        let trash = Trash(homeTrash: FilePath(home + "/Trash"), mountInfoFile: tree.root + "/mountinfo")
        var sources = PlaceSources(environment: ["HOME": tree.root, "XDG_CONFIG_HOME": tree.root + "/config"])
        sources.mountInfoFile = tree.root + "/mountinfo"
        let store = try FileStore()
        store.load(FilePath(tree.root))
        let browser = Browser(
            store: store, root: FilePath(tree.root), style: .tripleColumn, theme: .light, places: sources, trash: trash)
        browser.split.handle(.resize(Size(width: 1400, height: 900)))
        let volumeName = "Trash on " + FilePath.displayName(FilePath(tree.root).lastComponent)
        #expect(!browser.tree.places.contains { $0.name == volumeName })
        BrowserTests.show(browser, tree, "Notes", "file2.txt")
        browser.split.handle(.key(KeyChord(.delete)))
        #expect(TrashBrowserTests.settleTrash(browser))
        #expect(access(tree.root + "/.Trash-\(getuid())/files/file2.txt", F_OK) == 0)
        let place = try #require(browser.tree.places.first { $0.name == volumeName })
        #expect(place.kind == .trash && place.path == FilePath(tree.root + "/.Trash-\(getuid())/files"))
        // The home's Trash first, then the volume's.
        let names = browser.tree.places.map(\.name)
        #expect(names.firstIndex(of: "Trash")! + 1 == names.firstIndex(of: volumeName))
        let row = try #require(browser.tree.rows.firstIndex { $0.place == place })
        #expect(browser.choosePlace(at: row))
        #expect(settle(browser.store) { browser.entries.numberOfRows == 1 })
        #expect(browser.title == "Trash — SplitView")
        browser.fileList.selectedIndex = 0
        browser.selectEntry(0)
        browser.perform(.restoreFromTrash)
        #expect(TrashBrowserTests.settleTrash(browser))
        #expect(access(tree.root + "/Notes/file2.txt", F_OK) == 0)
        #expect(!browser.tree.places.contains { $0.name == volumeName })
    }
}
