import MaLiangCore
import MaLiangEditor
import MaLiangVulkan

/// The renderer as the effects applier sees it: live stroke first, then the document's changes.
package final class RendererAdapter: EffectsRenderer {
    package let renderer: CanvasRenderer

    package init(_ renderer: CanvasRenderer) { self.renderer = renderer }

    package func render(live: [LiveChange], changes: [DocumentChange]) throws {
        // A stroke's new stamps and its new guess go to the device together.
        var stamps: [Stamp] = []
        var prediction: [Stamp]?
        func flush() throws {
            if !stamps.isEmpty || prediction != nil { try renderer.addLiveStamps(stamps, prediction: prediction) }
            stamps = []
            prediction = nil
        }
        for change in live {
            switch change {
            case .began(let stroke):
                try flush()
                renderer.beginLiveStroke(stroke)
            case .stamps(let more): stamps += more
            case .predicted(let guess): prediction = guess
            case .cancelled:
                try flush()
                renderer.cancelLiveStroke()
            }
        }
        try flush()
        try renderer.apply(changes)
    }

    package func rebuild() throws { try renderer.reload() }
}
