import Foundation
import MaLiangCore
import MaLiangVulkan
import PNGCodec
import Testing

/// A fill's picture is painted on the host on a CPU device: exactly what drawing it as a quad gives, undone exactly,
/// and still drawn (as a quad) once it is moved off whole pixels.
@Suite(.serialized) struct FillRenderingTests {
    /// A fill of a 700×560 ellipse's inside in orange, as the fill tool makes it, over a pen line: it covers the
    /// tile from (256, 256) whole and the others in part.
    func document(legacyPicture: Bool = false) throws -> Document {
        let document = try Document(size: Size(width: 900, height: 700))
        _ = document.addStroke(
            solidBrush(size: 10, color: Color(red: 0.1, green: 0.2, blue: 0.7, alpha: 1)),
            line(from: (20, 200), to: (880, 210)))
        let (width, height) = (700, 560)
        var mask = BitGrid(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let (u, v) = ((Double(x) - 350) / 350, (Double(y) - 280) / 280)
                if u * u + v * v <= 1 { mask[x, y] = true }
            }
        }
        let png = try PNG.encode(
            PNGMask(width: width, height: height, rows: mask.pngRows, red: 250, green: 140, blue: 20))
        // Fills kept before they were one bit a pixel hold an RGBA picture of the same.
        document.addTexture(id: "fill", png: legacyPicture ? try PNG.encode(try PNG.decode(png, depth: .eight)) : png)
        var brush = ChartletBrush(
            textureIDs: ["fill"], pointRate: 1, brush: Brush(name: "fill", opacity: 1, pointSize: Double(width)))
        brush.keepsProportions = true
        document.append(
            .stroke(
                Stroke(
                    id: document.makeElementID(), brush: .chartlet(brush), seed: 1,
                    samples: [InputSample(position: Point(x: 100 + 350, y: 70 + 280), pressure: nil)])))
        return document
    }

    func largestDifference(_ a: PNGImage, _ b: PNGImage) -> Int {
        var largest = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let (p, q) = (a.rgba(x: x, y: y), b.rgba(x: x, y: y))
                for (one, other) in [(p.red, q.red), (p.green, q.green), (p.blue, q.blue), (p.alpha, q.alpha)] {
                    largest = max(largest, Int((abs(one - other) * 255).rounded()))
                }
            }
        }
        return largest
    }

    @Test func theHostPaintsWhatTheQuadDrawsAndUndoTakesItBack() throws {
        let context = try validatedContext()
        let onHost = try document()
        let host = try CanvasRenderer(document: onHost, context: context, undo: true, stamping: .cpuKernel)
        let drawn = try CanvasRenderer(document: try document(), context: context, undo: true, stamping: .raster)
        let a = try host.export()
        let b = try drawn.export()
        #expect(largestDifference(a, b) <= 1)
        // Zoomed out, from the smaller levels the host made or cleared.
        #expect(largestDifference(try host.export(scale: 0.25), try drawn.export(scale: 0.25)) <= 1)
        // Filled inside, paper outside, the line under it hidden where the fill is.
        let inside = a.rgba(x: 230, y: 205)
        #expect(inside.red > 0.95 && inside.green > 0.5 && inside.blue < 0.15)
        #expect(a.rgba(x: 40, y: 100).red > 0.99)
        // Undone and done again on the host, as a stroke is.
        let fill = try #require(onHost.elements.last?.id)
        try host.apply(onHost.undo())
        let withoutFill = try host.export()
        try host.apply(onHost.redo())
        #expect(largestDifference(try host.export(), a) <= 1)
        #expect(withoutFill.rgba(x: 230, y: 205).blue > 0.5 && withoutFill.rgba(x: 400, y: 400).alpha > 0.99)
        #expect(withoutFill.rgba(x: 400, y: 400).red > 0.99)
        // Moved off whole pixels: drawn as a quad, where it now lies.
        try host.apply(onHost.transform([fill], by: .translation(dx: 40.5, dy: 10)))
        let moved = try host.export()
        #expect(moved.rgba(x: 270, y: 215).red > 0.95 && moved.rgba(x: 110, y: 190).blue > 0.99)
        assertClean(context)
    }

    /// A tap on an empty layer above a closed ring: the layer alone is open everywhere (refused), every shown layer
    /// together encloses the ring's inside.
    @Test func allLayersTogetherCloseWhatOneLayerAloneDoesNot() throws {
        let context = try validatedContext()
        let document = try Document(size: Size(width: 400, height: 300), background: Color(red: 1, green: 1, blue: 1))
        let ring = (0...64).map { step -> InputSample in
            let angle = Double(step) / 64 * 2 * .pi
            return InputSample(position: Point(x: 200 + 80 * cos(angle), y: 150 + 80 * sin(angle)), pressure: 1)
        }
        document.addStroke(solidBrush(size: 6), ring)
        _ = document.addLayer(Layer(id: LayerID(2), name: "Colours"))
        let canvas = try CanvasRenderer(document: document, context: context)
        let alone = try canvas.fillRegion(
            at: Point(x: 200, y: 150), layer: LayerID(2), settings: FillSettings(allLayers: false))
        #expect(alone == .failure(.notClosed))
        let together = try canvas.fillRegion(
            at: Point(x: 200, y: 150), layer: LayerID(2), settings: FillSettings(allLayers: true)
        ).get()
        // The ring's inside, grown 2 px under the line: radius about 77 + 2.
        #expect(together.x > 110 && together.x < 130 && together.width > 150 && together.width < 170, "\(together)")
        #expect(abs(Double(together.count) - Double.pi * 79 * 79) < 800, "\(together.count)")
        assertClean(context)
    }

    /// A fill kept as an RGBA picture (before fills were one bit a pixel) is painted on the host just the same.
    @Test func aFillKeptAsAnRGBAPictureIsPaintedTheSame() throws {
        let context = try validatedContext()
        let legacy = try document(legacyPicture: true)
        guard case .stroke(let fill) = legacy.elements.last, case .chartlet(let brush) = fill.brush,
            let png = legacy.textures[brush.textureIDs[0]]
        else { Issue.record("no fill"); return }
        #expect(try PNG.decodeMask(png) == nil)
        let host = try CanvasRenderer(document: legacy, context: context, stamping: .cpuKernel).export()
        let drawn = try CanvasRenderer(document: try document(), context: context, stamping: .raster).export()
        #expect(largestDifference(host, drawn) <= 1)
        assertClean(context)
    }

    /// A picture of many colours and soft alpha (an imported layer's), placed at its own size on whole pixels, is
    /// blended over the paint on the host as the quad blends it: the same pixels, at full size and zoomed out.
    @Test func aPictureOfManyColoursIsBlendedOnTheHostAsTheQuadBlendsIt() throws {
        let context = try validatedContext()
        func document() throws -> Document {
            let document = try Document(size: Size(width: 700, height: 500))
            _ = document.addStroke(
                solidBrush(size: 14, color: Color(red: 0.1, green: 0.2, blue: 0.7, alpha: 1)),
                line(from: (20, 250), to: (680, 260)))
            let (width, height) = (600, 400)
            var bytes = [UInt8](repeating: 0, count: width * height * 4)
            for y in 0..<height {
                for x in 0..<width {
                    let index = (y * width + x) * 4
                    bytes[index] = UInt8(x * 255 / width)
                    bytes[index + 1] = UInt8(y * 255 / height)
                    bytes[index + 2] = UInt8((x + y) % 256)
                    // Opaque, clear and every alpha between.
                    bytes[index + 3] = x < 100 ? 255 : x > 500 ? 0 : UInt8((x - 100) * 255 / 400)
                }
            }
            let png = try PNG.encode(PNGImage(width: width, height: height, pixels: .rgba8(bytes)))
            document.addTexture(id: "layer", png: png)
            var brush = ChartletBrush(
                textureIDs: ["layer"], pointRate: 1, brush: Brush(name: "picture", opacity: 1, pointSize: 600))
            brush.keepsProportions = true
            document.append(
                .stroke(
                    Stroke(
                        id: document.makeElementID(), brush: .chartlet(brush), seed: 1,
                        samples: [InputSample(position: Point(x: 40 + 300, y: 30 + 200), pressure: nil)])))
            return document
        }
        let host = try CanvasRenderer(document: try document(), context: context, stamping: .cpuKernel)
        let drawn = try CanvasRenderer(document: try document(), context: context, stamping: .raster)
        let a = try host.export()
        #expect(largestDifference(a, try drawn.export()) <= 1)
        #expect(largestDifference(try host.export(scale: 0.25), try drawn.export(scale: 0.25)) <= 1)
        // The line shows through where the picture is clear, not where it is opaque.
        #expect(a.rgba(x: 600, y: 255).blue > 0.6 && a.rgba(x: 80, y: 255).blue < 0.3)
        assertClean(context)
    }
}
