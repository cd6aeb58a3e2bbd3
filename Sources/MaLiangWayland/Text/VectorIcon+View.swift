import Foundation

/// The toolbar's icons for how the drawing is shown and painted: the mirrored view, symmetry, the selection and fill tools.
extension VectorIcon {
    /// Two triangles facing each other across a broken vertical line: the view mirrored left to right.
    static var mirrorView: VectorIcon {
        var icon = VectorIcon()
        for y in stride(from: 7.0, to: 33, by: 6) { icon.path([(20, y), (20, y + 3.5)]) }
        icon.stroke(width: 2)
        icon.path([(16, 11), (16, 29), (5, 29)], closed: true)
        icon.fill()
        icon.path([(24, 11), (24, 29), (35, 29)], closed: true)
        icon.stroke(width: 2)
        return icon
    }
}

extension VectorIcon {
    /// Six spokes about a hub: symmetry.
    static var symmetry: VectorIcon {
        var icon = VectorIcon()
        for spoke in 0..<6 {
            let angle = Double(spoke) * .pi / 3 - .pi / 2
            icon.path([(20 + 5 * cos(angle), 20 + 5 * sin(angle)), (20 + 13 * cos(angle), 20 + 13 * sin(angle))])
        }
        icon.stroke(width: 2.2)
        icon.disc(20, 20, radius: 2.5)
        return icon
    }
}

extension VectorIcon {
    /// A dashed box with a corner handle: the selection tool.
    static var select: VectorIcon {
        var icon = VectorIcon()
        let (left, top, right, bottom) = (8.0, 9.0, 30.0, 29.0)
        for x in stride(from: left, to: right, by: 6) {
            icon.path([(x, top), (min(x + 3.5, right), top)])
            icon.path([(x, bottom), (min(x + 3.5, right), bottom)])
        }
        for y in stride(from: top, to: bottom, by: 6) {
            icon.path([(left, y), (left, min(y + 3.5, bottom))])
            icon.path([(right, y), (right, min(y + 3.5, bottom))])
        }
        icon.stroke(width: 2)
        icon.path([(27, 26), (35, 26), (35, 34), (27, 34)], closed: true)
        icon.fill()
        return icon
    }
}

extension VectorIcon {
    /// A tipped bucket pouring a drop: the fill tool.
    static var fill: VectorIcon {
        var icon = VectorIcon()
        icon.path([(9, 17), (21, 7), (32, 19), (20, 30)], closed: true)
        icon.stroke(width: 2.2)
        icon.path([(9, 17), (20, 30), (13, 26)], closed: true)
        icon.fill()
        icon.path([(32, 19), (34, 27), (36, 31), (34, 33), (32, 31), (32, 27)], closed: true)
        icon.fill()
        return icon
    }
}
