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
            guard let guess = guesses.first, let damage = effects.damage else { continue }
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

    @Test func withoutAPredictorNothingIsGuessed() throws {
        let session = try makeSession()
        session.predictor = nil
        var pen = Gesture(.tool(1), .pen)
        let effects = session.drag(&pen, line((100, 300), (300, 300)))
        #expect(!effects.live.contains { if case .predicted = $0 { true } else { false } })
        #expect(session.strokes.count == 1)
    }
}
