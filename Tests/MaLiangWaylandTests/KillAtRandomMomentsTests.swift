import Foundation
import MaLiangCore
import MaLiangStore
import Testing

/// SIGKILL at random moments — mid-stroke, right after a pen-up while the stroke is being saved, between strokes,
/// while the window starts — over a hundred sessions on one document. After each: the file opens, with nothing
/// left out, every stroke the window had acted on is in it, and every stroke in it is whole. The moments come from
/// a seed the test prints (MALIANG_KILL_SEED repeats a run; MALIANG_KILL_RUNS sets how many).
@Suite(.serialized) struct KillAtRandomMomentsTests {
    static let samplesPerStroke = 12

    @Test func noFinishedStrokeIsLostAndTheFileAlwaysOpens() throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["MALIANG_KILL_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 1...UInt64(1 << 40))
        let runs = environment["MALIANG_KILL_RUNS"].flatMap { Int($0) } ?? 100
        print("KillAtRandomMomentsTests: MALIANG_KILL_SEED=\(seed), \(runs) runs")
        var random = SplitMix64(seed: seed)
        let dataHome = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-kill-\(seed)")
        try? FileManager.default.removeItem(at: dataHome)
        defer { try? FileManager.default.removeItem(at: dataHome) }

        var strokesInFile = 0
        var killedMidSave = 0
        for run in 0..<runs {
            let session = try AppSession.withTablet(dataHome: dataHome)
            let strokesToDraw = 1 + Int(random.next() % 4)
            // The kill comes after this many tool frames (each stroke sends samplesPerStroke + 2), so it falls
            // anywhere from before the first stroke to after the last.
            let framesPerStroke = Self.samplesPerStroke + 2
            let killAfter = Int(random.next() % UInt64(strokesToDraw * framesPerStroke + 1))
            // Pen-ups sent, and those the window is known to have acted on (it answered a ping sent after them).
            var upsSent = 0
            var upsAcknowledged = 0
            var sent = 0
            drawing: for stroke in 0..<strokesToDraw {
                let y = 60 + Double((run * 4 + stroke) % 60) * 12
                let x = 40 + Double(random.next() % 400)
                for frame in 0..<framesPerStroke {
                    if sent == killAfter { break drawing }
                    try send(frame: frame, x: x, y: y, session: session)
                    sent += 1
                    if frame == Self.samplesPerStroke { upsSent += 1 }
                    // Now and then, and after half the pen-ups, wait until the window has acted on everything sent
                    // (a stroke finished then must be in the file); otherwise go on, and the kill may land while a
                    // stroke is being saved.
                    let afterUp = frame == Self.samplesPerStroke && random.next() % 2 == 0
                    if frame % 6 == 5 || afterUp {
                        #expect(session.roundTrip(), "run \(run): the window did not answer; output:\n\(session.log)")
                        upsAcknowledged = upsSent
                    } else {
                        session.compositor.dispatch()
                    }
                }
            }
            // Sometimes an instant after the last event, sometimes a little later.
            if random.next() % 2 == 0 { usleep(UInt32(random.next() % 20_000)) }
            _ = session.kill()
            if upsSent > upsAcknowledged { killedMidSave += 1 }
            let acknowledged = strokesInFile + upsAcknowledged

            let file = try DocumentFile.open(at: session.documentURL)
            let strokes = file.document.elements.compactMap { element -> Stroke? in
                if case .stroke(let stroke) = element { stroke } else { nil }
            }
            file.close()
            #expect(file.leftOut.isEmpty, "run \(run) (seed \(seed)): left out \(file.leftOut)")
            #expect(
                strokes.count >= acknowledged && strokes.count <= strokesInFile + upsSent,
                "run \(run) (seed \(seed)): \(strokes.count) strokes in the file, \(acknowledged) finished")
            for stroke in strokes where stroke.samples.count != Self.samplesPerStroke {
                Issue.record("run \(run) (seed \(seed)): stroke \(stroke.id) has \(stroke.samples.count) samples")
            }
            strokesInFile = strokes.count
        }
        print(
            "KillAtRandomMomentsTests: \(runs) kills, \(strokesInFile) strokes kept, \(killedMidSave) kills after an unanswered pen-up"
        )
    }

    /// One tool frame of a stroke at row `y`: proximity and down, the samples, then up and out.
    private func send(frame: Int, x: Double, y: Double, session: AppSession) throws {
        let compositor = session.compositor
        switch frame {
        case 0:
            try compositor.sendToolFrame(
                tool: "pen", [.proximityIn(tablet: "t1"), .motion(x: x, y: y), .down, .pressure(40_000)])
        case Self.samplesPerStroke:
            try compositor.sendToolFrame(tool: "pen", [.up])
        case Self.samplesPerStroke + 1:
            try compositor.sendToolFrame(tool: "pen", [.proximityOut])
        default:
            try compositor.sendToolFrame(
                tool: "pen", [.motion(x: x + Double(frame) * 25, y: y + Double(frame % 3)), .pressure(40_000)])
        }
    }
}
