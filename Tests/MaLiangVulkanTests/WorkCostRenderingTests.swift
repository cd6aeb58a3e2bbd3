import Foundation
import MaLiangCore
import MaLiangVulkan
import PNGCodec
import Testing

/// Documents small on disk whose stamps would take minutes and gigabytes at full size: a small render of them is
/// quick, long work reports progress and can be cancelled, and what cannot fit is refused before it is stamped.
@Suite(.serialized) struct WorkCostRenderingTests {
    /// A 65,536² canvas crossed corner to corner by a brush 6,000 pixels wide.
    func fatDiagonal() throws -> Document {
        let document = try Document(size: Size(width: 65_536, height: 65_536))
        document.addStroke(solidBrush(size: 6000), line(from: (0, 0), to: (60_000, 60_000), steps: 20), seed: 1)
        return document
    }

    @Test func aSmallRenderOfAHugeDocumentNeverStampsItAtFullSize() throws {
        let context = try validatedContext()
        let canvas = try CanvasRenderer(document: try fatDiagonal(), context: context, undo: false)
        let started = ContinuousClock.now
        let image = try canvas.export(scale: 400.0 / 65_536)
        #expect(ContinuousClock.now - started < .seconds(30))
        #expect(image.width == 400 && canvas.paintTileCount == 0)
        let middle = image.rgba(x: 200, y: 200)
        let corner = image.rgba(x: 395, y: 5)
        #expect(middle.red < 0.1 && corner.red > 0.9)
        assertClean(context)
    }

    @Test func paintThatCannotFitIsRefusedBeforeItIsStamped() throws {
        let context = try validatedContext()
        let document = try fatDiagonal()
        let started = ContinuousClock.now
        do throws(VulkanError) {
            _ = try CanvasRenderer(document: document, context: context)
            Issue.record("a window renderer took a drawing needing tens of gigabytes of tiles")
        } catch {
            #expect(error.description.contains("tiles"), "\(error)")
        }
        #expect(ContinuousClock.now - started < .seconds(20))
        assertClean(context)
    }

    @Test func longWorkReportsProgressAndStopsWhenAsked() throws {
        let context = try validatedContext()
        let document = try Document(size: Size(width: 4096, height: 4096))
        for index in 0..<6 {
            let y = 300 + Double(index) * 600
            document.addStroke(solidBrush(size: 900), line(from: (0, y), to: (4096, y), steps: 60), seed: UInt64(index))
        }
        let canvas = try CanvasRenderer(document: document, context: context, undo: false)
        var reported: [Double] = []
        canvas.progress = { fraction in
            reported.append(fraction)
            return true
        }
        _ = try canvas.export(scale: 0.5)
        #expect(reported.count > 3 && reported.last == 1 && reported == reported.sorted(), "\(reported)")

        var calls = 0
        canvas.progress = { _ in
            calls += 1
            return calls < 2
        }
        #expect(throws: VulkanError.cancelled) { _ = try canvas.export(scale: 0.5) }
        #expect(calls == 2)
        assertClean(context)
    }
}
