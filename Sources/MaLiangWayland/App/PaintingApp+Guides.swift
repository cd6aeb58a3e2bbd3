import Foundation
import MaLiangCore
import MaLiangVulkan

/// The symmetry guide while symmetry is on: its mirror lines (or spokes) across the window and its centre's handle,
/// turned and mirrored with the view.
extension PaintingApp {
    func symmetryGuide() -> [OverlayPlacement] {
        guard let symmetry = session.symmetry else { return [] }
        let scale = window.scale
        let (x, y) = session.view.apply(symmetry.center.x, symmetry.center.y)
        guard x.isFinite, y.isFinite else { return [] }
        let line = chrome.toolbar.highlight
        let thickness = max(1.5 * scale, 1)
        // Long enough to cross the window from a centre anywhere in it.
        let length =
            2 * hypot(Double(presenter.frameSurface.width), Double(presenter.frameSurface.height)) + 2 * hypot(x, y)
        var placements: [OverlayPlacement] = []
        for angle in symmetry.guideAngles {
            let shown = (session.view.mirrored ? .pi - angle : angle) + session.view.rotation
            // A mirror line runs both ways from the centre; a spoke one way.
            let reach = symmetry.guidesAreMirrorLines ? length : length / 2
            let middle = symmetry.guidesAreMirrorLines ? 0 : reach / 2
            let centerX = x + cos(shown) * middle
            let centerY = y + sin(shown) * middle
            placements.append(
                OverlayPlacement(
                    line, x: centerX - reach / 2, y: centerY - thickness / 2, width: reach, height: thickness,
                    opacity: 0.6, turn: shown))
        }
        let handle = 12 * scale
        let hole = 6 * scale
        placements.append(
            OverlayPlacement(line, x: x - handle / 2, y: y - handle / 2, width: handle, height: handle, turn: .pi / 4))
        placements.append(
            OverlayPlacement(
                chrome.toolbar.tooltipBackground, x: x - hole / 2, y: y - hole / 2, width: hole, height: hole,
                turn: .pi / 4))
        return placements
    }
}
