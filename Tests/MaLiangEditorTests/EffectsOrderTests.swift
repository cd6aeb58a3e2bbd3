import Foundation
import MaLiangCore
import MaLiangStore
import Testing

@testable import MaLiangEditor

/// Records what reaches it, in one shared log, so the order across store, renderer and frames is visible.
final class Recorder: ChangeStore, EffectsRenderer, FrameScheduler {
    var log: [String] = []
    var storeFails: StoreError?
    var renderFails = false
    private var waiting: [[DocumentChange]] = []

    func save(_ changes: [DocumentChange]) -> SaveQueue.State {
        log.append("save \(changes.count)")
        waiting.append(changes)
        return retry()
    }

    func retry() -> SaveQueue.State {
        if let storeFails { return .waiting(edits: waiting.count, error: storeFails) }
        waiting.removeAll()
        return .saved
    }

    func render(live: [LiveChange], changes: [DocumentChange]) throws {
        log.append(changes.isEmpty ? "render live" : "render \(changes.count)")
        if renderFails { throw CancellationError() }
    }

    func rebuild() throws { log.append("rebuild") }

    func present(_ effects: Effects) { log.append("present") }
}

@Suite struct EffectsOrderTests {
    func applier(_ recorder: Recorder) -> EffectsApplier {
        let applier = EffectsApplier(store: recorder, renderer: recorder, clock: { 0 })
        applier.frames = recorder
        return applier
    }

    @Test func aFinishedStrokeIsSavedBeforeItIsDrawnAndDrawnBeforeItIsShown() throws {
        let recorder = Recorder()
        let applier = applier(recorder)
        let session = try makeSession()
        var pen = Gesture(.tool(1), .pen)
        applier.apply(session.handle(pen.event(.down, 100, 300)))
        applier.apply(session.handle(pen.event(.move, 200, 300)))
        // While drawing nothing is saved: the stroke is drawn live and presented.
        #expect(recorder.log == ["render live", "present", "render live", "present"])
        recorder.log = []
        applier.apply(session.handle(pen.event(.up, 200, 300)))
        #expect(recorder.log == ["save 1", "render 1", "present"])
    }

    @Test func aDrawingFailureLosesNothing() throws {
        let recorder = Recorder()
        recorder.renderFails = true
        let applier = applier(recorder)
        let session = try makeSession()
        var pen = Gesture(.tool(1), .pen)
        applier.apply(session.drag(&pen, line((100, 300), (200, 300))))
        // Saved first; the failure is shown and the picture rebuilt from the document.
        #expect(recorder.log == ["save 1", "render 1", "rebuild", "present"])
        #expect(applier.status.message?.severity == .error)
        #expect(applier.status.errorCount == 1)
    }

    @Test func aSavingFailureIsShownKeptAndCleared() throws {
        let recorder = Recorder()
        recorder.storeFails = StoreError(.diskFull, "the disk is full")
        let applier = applier(recorder)
        let session = try makeSession()
        var pen = Gesture(.tool(1), .pen)
        for y in [100.0, 200, 300] { applier.apply(session.drag(&pen, line((100, y), (200, y)))) }
        // Drawn anyway, and the strip says how many changes wait.
        #expect(recorder.log.filter { $0 == "render 1" }.count == 3)
        #expect(applier.status.saving == .waiting(edits: 3, error: StoreError(.diskFull, "the disk is full")))
        let text = try #require(applier.status.text(at: 0))
        #expect(text.1 == .error && text.0.contains("3 changes") && text.0.contains("disk is full"))
        recorder.storeFails = nil
        #expect(applier.retrySaving() == .saved)
        #expect(applier.status.text(at: 0)?.0.contains("Saved") == true)
    }

    @Test func messagesExpireButSavingProblemsStay() throws {
        var status = StatusLine()
        status.post(StatusMessage(.info, "Exported"), at: 0)
        #expect(status.text(at: 1_000_000)?.0 == "Exported")
        #expect(status.text(at: StatusLine.messageLifetime + 1) == nil)
        status.update(saving: .waiting(edits: 1, error: StoreError(.io, "gone")))
        #expect(status.text(at: 100 * StatusLine.messageLifetime)?.0.contains("1 change is kept") == true)
    }
}
