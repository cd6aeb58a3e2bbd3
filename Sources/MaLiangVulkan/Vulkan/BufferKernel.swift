/// A compute shader whose bindings are storage buffers pushed at each dispatch (0, 1, … in order) and whose
/// parameters are one push-constant value: the layout and pipeline the stroke expander and the chunk pass share.
struct BufferKernel<Parameters> {
    private let layout: PipelineLayout
    private let pipeline: Pipeline

    /// The kernel of SPIR-V `code` reading `bufferCount` storage buffers, its constants from id 0 `specialization`.
    init(_ context: VulkanContext, code: [UInt32], name: String, bufferCount: Int, specialization: [UInt32] = [])
        throws(VulkanError)
    {
        let bindings = try DescriptorSetLayout(
            context, bindings: Array(repeating: .storageBuffer, count: bufferCount), stages: .compute, pushed: true)
        layout = try PipelineLayout(
            context, sets: [bindings], pushConstantBytes: MemoryLayout<Parameters>.size, stages: .compute)
        let shader = try ShaderModule(context, code: code, name: name)
        var builder = ComputePipelineBuilder(shader: shader, layout: layout, name: name)
        builder.specialization = specialization
        pipeline = try builder.build(context)
    }

    /// Records one dispatch of `groupsX` × `groupsY` workgroups over `buffers`, then a barrier before what reads
    /// what it wrote.
    func record(
        _ buffers: [GPUBuffer], _ parameters: Parameters, groupsX: Int, groupsY: Int = 1, _ commands: CommandRecorder
    ) throws(VulkanError) {
        commands.bind(pipeline)
        try commands.push(buffers.enumerated().map { .storageBuffer(binding: $0.offset, $0.element) }, layout: layout)
        commands.push(parameters, layout: layout)
        commands.dispatch(groupsX: groupsX, groupsY: groupsY)
        commands.barrier()
    }
}
