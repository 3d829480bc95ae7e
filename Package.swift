// swift-tools-version: 6.2
import PackageDescription

// Our own targets build with warnings as errors; dependencies are unaffected.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

let package = Package(
    name: "SplitView",
    products: [
        .library(name: "SplitView", targets: ["SplitView"]),
        .library(name: "SplitViewFiles", targets: ["SplitViewFiles"]),
        .library(name: "SplitViewBrowser", targets: ["SplitViewBrowser"]),
        .executable(name: "splitview", targets: ["SplitViewApp"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The core: everything that decides. Imports nothing but the standard library.
        .target(name: "SplitView", swiftSettings: strict),
        // Xlib + Xft through pkg-config (which brings xrender and fontconfig headers); see Sources/CX11.
        .systemLibrary(name: "CX11", pkgConfig: "x11 xft", providers: [.apt(["libx11-dev", "libxft-dev"])]),
        // The X11 host: everything that talks to the X server.
        .target(name: "SplitViewX11", dependencies: ["CX11", "SplitView"], swiftSettings: strict),
        // The file system side of the app: folders and files read safely, watched, state written
        // atomically. Glibc only, so the benchmarks can time it.
        .target(name: "SplitViewFiles", swiftSettings: strict),
        // The top-level Resources/ (sample library, .desktop file, icon), bundled beside the app.
        // A C target: a Swift one would get an accessor importing Foundation (about 6 MiB of RSS).
        .target(name: "AppResources", resources: [.copy("../../Resources")]),
        // The app's model: the browser, the folder tree, the entry list, the file store, the
        // state and config files. No X, so that Fuzz/ and Benchmarks/ link it as a product.
        .target(name: "SplitViewBrowser", dependencies: ["SplitView", "SplitViewFiles"], swiftSettings: strict),
        // The app `splitview`: its command line, and what starts and drives the host.
        .executableTarget(
            name: "SplitViewApp",
            dependencies: ["SplitView", "SplitViewX11", "SplitViewFiles", "SplitViewBrowser", "AppResources",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: strict),
        .testTarget(
            name: "SplitViewTests",
            dependencies: ["SplitView", .product(name: "PropertyBased", package: "swift-property-based")],
            swiftSettings: strict),
        // What the test targets share: a folder of a test's own, and the one way to wait.
        .target(name: "TestSupport", dependencies: ["SplitViewFiles"], path: "Tests/TestSupport", swiftSettings: strict),
        .testTarget(
            name: "SplitViewFilesTests",
            dependencies: ["SplitViewFiles", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based")],
            swiftSettings: strict),
        // The app's model without a window: browser, outline, state and config files, opener.
        .testTarget(
            name: "SplitViewBrowserTests",
            dependencies: ["SplitViewBrowser", "SplitView", "SplitViewFiles", "TestSupport",
                           .product(name: "PropertyBased", package: "swift-property-based")],
            swiftSettings: strict),
        // The app's command line.
        .testTarget(name: "SplitViewAppTests", dependencies: ["SplitViewApp"], swiftSettings: strict),
        // The real window under a private Xvfb the tests start themselves.
        .testTarget(name: "SplitViewX11Tests", dependencies: ["SplitViewX11", "CX11", "SplitView", "SplitViewApp", "TestSupport"],
                    swiftSettings: strict),
    ]
)
