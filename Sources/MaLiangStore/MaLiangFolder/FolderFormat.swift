import Foundation
import MaLiangCore

/// The JSON of a MaLiang folder, as MaLiang 2.9 writes it: `info`, `content`, and `textures/<id>` PNG files.
/// `content` is `{"size": [w, h], "lineStrips": [{"index", "brush", "color", "lines": [{"begin": [x, y],
/// "end": [x, y], "size", "step"}]}], "chartlets": [{"index", "center", "size", "texture", "angle"}]}`; coordinates,
/// sizes and steps are points × 10 stored as integers. It is read and written as a stream (``JSONStreamReader``,
/// ``FolderExporter``), since a long drawing's content runs to hundreds of megabytes.
struct FolderInfo: Codable {
    struct Bundle: Codable {
        var name: String?
        var version: String?
        var identifier: String?
    }

    var identifier: String?
    var version: String?
    var app: Bundle?
    /// MaLiang refuses a folder without it.
    var library: Bundle?
    var lines: Int?
    var chartlets: Int?
    var textures: Int?
}

/// MaLiang's colour text, `aarrggbb`.
enum HexColor {
    static func parse(_ text: String) -> Color? {
        guard text.count == 8, let value = UInt32(text, radix: 16) else { return nil }
        func channel(_ shift: UInt32) -> Double { Double((value >> shift) & 0xff) / 255 }
        return Color(red: channel(16), green: channel(8), blue: channel(0), alpha: channel(24))
    }

    static func format(_ color: Color, alpha: Double) -> String {
        func byte(_ value: Double) -> UInt32 { UInt32((min(max(value, 0), 1) * 255).rounded()) }
        let value = byte(alpha) << 24 | byte(color.red) << 16 | byte(color.green) << 8 | byte(color.blue)
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 8 - text.count) + text
    }
}

/// Texture ids name files inside `textures/`: anything that could leave that folder is refused.
package enum TextureName {
    package static func isSafe(_ id: String) -> Bool {
        !id.isEmpty && id.utf8.count <= 255 && !id.hasPrefix(".") && !id.contains("/") && !id.contains("\\")
            && !id.unicodeScalars.contains { $0.value < 0x20 }
    }
}

/// Which brush a MaLiang brush name becomes: known names map to the built-in kinds, anything else to a plain
/// brush keeping the name (MaLiang apps name their own brushes).
enum FolderBrushes {
    static func brush(named name: String, color: Color, opacity: Double, size: Double, step: Double, varies: Bool)
        -> AnyBrush
    {
        var base = Brush(
            name: name, opacity: opacity, pointSize: size, pointStep: step, forceSensitive: varies ? 1 : 0,
            scaleWithCanvas: true, color: Color(red: color.red, green: color.green, blue: color.blue))
        let lowered = name.lowercased()
        if lowered.contains("eraser") {
            base.opacity = 1
            return .eraser(Eraser(brush: base))
        }
        if lowered.contains("glow") { return .glowing(GlowingBrush(brush: base)) }
        return .brush(base)
    }
}
