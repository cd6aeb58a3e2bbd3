import MaLiangCore
import MaLiangEditor
import MaLiangVulkan

/// The renderer as the effects applier sees it: live stroke first, then the document's changes.
package final class RendererAdapter: EffectsRenderer {
    package let renderer: CanvasRenderer

    package init(_ renderer: CanvasRenderer) { self.renderer = renderer }

    package func render(live: [LiveChange], changes: [DocumentChange]) throws {
        for change in live {
            switch change {
            case .began(let stroke): renderer.beginLiveStroke(stroke)
            case .stamps(let stamps): try renderer.addLiveStamps(stamps)
            case .cancelled: renderer.cancelLiveStroke()
            }
        }
        try renderer.apply(changes)
    }

    package func rebuild() throws { try renderer.reload() }
}
