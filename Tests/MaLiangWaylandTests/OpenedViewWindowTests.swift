import Foundation
import TestCompositor
import Testing
import WaylandTestSupport

/// Drawings open where you can see them: a new page whole in the window, a reopened drawing where it was left.
@Suite(.serialized) struct OpenedViewWindowTests {
    /// Whether a window pixel is the page's white paper.
    func isPaper(_ image: Image, _ x: Int, _ y: Int) -> Bool {
        let pixel = image.rgba(x: x, y: y)
        return pixel.red > 250 && pixel.green > 250 && pixel.blue > 250
    }

    @Test func aNewPageOpensWholeAndAReopenedOneWhereItWasLeft() throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent(
            "maliang-view-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: data) }
        let first = try AppSession.withTablet(dataHome: data, fitted: true)
        let whole = try #require(first.image)
        // 4096 × 3072 in 1280 × 752 below the toolbar: paper in the middle, the surroundings at every side.
        #expect(isPaper(whole, 640, 424))
        for (x, y) in [(20, 424), (1260, 424), (640, 56)] { #expect(!isPaper(whole, x, y), "paper at (\(x), \(y))") }
        try first.pen(points((500, 300), (800, 500)), pressure: 1)
        // One drawing pixel per screen pixel about the middle, then a little to the right.
        try first.key(2, modifiers: 4)  // Ctrl+1
        try first.mouse([(900, 400), (700, 380)], button: 0x112)
        first.settle()
        let left = try #require(first.image)
        #expect(first.terminate() == 0)

        let second = try AppSession.withTablet(dataHome: data, fitted: true)
        let reopened = try #require(second.image)
        var differing = 0
        for y in stride(from: 52, to: 760, by: 3) {
            for x in stride(from: 0, to: 1280, by: 3) where left.rgba(x: x, y: y) != reopened.rgba(x: x, y: y) {
                differing += 1
            }
        }
        #expect(differing < 50, "the reopened view differs at \(differing) of \(236 * 427) pixels")
        #expect(second.terminate() == 0)
    }

    /// `--actual-pixels` (as the other window tests open) shows the page's top-left corner at one to one.
    @Test func actualPixelsOpensAtTheTopLeftCorner() throws {
        let session = try AppSession.withTablet()
        let image = try #require(session.image)
        #expect(isPaper(image, 2, 50) && isPaper(image, 1270, 700))
        #expect(session.terminate() == 0)
    }
}
