import Foundation
import MaLiangCore
import MaLiangVulkan
import PNGCodec
import Testing

/// Exports of the drawn area or a rectangle: the same pixels as the page's export there, nothing drawn left out.
@Suite(.serialized) struct ExportAreaTests {
    func drawing(_ context: VulkanContext) throws -> (Document, CanvasRenderer) {
        let document = try Document(
            size: Size(width: 600, height: 400), background: Color(red: 0.95, green: 0.93, blue: 0.85, alpha: 1))
        let canvas = try CanvasRenderer(document: document, context: context)
        try canvas.apply(document.addStroke(solidBrush(size: 12), line(from: (150, 120), to: (380, 210))))
        try canvas.apply(
            document.addStroke(
                solidBrush(size: 30, opacity: 0.5, color: Color(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)),
                line(from: (200, 300), to: (260, 150)), seed: 2))
        // An eraser beyond the paint does not widen the drawn area.
        try canvas.apply(
            document.addStroke(
                BrushPresets.brush(named: "eraser") ?? solidBrush(size: 1), line(from: (20, 20), to: (590, 390)),
                seed: 3))
        let png = try solidPNG(width: 8, height: 8, rgba: [200, 40, 40, 255])
        try canvas.apply(document.addTexture(id: "red", png: png))
        let chartlet = Chartlet(
            id: document.makeElementID(), textureID: "red", center: Point(x: 420, y: 260),
            size: Size(width: 40, height: 20),
            angle: 0.5)
        try canvas.apply(document.append(.chartlet(chartlet)))
        return (document, canvas)
    }

    func near(
        _ a: (red: Double, green: Double, blue: Double, alpha: Double),
        _ b: (red: Double, green: Double, blue: Double, alpha: Double)
    ) -> Bool {
        [a.red - b.red, a.green - b.green, a.blue - b.blue, a.alpha - b.alpha].allSatisfy { abs($0) <= 1.5 / 255 }
    }

    @Test func theDrawnAreaHoldsEverythingDrawnAndMatchesThePage() throws {
        let context = try validatedContext()
        let (_, canvas) = try drawing(context)
        let page = try canvas.export()
        let rect = try canvas.exportRect(.drawn)
        // The stroke from x 150 (6 px wide at its end) to the image's turned corner near x 442.
        #expect(rect.x >= 130 && rect.x <= 145 && rect.x + rect.width >= 440 && rect.x + rect.width <= 460, "\(rect)")
        let drawn = try canvas.export(area: .drawn)
        #expect(drawn.width == Int(rect.width) && drawn.height == Int(rect.height))
        // Pixel for pixel the page's, there; outside it the page shows only paper.
        let paper = page.rgba(x: 5, y: 5)
        var mismatches = 0
        var cutOff = 0
        for y in 0..<page.height {
            for x in 0..<page.width {
                let inside =
                    Double(x) >= rect.x && Double(x) < rect.x + rect.width && Double(y) >= rect.y
                    && Double(y) < rect.y + rect.height
                let pixel = page.rgba(x: x, y: y)
                // Within one level: the 8-bit dither follows each image's own pixel grid.
                if inside {
                    if !near(drawn.rgba(x: x - Int(rect.x), y: y - Int(rect.y)), pixel) { mismatches += 1 }
                } else if !near(pixel, paper) {
                    cutOff += 1
                }
            }
        }
        #expect(mismatches == 0, "\(mismatches) pixels differ from the page's export")
        #expect(cutOff == 0, "\(cutOff) drawn pixels lie outside the drawn area")
        assertClean(context)
    }

    /// A hidden layer's strokes and images do not widen the drawn area; shown again, they do.
    @Test func hiddenLayersAreNotPartOfTheDrawnArea() throws {
        let context = try validatedContext()
        let (document, canvas) = try drawing(context)
        let before = try canvas.exportRect(.drawn)
        let aside = Layer(id: document.makeLayerID(), name: "Aside", isVisible: false)
        try canvas.apply(document.addLayer(aside))
        try canvas.apply(
            document.append(
                .stroke(
                    Stroke(
                        id: document.makeElementID(), brush: solidBrush(size: 10), seed: 4,
                        samples: line(from: (20, 20), to: (60, 30)), layer: aside.id))))
        #expect(try canvas.exportRect(.drawn) == before)
        try canvas.apply(document.updateLayer(aside.id) { $0.isVisible = true })
        #expect(try canvas.exportRect(.drawn).x < 20)
        assertClean(context)
    }

    @Test func rectanglesAreClippedToThePageAndWrongOnesSaySo() throws {
        let context = try validatedContext()
        let (_, canvas) = try drawing(context)
        let twice = try canvas.export(
            scale: 2, area: .rectangle(DocumentRect(x: 550.5, y: -20, width: 100, height: 60)))
        #expect(twice.width == 100 && twice.height == 80)
        for wrong in [
            DocumentRect(x: 700, y: 0, width: 50, height: 50), DocumentRect(x: 0, y: 0, width: 0, height: 10),
            DocumentRect(x: .nan, y: 0, width: 10, height: 10),
        ] {
            #expect(throws: VulkanError.self) { try canvas.export(area: .rectangle(wrong)) }
        }
        let empty = try CanvasRenderer(document: try Document(size: Size(width: 100, height: 100)), context: context)
        #expect {
            try empty.export(area: .drawn)
        } throws: { ($0 as? VulkanError)?.description.contains("nothing is drawn") == true }
        assertClean(context)
    }
}
