// swift-tools-version:6.0
import PackageDescription

// A program of its own that embeds MaLiang's canvas: it depends on the MaLiang package by path, as any program
// would by URL, and uses only its products.
let package = Package(
    name: "TabletCanvas",
    dependencies: [.package(name: "MaLiang", path: "../..")],
    targets: [
        .executableTarget(
            name: "tablet-canvas",
            dependencies: [
                .product(name: "MaLiang", package: "MaLiang"),
                .product(name: "WaylandClient", package: "MaLiang"),
            ])
    ]
)
