import MaLiangCore

/// Draws textured quads given by their four corners in target pixels: tiles under the view transform, chartlets,
/// a stroke layer baked onto the paint.
struct QuadPainter {
    let pipelines: Pipelines

    struct Corners {
        /// Top-left, top-right, bottom-left, bottom-right, in target pixels.
        var points: [(Double, Double)]

        /// Whether the quad's bounding box overlaps a target of `width`×`height`.
        func intersects(width: Int, height: Int) -> Bool {
            let xs = points.map(\.0)
            let ys = points.map(\.1)
            return (xs.max() ?? 0) >= 0 && (xs.min() ?? 0) <= Double(width) && (ys.max() ?? 0) >= 0
                && (ys.min() ?? 0) <= Double(height)
        }

        /// Whether the quad's bounding box overlaps `rect`.
        func intersects(_ rect: BufferRect) -> Bool {
            let xs = points.map(\.0)
            let ys = points.map(\.1)
            return (xs.max() ?? 0) >= Double(rect.x) && (xs.min() ?? 0) <= Double(rect.maxX)
                && (ys.max() ?? 0) >= Double(rect.y) && (ys.min() ?? 0) <= Double(rect.maxY)
        }

        static func rectangle(x: Double, y: Double, width: Double, height: Double) -> Corners {
            Corners(points: [(x, y), (x + width, y), (x, y + height), (x + width, y + height)])
        }
    }

    /// Where in a bound image a quad's texture lies, in texture coordinates.
    struct TextureRect {
        var u = 0.0
        var v = 0.0
        var width = 1.0
        var height = 1.0

        static let whole = TextureRect()
    }

    /// Records one quad; the caller has begun rendering into a target of `targetWidth`×`targetHeight`.
    func draw(
        _ source: GPUImage, corners: Corners, targetWidth: Int, targetHeight: Int, format: PixelFormat,
        blend: BlendMode,
        opacity: Float = 1, dither: Bool = false, _ commands: CommandRecorder
    ) throws(VulkanError) {
        try draw(
            source, texture: .whole, sampler: .clamped, corners: corners, targetWidth: targetWidth,
            targetHeight: targetHeight, format: format, blend: blend, opacity: opacity, dither: dither, commands)
    }

    enum Sampling {
        case clamped
        case repeating
    }

    /// Records one quad showing `texture` of `source`.
    func draw(
        _ source: GPUImage, texture: TextureRect, sampler: Sampling, corners: Corners, targetWidth: Int,
        targetHeight: Int, format: PixelFormat, blend: BlendMode, opacity: Float = 1, dither: Bool = false,
        _ commands: CommandRecorder
    ) throws(VulkanError) {
        commands.bind(try pipelines.pipeline(.quad, format: format, blend: blend))
        commands.bind(try pipelines.bind(source, repeating: sampler == .repeating), layout: pipelines.quadLayout)
        push(
            corners, texture: texture, targetWidth: targetWidth, targetHeight: targetHeight, opacity: opacity,
            fourth: dither ? 1 : 0, layout: pipelines.quadLayout, commands)
    }

    /// Records a whole tile of `side` pixels: one layer's tile `source` composed with `blend` and `opacity` over
    /// `backdrop` (a copy of the target's pixels), replacing the target's (layer.frag).
    func drawLayer(
        _ source: GPUImage, over backdrop: GPUImage, blend: LayerBlend, opacity: Float, side: Int,
        _ commands: CommandRecorder
    ) throws(VulkanError) {
        commands.bind(try pipelines.pipeline(.layerBlend, format: TileLayer.format, blend: .copy))
        commands.bind([try pipelines.bind(source), try pipelines.bind(backdrop)], layout: pipelines.layerBlendLayout)
        let mode: Float =
            switch blend {
            case .normal: 0
            case .multiply: 1
            case .screen: 2
            case .overlay: 3
            }
        push(
            .rectangle(x: 0, y: 0, width: Double(side), height: Double(side)), texture: .whole, targetWidth: side,
            targetHeight: side, opacity: opacity, fourth: mode, layout: pipelines.layerBlendLayout, commands)
    }

    /// Pushes quad.vert's constants (the fourth float is the fragment shader's own: dither, or a blend mode) and
    /// draws the quad.
    private func push(
        _ corners: Corners, texture: TextureRect, targetWidth: Int, targetHeight: Int, opacity: Float, fourth: Float,
        layout: PipelineLayout, _ commands: CommandRecorder
    ) {
        let p = corners.points.map { (Float($0.0), Float($0.1)) }
        let push: [Float] = [
            p[0].0, p[0].1, p[1].0, p[1].1, p[2].0, p[2].1, p[3].0, p[3].1, Float(targetWidth), Float(targetHeight),
            opacity, fourth, Float(texture.u), Float(texture.v), Float(texture.width), Float(texture.height),
        ]
        commands.push(push, layout: layout)
        commands.draw(vertices: 4)
    }
}
