import CTextRender
import Foundation

/// A toolbar icon as exact vector shapes in a 40-unit box, drawn by Cairo at whatever pixel size the screen needs:
/// a rectangle stays a rectangle (a stroke through the brush engine would round it into a "D").
struct VectorIcon {
    static let units = 40.0
    static let paper = (0.93, 0.93, 0.95, 1.0)
    static let ink = (0.13, 0.13, 0.16, 1.0)
    /// A state that is off (a lock open, a layer hidden): lighter than ink, still 3:1 against the tile.
    static let muted = (0.42, 0.42, 0.46, 1.0)

    private(set) var ops: [mlvector_op] = []

    /// An icon on the toolbar's light tile.
    init() {
        move(0, 0)
        line(Self.units, 0)
        line(Self.units, Self.units)
        line(0, Self.units)
        close()
        fill(Self.paper)
    }

    mutating func move(_ x: Double, _ y: Double) { add(MLVECTOR_MOVE, x: x, y: y) }
    mutating func line(_ x: Double, _ y: Double) { add(MLVECTOR_LINE, x: x, y: y) }
    mutating func close() { add(MLVECTOR_CLOSE) }

    /// An arc about (x, y), clockwise on screen from `start` to `end` radians.
    mutating func arc(_ x: Double, _ y: Double, radius: Double, from start: Double, to end: Double) {
        add(MLVECTOR_ARC, x: x, y: y, r: radius, a0: start, a1: end)
    }

    /// A path through `points`.
    mutating func path(_ points: [(Double, Double)], closed: Bool = false) {
        guard let first = points.first else { return }
        move(first.0, first.1)
        for point in points.dropFirst() { line(point.0, point.1) }
        if closed { close() }
    }

    mutating func stroke(width: Double = 2.5, _ color: (Double, Double, Double, Double) = Self.ink) {
        add(MLVECTOR_STROKE, width: width, rgba: color)
    }

    mutating func fill(_ color: (Double, Double, Double, Double) = Self.ink) { add(MLVECTOR_FILL, rgba: color) }

    /// A filled disc.
    mutating func disc(_ x: Double, _ y: Double, radius: Double, opacity: Double = 1) {
        arc(x, y, radius: radius, from: 0, to: 2 * .pi)
        fill((Self.ink.0, Self.ink.1, Self.ink.2, opacity))
    }

    /// The icon as premultiplied RGBA8, `pixels` × `pixels`; nil when Cairo cannot draw it.
    func render(pixels: Int) -> [UInt8]? {
        var image = mltext_image()
        let result = ops.withUnsafeBufferPointer { buffer in
            mlvector_render(buffer.baseAddress, Int32(buffer.count), Self.units, Int32(pixels), &image)
        }
        guard result == 0, let data = image.pixels else { return nil }
        defer { mltext_free(&image) }
        return Array(UnsafeBufferPointer(start: data, count: pixels * pixels * 4))
    }

    private mutating func add(
        _ kind: mlvector_kind, x: Double = 0, y: Double = 0, r: Double = 0, a0: Double = 0, a1: Double = 0,
        width: Double = 0, rgba: (Double, Double, Double, Double) = (0, 0, 0, 0)
    ) {
        ops.append(mlvector_op(kind: kind, x: x, y: y, r: r, a0: a0, a1: a1, width: width, rgba: rgba))
    }
}

/// The toolbar's icons that are pictures of actions rather than of brushes.
extension VectorIcon {
    static func undo(mirrored: Bool = false) -> VectorIcon {
        var icon = VectorIcon()
        let x: (Double) -> Double = { mirrored ? units - $0 : $0 }
        icon.arc(20, 23, radius: 9, from: .pi, to: 2 * .pi)
        icon.stroke()
        icon.path([(x(6.5), 21), (x(15.5), 21), (x(11), 28)], closed: true)
        icon.fill()
        return icon
    }

    static var fit: VectorIcon {
        var icon = VectorIcon()
        for (corner, toX, toY) in [((8.0, 9.0), 1.0, 1.0), ((32, 9), -1, 1), ((32, 31), -1, -1), ((8, 31), 1, -1)] {
            icon.path([(corner.0, corner.1 + 6 * toY), corner, (corner.0 + 6 * toX, corner.1)])
        }
        icon.stroke()
        icon.path([(14, 15), (26, 15), (26, 25), (14, 25)], closed: true)
        icon.stroke(width: 2)
        return icon
    }

    static var export: VectorIcon {
        var icon = VectorIcon()
        icon.path([(20, 7), (20, 24)])
        icon.path([(13, 17.5), (20, 24.5), (27, 17.5)])
        icon.path([(9, 24), (9, 32), (31, 32), (31, 24)])
        icon.stroke()
        return icon
    }

    /// A film frame with a play mark: a video of the drawing being made.
    static var timeLapse: VectorIcon {
        var icon = VectorIcon()
        icon.path([(7, 10), (33, 10), (33, 30), (7, 30)], closed: true)
        icon.stroke(width: 2.2)
        icon.path([(17, 14.5), (26, 20), (17, 25.5)], closed: true)
        icon.fill()
        return icon
    }

    static var close: VectorIcon {
        var icon = VectorIcon()
        icon.path([(12, 12), (28, 28)])
        icon.path([(28, 12), (12, 28)])
        icon.stroke(width: 3)
        return icon
    }

    static var minimize: VectorIcon {
        var icon = VectorIcon()
        icon.path([(12, 27), (28, 27)])
        icon.stroke(width: 3)
        return icon
    }

    static var maximize: VectorIcon {
        var icon = VectorIcon()
        icon.path([(12, 12), (28, 12), (28, 28), (12, 28)], closed: true)
        icon.stroke(width: 2.5)
        return icon
    }

    static var picker: VectorIcon {
        var icon = VectorIcon()
        icon.path([(12, 28), (25, 15)])
        icon.stroke(width: 4.5)
        icon.path([(8, 32), (12, 28)])
        icon.stroke(width: 2)
        icon.disc(28, 12, radius: 5)
        return icon
    }

    static func dot(radius: Double, opacity: Double) -> VectorIcon {
        var icon = VectorIcon()
        icon.disc(20, 20, radius: radius, opacity: opacity)
        return icon
    }

    /// A pale dot in a dark ring: lighter paint, still 3:1 against its tile.
    static var paleDot: VectorIcon {
        var icon = dot(radius: 8, opacity: 0.3)
        icon.arc(20, 20, radius: 8, from: 0, to: 2 * .pi)
        icon.stroke(width: 1.5)
        return icon
    }

    /// Three sliders with their knobs at different places: the brush editor.
    static var brushSettings: VectorIcon {
        var icon = VectorIcon()
        for y in [12.0, 20, 28] { icon.path([(9, y), (31, y)]) }
        icon.stroke(width: 1.8)
        for (x, y) in [(15.0, 12.0), (25, 20), (19, 28)] { icon.disc(x, y, radius: 3.2) }
        return icon
    }

    /// Three sheets stacked: the layer panel.
    static var layers: VectorIcon {
        var icon = VectorIcon()
        for offset in [8.0, 0, -8] {
            icon.path([(20, 13 + offset), (32, 19 + offset), (20, 25 + offset), (8, 19 + offset)], closed: true)
            icon.fill(VectorIcon.paper)
            icon.path([(20, 13 + offset), (32, 19 + offset), (20, 25 + offset), (8, 19 + offset)], closed: true)
            icon.stroke(width: 2)
        }
        return icon
    }

    /// An eye, open (the layer shows) or struck through (hidden).
    static func eye(open: Bool) -> VectorIcon {
        var icon = VectorIcon()
        icon.path([(6, 20), (13, 13), (20, 11), (27, 13), (34, 20), (27, 27), (20, 29), (13, 27)], closed: true)
        icon.stroke(width: 2.2)
        if open {
            icon.disc(20, 20, radius: 5)
        } else {
            icon.path([(8, 32), (32, 8)])
            icon.stroke(width: 2.5)
        }
        return icon
    }

    /// A padlock, closed (the layer is locked) or open.
    static func lock(closed: Bool) -> VectorIcon {
        var icon = VectorIcon()
        icon.path([(11, 19), (29, 19), (29, 33), (11, 33)], closed: true)
        icon.fill(closed ? VectorIcon.ink : VectorIcon.muted)
        icon.arc(20, 14, radius: 6, from: .pi, to: 2 * .pi)
        if closed { icon.line(26, 19) } else { icon.line(26, 10) }
        icon.move(14, 14)
        icon.line(14, 19)
        icon.stroke(width: 2.5, closed ? VectorIcon.ink : VectorIcon.muted)
        return icon
    }

    /// Three lines: the menu (file actions, and what the strip has no room for).
    static var more: VectorIcon {
        var icon = VectorIcon()
        for y in [13.0, 20, 27] { icon.path([(11, y), (29, y)]) }
        icon.stroke(width: 2.5)
        return icon
    }

    /// A question mark in a ring: the keyboard shortcuts and help.
    static var help: VectorIcon {
        var icon = VectorIcon()
        icon.arc(20, 20, radius: 14, from: 0, to: 2 * .pi)
        icon.stroke(width: 2.2)
        icon.arc(20, 16, radius: 5, from: .pi, to: 2.5 * .pi)
        icon.line(20, 24)
        icon.stroke(width: 2.5)
        icon.disc(20, 28.5, radius: 1.8)
        return icon
    }

    /// A page with a folded corner, and a plus.
    static var newDocument: VectorIcon {
        var icon = page
        icon.path([(20, 18), (20, 30)])
        icon.path([(14, 24), (26, 24)])
        icon.stroke(width: 2.5)
        return icon
    }

    /// A folder.
    static var open: VectorIcon {
        var icon = VectorIcon()
        icon.path([(7, 30), (7, 11), (16, 11), (19, 14), (31, 14), (31, 30)], closed: true)
        icon.stroke(width: 2.2)
        icon.path([(7, 19), (31, 19)])
        icon.stroke(width: 2)
        return icon
    }

    /// A disk: the drawing under another name.
    static var saveAs: VectorIcon {
        var icon = VectorIcon()
        icon.path([(8, 8), (28, 8), (32, 12), (32, 32), (8, 32)], closed: true)
        icon.stroke(width: 2.2)
        icon.path([(14, 8), (14, 15), (26, 15), (26, 8)])
        icon.stroke(width: 2)
        icon.path([(13, 32), (13, 22), (27, 22), (27, 32)])
        icon.stroke(width: 2)
        return icon
    }

    /// A page with its top-right corner folded.
    private static var page: VectorIcon {
        var icon = VectorIcon()
        icon.path([(10, 6), (24, 6), (30, 12), (30, 34), (10, 34)], closed: true)
        icon.stroke(width: 2.2)
        icon.path([(24, 6), (24, 12), (30, 12)])
        icon.stroke(width: 1.8)
        return icon
    }

    static var stickers: VectorIcon {
        var icon = VectorIcon()
        for (x, y) in [(6.0, 12.0), (16, 17), (26, 22)] {
            icon.path([(x, y), (x + 9, y), (x + 9, y + 9), (x, y + 9)], closed: true)
            icon.stroke(width: 2)
        }
        return icon
    }
}
