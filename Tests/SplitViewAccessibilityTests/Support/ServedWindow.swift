import Glibc
import SplitView
import SplitViewAccessibility
import TestSupport

/// A window of the core served on a private bus as the host serves its windows, with no
/// display: a three-column `SplitViewController` (folders as an outline, files as a list, a
/// document), its tree built by `accessibleTree(title:)`, a place closure that puts the
/// window where ``placement`` says, and a perform closure that logs each action and does
/// it on the controller. The bus is joined through `AccessibilityBus.join`, with ``reader``
/// standing in for the registry, and then ``reader`` asks as a screen reader does.
final class ServedWindow {
    /// The window's title, the frame's name.
    static let title = "Files — SplitView"

    /// The private bus, the registry stand-in and screen reader on it, and the bus under test.
    let daemon: PrivateBus
    let reader: BusPeer
    let bus: AccessibilityBus
    /// The window, and its lists and document.
    let split: SplitViewController
    let folders: ListViewController
    let files: ListViewController
    let document: TextViewController
    /// Where the place closure says the window is, and its pixels per point.
    let placement = Placement()
    /// What the closures were asked: the actions, and how often the trees were built.
    let log = Log()
    /// The application's bus name, as the application gave it to the registry.
    let application: String

    /// Where the window is: what the place closure answers.
    final class Placement {
        var origin = (x: 100, y: 50)
        var scale = 2.0
    }

    /// What the closures were asked.
    final class Log {
        /// The actions the perform closure was asked for, as `window id name`.
        var actions: [String] = []
        /// How many times the trees closure built the window's tree.
        var treesBuilt = 0
    }

    /// What went wrong setting up.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Starts a bus, lays out the window at 1400 × 800 with the files' second row selected and
    /// the keyboard in the files' list, and joins with `listeners` registered.
    init(listeners: [(String, String)] = []) throws {
        (split, folders, files, document) = Self.window()
        daemon = try PrivateBus()
        reader = try BusPeer(address: daemon.address)
        reader.registeredEvents = listeners
        guard reader.standInForRegistry() else { throw Failure(description: "the bus refused the registry's name") }
        guard case .some(let joined?) = Self.join(address: daemon.address, registry: reader) else {
            throw Failure(description: "the window did not join the bus")
        }
        bus = Self.serve(joined, split, placement, log)
        guard case .structure(let fields)? = reader.embedded.first?.first, case .string(let name)? = fields.first else {
            throw Failure(description: "no Embed came to the registry")
        }
        application = name
        // As the host does: what came before serving is not news.
        _ = split.takeAccessibleChanges(title: Self.title)
        let bus = bus
        reader.beside = { _ = bus.dispatch() }
    }

    deinit {
        bus.close()
    }

    /// One turn of the host's loop, for the bus: the trees forgotten, and the changes told
    /// while someone listens.
    func turn() {
        split.layoutPanes()
        bus.invalidate()
        if bus.hasListeners { bus.emit(split.takeAccessibleChanges(title: Self.title).events, window: 0) }
    }

    /// The bus over `joined`, serving `split`'s tree, placed by `placement`, its actions
    /// logged in `log` and done on `split`.
    static func serve(
        _ joined: AccessibilityBus.Joined, _ split: SplitViewController, _ placement: Placement, _ log: Log
    ) -> AccessibilityBus {
        AccessibilityBus(
            joined: joined,
            trees: {
                log.treesBuilt += 1
                split.layoutPanes()
                return [split.accessibleTree(title: ServedWindow.title)]
            },
            place: { window in
                guard window == 0 else { return (origin: (x: 0, y: 0), scale: 1) }
                return (origin: placement.origin, scale: placement.scale)
            },
            perform: { window, id, name in
                log.actions.append("\(window) \(id) \(name)")
                return window == 0 && split.performAccessibleAction(id, named: name)
            },
            lookUp: { window, id in window == 0 ? split.accessibleNode(id) : nil },
            child: { window, id, index in window == 0 ? split.accessibleChild(at: index, of: id) : nil })
    }

    /// The window: folders, files and a document in three columns at 1400 × 800.
    static func window() -> (SplitViewController, ListViewController, ListViewController, TextViewController) {
        let split = SplitViewController(style: .tripleColumn)
        split.animatesTransitions = false
        let folders = ListViewController(
            title: "Folders",
            items: [
                ListItem(title: "Home", disclosure: .expanded), ListItem(title: "Documents", indentation: 1),
                ListItem(title: "Music", indentation: 1),
            ])
        let files = ListViewController(
            title: "Files", items: (0..<4).map { ListItem(title: "file \($0).txt", subtitle: "\($0) KB") })
        let document = TextViewController(title: "file 1.txt")
        document.text = "two lines\nof text\n"
        split.setViewController(folders, for: .primary)
        split.setViewController(files, for: .supplementary)
        split.setViewController(document, for: .secondary)
        split.preferredDisplayMode = .twoBesideSecondary
        split.handle(.resize(Size(width: 1400, height: 800)))
        split.focusedColumn = .supplementary
        files.selectedIndex = 1
        split.layoutPanes()
        return (split, folders, files, document)
    }

    /// Joins the bus at `address` as the host does, through `AccessibilityBus.join`, with a
    /// loop of the test's own: the pipe the joining thread writes to is polled here, and
    /// `registry` (when given) answers the registry's calls meanwhile. Nil when the join
    /// never ended (in 30 s); `.some(nil)` when it ended with nothing to join.
    static func join(address: String, registry: BusPeer?) -> AccessibilityBus.Joined?? {
        var watched: (descriptor: Int32, handler: () -> Void)?
        var outcome: AccessibilityBus.Joined??
        AccessibilityBus.join(
            address: address, watch: { watched = ($0, $1) },
            unwatch: { descriptor in if watched?.descriptor == descriptor { watched = nil } },
            done: { outcome = .some($0) })
        waitUntil(timeout: 30) {
            registry?.pump()
            if let watched {
                var ready = pollfd(fd: watched.descriptor, events: Int16(POLLIN), revents: 0)
                if poll(&ready, 1, 0) > 0 { watched.handler() }
            }
            return outcome != nil
        }
        return outcome
    }
}
