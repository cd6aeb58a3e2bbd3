import MaLiangCore

/// Strokes read from a MaLiang folder name their brush but keep only its colour, size, opacity and step; the rest of
/// the look comes from the canvas's brush of that name, as in MaLiang (`findBrushBy(name:)`).
extension Canvas {
    /// `elements` with each stroke's brush completed from the brush of its name: one registered on this canvas
    /// (``registerBrush(name:with:)-(String,Data)``), else a built-in one; a stroke whose brush is neither keeps the
    /// plain round brush the folder describes.
    func matchingBrushes(_ elements: [Element]) -> [Element] {
        elements.map { element in
            guard case .stroke(var stroke) = element else { return element }
            let read = stroke.brush.base
            guard var matched = registeredBrushes[read.name].map(AnyBrush.brush) ?? builtInBrush(named: read.name)
            else { return element }
            var base = matched.base
            base.color = read.color
            base.opacity = read.opacity
            base.pointSize = read.pointSize
            base.pointStep = read.pointStep
            base.spacingRelativeToSize = read.spacingRelativeToSize
            base.forceSensitive = read.forceSensitive
            base.scaleWithCanvas = read.scaleWithCanvas
            // The folder's kind (an eraser, a glow) stands; a registered image brush keeps its stamp in it.
            switch stroke.brush {
            case .eraser: matched = .eraser(Eraser(brush: base))
            case .glowing(let glowing):
                if case .glowing(var preset) = matched {
                    preset.brush = base
                    matched = .glowing(preset)
                } else {
                    matched = .glowing(GlowingBrush(brush: base, coreProportion: glowing.coreProportion))
                }
            default: matched.base = base
            }
            stroke.brush = matched
            return .stroke(stroke)
        }
    }
}
