import Foundation
import Glibc
import Synchronization
import TestSupport

@testable import SplitViewControl

/// What the test double was asked, in order, shared with the test's thread.
final class CallLog: Sendable {
    private let calls = Mutex<[String]>([])

    func append(_ call: String) { calls.withLock { $0.append(call) } }
    var all: [String] { calls.withLock { $0 } }
}

/// The app's place taken by a double: a window of `panes` leaves in one split, and a record of
/// each change asked for. Pane 404 does not exist; pane 13 refuses everything.
final class TargetDouble: ControlTarget {
    let log: CallLog
    let panes: Int

    init(log: CallLog, panes: Int = 20) {
        self.log = log
        self.panes = panes
    }

    static func tree(panes: Int) -> ControlTree {
        var leaves: [ControlTree.Node] = []
        for index in 0..<panes {
            let frame = ControlTree.Frame(x: 600, y: 38 + Double(index) * 40, width: 800, height: 40)
            var node = ControlTree.Node(
                id: 100 + index, kind: "file", fraction: 1 / Double(panes), frame: frame, focused: index == 0)
            if index > 0 {
                node.kind = "program"
                node.command = "xterm -into {}"
                node.pid = Int32(5000 + index)
                node.xWindow = UInt(0x40_0000 + index)
                node.status = "running"
            }
            leaves.append(node)
        }
        let split = ControlTree.Node(id: 99, kind: "split", axis: "vertical", focused: true, items: leaves)
        return ControlTree(windows: [
            ControlTree.Window(
                id: 1, title: "Notes — SplitView", xWindow: 0x20_0001,
                frame: ControlTree.Frame(x: 0, y: 0, width: 1400, height: 900),
                columns: [
                    ControlTree.Column(
                        name: "primary", shown: true, focused: false, frame: nil,
                        content: ControlTree.Node(id: 2, kind: "folders")),
                    ControlTree.Column(name: "secondary", shown: true, focused: true, frame: nil, content: split),
                ])
        ])
    }

    func tree() -> ControlTree { Self.tree(panes: panes) }

    private func check(_ pane: Int) throws(ControlError) {
        if pane == 404 { throw ControlError("no pane 404") }
        if pane == 13 { throw ControlError("pane 13 refuses") }
    }

    func focus(pane: Int) throws(ControlError) {
        try check(pane)
        log.append("focus \(pane)")
    }

    func resize(pane: Int, fraction: Double) throws(ControlError) {
        try check(pane)
        log.append("resize \(pane) \(fraction)")
    }

    func split(target: String, side: String, program: String) throws(ControlError) -> Int {
        log.append("split \(target) \(side) \(program)")
        return 777
    }

    func close(pane: Int) throws(ControlError) {
        try check(pane)
        log.append("close \(pane)")
    }

    func zoom(pane: Int) throws(ControlError) {
        try check(pane)
        log.append("zoom \(pane)")
    }

    func saveLayout(to path: String) throws(ControlError) {
        log.append("layout-save \(path)")
    }

    func loadLayout(from path: String) throws(ControlError) {
        log.append("layout-load \(path)")
    }
}

/// A control server on a thread of its own, with its loop and a ``TargetDouble``, listening in
/// a runtime folder of the test's own (0700, as the app makes it). Stopped, and the thread
/// joined, when the value goes.
final class ServerThread: Sendable {
    /// What the test's thread and the server's share.
    final class Shared: Sendable {
        let log = CallLog()
        /// Events to publish, posted by the test, published by the loop's thread.
        let outbox = Mutex<[ControlEvent]>([])
        let stopped = Mutex(false)
        let finished = Mutex(false)
        let listening = Mutex(false)
        let startFailure = Mutex<String?>(nil)
    }

    let folder: TemporaryFolderBox
    let path: String
    private let shared = Shared()
    var log: CallLog { shared.log }

    init(limits: ControlServer.Limits = ControlServer.Limits(), panes: Int = 20, pid: Int32 = getpid()) throws {
        folder = TemporaryFolderBox(try TemporaryFolder("control"))
        let path = ControlPaths.socket(pid: pid, in: folder.path)
        self.path = path
        let thread = Thread { [shared] in
            let loop = PollLoop()
            let target = TargetDouble(log: shared.log, panes: panes)
            do {
                let server = try ControlServer(path: path, target: target, loop: loop, limits: limits)
                shared.listening.withLock { $0 = true }
                while !shared.stopped.withLock({ $0 }) {
                    loop.turn(timeout: 0.01)
                    let events = shared.outbox.withLock { list in
                        defer { list = [] }
                        return list
                    }
                    for event in events { server.publish(event) }
                }
                server.stop()
            } catch {
                shared.startFailure.withLock { $0 = "\(error)" }
            }
            shared.finished.withLock { $0 = true }
        }
        thread.start()
        _ = waitUntil { shared.listening.withLock { $0 } || shared.startFailure.withLock { $0 } != nil }
        if let failure = shared.startFailure.withLock({ $0 }) { throw ControlError(failure) }
    }

    deinit {
        shared.stopped.withLock { $0 = true }
        _ = waitUntil { shared.finished.withLock { $0 } }
    }

    /// Publishes `event` from the loop's thread, at its next turn.
    func publish(_ event: ControlEvent) {
        shared.outbox.withLock { $0.append(event) }
    }

    /// A new client of the server.
    func client(timeout: Double = 10) throws -> ControlClient {
        try ControlClient(path: path, timeout: timeout)
    }
}

/// A ``TemporaryFolder`` shared with the server's thread (it only reads the path).
final class TemporaryFolderBox: @unchecked Sendable {
    let folder: TemporaryFolder
    var path: String { folder.path }

    init(_ folder: TemporaryFolder) {
        self.folder = folder
    }
}

/// The built `splitviewctl` next to the test bundle.
var splitviewctlPath: String {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("splitviewctl").path
}
