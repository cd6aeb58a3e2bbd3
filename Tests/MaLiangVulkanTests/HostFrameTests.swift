import Foundation
import MaLiangCore
import MaLiangVulkan
import Testing

/// Window frames between whole zooms drawn on the host (CPU devices) show what drawing them on the device shows,
/// follow every change of the paint, and the portable code gives the same bytes as the wide vector code.
@Suite(.serialized) struct HostFrameTests {
    let frames = WindowFrameTests()
    /// 8-bit texels, 8-bit filter weights, and the device's own level weights (its level of detail comes from an
    /// approximate logarithm): where two levels differ most, at a stroke's edge, a few levels apart at most. A
    /// pixel out of place shows as tens of levels there.
    let tolerance = 4

    func compare(
        _ canvas: CanvasRenderer, _ view: ViewTransform, regions: [BufferRect?] = [nil], _ what: Comment,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let drawnBefore = canvas.framesDrawnOnHost
        try frames.expectSame(
            canvas, view, regions: regions, tolerance: tolerance, what, sourceLocation: sourceLocation)
        #expect(
            canvas.framesDrawnOnHost == drawnBefore + regions.count, "\(what): drawn on the host",
            sourceLocation: sourceLocation)
    }

    @Test func hostFramesMatchDrawnOnesBetweenWholeZooms() throws {
        let context = try validatedContext()
        let (_, canvas) = try frames.paintedCanvas(context)
        canvas.drawsFramesOnHost = true
        try compare(canvas, ViewTransform(scale: 0.8, offsetX: 12.3, offsetY: 7.7), "0.8×: two levels")
        try compare(canvas, ViewTransform(scale: 0.3, offsetX: 300.6, offsetY: 200.2), "0.3×: levels 1 and 2")
        try compare(canvas, ViewTransform(scale: 0.5, offsetX: 101, offsetY: 99), "0.5×: level 1 alone")
        try compare(canvas, ViewTransform(scale: 1.5, offsetX: -250.25, offsetY: -180.5), "1.5×: magnified")
        try compare(canvas, ViewTransform(scale: 3.3, offsetX: -1700, offsetY: -900), "3.3× across tile edges")
        try compare(canvas, ViewTransform(offsetX: 40.5, offsetY: 29.25), "1:1 between pixels")
        try compare(canvas, ViewTransform(scale: 1.25, offsetX: -700, offsetY: -500), "past the page's corner")
        try compare(canvas, ViewTransform(scale: 0.07, offsetX: 400, offsetY: 300), "the smallest levels")
        try compare(
            canvas, ViewTransform(scale: 0.8, offsetX: 12.3, offsetY: 7.7),
            regions: [
                nil, BufferRect(x: 230, y: 220, width: 301, height: 117), BufferRect(x: 0, y: 0, width: 1, height: 700),
            ],
            "a frame that redraws parts only")
        assertClean(context)
    }

    /// A mirrored view is drawn on the host at every zoom, whole ones too (a copy cannot mirror), reversed row by
    /// row from the view it mirrors.
    @Test func mirroredViewsAreDrawnOnTheHostAsOnTheDevice() throws {
        let context = try validatedContext()
        let (_, canvas) = try frames.paintedCanvas(context)
        canvas.drawsFramesOnHost = true
        // The frames are 900 pixels wide.
        func mirrored(_ view: ViewTransform) -> ViewTransform { view.flipped(aboutX: 450) }
        try compare(canvas, mirrored(ViewTransform(scale: 0.8, offsetX: 12.3, offsetY: 7.7)), "mirrored at 0.8×")
        try compare(canvas, mirrored(ViewTransform(offsetX: 40, offsetY: 30)), "mirrored at 1:1 on whole pixels")
        try compare(canvas, mirrored(ViewTransform(scale: 2, offsetX: -300, offsetY: -200)), "mirrored at 2:1")
        try compare(
            // Page edges off pixel centres: on one, the rasteriser and the host may each give the edge pixel to
            // another side.
            canvas, mirrored(ViewTransform(scale: 0.6, offsetX: 30.3, offsetY: 10.2)),
            regions: [
                nil, BufferRect(x: 230, y: 220, width: 301, height: 117),
                BufferRect(x: 899, y: 0, width: 1, height: 700),
            ],
            "a mirrored frame that redraws parts only")
        assertClean(context)
    }

    @Test func hostFramesFollowEditsTheStrokeInProgressAndThePaper() throws {
        let context = try validatedContext()
        let (document, canvas) = try frames.paintedCanvas(context)
        canvas.drawsFramesOnHost = true
        let shrunk = ViewTransform(scale: 0.7, offsetX: 30.5, offsetY: 20.25)
        let magnified = ViewTransform(scale: 1.6, offsetX: -200.5, offsetY: -300.75)
        try compare(canvas, shrunk, "before the stroke")
        // A new stroke changes tiles already read: they, and their smaller levels, are read again.
        try canvas.apply(
            document.addStroke(
                solidBrush(size: 30, opacity: 0.8, color: Color(red: 0.1, green: 0.5, blue: 0.9, alpha: 1)),
                line(from: (60, 520), to: (660, 80)), seed: 4))
        try compare(canvas, shrunk, "after a stroke")
        try compare(canvas, magnified, "after a stroke, magnified")
        try canvas.apply(document.undo())
        try compare(canvas, shrunk, "after undo")
        try canvas.apply(document.redo())
        try compare(canvas, shrunk, "after redo")
        // The stroke in progress is drawn over the host's frame, from its mosaic where magnified.
        let stroke = Stroke(
            id: document.makeElementID(), brush: solidBrush(size: 15, opacity: 0.6), seed: 9, samples: [])
        var live = try LiveLine(stroke, on: canvas, from: (100, 400), to: (650, 250))
        try compare(canvas, shrunk, "a stroke in progress")
        try compare(canvas, magnified, "a stroke in progress, magnified")
        try canvas.apply(document.append(.stroke(live.finish())))
        try compare(canvas, shrunk, "the stroke committed")
        try canvas.apply(document.setBackground(Color(red: 0.2, green: 0.3, blue: 0.4, alpha: 1)))
        try compare(canvas, shrunk, "another paper")
        // A transparent paper shows its checks: drawn on the device.
        try canvas.apply(document.setBackground(Color(red: 1, green: 1, blue: 1, alpha: 0)))
        let before = canvas.framesDrawnOnHost
        _ = try canvas.windowFramePixels(view: shrunk, width: 900, height: 700, regions: [nil], copies: true)
        #expect(canvas.framesDrawnOnHost == before, "no host frame over a transparent paper")
        assertClean(context)
    }

    /// Undoing a clear puts back every tile's level 0 alone: the smaller levels a zoomed-out host frame samples are
    /// made again on the host, and show what a drawing stamped afresh shows.
    @Test func smallerLevelsMadeAgainOnTheHostMatchAFreshStamping() throws {
        let context = try validatedContext()
        let (document, canvas) = try frames.paintedCanvas(context)
        canvas.drawsFramesOnHost = true
        try canvas.apply(document.clear())
        try canvas.apply(document.undo())
        let view = ViewTransform(scale: 0.3, offsetX: 300.6, offsetY: 200.2)
        let host = try canvas.windowFramePixels(view: view, width: 900, height: 700, regions: [nil], copies: true)
        let fresh = try CanvasRenderer(document: document, context: context)
        fresh.drawsFramesOnHost = false
        let drawn = try fresh.windowFramePixels(
            view: frames.drawnReference(view), width: 900, height: 700, regions: [nil], copies: false)
        let largest = zip(host, drawn).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(largest <= tolerance, "after undoing a clear, 0.3× differs from a fresh stamping by up to \(largest)")
        assertClean(context)
    }

    @Test func thePortableCodeGivesTheSameBytesAsTheWideVectors() throws {
        let context = try validatedContext()
        let (_, canvas) = try frames.paintedCanvas(context)
        canvas.drawsFramesOnHost = true
        for view in [
            ViewTransform(scale: 0.8, offsetX: 12.3, offsetY: 7.7),
            ViewTransform(scale: 2.7, offsetX: -901, offsetY: -30),
        ] {
            // 899 wide: the wide code's last columns (not a multiple of four) are the portable code's.
            let wide = try canvas.windowFramePixels(view: view, width: 899, height: 500, regions: [nil], copies: true)
            canvas.hostFramesArePortable = true
            let portable = try canvas.windowFramePixels(
                view: view, width: 899, height: 500, regions: [nil], copies: true)
            canvas.hostFramesArePortable = false
            #expect(wide == portable, "\(view)")
        }
        assertClean(context)
    }
}
