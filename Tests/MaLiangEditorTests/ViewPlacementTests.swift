import MaLiangCore
import Testing

@testable import MaLiangEditor

/// A view kept and shown again in a window of another size or scale shows the same drawing point in the middle,
/// at the same zoom per logical pixel, turned and mirrored the same.
@Suite struct ViewPlacementTests {
    @Test func aPlacementShowsTheSamePointAtTheSameZoomInAnotherWindow() throws {
        let session = try makeSession()
        _ = session.zoom(by: 0.5, aboutX: 300, y: 300)
        _ = session.rotate(by: 0.4, aboutX: 500, y: 400)
        _ = session.perform(.mirrorView)
        let placement = session.viewPlacement
        #expect(placement.isValid && placement.mirrored)

        let other = try makeSession()
        _ = other.resize(WindowMetrics(width: 800, height: 1200, scale: 2, showsClose: false))
        _ = other.show(placement)
        let again = other.viewPlacement
        #expect(abs(again.centerX - placement.centerX) < 1 && abs(again.centerY - placement.centerY) < 1)
        #expect(abs(again.zoom - placement.zoom) < 1e-9 && abs(again.rotation - placement.rotation) < 1e-9)
        #expect(again.mirrored && other.view.scale == 2 * session.view.scale)
    }

    @Test func aPlacementThatCannotBeShownShowsTheDrawingWhole() throws {
        let session = try makeSession()
        let bad = ViewPlacement(centerX: .nan, centerY: 0, zoom: 1, rotation: 0, mirrored: false)
        _ = session.show(bad)
        let fitted = try makeSession()
        _ = fitted.fitView()
        #expect(session.view == fitted.view)
    }
}
