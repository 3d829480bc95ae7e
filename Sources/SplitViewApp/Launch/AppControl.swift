import Glibc
import SplitView
import SplitViewBrowser
import SplitViewControl
import SplitViewX11

/// The running app as `splitviewctl` reaches it: the control socket's server on the host's
/// loop, the windows' trees and changes, and the events subscribers follow.
final class AppControl: ControlTarget {
    unowned let host: Host
    let ids = PaneIDs()
    private(set) var server: ControlServer?
    /// What each pane was at the last look, for the events: by window, then by pane.
    /// Nil while nobody subscribes.
    private var lastSeen: [Int: [Int: PaneSnapshot]]?

    /// What the events compare.
    struct PaneSnapshot: Equatable {
        var focused: Bool
        var zoomed: Bool
        var ended: String?
    }

    init(host: Host) {
        self.host = host
    }

    /// Listens on the control socket; a folder or socket that cannot be used is said in one
    /// line and the app runs without control. Hosted programs get the socket and their pane.
    func start(environment: [String: String]) -> String? {
        let folder = ControlPaths.folder(environment: environment)
        do {
            try ControlPaths.prepare(folder: folder)
            let server = try ControlServer(path: ControlPaths.socket(pid: getpid(), in: folder), target: self, loop: host)
            self.server = server
            host.programVariables = { [unowned self, path = server.path] content in
                [ControlPaths.socketVariable: path, ControlPaths.paneVariable: String(self.ids.id(of: content))]
            }
            return nil
        } catch {
            let reason = error.description
            return String(translated: "no control socket: \(reason)")
        }
    }

    /// Closes the socket and removes its file.
    func stop() {
        server?.stop()
        server = nil
    }

    /// The windows with their browsers.
    private var browsers: [(window: SplitWindow, browser: Browser)] {
        host.windows.compactMap { window in (window.owner as? Browser).map { (window, $0) } }
    }

    // MARK: - ControlTarget

    func tree() -> ControlTree {
        ControlTree(
            windows: browsers.map { window, browser in
                browser.controlWindow(
                    id: ids.id(of: browser), xWindow: UInt(window.window), ids: ids,
                    facts: { [host] in host.program(of: $0).map { ProgramFacts(pid: $0.pid, xWindow: $0.xWindow) } })
            })
    }

    func focus(pane: Int) throws(ControlError) {
        try owner(of: pane).focus(pane: pane, ids: ids)
    }

    func resize(pane: Int, fraction: Double) throws(ControlError) {
        try owner(of: pane).resize(pane: pane, fraction: fraction, ids: ids)
    }

    func split(target: String, side: String, program: String) throws(ControlError) -> Int {
        // A column's name means the first window's; a pane's id names its window.
        if let id = Int(target) { return try owner(of: id).split(target: target, side: side, program: program, ids: ids) }
        guard let first = browsers.first?.browser else { throw ControlError("no window is open") }
        return try first.split(target: target, side: side, program: program, ids: ids)
    }

    func close(pane: Int) throws(ControlError) {
        try owner(of: pane).close(pane: pane, ids: ids)
    }

    func zoom(pane: Int) throws(ControlError) {
        try owner(of: pane).zoom(pane: pane, ids: ids)
    }

    func saveLayout(to path: String) throws(ControlError) {
        guard let first = browsers.first?.browser else { throw ControlError("no window is open") }
        try first.saveLayout(to: path)
    }

    func loadLayout(from path: String) throws(ControlError) {
        guard let first = browsers.first?.browser else { throw ControlError("no window is open") }
        try first.loadLayout(from: path)
    }

    private func owner(of pane: Int) throws(ControlError) -> Browser {
        guard let browser = browsers.first(where: { $0.browser.locate(pane: pane, ids: ids) != nil })?.browser else {
            throw ControlError("no pane \(pane)")
        }
        return browser
    }

    // MARK: - Events

    /// After each turn: while anyone subscribes, compares the panes with the last look and
    /// publishes what changed (added, removed, focused, exited).
    func noteTurn() {
        guard let server, server.hasSubscribers else {
            lastSeen = nil
            return
        }
        var now: [Int: [Int: PaneSnapshot]] = [:]
        for window in tree().windows {
            var panes: [Int: PaneSnapshot] = [:]
            for node in window.columns.flatMap(\.content.allNodes) where node.kind != "split" {
                let ended =
                    node.kind == "program" && !["waiting", "starting", "running", "no window"].contains(node.status ?? "")
                panes[node.id] = PaneSnapshot(focused: node.focused, zoomed: node.zoomed, ended: ended ? node.status : nil)
            }
            now[window.id] = panes
        }
        // The first look after a subscription sets the ground: nothing is news yet.
        if let lastSeen {
            for (window, panes) in now.sorted(by: { $0.key < $1.key }) {
                let before = lastSeen[window] ?? [:]
                for (pane, state) in panes.sorted(by: { $0.key < $1.key }) {
                    guard let old = before[pane] else {
                        server.publish(ControlEvent("added", window: window, pane: pane))
                        continue
                    }
                    if state.focused && !old.focused { server.publish(ControlEvent("focused", window: window, pane: pane)) }
                    if state.zoomed != old.zoomed {
                        server.publish(ControlEvent(state.zoomed ? "zoomed" : "unzoomed", window: window, pane: pane))
                    }
                    if let ended = state.ended, old.ended != ended {
                        server.publish(ControlEvent("exited", window: window, pane: pane, status: ended))
                    }
                }
                for pane in before.keys.sorted() where panes[pane] == nil {
                    server.publish(ControlEvent("removed", window: window, pane: pane))
                }
            }
            for (window, panes) in lastSeen.sorted(by: { $0.key < $1.key }) where now[window] == nil {
                for pane in panes.keys.sorted() { server.publish(ControlEvent("removed", window: window, pane: pane)) }
            }
        }
        lastSeen = now
    }
}

extension Host: ControlLoop {}
