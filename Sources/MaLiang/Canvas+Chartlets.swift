import Foundation
import MaLiangCore

/// Chartlets: images placed on the drawing — photos, stickers, text a program laid out itself.
extension Canvas {
    /// An image stored in the drawing, ready to place as chartlets.
    public struct Texture: Hashable, Sendable {
        /// What ``renderChartlet(at:size:textureID:rotation:)`` and ``MaLiangCore/ChartletBrush`` name it by.
        public let id: String
    }

    /// Stores a PNG image in the drawing (saved with it) for chartlets and chartlet brushes. The same image stored
    /// twice is kept once. `id` names it; by default a digest of the image.
    @discardableResult
    public func makeTexture(with png: Data, id: String? = nil) throws -> Texture {
        let (textureID, effects) = session.addImage(png: png, id: id)
        apply(effects)
        guard let textureID else { throw CanvasError(effects.messages.first?.text ?? "the image cannot be used") }
        return Texture(id: textureID)
    }

    /// Places a stored image as one change: `center` and `size` in drawing pixels, `rotation` in radians,
    /// clockwise on screen (MaLiang's is counter-clockwise, since UIKit's y grows upward in its own maths).
    @discardableResult
    public func renderChartlet(at center: Point, size: Size, textureID: String, rotation: Double = 0) throws
        -> Chartlet
    {
        let (chartlet, effects) = session.placeImage(textureID, center: center, size: size, angle: rotation)
        apply(effects)
        guard let chartlet else { throw CanvasError(effects.messages.first?.text ?? "the image cannot be placed") }
        return chartlet
    }
}
