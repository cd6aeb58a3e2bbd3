/// The compute pipeline of Shaders/stamp.comp and the way its resources are bound: push descriptors (no pools or
/// sets to keep), since every dispatch targets another tile.
final class StampKernel {
    /// Push constants of Shaders/stamp.comp.
    struct Push {
        var originX: Float
        var originY: Float
        var scale: Float
        var stampBase: UInt32
        var strokeBase: UInt32
        var cellBase: UInt32
        var entryBase: UInt32
        /// Cells across a tile (the work's ``StampWork/cellsPerTileSide``).
        var cellsPerSide: UInt32
    }

    private let layout: PipelineLayout
    /// The kernel for round brushes only, and the one that also samples brush textures (constant_id 0).
    private let roundPipeline: Pipeline
    private let texturedPipeline: Pipeline
    /// The same two for stamps made on the device and listed by chunks (constant_id 1) of each size asked for
    /// (constant_id 2), made when first used.
    private var chunkedPipelines: [Int: (round: Pipeline, textured: Pipeline)] = [:]
    private let shader: ShaderModule
    private let context: VulkanContext
    private let sampler: Sampler

    /// The kernel, or nil where the device cannot run it (no push descriptors, or no 16-bit storage images).
    static func make(_ context: VulkanContext, sampler: Sampler) throws(VulkanError) -> StampKernel? {
        guard context.supportsComputeStamping else { return nil }
        return try StampKernel(context, sampler: sampler)
    }

    private init(_ context: VulkanContext, sampler: Sampler) throws(VulkanError) {
        self.sampler = sampler
        // Stamps and strokes (one buffer, bound twice: as floats and as words), brush masks, the tile.
        let bindings = try DescriptorSetLayout(
            context, bindings: [.storageBuffer, .storageBuffer, .sampledImage, .storageImage], stages: .compute,
            pushed: true)
        layout = try PipelineLayout(
            context, sets: [bindings], pushConstantBytes: MemoryLayout<Push>.size, stages: .compute)
        self.context = context
        shader = try ShaderModule(context, code: ShaderCode.stamp_comp, name: "stamp.comp")
        var builder = ComputePipelineBuilder(shader: shader, layout: layout, name: "stamp kernel")
        builder.specialization = [0]
        roundPipeline = try builder.build(context)
        builder.specialization = [1]
        texturedPipeline = try builder.build(context)
    }

    /// Binds the kernel (the textured one when `textured`), the batch's work buffer (as floats and as words) and the
    /// brush textures.
    func bind(buffer: GPUBuffer, textures: GPUImage, textured: Bool, _ commands: CommandRecorder) throws(VulkanError) {
        commands.bind(textured ? texturedPipeline : roundPipeline)
        try commands.push(
            [
                .storageBuffer(binding: 0, buffer), .storageBuffer(binding: 1, buffer),
                .sampledImage(binding: 2, textures, sampler),
            ], layout: layout)
    }

    /// Binds the kernel that reads stamps made on the device (``DeviceStamping``): `stamps` holds the stamps and
    /// strokes (as floats), `lists` each tile's chunks of `chunkStamps` slots (as words).
    func bindChunked(
        stamps: GPUBuffer, lists: GPUBuffer, chunkStamps: Int, textures: GPUImage, textured: Bool,
        _ commands: CommandRecorder
    ) throws(VulkanError) {
        var pipelines: (round: Pipeline, textured: Pipeline)
        if let made = chunkedPipelines[chunkStamps] {
            pipelines = made
        } else {
            pipelines = try makeChunkedPipelines(chunkStamps: chunkStamps)
        }
        commands.bind(textured ? pipelines.textured : pipelines.round)
        try commands.push(
            [
                .storageBuffer(binding: 0, stamps), .storageBuffer(binding: 1, lists),
                .sampledImage(binding: 2, textures, sampler),
            ], layout: layout)
    }

    private func makeChunkedPipelines(chunkStamps: Int) throws(VulkanError) -> (round: Pipeline, textured: Pipeline) {
        var builder = ComputePipelineBuilder(shader: shader, layout: layout, name: "stamp kernel (chunks)")
        builder.specialization = [0, 1, UInt32(chunkStamps)]
        let round = try builder.build(context)
        builder.specialization = [1, 1, UInt32(chunkStamps)]
        let made = (round, try builder.build(context))
        chunkedPipelines[chunkStamps] = made
        return made
    }

    /// Runs the kernel over the whole of `tile` (level 0), one workgroup per 16×16 cell.
    func dispatch(tile: GPUImage, push: Push, _ commands: CommandRecorder) throws(VulkanError) {
        try commands.push([.storageImage(binding: 3, tile)], layout: layout)
        commands.push(push, layout: layout)
        let groups = TileLayer.tileSize / 16
        commands.dispatch(groupsX: groups, groupsY: groups)
    }
}
