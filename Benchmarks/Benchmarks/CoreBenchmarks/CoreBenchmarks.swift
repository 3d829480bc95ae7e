import Benchmark
import SplitView

/// The speed goals of the core:
/// - recomputing the layout after a resize: ≤ 2 µs;
/// - replaying a 10 000-step divider drag: ≤ 20 ms;
/// - a split at run time, laid out and drawn (every display list of the window made again):
///   well within one frame (16.7 ms), and a close the same;
/// - a step of a stack divider's drag in a tree of 8 panes: no more than a column divider's.
/// Both on a triple-column controller with list, list and text controllers, as the app has,
/// and a deterministic measurer so the numbers never depend on fonts.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .throughput],
        warmupIterations: 3,
        maxDuration: .seconds(3),
        maxIterations: 10_000)

    // One iteration = one resize (the width moves within the three-column range, so every
    // step recomputes widths, frames, dividers and buttons).
    Benchmark("Layout after a resize", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let split = makeSplit()
        var width = 1400.0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            width = width >= 1600 ? 1200 : width + 1
            split.handle(.resize(Size(width: width, height: 900)))
        }
        blackHole(split.layout)
    }

    // A resize that crosses display modes and the collapse threshold each step.
    Benchmark("Resize across modes and collapse", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let split = makeSplit()
        let widths: [Double] = [1400, 900, 640, 500, 700, 1000]
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            split.handle(.resize(Size(width: widths[index % widths.count], height: 900)))
        }
        blackHole(split.layout)
    }

    // One iteration = a whole drag: press on the primary's divider, 10 000 moves swinging past
    // both ends of its range, release.
    paneBenchmarks()

    Benchmark("Divider drag, 10 000 steps") { benchmark in
        for _ in benchmark.scaledIterations {
            let split = makeSplit()
            let line = split.layout.divider(of: .primary)!.drawnRect
            benchmark.startMeasurement()
            split.handle(.pointerDown(Point(x: line.minX, y: 400)))
            for step in 0..<10_000 {
                let x = 200 + Double((step * 7) % 400)
                split.handle(.pointerMoved(Point(x: x, y: 400)))
            }
            split.handle(.pointerUp(Point(x: 300, y: 400)))
            benchmark.stopMeasurement()
            blackHole(split.layout)
        }
    }
}

/// Benchmarks of run-time splits, registered with the others (`benchmarks` calls it).
func paneBenchmarks() {
    // One iteration = a split of the file's pane and the close of the new one, each laid out
    // and every pane's display list drawn, as the host does before the program's window comes.
    Benchmark("Split and close a pane, drawn") { benchmark in
        let split = makeSplit()
        let reader = split.viewController(for: .secondary)!
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            let new = TextViewController(title: "Pane \(index)")
            split.splitPane(reader, along: index % 2 == 0 ? .horizontal : .vertical, with: new)
            drawEverything(split)
            split.closePane(new)
            drawEverything(split)
        }
        benchmark.stopMeasurement()
        blackHole(split.layout)
    }

    // One iteration = 1 000 steps of the divider between the first two columns of panes of a
    // secondary split into 8 panes (h[v[file, a], v[b, c], v[d, e, f]]), then 1 000 of the
    // column divider beside it, for the comparison in one run.
    Benchmark("Stack divider drag in 8 panes, 1 000 steps") { benchmark in
        for _ in benchmark.scaledIterations {
            let split = makeEightPanes()
            // The first pane's right edge in the window: the divider's line starts there.
            let file = split.visiblePanes.first { $0.column == .secondary }!.frame
            drag(split, at: file.maxX + 0.5, steps: 1000, benchmark)
            precondition(split.visiblePanes.first { $0.column == .secondary }!.frame.width != file.width, "the drag moved nothing")
        }
    }
    Benchmark("Column divider drag beside 8 panes, 1 000 steps") { benchmark in
        for _ in benchmark.scaledIterations {
            let split = makeEightPanes()
            drag(split, at: split.layout.divider(of: .primary)!.drawnRect.minX, steps: 1000, benchmark)
        }
    }
}

/// Presses at `x` (half-way down), moves `steps` times within 60 points either side, releases
/// 30 points right of the start (so the drag always ends elsewhere);
/// only the drag is measured.
private func drag(_ split: SplitViewController, at x: Double, steps: Int, _ benchmark: Benchmark) {
    benchmark.startMeasurement()
    split.handle(.pointerDown(Point(x: x, y: 300)))
    for step in 0..<steps { split.handle(.pointerMoved(Point(x: x - 60 + Double((step * 7) % 120), y: 300))) }
    split.handle(.pointerUp(Point(x: x + 30, y: 300)))
    benchmark.stopMeasurement()
    blackHole(split.layout)
}

/// Every display list the window shows, made as the host asks for them after a change.
private func drawEverything(_ split: SplitViewController) {
    split.layoutPanes()
    for column in SplitViewController.Column.allCases {
        blackHole(split.displayList(for: column))
        for (leaf, _) in split.leaves(in: column) { blackHole(split.displayList(forLeaf: leaf)) }
    }
}

/// The app's window with its secondary split into 8 panes by run-time splits.
private func makeEightPanes() -> SplitViewController {
    let split = makeSplit()
    let reader = split.viewController(for: .secondary)!
    func text(_ name: String) -> TextViewController { TextViewController(title: name, text: "pane \(name)") }
    let (a, b, c, d, e, f) = (text("a"), text("b"), text("c"), text("d"), text("e"), text("f"))
    split.splitPane(reader, along: .horizontal, with: b)
    split.splitPane(b, along: .horizontal, with: d)
    split.splitPane(reader, along: .vertical, with: a)
    split.splitPane(b, along: .vertical, with: c)
    split.splitPane(d, along: .vertical, with: e)
    split.splitPane(e, along: .vertical, with: f)
    split.focusedColumn = .primary
    return split
}

/// A mounted triple-column controller with the app's kinds of content.
private func makeSplit() -> SplitViewController {
    let split = SplitViewController(style: .tripleColumn)
    split.animatesTransitions = false
    split.showsSecondaryOnlyButton = true
    split.setViewController(ListViewController(title: "Folders", items: (0..<40).map { ListItem(title: "Folder \($0)") }),
                            for: .primary)
    split.setViewController(ListViewController(title: "Notes", items: (0..<200).map { ListItem(title: "Note \($0)", subtitle: "1 KB") }),
                            for: .supplementary)
    split.setViewController(TextViewController(title: "Reader", text: String(repeating: "Lorem ipsum dolor sit amet. ", count: 400)),
                            for: .secondary)
    split.handle(.resize(Size(width: 1400, height: 900)))
    return split
}
