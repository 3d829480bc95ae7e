// swift-tools-version: 6.2
import PackageDescription

// libFuzzer targets over what reads hostile input: the command-word splitter, the text
// wrapper, the state file's decoder and the config file's. Build and run with ./fuzz (see
// README.md); a plain `swift build` here builds them without the fuzzer and cannot link.
//
// The decoders are the app's own files, linked here (symbolic links in Targets/): the app is
// an executable, which no other package can import. Targets/Shared/FuzzDriver.swift is linked
// into every target the same way.
let fuzz: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

let package = Package(
    name: "splitview-fuzz",
    dependencies: [.package(name: "SplitView", path: "..")],
    targets: [
        // Shared/ holds only the driver file the targets link; it is no target of its own.
        .executableTarget(
            name: "FuzzCommandWords", dependencies: [.product(name: "SplitView", package: "SplitView")],
            path: "Targets/CommandWords", swiftSettings: fuzz),
        .executableTarget(
            name: "FuzzTextWrapper", dependencies: [.product(name: "SplitView", package: "SplitView")],
            path: "Targets/TextWrapper", swiftSettings: fuzz),
        .executableTarget(
            name: "FuzzStateDecoder",
            dependencies: [
                .product(name: "SplitView", package: "SplitView"), .product(name: "SplitViewFiles", package: "SplitView"),
            ],
            path: "Targets/StateDecoder", swiftSettings: fuzz),
        .executableTarget(
            name: "FuzzConfigDecoder",
            dependencies: [
                .product(name: "SplitView", package: "SplitView"), .product(name: "SplitViewFiles", package: "SplitView"),
            ],
            path: "Targets/ConfigDecoder", swiftSettings: fuzz),
    ]
)
