import Foundation
import Testing

@testable import MaLiangCore

@Suite struct ViewTransformTests {
    /// A mirrored view is still a view: inverting undoes applying, and flipping twice about the same line gives the
    /// view back.
    @Test func aMirroredViewInvertsAndFlipsBack() {
        let view = ViewTransform(scale: 1.7, rotation: 0.6, offsetX: 40, offsetY: -25)
        let flipped = view.flipped(aboutX: 300)
        #expect(flipped.mirrored && !flipped.isUnturned && view.isUnturned == false)
        for point in [(0.0, 0.0), (120, -40), (-3000, 777.5)] {
            let shown = flipped.apply(point.0, point.1)
            let back = flipped.invert(shown.0, shown.1)
            #expect(abs(back.0 - point.0) < 1e-9 && abs(back.1 - point.1) < 1e-9)
            // Flipped about x = 300: the same height, as far on the other side.
            let before = view.apply(point.0, point.1)
            #expect(abs(shown.0 - (600 - before.0)) < 1e-9 && abs(shown.1 - before.1) < 1e-9)
        }
        let again = flipped.flipped(aboutX: 300)
        #expect(
            !again.mirrored && abs(again.rotation - view.rotation) < 1e-12 && abs(again.offsetX - view.offsetX) < 1e-9)
        #expect(ViewTransform().isUnturned && !ViewTransform(rotation: 0.1).isUnturned)
    }
}
