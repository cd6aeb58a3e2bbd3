import MaLiangCore
import MaLiangVulkan
import Testing

/// A recorded bake's timeline holds each thread's work and the baking thread's steps, and nothing is recorded
/// unless asked. The recording is the process's: bakes of tests running beside this one add their work to it.
@Suite(.serialized) struct BakeTimelineTests {
    @Test func aRecordedHostShareHoldsEveryStepOfTheBake() throws {
        let context = try validatedContext()
        let canvas = try CanvasRenderer(document: try Document(size: Size(width: 900, height: 700)), context: context)
        let brush = AnyBrush.brush(
            Brush(
                name: "round", hardness: 0.6, opacity: 1, flow: 0.5, pointSize: 4, pointStep: 0.25,
                spacingRelativeToSize: true))
        // Enough strokes of small dabs for several batches, binned while the next is queued.
        let strokes = (0..<60).map { index in
            let y = 20 + Double(index % 30) * 22
            return Stroke(
                id: ElementID(Int64(index + 1)), brush: brush, seed: UInt64(index),
                samples: line(from: (10, y), to: (890, y + 5), steps: 200))
        }
        let share = canvas.measureHostShare(strokes, passes: 40, timeline: true)
        let timeline = share.timeline
        #expect(Set(timeline.map(\.step)) == Set(BakeTimeline.Step.allCases))
        #expect(timeline.allSatisfy { $0.end >= $0.start })
        #expect(timeline.filter { $0.step == .strokeStamps }.count >= strokes.count * 40)
        // The baking thread's own steps follow one another.
        let steps = timeline.filter { $0.thread == 0 && !$0.step.isWork }.sorted { $0.start < $1.start }
        #expect(zip(steps, steps.dropFirst()).allSatisfy { $0.end <= $1.start })
        let atWork = timeline.threadsAtWork
        #expect(abs(atWork.reduce(0, +) - 1) < 1e-6)
        #expect(atWork.count >= 2 && atWork.dropFirst().reduce(0, +) > 0.5, "\(atWork)")
        // Stopped, it records nothing more: what it holds stays as it was.
        let held = BakeTimeline.stop().count
        #expect(canvas.measureHostShare(strokes, passes: 1).timeline.isEmpty)
        #expect(BakeTimeline.stop().count == held)
        assertClean(context)
    }
}
