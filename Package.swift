// swift-tools-version:6.0
import PackageDescription

/// C libraries come from Debian through module maps; the project depends on no outside Swift package.
/// The stroke engine, the store's codecs and the renderer's host code are optimised in every configuration, as the
/// CPU stamping kernel is: unoptimised, a long session's document takes minutes to write, open or render.
let optimised: [SwiftSetting] = [.unsafeFlags(["-O"])]

func system(_ name: String, _ pkgConfig: String?, _ packages: [String]) -> Target {
    .systemLibrary(name: name, pkgConfig: pkgConfig, providers: [.apt(packages)])
}

let package = Package(
    name: "MaLiang",
    products: [
        // `import MaLiang`: the canvas, brushes, chartlets, saving and reading (MaLiang's API).
        .library(name: "MaLiang", targets: ["MaLiang"]),
        // The stroke engine alone (Foundation only): samples to stamps, documents, brushes.
        .library(name: "MaLiangCore", targets: ["MaLiangCore"]),
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
        system("CZlib", "zlib", ["zlib1g-dev"]),
        // OpenRaster files are zip archives: libzip reads and writes them.
        system("CZip", "libzip", ["libzip-dev"]),
        system("CPangoCairo", "pangocairo", ["libpango1.0-dev", "libcairo2-dev"]),
        system("CSystemd", "libsystemd", ["libsystemd-dev"]),
        // Time-lapse videos are encoded by GStreamer (x264 into MP4, VP8 into WebM).
        system("CGStreamer", "gstreamer-app-1.0", ["libgstreamer1.0-dev", "libgstreamer-plugins-base1.0-dev"]),
        // libpng behind setjmp, where Swift cannot go.
        .target(name: "CPNGCodec", dependencies: ["CPNG"], linkerSettings: [.linkedLibrary("png16")]),
        // Text (the status strip) and vector icons (the toolbar) through Pango and Cairo, behind small C functions.
        .target(name: "CTextRender", dependencies: ["CPangoCairo"]),
        .target(name: "CMemoryTuning"),
        .target(name: "CScheduling"),
        // GStreamer's properties and varargs calls behind four C functions.
        .target(name: "CVideoEncoding", dependencies: ["CGStreamer"]),
        // The CPU stamping kernel is optimised in every configuration: unoptimised, it is too slow to test with.
        .target(name: "CStamping", cSettings: [.unsafeFlags(["-O2"])]),
        // wayland-scanner's interface tables for the bound protocols (generated).
        .target(name: "CWaylandProtocols"),

        // PNG reading and writing: 8/16 bits, alpha, limits.
        .target(name: "PNGCodec", dependencies: ["CPNGCodec"]),

        // Core: geometry, input samples, brushes, stroke engine. Foundation only.
        .target(name: "MaLiangCore", swiftSettings: optimised),

        // Store: the native document file, MaLiang folders, PNG files.
        .target(
            name: "MaLiangStore", dependencies: ["MaLiangCore", "CSQLite", "CZlib", "CZip", "PNGCodec"],
            swiftSettings: optimised),

        // Editor: the editing core between input and pixels — input routing, live stroke, view, selection, effects.
        .target(name: "MaLiangEditor", dependencies: ["MaLiangCore", "MaLiangStore", "PNGCodec"]),

        // Render: Vulkan canvas tiles, stamp pipelines, chartlet overlay, export.
        .target(
            name: "MaLiangVulkan", dependencies: ["MaLiangCore", "CVulkan", "CStamping", "PNGCodec"],
            swiftSettings: optimised),

        // The library (`import MaLiang`): MaLiang's Canvas for programs — the editing core, the renderer and the store
        // put together, offscreen or on a Wayland surface. Its public API is the package's (api/MaLiang.json).
        .target(
            name: "MaLiang",
            dependencies: ["MaLiangCore", "MaLiangStore", "MaLiangEditor", "MaLiangVulkan", "PNGCodec"]),

        // The painting client: window, input, toolbar, autosave.
        .target(
            name: "MaLiangWayland",
            dependencies: [
                "MaLiang", "MaLiangCore", "MaLiangStore", "MaLiangEditor", "MaLiangVulkan", "WaylandClient",
                "CWaylandCursor", "CXKBCommon", "CTextRender", "CPangoCairo", "CSystemd", "PNGCodec", "CMemoryTuning",
                "CScheduling",
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
            dependencies: ["WaylandServer", "WaylandProtocol", "CWaylandServer", "CPNG", "CXKBCommon", "MaLiangCore"]),
        .executableTarget(
            name: "maliang-test-compositor",
            dependencies: ["TestCompositor", "MaLiangCore", "MaLiangEditor", "PNGCodec"]),
        // The desktop portal's Settings on a test's own session bus (sd-bus, in C).
        .executableTarget(name: "maliang-test-portal", linkerSettings: [.linkedLibrary("systemd")]),

        // Every parser of outside bytes as a fuzz target, and the fuzzer's entry point (meson-helpers/fuzz).
        .target(
            name: "FuzzTargets",
            dependencies: [
                "MaLiangCore", "MaLiangStore", "MaLiangEditor", "MaLiangWayland", "PNGCodec", "TestCompositor",
            ]),
        .executableTarget(name: "maliang-fuzz", dependencies: ["FuzzTargets"]),

        .executableTarget(
            name: "maliang",
            dependencies: [
                "MaLiang", "MaLiangCore", "MaLiangStore", "MaLiangVulkan", "MaLiangWayland", "PNGCodec",
                "CMemoryTuning", "CVideoEncoding",
            ]),

        // Helpers the tests share: a shm window, a session with the scripted compositor, headless compositors.
        .target(name: "WaylandTestSupport", dependencies: ["WaylandClient", "WaylandProtocol", "TestCompositor"]),

        .testTarget(name: "MaLiangCoreTests", dependencies: ["MaLiangCore"], exclude: ["Fixtures"]),
        .testTarget(name: "MaLiangStoreTests", dependencies: ["MaLiangStore", "PNGCodec"], exclude: ["Fixtures"]),
        .testTarget(name: "MaLiangEditorTests", dependencies: ["MaLiangEditor", "PNGCodec"]),
        .testTarget(
            name: "MaLiangTests", dependencies: ["MaLiang", "CTextRender", "WaylandTestSupport"],
            resources: [.copy("Resources")]),
        .testTarget(name: "FuzzTargetsTests", dependencies: ["FuzzTargets"], exclude: ["Corpus", "SlowInputs"]),
        .testTarget(name: "PNGCodecTests", dependencies: ["PNGCodec"]),
        .testTarget(
            name: "MaLiangWaylandTests",
            dependencies: ["MaLiangWayland", "MaLiangEditor", "TestCompositor", "WaylandTestSupport", "PNGCodec"]),
        .testTarget(
            name: "MaLiangVulkanTests",
            dependencies: ["MaLiangVulkan", "MaLiangStore", "PNGCodec"], exclude: ["Golden"]),
        .testTarget(name: "WaylandScannerTests", dependencies: ["WaylandScanner"], exclude: ["Fixtures"]),
        .testTarget(
            name: "WaylandClientTests", dependencies: ["WaylandClient", "TestCompositor", "WaylandTestSupport"]),
        .testTarget(
            name: "TestCompositorTests", dependencies: ["TestCompositor", "WaylandTestSupport"], exclude: ["Scripts"]),
        .testTarget(
            name: "CommandLineTests", dependencies: ["MaLiangCore", "MaLiangStore", "PNGCodec", "WaylandTestSupport"]),
        .testTarget(
            name: "RealCompositorTests",
            dependencies: ["WaylandClient", "WaylandTestSupport", "MaLiangStore", "MaLiangEditor", "PNGCodec"]),
    ]
)
