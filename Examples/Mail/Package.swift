// swift-tools-version: 6.2
// A Mail-like app written against the SplitView library, as another package would use it.
// Run: swift run --package-path Examples/Mail mail
import PackageDescription

let package = Package(
    name: "Mail",
    products: [.executable(name: "mail", targets: ["Mail"])],
    dependencies: [
        // This repository, by path; another package names it by URL (see the README).
        .package(name: "SplitView", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "Mail",
            dependencies: [
                .product(name: "SplitView", package: "SplitView"),
                .product(name: "SplitViewX11", package: "SplitView"),
            ],
            swiftSettings: [.treatAllWarnings(as: .error)])
    ]
)
