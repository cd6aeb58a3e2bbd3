import MaLiangCore
import Testing

@testable import MaLiangEditor

@Suite struct ViewCommandTests {
    /// After any zoom and turn, actual pixels is 1:1 and upright, with the document point at the canvas centre kept.
    @Test func actualPixelsKeepsTheCentreAtOneToOne() throws {
        let session = try makeSession()
        _ = session.zoom(by: 3.7, aboutX: 200, y: 300)
        _ = session.rotate(by: 0.8, aboutX: 500, y: 500)
        let centre = (x: 640.0, y: 48 + (800.0 - 48) / 2)
        let before = session.view.invert(centre.x, centre.y)
        _ = session.perform(.actualPixels)
        #expect(session.view.scale == 1 && session.view.rotation == 0)
        let after = session.view.invert(centre.x, centre.y)
        #expect(abs(after.0 - before.0) < 1e-9 && abs(after.1 - before.1) < 1e-9)
    }

    @Test func fitShowsTheWholeDocumentCentred() throws {
        let session = try makeSession()
        _ = session.zoom(by: 5, aboutX: 10, y: 10)
        _ = session.perform(.resetView)
        let topLeft = session.view.apply(0, 0)
        let bottomRight = session.view.apply(1000, 800)
        #expect(topLeft.0 >= 0 && bottomRight.0 <= 1280 && topLeft.1 >= 48 && bottomRight.1 <= 800)
        #expect(abs((topLeft.0 + bottomRight.0) / 2 - 640) < 1e-9)
    }
}
