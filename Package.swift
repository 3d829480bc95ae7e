// swift-tools-version: 6.2
import PackageDescription

// Our own targets build with warnings as errors; dependencies are unaffected.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

// The release program links the functions a start, a drag, a resize and F9 run one after
// another (lld's --symbol-ordering-file; the toolchain ships lld): the kernel maps code 64 KiB
// around each page touched, and scattered through 12 MB they kept most of it resident (settled
// RSS 19.1 -> 16.4 MiB). The list is written by `Benchmarks/Instructions/count.py --order`; a
// name it has that the code no longer has is skipped. See Benchmarks/README.md.
let hotFunctionsFirst = LinkerSetting.unsafeFlags(
    [
        "-Xclang-linker", "-fuse-ld=lld",
        "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/Sources/SplitViewApp/Linking/hot-functions.order",
        "-Xlinker", "--no-warn-symbol-ordering",
        // The static runtime's link exports every public symbol of our modules (15 000) as a
        // dynamic symbol, which no library looks up: their table and names were 0.5 MiB of RSS.
        "-Xlinker", "--no-export-dynamic",
        // The C++ runtime the Swift runtime needs, linked in rather than loaded at each start:
        // the static runtime's link asks for -lstdc++ before any flag of ours, so this folder
        // answers it with a linker script naming GCC's libstdc++.a (start 39.4 -> 37.4 M
        // instructions, about 1 ms; Benchmarks/README.md).
        "-L", "\(Context.packageDirectory)/Sources/SplitViewApp/Linking/static-libstdc++",
    ], .when(platforms: [.linux], configuration: .release))

let package = Package(
    name: "SplitView",
    products: [
        .library(name: "SplitView", targets: ["SplitView"]),
        .library(name: "SplitViewFiles", targets: ["SplitViewFiles"]),
        .library(name: "SplitViewBrowser", targets: ["SplitViewBrowser"]),
        // The X11 host, for other programs: no X type in its public API (see Examples/).
        .library(name: "SplitViewX11", targets: ["SplitViewX11"]),
        .executable(name: "splitview", targets: ["SplitViewApp"]),
        // Control from outside, as tmux and i3-msg: `splitviewctl tree`, `focus`, `subscribe`.
        .library(name: "SplitViewControl", targets: ["SplitViewControl"]),
        .executable(name: "splitviewctl", targets: ["SplitViewCtl"]),
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
        // libdbus-1 through pkg-config: the tests' own bus peers (a screen reader of theirs).
        .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        // libdbus-1 for the program, loaded with dlopen when the accessibility bus is joined (after
        // the first frame, and only where a bus exists): the program links no D-Bus library.
        .target(name: "CDBusLoader"),
        // Programs the host starts and ends, the signals that end ours, and one line on stderr:
        // Glibc only.
        .target(name: "SplitViewProcesses", dependencies: ["CFileOps"], swiftSettings: strict),
        // The windows' accessible trees on the desktop's accessibility bus (AT-SPI over D-Bus):
        // the core and libdbus-1, no X.
        .target(
            name: "SplitViewAccessibility", dependencies: ["CDBusLoader", "SplitView", "SplitViewProcesses"],
            swiftSettings: strict),
        // The X11 host: everything that talks to the X server.
        .target(
            name: "SplitViewX11",
            dependencies: ["CX11", "SplitView", "SplitViewProcesses", "SplitViewAccessibility", "SplitViewFiles"],
            swiftSettings: strict),
        // The file system side of the app: folders and files read safely, watched, state written
        // atomically. Glibc only (and the core, whose String(translated:) words its messages), so
        // the benchmarks can time it.
        .target(name: "SplitViewFiles", dependencies: ["CFileOps", "SplitView"], swiftSettings: strict),
        // Ours, in C: what Glibc's Swift module leaves out (renameat2 and memmem need _GNU_SOURCE;
        // openat2, statfs and pidfd_open have no Swift face), and the file operations' faults.
        .target(name: "CFileOps"),
        // libpng and libjpeg through pkg-config, for the decoder below only.
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"])]),
        // Ours, in C: both libraries report errors by longjmp, which Swift cannot take. Reads a
        // header, then decodes row by row into a bounded, reduced output.
        .target(name: "CImageCodecs", dependencies: ["CPNG", "CJPEG"]),
        // PNG and JPEG files decoded off the main thread into the core's ImagePixels, with
        // their limits, and their failures in words.
        .target(name: "SplitViewImages", dependencies: ["CImageCodecs", "SplitView", "SplitViewFiles"], swiftSettings: strict),
        // The top-level Resources/ (sample library, .desktop file, icon), bundled beside the app.
        // A C target: a Swift one would get an accessor importing Foundation (about 6 MiB of RSS).
        .target(name: "AppResources", resources: [.copy("../../Resources")]),
        // The app's model: the browser, the folder tree, the entry list, the file store, the
        // state and config files. No X, so that Fuzz/ and Benchmarks/ link it as a product.
        .target(
            name: "SplitViewBrowser",
            dependencies: ["CFileOps", "SplitView", "SplitViewFiles", "SplitViewImages", "SplitViewControl"],
            swiftSettings: strict),
        // The control socket: its path rules, the server on a host's loop, the protocol, the
        // client. Glibc, FoundationEssentials' JSON and CFileOps (for accept4) only: no X, no
        // core.
        .target(name: "SplitViewControl", dependencies: ["CFileOps"], swiftSettings: strict),
        // `splitviewctl`: the control socket's command line.
        .executableTarget(
            name: "SplitViewCtl",
            dependencies: ["SplitViewControl", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: strict),
        // The app `splitview`: its command line, and what starts and drives the host.
        .executableTarget(
            name: "SplitViewApp",
            dependencies: [
                "CFileOps", "SplitView", "SplitViewX11", "SplitViewFiles", "SplitViewBrowser", "SplitViewControl",
                "SplitViewProcesses", "AppResources",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            exclude: ["Linking"],
            swiftSettings: strict,
            linkerSettings: [hotFunctionsFirst]),
        .testTarget(
            name: "SplitViewTests",
            dependencies: ["SplitView", .product(name: "PropertyBased", package: "swift-property-based")],
            swiftSettings: strict),
        // Writes PNG and JPEG files with libpng and libjpeg, for the tests' pictures.
        .target(name: "ImageFixtures", dependencies: ["CPNG", "CJPEG"], path: "Tests/ImageFixtures"),
        // What the test targets share: a folder of a test's own, the one way to wait, pictures.
        .target(
            name: "TestSupport", dependencies: ["SplitViewFiles", "ImageFixtures"], path: "Tests/TestSupport",
            swiftSettings: strict),
        .testTarget(
            name: "SplitViewFilesTests",
            dependencies: ["SplitViewFiles", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based")],
            swiftSettings: strict),
        // The app's model without a window: browser, outline, state and config files, opener.
        .testTarget(
            name: "SplitViewBrowserTests",
            dependencies: [
                "SplitViewBrowser", "SplitView", "SplitViewFiles", "SplitViewImages", "SplitViewControl", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strict),
        // The decoder against hostile and odd files.
        .testTarget(
            name: "SplitViewImagesTests",
            dependencies: [
                "SplitViewImages", "SplitView", "SplitViewFiles", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strict),
        // The app's command line.
        .testTarget(name: "SplitViewAppTests", dependencies: ["SplitViewApp", "CFileOps"], swiftSettings: strict),
        // Starting, ending and reaping programs, and the signals: no X server.
        .testTarget(name: "SplitViewProcessesTests", dependencies: ["SplitViewProcesses", "TestSupport"], swiftSettings: strict),
        // The accessibility bus alone: its messages, and a core window's tree served on a private
        // dbus-daemon the tests start themselves, to a screen reader of their own. No X server.
        .testTarget(
            name: "SplitViewAccessibilityTests",
            dependencies: [
                "SplitViewAccessibility", "SplitView", "SplitViewProcesses", "CDBus", "CDBusLoader", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strict),
        // The control socket with a test double: real clients over a real socket, no X server.
        .testTarget(
            name: "SplitViewControlTests", dependencies: ["SplitViewControl", "SplitViewCtl", "TestSupport"],
            swiftSettings: strict),
        // The real window under a private Xvfb the tests start themselves.
        .testTarget(
            name: "SplitViewX11Tests",
            dependencies: [
                "SplitViewX11", "CX11", "SplitView", "SplitViewApp", "SplitViewControl", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            // The XIM server stand-in the input method tests start (python3-xlib).
            exclude: ["Support/xim-standin.py"],
            swiftSettings: strict),
    ]
)
