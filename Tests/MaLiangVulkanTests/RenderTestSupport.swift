import Foundation
import MaLiangCore
import MaLiangVulkan
import PNGCodec
import Testing

/// A Vulkan context with the validation layer on; ``assertClean(_:)`` fails the test on any message.
func validatedContext() throws -> VulkanContext {
    var options = VulkanContext.Options()
    options.validation = true
    return try VulkanContext(options: options)
}

func assertClean(_ context: VulkanContext, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(
        context.validationMessages.isEmpty, "validation: \(context.validationMessages.prefix(3))",
        sourceLocation: sourceLocation)
}

func line(from: (Double, Double), to: (Double, Double), steps: Int = 20, pressure: Double = 1) -> [InputSample] {
    (0...steps).map { index in
        let t = Double(index) / Double(steps)
        return InputSample(
            position: Point(x: from.0 + (to.0 - from.0) * t, y: from.1 + (to.1 - from.1) * t), pressure: pressure,
            time: UInt64(index) * 8000)
    }
}

extension Document {
    /// Adds a stroke; returns the changes (for a renderer that already follows the document).
    @discardableResult
    func addStroke(_ brush: AnyBrush, _ samples: [InputSample], seed: UInt64 = 1) -> [DocumentChange] {
        append(.stroke(Stroke(id: makeElementID(), brush: brush, seed: seed, samples: samples)))
    }
}

/// A solid-colour PNG image.
func solidPNG(width: Int, height: Int, rgba: [UInt8]) throws -> Data {
    let pixels = [UInt8]((0..<(width * height)).flatMap { _ in rgba })
    return try PNG.encode(PNGImage(width: width, height: height, pixels: .rgba8(pixels)))
}

extension PNGImage {
    /// Channel values 0…1 at (x, y).
    func at(_ x: Int, _ y: Int) -> (red: Double, green: Double, blue: Double, alpha: Double) { rgba(x: x, y: y) }
}

/// A hard, opaque, pressure-independent round brush of diameter `size`.
func solidBrush(size: Double, opacity: Double = 1, color: Color = .black, flow: Double = 1) -> AnyBrush {
    .brush(
        Brush(name: "solid", hardness: 1, opacity: opacity, flow: flow, pointSize: size, pointStep: 0.5, color: color))
}
