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
        // Within the half pixel that puts the page on whole pixels.
        #expect(abs(after.0 - before.0) <= 0.5 && abs(after.1 - before.1) <= 0.5)
        #expect(session.view.offsetX == session.view.offsetX.rounded())
        #expect(session.view.offsetY == session.view.offsetY.rounded())
    }

    /// At a whole zoom the page stays on whole pixels however the pan moves, and slow pans still add up.
    @Test func pansAtWholeZoomsStayOnWholePixelsAndAddUp() throws {
        let session = try makeSession()
        _ = session.perform(.actualPixels)
        let start = (x: session.view.offsetX, y: session.view.offsetY)
        for _ in 0..<10 {
            _ = session.pan(byX: 0.3, y: -0.4)
            #expect(session.view.offsetX == session.view.offsetX.rounded())
            #expect(session.view.offsetY == session.view.offsetY.rounded())
        }
        #expect(session.view.offsetX - start.x == 3 && session.view.offsetY - start.y == -4)
        // Other zooms keep every fraction.
        _ = session.zoom(by: 0.8, aboutX: 100, y: 100)
        let zoomed = session.view.offsetX
        _ = session.pan(byX: 0.3, y: 0)
        #expect(abs(session.view.offsetX - zoomed - 0.3) < 1e-9)
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
