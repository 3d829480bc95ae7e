import Glibc
import SplitView
import SplitViewFiles
import TestSupport

@testable import SplitViewBrowser

/// A folder tree of a test's own under /tmp, removed when the value is dropped.
final class TempTree {
    let root: String

    init() {
        var template = Array("/tmp/splitview-app-XXXXXX".utf8CString)
        root = template.withUnsafeMutableBufferPointer { buffer in
            String(cString: mkdtemp(buffer.baseAddress!)!)
        }
    }

    deinit {
        TemporaryFolder.remove(FilePath(root))
    }

    /// Makes the folders of `path` (relative to the root).
    @discardableResult
    func folder(_ path: String) -> String {
        var built = root
        for part in path.split(separator: "/") {
            built += "/" + part
            mkdir(built, 0o755)
        }
        return built
    }

    /// Writes `text` to `path` (relative), making its folders.
    @discardableResult
    func file(_ path: String, _ text: String = "") -> String {
        if let slash = path.lastIndex(of: "/") { folder(String(path[..<slash])) }
        let full = root + "/" + path
        let descriptor = open(full, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        precondition(descriptor >= 0, "cannot create \(full)")
        var bytes = Array(text.utf8)
        _ = write(descriptor, &bytes, bytes.count)
        close(descriptor)
        return full
    }
}

/// A browser over `tree` in a window of `width` points, its first listing read.
func makeBrowser(
    _ tree: TempTree, style: SplitViewController.Style = .tripleColumn, width: Double = 1400,
    store given: FileStore? = nil, trash: Trash? = nil
) -> Browser {
    let store = given ?? (try! FileStore())
    let root = FilePath(tree.root)
    store.load(root)
    let browser = Browser(store: store, root: root, style: style, theme: .light, trash: trash)
    browser.split.handle(.resize(Size(width: width, height: 900)))
    return browser
}

/// Runs the store's workers and watcher until `condition` holds (at most `seconds`): takes
/// inotify's changes, the folders' and the pictures' results as they come, through
/// ``waitUntil(timeout:_:)``.
func settle(_ store: FileStore, seconds: Double = 5, until condition: () -> Bool) -> Bool {
    waitUntil(timeout: seconds) {
        if condition() { return true }
        var descriptors = [
            pollfd(fd: store.workerDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: store.images.fileDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        if let watcher = store.watcherDescriptor { descriptors.append(pollfd(fd: watcher, events: Int16(POLLIN), revents: 0)) }
        _ = poll(&descriptors, nfds_t(descriptors.count), 0)
        if descriptors.count > 2 && descriptors[2].revents != 0 { store.takeChanges() }
        if descriptors[0].revents != 0 { store.takeResults() }
        if descriptors[1].revents != 0 { store.images.takeResults() }
        return condition()
    }
}

/// Whether this system gives inotify (a watcher can be made): without it the browser reads
/// each folder once, and nothing tells it of a change.
let hasInotify = (try? FolderWatcher()) != nil

/// The texts the pane of `column` draws, after the layout pass the window runs before drawing.
func texts(_ browser: Browser, _ column: SplitViewController.Column) -> [String] {
    browser.split.layoutPanes()
    return browser.split.displayList(for: column)?.texts ?? []
}
