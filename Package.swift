// swift-tools-version:6.0
import PackageDescription

/// C libraries come from Debian through module maps; the project depends on no outside Swift package.
let package = Package(
    name: "MaLiang",
    products: [
        .library(name: "MaLiang", targets: ["MaLiang"]),
        .executable(name: "maliang", targets: ["maliang"]),
    ],
    targets: [
        // Core: geometry, input samples, brushes, stroke engine. Foundation only.
        .target(name: "MaLiang"),
        .executableTarget(name: "maliang", dependencies: ["MaLiang"]),
        .testTarget(name: "MaLiangTests", dependencies: ["MaLiang"]),
    ]
)
