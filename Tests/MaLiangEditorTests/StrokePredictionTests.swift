import MaLiangCore
import Testing

@testable import MaLiangEditor

/// The stroke in progress is shown ahead of its samples: each guess replaces the last, the damage covers both, and
/// none of it reaches the document.
@Suite struct StrokePredictionTests {
    @Test func eachMoveReplacesTheGuessAndPenUpDropsIt() throws {
        let session = try makeSession()
        var pen = Gesture(.tool(1), .pen)
        _ = session.handle(pen.event(.down, 100, 300))
        var previousEnd: Double?
        for x in stride(from: 110.0, through: 300, by: 10) {
            let effects = session.handle(pen.event(.move, x, 300))
            let guesses = effects.live.compactMap { if case .predicted(let stamps) = $0 { stamps } else { nil } }
            #expect(guesses.count <= 1)
            guard let guess = guesses.first, let damage = effects.damage.first, effects.damage.count == 1 else {
                continue
            }
            // The guess runs ahead of the pen (the page is below the toolbar: document x is window x).
            let farthest = guess.map { Double($0.x) }.max() ?? 0
            #expect(farthest > x + 5 && farthest <= x + 48 + 1)
            // The damage covers the last guess too, so it is repainted away.
            if let previousEnd { #expect(damage.x + damage.width >= previousEnd) }
            previousEnd = farthest
        }
        #expect(previousEnd != nil)
        let up = session.handle(pen.event(.up, 300, 300))
        #expect(up.live.contains(.predicted([])))
        #expect(session.strokes.count == 1 && session.strokes[0].samples.count == 21)
        #expect(session.strokes[0].samples.allSatisfy { $0.position.x <= 300 })
    }

    /// Without a predictor the stroke is shown to its last sample — never past it — while the smoother waits for
    /// the next one.
    @Test func withoutAPredictorTheStrokeIsShownToItsLastSampleOnly() throws {
        let session = try makeSession()
        session.predictor = nil
        var pen = Gesture(.tool(1), .pen)
        _ = session.handle(pen.event(.down, 100, 300))
        for x in stride(from: 110.0, through: 300, by: 10) {
            let effects = session.handle(pen.event(.move, x, 300))
            let shown = effects.live.flatMap { change -> [Stamp] in
                switch change {
                case .stamps(let stamps), .predicted(let stamps): stamps
                default: []
                }
            }
            let farthest = shown.map { Double($0.x) }.max() ?? 0
            #expect(farthest <= x + 1e-3, "nothing past the pen")
            #expect(farthest >= x - 1, "the stroke reaches the pen at \(x), not \(farthest)")
        }
        _ = session.handle(pen.event(.up, 300, 300))
        #expect(session.strokes.count == 1)
    }
}
