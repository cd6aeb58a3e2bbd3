import Foundation
import MaLiangCore
import MaLiangEditor

/// The fill tool's tap: the region found on the page as the layer (or every shown layer) shows it, and the fill
/// handed to the editing core.
extension PaintingApp {
    func fill(at point: Point, layer: LayerID, settings: FillSettings) {
        let start = MonotonicClock.microseconds()
        do {
            switch try renderer.fillRegion(at: point, layer: layer, settings: settings) {
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
