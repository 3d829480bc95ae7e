// swift-tools-version: 6.2
// A small IDE-like workbench written against the SplitView library: splits nested in a column.
// Run: swift run --package-path Examples/Workbench workbench
import PackageDescription

let package = Package(
    name: "Workbench",
    products: [.executable(name: "workbench", targets: ["Workbench"])],
    dependencies: [
        // This repository, by path; another package names it by URL (see the top README).
        .package(name: "SplitView", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "Workbench",
            dependencies: [
                .product(name: "SplitView", package: "SplitView"),
                .product(name: "SplitViewX11", package: "SplitView"),
            ],
            swiftSettings: [.treatAllWarnings(as: .error)])
    ]
)
