import Foundation
import MaLiangCore
import MaLiangStore
import PNGCodec

/// The fill tool: a tap fills the closed region under it, as the current layer (or every shown layer) shows it.
/// The shell reads the page's pixels and finds the region (``FloodFill``); the fill becomes an element of the current
/// layer — a picture of the region in the current colour, placed by a one-dab sticker stroke, so it is drawn in
/// drawing order, kept in the file, selected, moved and undone like any stroke.
extension EditingSession {
    /// The fill tool, or back to painting (G, the toolbar's button).
    func toggleFillTool() -> Effects {
        tool = tool == .fill ? .paint : .fill
        var effects = Effects()
        effects.redraw = true
        effects.messages.append(
            StatusMessage(.info, tool == .fill ? "Fill: tap inside a closed shape (\(fillWords))" : "Painting"))
        return effects
    }

    /// The fill's settings in words.
    var fillWords: String {
        let layers = fillSetting.allLayers ? "as all layers show it" : "as this layer shows it"
        let gaps = fillSetting.gapClosing == 0 ? "no gaps closed" : "gaps up to \(fillSetting.gapClosing) px closed"
        return "\(layers), \(gaps); T and R change them"
    }

    /// Sets how fills find their region.
    public func setFillSettings(_ settings: FillSettings) -> Effects {
        fillSetting = settings
        var effects = Effects()
        effects.redraw = true
        return effects
    }

    /// T and R with the fill tool: this layer or all layers; the next gap closing (none, 3, 8, 16 px).
    func changeFillSetting(layers: Bool) -> Effects {
        var settings = fillSetting
        if layers {
            settings.allLayers.toggle()
        } else {
            let steps = [0, 3, 8, 16]
            settings.gapClosing = steps.first { $0 > settings.gapClosing } ?? 0
        }
        var effects = setFillSettings(settings)
        effects.messages.append(StatusMessage(.info, "Fill \(fillWords)"))
        return effects
    }

    /// A press with the fill tool: asks the shell to fill at the point, on the current layer if it can be painted.
    func beginFillContact(at point: Point) -> Effects {
        var effects = Effects()
        if let refusal = layerRefusal() {
            effects.messages.append(StatusMessage(.info, refusal))
            return effects
        }
        effects.requests.append(.fill(at: point, layer: currentLayer, settings: fillSetting))
        return effects
    }

    /// Adds the fill of `region` (found on the page for a tap on `layer`) in `color` (the current colour when nil)
    /// as one undo step; an empty region, or a layer that is gone, locked or hidden, changes nothing and says why.
    public func addFill(_ region: FillRegion, color: Color? = nil, on layer: LayerID? = nil) -> Effects {
        var effects = Effects()
        effects.redraw = true
        let target = layer ?? currentLayer
        guard let found = document.layer(target), found.isVisible, !found.isLocked else {
            effects.messages.append(StatusMessage(.info, "The fill's layer can no longer be painted: nothing filled"))
            return effects
        }
        guard region.count > 0 else {
            effects.messages.append(StatusMessage(.info, "Nothing to fill here"))
            return effects
        }
        let color = color ?? style.color
        let png: Data
        do {
            png = try PNG.encode(
                PNGMask(
                    width: region.width, height: region.height, rows: region.mask.pngRows, red: channel(color.red),
                    green: channel(color.green), blue: channel(color.blue)))
        } catch {
            effects.messages.append(StatusMessage(.error, "Cannot fill: \(error.description)"))
            return effects
        }
        let textureID = ImageCheck.textureID(for: png)
        var brush = ChartletBrush(
            textureIDs: [textureID], pointRate: 1,
            brush: Brush(name: "fill", opacity: 1, pointSize: Double(max(region.width, region.height))))
        brush.keepsProportions = true
        let center = Point(
            x: Double(region.x) + Double(region.width) / 2, y: Double(region.y) + Double(region.height) / 2)
        let stroke = Stroke(
            id: document.makeElementID(), brush: .chartlet(brush), seed: 1, canvasScale: 1,
            samples: [InputSample(position: center, pressure: nil, time: 0)], layer: target)
        effects.changes = document.addTexture(id: textureID, png: png) + document.append(.stroke(stroke))
        effects.messages.append(StatusMessage(.info, "Filled \(region.count) pixels"))
        return effects
    }

    private func channel(_ value: Double) -> UInt8 { UInt8((min(max(value, 0), 1) * 255).rounded()) }
}
