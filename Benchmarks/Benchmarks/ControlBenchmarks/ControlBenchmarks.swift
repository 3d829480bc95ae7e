import Benchmark
import Glibc
import SplitViewControl

/// The control socket's speed goal: a `tree` request of a window with 20 panes answers in
/// under 1 ms (median). One iteration is one whole round trip over a real Unix socket: the
/// client encodes and writes the request, the server's loop reads, decodes, asks its target,
/// encodes and writes the reply, the client reads and decodes it. Server and client share the
/// thread (the loop turns once between the write and the read), so the figure is the work,
/// not a thread's wake-up.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .throughput],
        warmupIterations: 10,
        maxDuration: .seconds(3),
        maxIterations: 10_000)

    Benchmark("tree request, 20 panes, round trip") { benchmark in
        var template = Array("/tmp/splitview-bench-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else { return }
        let folder = String(cString: made)
        let loop = PollLoop()
        let target = TwentyPanes()
        guard let server = try? ControlServer(path: folder + "/1.socket", target: target, loop: loop),
            let client = try? ControlClient(path: server.path)
        else { return }
        loop.turn(timeout: 0)  // accepts the client
        let request = ControlRequest(command: "tree")
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try? client.send(request, turning: loop))
        }
        benchmark.stopMeasurement()
        server.stop()
        rmdir(folder)
    }
}

extension ControlClient {
    /// Sends `request`, turns `loop` once so the server answers, and reads the reply.
    func send(_ request: ControlRequest, turning loop: PollLoop) throws -> ControlReply {
        try write(request.line)
        loop.turn(timeout: 1)
        return try reply()
    }
}

/// A window of 20 leaves in one split beside the folders, as `splitviewctl tree` sees one.
final class TwentyPanes: ControlTarget {
    let layout = {
        var leaves: [ControlTree.Node] = []
        for index in 0..<20 {
            let frame = ControlTree.Frame(x: 600, y: 38 + Double(index) * 40, width: 800, height: 40)
            var node = ControlTree.Node(id: 100 + index, kind: "program", fraction: 0.05, frame: frame)
            node.command = "xterm -into {}"
            node.pid = Int32(5000 + index)
            node.xWindow = UInt(0x40_0000 + index)
            node.status = "running"
            leaves.append(node)
        }
        let split = ControlTree.Node(id: 99, kind: "split", axis: "vertical", items: leaves)
        let folders = ControlTree.Node(id: 2, kind: "folders")
        return ControlTree(windows: [
            ControlTree.Window(
                id: 1, title: "Notes — SplitView", xWindow: 0x20_0001,
                frame: ControlTree.Frame(x: 0, y: 0, width: 1400, height: 900),
                columns: [
                    ControlTree.Column(name: "primary", shown: true, focused: true, frame: nil, content: folders),
                    ControlTree.Column(name: "secondary", shown: true, focused: false, frame: nil, content: split),
                ])
        ])
    }()

    func tree() -> ControlTree { layout }
    func focus(pane: Int) throws(ControlError) {}
    func resize(pane: Int, fraction: Double) throws(ControlError) {}
    func split(target: String, side: String, program: String) throws(ControlError) -> Int { 0 }
    func close(pane: Int) throws(ControlError) {}
    func zoom(pane: Int) throws(ControlError) {}
    func saveLayout(to path: String) throws(ControlError) {}
    func loadLayout(from path: String) throws(ControlError) {}
}
