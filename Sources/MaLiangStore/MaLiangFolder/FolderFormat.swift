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

/// Which brush a MaLiang brush name becomes: the built-in brushes' names bring their look back (texture, grain,
/// hardness, flow, turning), other names containing "eraser" or "glow" become those kinds, anything else a plain
/// brush keeping the name (MaLiang apps name their own brushes). The folder decides the width at every point, the
/// colour and the spacing; tilt and a pressure curve have no place there.
enum FolderBrushes {
    /// - Parameters:
    ///   - size: the widest line's size, points; with `varies` a sample's pressure is its size over this.
    ///   - step: the first line's step, points; `firstSize` that line's size (a built-in brush spaced by its size
    ///     gets the step back as a fraction of it).
    static func brush(
        named name: String, color: Color, opacity: Double, size: Double, step: Double, firstSize: Double,
        varies: Bool
    ) -> AnyBrush {
        let plain = Color(red: color.red, green: color.green, blue: color.blue)
        let lowered = name.lowercased()
        var brush =
            BrushPresets.brush(named: name, color: plain)
            ?? (lowered.contains("eraser")
                ? .eraser(Eraser(brush: Brush(name: name)))
                : lowered.contains("glow")
                    ? .glowing(GlowingBrush(brush: Brush(name: name))) : .brush(Brush(name: name)))
        var base = brush.base
        base.name = name
        base.color = plain
        if case .eraser = brush { base.opacity = 1 } else { base.opacity = opacity }
        // A built-in brush whose pressure sets its flow as well as its width keeps its curve and its own size (or
        // the widest line's, when wider), so the pressure a width comes back from gives the flow it had: exactly
        // when the brush was used at its own size.
        if base.pressureControlsFlow && base.forceSensitive > 0 && BrushPresets.names.contains(name) {
            base.pointSize = max(size, base.pointSize)
        } else {
            base.pointSize = size
            base.forceSensitive = varies ? 1 : 0
            base.pressureCurve = .linear
        }
        base.tiltToSize = 0
        base.scaleWithCanvas = true
        if base.spacingRelativeToSize && firstSize > 0 {
            base.pointStep = max(step / firstSize, Brush.minimumRelativeStep)
        } else {
            base.spacingRelativeToSize = false
            base.pointStep = step
        }
        brush.base = base
        return brush
    }

    /// The pressure that makes a dab of `brush` (from ``brush(named:color:opacity:size:step:firstSize:varies:)``)
    /// `size` points wide.
    static func pressure(forSize size: Double, of brush: Brush) -> Double {
        guard brush.forceSensitive > 0, brush.pointSize > 0 else { return 1 }
        let share = size / brush.pointSize
        if brush.forceSensitive == 1 && brush.pressureCurve == .linear { return share }
        return brush.pressureCurve.pressure(reaching: pow(max(share, 0), 1 / brush.forceSensitive))
    }
}
