// swift-tools-version:6.0
import PackageDescription

/// C libraries come from Debian through module maps; the project depends on no outside Swift package.
func system(_ name: String, _ pkgConfig: String?, _ packages: [String]) -> Target {
    .systemLibrary(name: name, pkgConfig: pkgConfig, providers: [.apt(packages)])
}

let package = Package(
    name: "MaLiang",
    products: [
        .library(name: "MaLiang", targets: ["MaLiang"]),
        .library(name: "WaylandClient", targets: ["WaylandClient"]),
        .library(name: "TestCompositor", targets: ["TestCompositor"]),
        .executable(name: "maliang", targets: ["maliang"]),
        .executable(name: "maliang-test-compositor", targets: ["maliang-test-compositor"]),
        .executable(name: "wayland-swift-scanner", targets: ["wayland-swift-scanner"]),
    ],
    targets: [
        // C modules.
        system("CWaylandClient", "wayland-client", ["libwayland-dev"]),
        system("CWaylandServer", "wayland-server", ["libwayland-dev"]),
        system("CWaylandCursor", "wayland-cursor", ["libwayland-dev"]),
        system("CVulkan", "vulkan", ["libvulkan-dev"]),
        system("CXKBCommon", "xkbcommon", ["libxkbcommon-dev"]),
        system("CPNG", "libpng", ["libpng-dev"]),
        system("CSQLite", "sqlite3", ["libsqlite3-dev"]),
        system("CPangoCairo", "pangocairo", ["libpango1.0-dev", "libcairo2-dev"]),
        // libpng behind setjmp, where Swift cannot go.
        .target(name: "CPNGCodec", dependencies: ["CPNG"], linkerSettings: [.linkedLibrary("png16")]),
        // A line of text through Pango and Cairo (the window's status strip), behind one C function.
        .target(name: "CTextRender", dependencies: ["CPangoCairo"]),
        .target(name: "CMemoryTuning"),
        // wayland-scanner's interface tables for the bound protocols (generated).
        .target(name: "CWaylandProtocols"),

        // PNG reading and writing: 8/16 bits, alpha, limits.
        .target(name: "PNGCodec", dependencies: ["CPNGCodec"]),

        // Core: geometry, input samples, brushes, stroke engine. Foundation only.
        .target(name: "MaLiang"),

        // Store: the native document file, MaLiang folders, PNG files.
        .target(name: "MaLiangStore", dependencies: ["MaLiang", "CSQLite", "PNGCodec"]),

        // Editor: the editing core between input and pixels — input routing, live stroke, view, selection, effects.
        .target(name: "MaLiangEditor", dependencies: ["MaLiang", "MaLiangStore", "PNGCodec"]),

        // Render: Vulkan canvas tiles, stamp pipelines, chartlet overlay, export.
        .target(name: "MaLiangVulkan", dependencies: ["MaLiang", "CVulkan", "PNGCodec"]),

        // MaLiang's Canvas for programs: the editing core, the renderer and the store put together, offscreen.
        .target(
            name: "MaLiangCanvas",
            dependencies: ["MaLiang", "MaLiangStore", "MaLiangEditor", "MaLiangVulkan", "PNGCodec"]),

        // The painting client: window, input, toolbar, autosave.
        .target(
            name: "MaLiangWayland",
            dependencies: [
                "MaLiang", "MaLiangStore", "MaLiangEditor", "MaLiangVulkan", "MaLiangCanvas", "WaylandClient",
                "CWaylandCursor", "CXKBCommon", "CTextRender", "PNGCodec",
            ]),

        // Wayland bindings generated from the protocol XML, and their runtimes.
        .target(name: "WaylandScanner"),
        .executableTarget(name: "wayland-swift-scanner", dependencies: ["WaylandScanner"]),
        .target(name: "WaylandProtocol", dependencies: ["CWaylandProtocols"]),
        .target(name: "WaylandClient", dependencies: ["CWaylandClient", "CWaylandProtocols", "WaylandProtocol"]),
        .target(name: "WaylandServer", dependencies: ["CWaylandServer", "CWaylandProtocols", "WaylandProtocol"]),

        // The scripted compositor the tests inject input with.
        .target(
            name: "TestCompositor",
            dependencies: ["WaylandServer", "WaylandProtocol", "CWaylandServer", "CPNG", "CXKBCommon", "MaLiang"]),
        .executableTarget(name: "maliang-test-compositor", dependencies: ["TestCompositor", "MaLiang", "PNGCodec"]),

        // Every parser of outside bytes as a fuzz target, and the fuzzer's entry point (meson-helpers/fuzz).
        .target(
            name: "FuzzTargets",
            dependencies: ["MaLiang", "MaLiangStore", "MaLiangEditor", "MaLiangWayland", "PNGCodec", "TestCompositor"]),
        .executableTarget(name: "maliang-fuzz", dependencies: ["FuzzTargets"]),

        .executableTarget(
            name: "maliang",
            dependencies: [
                "MaLiang", "MaLiangStore", "MaLiangVulkan", "MaLiangCanvas", "MaLiangWayland", "PNGCodec",
                "CMemoryTuning",
            ]),

        // Helpers the tests share: a shm window, a session with the scripted compositor, headless compositors.
        .target(name: "WaylandTestSupport", dependencies: ["WaylandClient", "WaylandProtocol", "TestCompositor"]),

        .testTarget(name: "MaLiangTests", dependencies: ["MaLiang"], exclude: ["Fixtures"]),
        .testTarget(name: "MaLiangStoreTests", dependencies: ["MaLiangStore", "PNGCodec"]),
        .testTarget(name: "MaLiangEditorTests", dependencies: ["MaLiangEditor", "PNGCodec"]),
        .testTarget(name: "MaLiangCanvasTests", dependencies: ["MaLiangCanvas", "PNGCodec"]),
        .testTarget(name: "FuzzTargetsTests", dependencies: ["FuzzTargets"], exclude: ["Corpus", "SlowInputs"]),
        .testTarget(name: "PNGCodecTests", dependencies: ["PNGCodec"]),
        .testTarget(
            name: "MaLiangWaylandTests",
            dependencies: ["MaLiangWayland", "TestCompositor", "WaylandTestSupport", "PNGCodec"]),
        .testTarget(name: "MaLiangVulkanTests", dependencies: ["MaLiangVulkan", "PNGCodec"], exclude: ["Golden"]),
        .testTarget(name: "WaylandScannerTests", dependencies: ["WaylandScanner"], exclude: ["Fixtures"]),
        .testTarget(
            name: "WaylandClientTests", dependencies: ["WaylandClient", "TestCompositor", "WaylandTestSupport"]),
        .testTarget(
            name: "TestCompositorTests", dependencies: ["TestCompositor", "WaylandTestSupport"], exclude: ["Scripts"]),
        .testTarget(
            name: "CommandLineTests", dependencies: ["MaLiang", "MaLiangStore", "PNGCodec", "WaylandTestSupport"]),
        .testTarget(
            name: "RealCompositorTests",
            dependencies: ["WaylandClient", "WaylandTestSupport", "MaLiangStore", "PNGCodec"]),
    ]
)
