// swift-tools-version: 6.2
// Release benchmarks of the core, kept out of the root package so that `swift build` and
// `swift test` stay fast. Run: cd Benchmarks && swift package benchmark
import PackageDescription

let package = Package(
    name: "SplitViewBenchmarks",
    dependencies: [
        .package(name: "SplitView", path: ".."),
        // MallocInterposer counts allocations without the Linux 6.3 runtime interposer, which the
        // package mirror does not carry.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "CoreBenchmarks",
            dependencies: [
                .product(name: "SplitView", package: "SplitView"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/CoreBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
        .executableTarget(
            name: "FilesBenchmarks",
            dependencies: [
                .product(name: "SplitViewFiles", package: "SplitView"),
                // FolderOrders: a large folder's first sort by size, on its worker.
                .product(name: "SplitViewBrowser", package: "SplitView"),
                .product(name: "SplitView", package: "SplitView"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/FilesBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
        // The picture decoder (SplitViewImages, which the SplitViewBrowser product carries).
        .executableTarget(
            name: "ImagesBenchmarks",
            dependencies: [
                .product(name: "SplitViewBrowser", package: "SplitView"),
                .product(name: "SplitViewFiles", package: "SplitView"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/ImagesBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
        // The control socket: a `tree` request of a window of 20 panes, over a real socket.
        .executableTarget(
            name: "ControlBenchmarks",
            dependencies: [
                .product(name: "SplitViewControl", package: "SplitView"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/ControlBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
    ]
)
