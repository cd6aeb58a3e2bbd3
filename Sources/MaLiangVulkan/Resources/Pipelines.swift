/// How a draw combines with what is already in the target.
enum BlendMode: Hashable {
    /// Premultiplied "over": ONE, ONE_MINUS_SRC_ALPHA.
    case over
    /// Keeps the larger value per channel: glow halos that do not build up where they overlap.
    case maximum
    /// Destination-out: colour and alpha both scaled by (1 − source alpha), so erased paint leaves no colour.
    case erase
    /// Replaces the target.
    case copy
    /// Destination-over: the source goes under what the target holds, showing where the target is not opaque.
    case under
}

/// The renderer's pipelines, created on first use per shader, target format and blend mode, with the layouts,
/// samplers and sampling sets they draw with.
final class Pipelines {
    enum Shader: Hashable {
        case stamp
        case quad
        /// A layer's tile composed onto a backdrop with its blend mode (layer.frag; sets 0 and 1 bind the two).
        case layerBlend
    }

    /// Bytes of push constants of each shader (see Shaders/).
    static let stampPushSize = 40
    static let quadPushSize = 64
    /// Bytes per stamp instance: centre (2 floats), size/angle/flow/slot (4), colour (4).
    static let stampInstanceSize = 40

    let context: VulkanContext
    /// One sampled image, seen by the fragment shader.
    let setLayout: DescriptorSetLayout
    let stampLayout: PipelineLayout
    let quadLayout: PipelineLayout
    /// Two images bound (quad.vert's push constants): a layer's tile and the backdrop it is composed onto.
    let layerBlendLayout: PipelineLayout
    let linearSampler: Sampler
    let nearestSampler: Sampler
    /// Linear and repeating: a ``TileMosaic`` wraps around, so a tile in its last cell has its neighbour in the first.
    let repeatingSampler: Sampler
    private let descriptorPool: DescriptorPool
    private let modules: [String: ShaderModule]
    private var cache: [Key: Pipeline] = [:]

    private struct Key: Hashable {
        var shader: Shader
        var format: PixelFormat
        var blend: BlendMode
    }

    init(_ context: VulkanContext) throws(VulkanError) {
        self.context = context
        let setLayout = try DescriptorSetLayout(context, bindings: [.sampledImage], stages: .fragment)
        self.setLayout = setLayout
        stampLayout = try PipelineLayout(
            context, sets: [setLayout], pushConstantBytes: Self.stampPushSize, stages: .drawing)
        quadLayout = try PipelineLayout(
            context, sets: [setLayout], pushConstantBytes: Self.quadPushSize, stages: .drawing)
        layerBlendLayout = try PipelineLayout(
            context, sets: [setLayout, setLayout], pushConstantBytes: Self.quadPushSize, stages: .drawing)
        linearSampler = try Sampler(context)
        nearestSampler = try Sampler(context, nearest: true)
        repeatingSampler = try Sampler(context, repeating: true)
        descriptorPool = try DescriptorPool(context, sampledImages: 65_536)
        var modules: [String: ShaderModule] = [:]
        for (name, code) in [
            ("stamp.vert", ShaderCode.stamp_vert), ("stamp.frag", ShaderCode.stamp_frag),
            ("quad.vert", ShaderCode.quad_vert), ("quad.frag", ShaderCode.quad_frag),
            ("layer.frag", ShaderCode.layer_frag),
        ] {
            modules[name] = try ShaderModule(context, code: code, name: name)
        }
        self.modules = modules
    }

    deinit {
        // The pipelines go before the modules and layouts they were made from.
        cache = [:]
    }

    /// The set binding `image` (with the linear, nearest or repeating sampler), kept on the image: an image is
    /// always bound with the same sampler.
    func bind(_ image: GPUImage, nearest: Bool = false, repeating: Bool = false) throws(VulkanError)
        -> DescriptorSet
    {
        if let existing = image.descriptor { return existing }
        let sampler = repeating ? repeatingSampler : nearest ? nearestSampler : linearSampler
        let set = try descriptorPool.makeSet(setLayout, image: image, sampler: sampler)
        image.descriptor = set
        return set
    }

    /// The pipeline of `shader` drawing into targets of `format` with `blend`.
    func pipeline(_ shader: Shader, format: PixelFormat, blend: BlendMode) throws(VulkanError) -> Pipeline {
        let key = Key(shader: shader, format: format, blend: blend)
        if let cached = cache[key] { return cached }
        let made = try builder(for: shader, format: format, blend: blend).build(context)
        cache[key] = made
        return made
    }

    private func builder(for shader: Shader, format: PixelFormat, blend: BlendMode) throws(VulkanError)
        -> GraphicsPipelineBuilder
    {
        let (vertex, fragment, layout) =
            switch shader {
            case .stamp: ("stamp.vert", "stamp.frag", stampLayout)
            case .quad: ("quad.vert", "quad.frag", quadLayout)
            case .layerBlend: ("quad.vert", "layer.frag", layerBlendLayout)
            }
        guard let vertexShader = modules[vertex], let fragmentShader = modules[fragment] else {
            throw VulkanError("no shader \(vertex) or \(fragment)")
        }
        var builder = GraphicsPipelineBuilder(
            vertexShader: vertexShader, fragmentShader: fragmentShader, layout: layout, colorFormat: format,
            blend: blend, name: "\(shader)")
        if shader == .stamp {
            // One instance per stamp: centre, size/angle/flow/slot, colour.
            builder.instanceStride = Self.stampInstanceSize
            builder.instanceAttributes = [
                .init(location: 0, floats: 2, offset: 0), .init(location: 1, floats: 4, offset: 8),
                .init(location: 2, floats: 4, offset: 24),
            ]
        }
        return builder
    }
}
