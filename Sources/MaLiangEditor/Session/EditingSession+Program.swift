import Foundation
import MaLiangCore
import MaLiangStore

/// Edits made by a program rather than a hand (the library's MaLiang-style API): each one an undo step, returned
/// as effects like any input's.
extension EditingSession {
    /// Adds a finished stroke through `samples` (document pixels) with `brush` on the current layer, with the
    /// copies ``symmetry`` paints; nothing when no sample is usable.
    public func addStroke(_ samples: some Sequence<InputSample>, brush: AnyBrush, seed: UInt64? = nil) -> Effects {
        var effects = Effects()
        let stroke = Stroke(
            id: document.makeElementID(), brush: brush, seed: seed ?? makeSeed(), canvasScale: strokeCanvasScale,
            samples: StrokeSamples(samples), layer: currentLayer, symmetry: symmetry)
        effects.changes = document.append(.stroke(stroke))
        effects.redraw = !effects.changes.isEmpty
        return effects
    }

    /// Stores a PNG image for chartlets and stickers under `id` (a fresh one when nil); returns the id, or nil and a
    /// message when the image is not usable.
    public func addImage(png: Data, id: String? = nil) -> (id: String?, effects: Effects) {
        var effects = Effects()
        do { _ = try ImageCheck.dimensions(of: png) } catch {
            effects.messages.append(StatusMessage(.error, "Cannot use the image: \(error.message)"))
            return (nil, effects)
        }
        let textureID = id ?? ImageCheck.textureID(for: png)
        effects.changes = document.addTexture(id: textureID, png: png)
        return (textureID, effects)
    }

    /// Places a stored image on the current layer: centre and size in document pixels, `angle` in radians (clamped
    /// into ``Limits``).
    public func placeImage(_ textureID: String, center: Point, size: Size, angle: Double = 0) -> (
        chartlet: Chartlet?, effects: Effects
    ) {
        var effects = Effects()
        guard document.textures[textureID] != nil else {
            effects.messages.append(StatusMessage(.error, "No image \"\(textureID)\" in the drawing"))
            return (nil, effects)
        }
        let chartlet = Chartlet(
            id: document.makeElementID(), textureID: textureID, center: center, size: size, angle: angle,
            layer: currentLayer)
        effects.changes = document.append(.chartlet(chartlet))
        effects.redraw = true
        guard case .inserted(.chartlet(let placed), _)? = effects.changes.first else { return (nil, effects) }
        return (placed, effects)
    }

    /// Replaces the drawing's elements with `elements` (read from elsewhere) as one undo step; `textures`, the
    /// images they use, are stored first. The drawing keeps its own size and background.
    public func replaceContent(elements: [Element], textures: [String: Data]) -> Effects {
        var effects = Effects()
        for id in textures.keys.sorted() {
            if let png = textures[id] { effects.changes += document.addTexture(id: id, png: png) }
        }
        effects.changes += document.replaceContent(with: elements)
        effects.redraw = true
        selection = nil
        return effects
    }

    /// The brush a pen stroke uses from now on, by preset index (see ``BrushStyle/presets``), colour and factors.
    public func use(_ style: BrushStyle) -> Effects {
        self.style = style
        var effects = Effects()
        effects.redraw = true
        effects.requests.append(.brushOutlineChanged)
        return effects
    }
}
