// swift-tools-version:6.0
import PackageDescription

// A program outside the project that depends on it by path and uses only its products' public API. The suite
// builds and runs it (LibraryPackageTests): a product missing, or a symbol the API needs that is not public, fails.
let package = Package(
    name: "LibraryConsumer",
    dependencies: [.package(name: "MaLiang", path: "../..")],
    targets: [
        .executableTarget(name: "library-consumer", dependencies: [.product(name: "MaLiang", package: "MaLiang")]),
        .executableTarget(
            name: "engine-consumer", dependencies: [.product(name: "MaLiangCore", package: "MaLiang")]),
    ]
)
