import Testing

@testable import MaLiangCore

/// The guess of where the pen goes: on the line for a steady pen, nothing for a still one, never beyond its reach.
@Suite struct StrokePredictorTests {
    /// Samples every 4 ms moving `speed` pixels a millisecond along x from (100, 50), with `jitter` on y.
    static func steady(count: Int, speed: Double, jitter: Double = 0) -> [InputSample] {
        var samples: [InputSample] = []
        for index in 0..<count {
            let x: Double = 100 + speed * 4 * Double(index)
            let y: Double = index % 2 == 0 ? 50 + jitter : 50 - jitter
            let time = UInt64(1_000_000 + index * 4000)
            samples.append(InputSample(position: Point(x: x, y: y), pressure: 0.5, time: time))
        }
        return samples
    }

    @Test func aSteadyPenIsFollowedAlongItsLineForTheHorizon() throws {
        let samples = Self.steady(count: 8, speed: 1)
        let guesses = StrokePredictor().predict(after: samples)
        let last = try #require(samples.last)
        #expect(guesses.count == 2)
        for (index, guess) in guesses.enumerated() {
            let ahead = Double(4 * (index + 1))
            #expect(abs(guess.position.x - (last.position.x + ahead)) < 1e-9 && abs(guess.position.y - 50) < 1e-9)
            #expect(guess.time == last.time + UInt64(4000 * (index + 1)))
            #expect(guess.pressure == last.pressure)
        }
    }

    @Test func aStillPenAFirstSampleOrAPauseGiveNoGuess() {
        let still = (0..<6).map { index -> InputSample in
            InputSample(position: Point(x: 10, y: 10), pressure: 0.5, time: UInt64(index * 4000))
        }
        #expect(StrokePredictor().predict(after: still).isEmpty)
        #expect(StrokePredictor().predict(after: Array(Self.steady(count: 1, speed: 1))).isEmpty)
        // The samples before a long pause say nothing about where the pen goes next.
        var paused = Self.steady(count: 4, speed: 1)
        paused.append(InputSample(position: Point(x: 300, y: 50), pressure: 0.5, time: 9_000_000))
        #expect(StrokePredictor().predict(after: paused).isEmpty)
    }

    @Test func aFastPenIsGuessedNoFartherThanTheReach() throws {
        let samples = Self.steady(count: 8, speed: 20)
        let guesses = StrokePredictor().predict(after: samples)
        let last = try #require(samples.last)
        let farthest = try #require(guesses.last)
        #expect(abs(farthest.position.x - last.position.x - 48) < 1e-6)
        #expect(guesses.allSatisfy { $0.position.x > last.position.x && $0.position.x <= last.position.x + 48 + 1e-9 })
    }

    @Test func jitterAcrossTheLineDoesNotTurnTheGuess() throws {
        let samples = Self.steady(count: 8, speed: 1, jitter: 0.5)
        let farthest = try #require(StrokePredictor().predict(after: samples).last)
        #expect(abs(farthest.position.y - 50) < 1)
    }
}
