import Foundation
import MaLiangCore
import MaLiangVulkan
import PNGCodec
import Testing

/// A mirrored view shows the unmirrored frame reversed; a symmetric stroke paints a picture with its symmetry.
@Suite(.serialized) struct MirrorAndSymmetryRenderingTests {
    /// The largest difference, in 8-bit levels, between `a` at (x, y) and `b` where `map` puts (x, y).
    func largestDifference(_ a: PNGImage, _ b: PNGImage, _ map: (Int, Int) -> (Int, Int)) -> Int {
        var largest = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let (u, v) = map(x, y)
                let p = a.rgba(x: x, y: y)
                let q = b.rgba(x: u, y: v)
                for (one, other) in [(p.red, q.red), (p.green, q.green), (p.blue, q.blue), (p.alpha, q.alpha)] {
                    largest = max(largest, Int((abs(one - other) * 255).rounded()))
                }
            }
        }
        return largest
    }

    /// On a CPU device a mirrored view is sampled on the host (8-bit texels and weights: HostFrameTests' 4 levels).
    @Test func aMirroredFrameIsTheFrameReversed() throws {
        let context = try validatedContext()
        let document = try Document(size: Size(width: 700, height: 600))
        let canvas = try CanvasRenderer(document: document, context: context)
        try canvas.apply(
            document.addStroke(solidBrush(size: 24, opacity: 0.7), line(from: (200, 200), to: (720, 300))))
        try canvas.apply(
            document.addStroke(
                solidBrush(size: 9, color: Color(red: 0.8, green: 0.1, blue: 0.2, alpha: 1)),
                line(from: (250, 30), to: (270, 620)), seed: 2))
        for view in [ViewTransform(offsetX: 40, offsetY: 30), ViewTransform(scale: 0.8, offsetX: 13.3, offsetY: 7.2)] {
            var reference = view
            reference.rotation = 1e-300
            let width = 900
            let height = 700
            let plain = try canvas.windowFramePixels(
                view: reference, width: width, height: height, regions: [nil], copies: false)
            let mirrored = try canvas.windowFramePixels(
                view: view.flipped(aboutX: Double(width) / 2), width: width, height: height, regions: [nil],
                copies: true)
            var largest = 0
            var first: (Int, Int)?
            for y in 0..<height {
                for x in 0..<width {
                    for channel in 0..<3 {
                        let a = Int(plain[(y * width + x) * 4 + channel])
                        let b = Int(mirrored[(y * width + width - 1 - x) * 4 + channel])
                        largest = max(largest, abs(a - b))
                        if abs(a - b) > 2, first == nil { first = (x, y) }
                    }
                }
            }
            #expect(
                largest <= 4,
                "at zoom \(view.scale) the mirrored frame differs by up to \(largest) levels, first at \(String(describing: first))"
            )
        }
        assertClean(context)
    }

    /// Each mode paints a picture with its symmetry: mirrored left to right, top to bottom, both, or turned by a
    /// quarter (four spokes) about the page's middle.
    @Test(arguments: ["vertical", "horizontal", "both", "radial"])
    func aSymmetricStrokePaintsASymmetricPicture(mode: String) throws {
        let context = try validatedContext()
        let document = try Document(size: Size(width: 300, height: 300))
        let canvas = try CanvasRenderer(document: document, context: context)
        let center = Point(x: 150, y: 150)
        let symmetry: Symmetry =
            switch mode {
            case "vertical": Symmetry(.vertical, center: center)
            case "horizontal": Symmetry(.horizontal, center: center)
            case "both": Symmetry(.both, center: center)
            default: Symmetry(.radial(spokes: 4), center: center)
            }
        let samples = (0..<60).map { (step: Int) -> InputSample in
            let t = Double(step)
            let position = Point(x: 30 + t * 1.6, y: 60 + sin(t / 7) * 30)
            return InputSample(position: position, pressure: 0.3 + t / 100, time: UInt64(step) * 8000)
        }
        let brush = AnyBrush.brush(
            Brush(name: "solid", hardness: 0.8, opacity: 0.8, pointSize: 14, pointStep: 0.5, forceSensitive: 1))
        try canvas.apply(
            document.append(
                .stroke(
                    Stroke(id: document.makeElementID(), brush: brush, seed: 1, samples: samples, symmetry: symmetry))))
        let image = try canvas.export()
        let last = 299
        var maps: [(Int, Int) -> (Int, Int)] = []
        switch mode {
        case "vertical": maps = [{ (last - $0, $1) }]
        case "horizontal": maps = [{ ($0, last - $1) }]
        case "both": maps = [{ (last - $0, $1) }, { ($0, last - $1) }]
        default: maps = [{ (last - $1, $0) }]
        }
        for map in maps {
            let largest = largestDifference(image, image, map)
            #expect(largest <= 3, "\(mode): the picture differs from its copy by up to \(largest) levels")
        }
        // And it is not blank.
        #expect((0..<300).contains { x in image.rgba(x: x, y: 60).red < 0.5 })
        assertClean(context)
    }
}
