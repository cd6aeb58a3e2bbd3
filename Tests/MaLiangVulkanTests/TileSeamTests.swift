import Foundation
import MaLiangCore
import MaLiangVulkan
import Testing

/// Zoomed, turned or between whole pixels, the paint shows no tile edges: window frames equal the same view of the
/// paint as one picture.
@Suite(.serialized) struct TileSeamTests {
    /// Strokes of several colours and sizes through the corner of four tiles at (1024, 1024) and along tile edges.
    func paintedCanvas(_ context: VulkanContext) throws -> CanvasRenderer {
        let document = try Document(
            size: Size(width: 2048, height: 2048), background: Color(red: 0.96, green: 0.94, blue: 0.88, alpha: 1))
        let canvas = try CanvasRenderer(document: document, context: context)
        let strokes: [(AnyBrush, (Double, Double), (Double, Double))] = [
            (solidBrush(size: 9, color: .black), (900, 880), (1150, 1170)),
            (
                solidBrush(size: 5, color: Color(red: 0.85, green: 0.1, blue: 0.1, alpha: 1)), (1200, 1023.5),
                (850, 1024.5)
            ),
            (
                solidBrush(size: 3, color: Color(red: 0.1, green: 0.3, blue: 0.9, alpha: 1)), (1024.3, 800),
                (1023.7, 1250)
            ),
            (
                solidBrush(size: 40, opacity: 0.6, color: Color(red: 0.2, green: 0.7, blue: 0.3, alpha: 1)),
                (700, 1300), (1300, 760)
            ),
            (solidBrush(size: 2, color: .black), (1020, 1030), (1030, 1018)),
        ]
        for (index, stroke) in strokes.enumerated() {
            try canvas.apply(
                document.addStroke(stroke.0, line(from: stroke.1, to: stroke.2, steps: 60), seed: UInt64(index + 1)))
        }
        return canvas
    }

    /// A view at `scale` turned by `rotation` that puts document point (`x`, `y`) at the centre of a `side`² frame.
    func view(scale: Double, rotation: Double = 0, at x: Double, _ y: Double, side: Int) -> ViewTransform {
        var view = ViewTransform(scale: scale, rotation: rotation)
        let (centreX, centreY) = view.apply(x, y)
        view.offsetX = Double(side) / 2 - centreX
        view.offsetY = Double(side) / 2 - centreY
        return view
    }

    @Test func tileEdgesDoNotShowAtAnyZoomOrTurn() throws {
        let context = try validatedContext()
        let canvas = try paintedCanvas(context)
        let side = 160
        var views: [(String, ViewTransform)] = []
        for scale in [0.1, 0.17, 0.33, 0.5, 0.71, 1, 1.5, 2, 2.6, 5, 11.3, 32] {
            views.append(("×\(scale)", view(scale: scale, at: 1024, 1024, side: side)))
            views.append(("×\(scale), turned 0.3", view(scale: scale, rotation: 0.3, at: 1024.2, 1023.9, side: side)))
        }
        views.append(("×1 off whole pixels", view(scale: 1, at: 1024.35, 1023.8, side: side)))
        views.append(("×2 off whole pixels", view(scale: 2, at: 1024.1, 1024.3, side: side)))
        views.append(("×7 turned 2.2", view(scale: 7, rotation: 2.2, at: 1024, 1024, side: side)))
        views.append(("×0.25 turned -1", view(scale: 0.25, rotation: -1, at: 1030, 1010, side: side)))
        for (name, view) in views {
            let frame = try canvas.windowFramePixels(
                view: view, width: side, height: side, regions: [nil], copies: true)
            let picture = try canvas.singlePicturePixels(view: view, width: side, height: side)
            let differences = zip(frame, picture).enumerated().filter { $0.element.0 != $0.element.1 }
            let largest = differences.map { abs(Int($0.element.0) - Int($0.element.1)) }.max() ?? 0
            // Both filter the same texels; the texture coordinates differ in their last bits. A frame drawn on the
            // host (a CPU device, unturned between whole zooms) samples 8-bit texels with its own level weights.
            let drawnOnHost = canvas.drawsFramesOnHost && view.rotation == 0 && (view.scale != 1 && view.scale != 2)
            #expect(
                largest <= (drawnOnHost ? 4 : 2),
                """
                \(name): \(differences.count) bytes differ from one picture, by up to \(largest), first at \
                \(differences.prefix(3).map { ($0.offset / 4 % side, $0.offset / 4 / side) })
                """)
        }
        assertClean(context)
    }

    /// A stroke in progress through the corner of four tiles shows as the same stroke moved half a tile, to lie
    /// inside one tile, seen through the same view moved with it: 128 pixels is whole texels at every level used.
    @Test func theStrokeInProgressShowsNoTileEdgesEither() throws {
        let context = try validatedContext()
        let side = 160
        func liveFrames(shift: Double) throws -> [[UInt8]] {
            let document = try Document(size: Size(width: 2048, height: 2048), background: .white)
            let canvas = try CanvasRenderer(document: document, context: context)
            let stroke = Stroke(
                id: document.makeElementID(),
                brush: solidBrush(size: 7, color: Color(red: 0.5, green: 0, blue: 0.6, alpha: 1)), seed: 9, samples: [])
            var builder = stroke.makeBuilder()
            var recorded = stroke
            canvas.beginLiveStroke(stroke)
            var stamps: [Stamp] = []
            for sample in line(from: (985 + shift, 1062 + shift), to: (1062 + shift, 985 + shift), steps: 40) {
                if let stored = recorded.samples.append(sample) { builder.add(stored, into: &stamps) }
            }
            try canvas.addLiveStamps(stamps)
            try canvas.addLiveStamps(builder.finish())
            return try [(8.0, 0.0), (3.3, 0.3), (0.5, 0.0), (0.3, 1.1)].map { scale, rotation in
                let view = view(scale: scale, rotation: rotation, at: 1024.2 + shift, 1023.9 + shift, side: side)
                return try canvas.windowFramePixels(view: view, width: side, height: side, regions: [nil], copies: true)
            }
        }
        let acrossCorner = try liveFrames(shift: 0)
        let insideTile = try liveFrames(shift: 128)
        for (index, (across, inside)) in zip(acrossCorner, insideTile).enumerated() {
            let largest = zip(across, inside).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(largest <= 2, "view \(index): across tile edges the stroke differs by up to \(largest)")
        }
        assertClean(context)
    }
}
