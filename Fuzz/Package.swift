// swift-tools-version: 6.2
import PackageDescription

// libFuzzer targets over what reads hostile input: the command-word splitter, the text
// wrapper, the state file's decoder and the config file's. Build and run with ./fuzz (see
// README.md); a plain `swift build` here builds them without the fuzzer and cannot link.
//
// The decoders come from the root package's SplitViewBrowser product (the app's model, which
// needs no X); Targets/FuzzDriver hands each target's command line to libFuzzer.
let fuzz: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

let package = Package(
    name: "splitview-fuzz",
    dependencies: [.package(name: "SplitView", path: "..")],
    targets: [
        // libFuzzer's driver, called from each target's `<module>_main`.
        .target(name: "FuzzDriver", path: "Targets/FuzzDriver"),
        .executableTarget(
            name: "FuzzCommandWords", dependencies: ["FuzzDriver", .product(name: "SplitView", package: "SplitView")],
            path: "Targets/CommandWords", swiftSettings: fuzz),
        .executableTarget(
            name: "FuzzTextWrapper", dependencies: ["FuzzDriver", .product(name: "SplitView", package: "SplitView")],
            path: "Targets/TextWrapper", swiftSettings: fuzz),
        .executableTarget(
            name: "FuzzStateDecoder",
            dependencies: ["FuzzDriver", .product(name: "SplitViewBrowser", package: "SplitView")],
            path: "Targets/StateDecoder", swiftSettings: fuzz),
        .executableTarget(
            name: "FuzzConfigDecoder",
            dependencies: ["FuzzDriver", .product(name: "SplitViewBrowser", package: "SplitView")],
            path: "Targets/ConfigDecoder", swiftSettings: fuzz),
    ]
)
