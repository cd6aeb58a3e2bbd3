import Foundation
import MaLiangCore

extension ViewTransform {
    /// The corners of an axis-aligned document rectangle.
    func corners(x: Double, y: Double, width: Double, height: Double) -> QuadPainter.Corners {
        QuadPainter.Corners(points: [
            apply(x, y), apply(x + width, y), apply(x, y + height), apply(x + width, y + height),
        ])
    }

    /// The corners of a rotated rectangle (a chartlet) given by centre, size and angle in the document.
    func corners(centerX: Double, centerY: Double, width: Double, height: Double, angle: Double) -> QuadPainter.Corners
    {
        let c = cos(angle)
        let s = sin(angle)
        let points = [(-0.5, -0.5), (0.5, -0.5), (-0.5, 0.5), (0.5, 0.5)].map { u, v -> (Double, Double) in
            let x = u * width
            let y = v * height
            return apply(centerX + c * x - s * y, centerY + s * x + c * y)
        }
        return QuadPainter.Corners(points: points)
    }
}
