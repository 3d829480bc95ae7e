import Benchmark
import SplitView

/// The two speed goals of the core issue:
/// - recomputing the layout after a resize: ≤ 2 µs;
/// - replaying a 10 000-step divider drag: ≤ 20 ms.
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
