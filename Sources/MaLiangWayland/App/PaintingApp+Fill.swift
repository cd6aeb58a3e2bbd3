import Foundation
import MaLiangCore
import MaLiangEditor

/// The fill tool's tap: the page's pixels as the layer (or every shown layer) shows them, the region found there,
/// and the fill handed to the editing core.
extension PaintingApp {
    func fill(at point: Point, layer: LayerID, settings: FillSettings) {
        let start = MonotonicClock.microseconds()
        do {
            let page = try renderer.pagePixels(layer: settings.allLayers ? nil : layer)
            let found = FloodFill.region(
                in: page.pixels, width: page.width, height: page.height, seedX: Int(point.x.rounded(.down)),
                seedY: Int(point.y.rounded(.down)), settings: settings)
            switch found {
            case .success(let region):
                dispatch(session.addFill(region, on: layer))
                log("filled \(region.count) pixels in \((MonotonicClock.microseconds() - start) / 1000) ms")
            case .failure(let refusal):
                applier.post(StatusMessage(.info, "Nothing filled: \(refusal)"))
                presenter.request()
            }
        } catch {
            applier.post(StatusMessage(.error, "Cannot fill: \(error)"))
            presenter.request()
        }
    }
}
