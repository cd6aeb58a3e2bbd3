import CVulkan

/// Keeps values at fixed addresses for the Vulkan call that reads them through pointers, so a create-info chain
/// is written top to bottom instead of as nested closures. Everything goes when the arena does.
final class CArena {
    private var releases: [() -> Void] = []

    deinit { releases.forEach { $0() } }

    /// A pointer to a copy of `value`.
    func keep<Value>(_ value: Value) -> UnsafeMutablePointer<Value> {
        let pointer = UnsafeMutablePointer<Value>.allocate(capacity: 1)
        pointer.initialize(to: value)
        releases.append {
            pointer.deinitialize(count: 1)
            pointer.deallocate()
        }
        return pointer
    }

    /// A pointer to copies of `values` in order (nil when there are none).
    func keep<Value>(_ values: [Value]) -> UnsafeMutablePointer<Value>? {
        guard !values.isEmpty else { return nil }
        let pointer = UnsafeMutablePointer<Value>.allocate(capacity: values.count)
        pointer.initialize(from: values, count: values.count)
        releases.append {
            pointer.deinitialize(count: values.count)
            pointer.deallocate()
        }
        return pointer
    }

    /// A C array of C string copies of `texts` (nil when there are none).
    func strings(_ texts: [String]) -> UnsafePointer<UnsafePointer<CChar>?>? {
        keep(texts.map { Optional(string($0)) }).map { UnsafePointer($0) }
    }

    /// A C string copy of `text`.
    func string(_ text: String) -> UnsafePointer<CChar> {
        let characters = Array(text.utf8CString)
        let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: characters.count)
        pointer.initialize(from: characters, count: characters.count)
        releases.append { pointer.deallocate() }
        return UnsafePointer(pointer)
    }
}

/// The shader stages a binding or push constants are seen by.
struct ShaderStages: OptionSet {
    let rawValue: UInt32

    static let vertex = ShaderStages(rawValue: VK_SHADER_STAGE_VERTEX_BIT.rawValue)
    static let fragment = ShaderStages(rawValue: VK_SHADER_STAGE_FRAGMENT_BIT.rawValue)
    static let compute = ShaderStages(rawValue: VK_SHADER_STAGE_COMPUTE_BIT.rawValue)
    static let drawing: ShaderStages = [.vertex, .fragment]
}

/// One SPIR-V module (Generated/ShaderCode.swift).
final class ShaderModule {
    private let context: VulkanContext
    let vkModule: VkShaderModule

    init(_ context: VulkanContext, code: [UInt32], name: String) throws(VulkanError) {
        self.context = context
        var info = VkShaderModuleCreateInfo()
        info.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO
        info.codeSize = code.count * 4
        var module: VkShaderModule?
        let result = code.withUnsafeBufferPointer { words -> VkResult in
            info.pCode = words.baseAddress
            return vkCreateShaderModule(context.device, &info, nil, &module)
        }
        try check(result, "vkCreateShaderModule(\(name))")
        guard let module else { throw VulkanError("no shader module") }
        vkModule = module
    }

    deinit { vkDestroyShaderModule(context.device, vkModule, nil) }
}

/// How images are sampled: filtered linearly (or nearest), clamped at their edges (or repeating), trilinear
/// between levels.
final class Sampler {
    private let context: VulkanContext
    let vkSampler: VkSampler

    init(_ context: VulkanContext, nearest: Bool = false, repeating: Bool = false) throws(VulkanError) {
        self.context = context
        let filter = nearest ? VK_FILTER_NEAREST : VK_FILTER_LINEAR
        let address = repeating ? VK_SAMPLER_ADDRESS_MODE_REPEAT : VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE
        var info = VkSamplerCreateInfo()
        info.sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO
        info.magFilter = filter
        info.minFilter = filter
        info.mipmapMode = VK_SAMPLER_MIPMAP_MODE_LINEAR
        info.addressModeU = address
        info.addressModeV = address
        info.addressModeW = address
        info.maxLod = 16
        var sampler: VkSampler?
        try check(vkCreateSampler(context.device, &info, nil, &sampler), "vkCreateSampler")
        guard let sampler else { throw VulkanError("no sampler") }
        vkSampler = sampler
    }

    deinit { vkDestroySampler(context.device, vkSampler, nil) }
}

/// What a set binds, binding 0 first.
enum DescriptorKind {
    case sampledImage, storageBuffer, storageImage

    var vkType: VkDescriptorType {
        switch self {
        case .sampledImage: VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER
        case .storageBuffer: VK_DESCRIPTOR_TYPE_STORAGE_BUFFER
        case .storageImage: VK_DESCRIPTOR_TYPE_STORAGE_IMAGE
        }
    }
}

/// The resources a shader's set binds; `pushed`: bound per dispatch without sets (VK_KHR_push_descriptor).
final class DescriptorSetLayout {
    private let context: VulkanContext
    let vkLayout: VkDescriptorSetLayout

    init(_ context: VulkanContext, bindings: [DescriptorKind], stages: ShaderStages, pushed: Bool = false)
        throws(VulkanError)
    {
        self.context = context
        let arena = CArena()
        var info = VkDescriptorSetLayoutCreateInfo()
        info.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO
        if pushed {
            info.flags = VkDescriptorSetLayoutCreateFlags(
                VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR.rawValue)
        }
        info.bindingCount = UInt32(bindings.count)
        info.pBindings = UnsafePointer(
            arena.keep(
                bindings.enumerated().map { index, kind in
                    VkDescriptorSetLayoutBinding(
                        binding: UInt32(index), descriptorType: kind.vkType, descriptorCount: 1,
                        stageFlags: VkShaderStageFlags(stages.rawValue), pImmutableSamplers: nil)
                }))
        var layout: VkDescriptorSetLayout?
        try check(vkCreateDescriptorSetLayout(context.device, &info, nil, &layout), "vkCreateDescriptorSetLayout")
        guard let layout else { throw VulkanError("no descriptor set layout") }
        vkLayout = layout
    }

    deinit { vkDestroyDescriptorSetLayout(context.device, vkLayout, nil) }
}

/// The sets and push constants a pipeline takes.
final class PipelineLayout {
    private let context: VulkanContext
    let vkLayout: VkPipelineLayout
    /// The stages that see the push constants.
    let pushStages: VkShaderStageFlags
    /// Kept so the set layouts outlive the pipeline layout.
    private let sets: [DescriptorSetLayout]

    init(_ context: VulkanContext, sets: [DescriptorSetLayout], pushConstantBytes: Int, stages: ShaderStages)
        throws(VulkanError)
    {
        self.context = context
        self.sets = sets
        pushStages = VkShaderStageFlags(stages.rawValue)
        let arena = CArena()
        var info = VkPipelineLayoutCreateInfo()
        info.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO
        info.setLayoutCount = UInt32(sets.count)
        info.pSetLayouts = UnsafePointer(arena.keep(sets.map { Optional($0.vkLayout) }))
        info.pushConstantRangeCount = 1
        info.pPushConstantRanges = UnsafePointer(
            arena.keep(VkPushConstantRange(stageFlags: pushStages, offset: 0, size: UInt32(pushConstantBytes))))
        var layout: VkPipelineLayout?
        try check(vkCreatePipelineLayout(context.device, &info, nil, &layout), "vkCreatePipelineLayout")
        guard let layout else { throw VulkanError("no pipeline layout") }
        vkLayout = layout
    }

    deinit { vkDestroyPipelineLayout(context.device, vkLayout, nil) }
}

/// Where images' sampling sets come from. Each set keeps its pool alive, so the pool goes only after the last image
/// that holds one of its sets.
final class DescriptorPool {
    private let context: VulkanContext
    let vkPool: VkDescriptorPool

    init(_ context: VulkanContext, sampledImages count: Int) throws(VulkanError) {
        self.context = context
        let arena = CArena()
        var info = VkDescriptorPoolCreateInfo()
        info.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO
        info.flags = VkDescriptorPoolCreateFlags(VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT.rawValue)
        info.maxSets = UInt32(count)
        info.poolSizeCount = 1
        info.pPoolSizes = UnsafePointer(
            arena.keep(
                VkDescriptorPoolSize(type: VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, descriptorCount: UInt32(count))))
        var pool: VkDescriptorPool?
        try check(vkCreateDescriptorPool(context.device, &info, nil, &pool), "vkCreateDescriptorPool")
        guard let pool else { throw VulkanError("no descriptor pool") }
        vkPool = pool
    }

    deinit { vkDestroyDescriptorPool(context.device, vkPool, nil) }

    /// A set of `layout` (one sampled image) binding `image` with `sampler`.
    func makeSet(_ layout: DescriptorSetLayout, image: GPUImage, sampler: Sampler) throws(VulkanError)
        -> DescriptorSet
    {
        let arena = CArena()
        var allocation = VkDescriptorSetAllocateInfo()
        allocation.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO
        allocation.descriptorPool = vkPool
        allocation.descriptorSetCount = 1
        allocation.pSetLayouts = UnsafePointer(arena.keep(Optional(layout.vkLayout)))
        var set: VkDescriptorSet?
        try check(vkAllocateDescriptorSets(context.device, &allocation, &set), "vkAllocateDescriptorSets")
        guard let set else { throw VulkanError("no descriptor set") }
        var write = VkWriteDescriptorSet()
        write.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET
        write.dstSet = set
        write.descriptorCount = 1
        write.descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER
        write.pImageInfo = UnsafePointer(
            arena.keep(
                VkDescriptorImageInfo(
                    sampler: sampler.vkSampler, imageView: image.vkView, imageLayout: VK_IMAGE_LAYOUT_GENERAL)))
        vkUpdateDescriptorSets(context.device, 1, &write, 0, nil)
        return DescriptorSet(set, pool: self)
    }

    fileprivate func free(_ set: VkDescriptorSet) {
        var sets: [VkDescriptorSet?] = [set]
        vkFreeDescriptorSets(context.device, vkPool, 1, &sets)
    }
}

/// A set binding one sampled image; it goes back to its pool when it goes.
final class DescriptorSet {
    let vkSet: VkDescriptorSet
    private let pool: DescriptorPool

    fileprivate init(_ set: VkDescriptorSet, pool: DescriptorPool) {
        vkSet = set
        self.pool = pool
    }

    deinit { pool.free(vkSet) }
}

/// A pipeline made by ``GraphicsPipelineBuilder`` (dynamic rendering into one colour target, triangle strips,
/// viewport and scissor dynamic) or ``ComputePipelineBuilder``; commands bind it where it belongs.
final class Pipeline {
    private let context: VulkanContext
    let vkPipeline: VkPipeline
    let bindPoint: VkPipelineBindPoint

    fileprivate init(_ context: VulkanContext, _ pipeline: VkPipeline, bindPoint: VkPipelineBindPoint) {
        self.context = context
        vkPipeline = pipeline
        self.bindPoint = bindPoint
    }

    deinit { vkDestroyPipeline(context.device, vkPipeline, nil) }
}

/// Builds a graphics ``Pipeline``: shaders and layout are required; blending, per-instance input and the target's
/// format have defaults (premultiplied over, none, paint tiles).
struct GraphicsPipelineBuilder {
    /// One per-instance attribute of 32-bit floats.
    struct InstanceAttribute {
        var location: Int
        /// 2 or 4.
        var floats: Int
        var offset: Int
    }

    var vertexShader: ShaderModule
    var fragmentShader: ShaderModule
    var layout: PipelineLayout
    var colorFormat = PixelFormat.rgba16
    var blend = BlendMode.over
    /// Bytes per instance (0: the shaders take no vertex input).
    var instanceStride = 0
    var instanceAttributes: [InstanceAttribute] = []
    /// For messages: what the pipeline draws.
    var name = "pipeline"

    func build(_ context: VulkanContext) throws(VulkanError) -> Pipeline {
        let arena = CArena()
        let entry = arena.string("main")
        let stages = [(VK_SHADER_STAGE_VERTEX_BIT, vertexShader), (VK_SHADER_STAGE_FRAGMENT_BIT, fragmentShader)].map {
            stage, module in
            var info = VkPipelineShaderStageCreateInfo()
            info.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO
            info.stage = stage
            info.module = module.vkModule
            info.pName = entry
            return info
        }
        var vertexInput = VkPipelineVertexInputStateCreateInfo()
        vertexInput.sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO
        if instanceStride > 0 {
            vertexInput.vertexBindingDescriptionCount = 1
            vertexInput.pVertexBindingDescriptions = UnsafePointer(
                arena.keep(
                    VkVertexInputBindingDescription(
                        binding: 0, stride: UInt32(instanceStride), inputRate: VK_VERTEX_INPUT_RATE_INSTANCE)))
            vertexInput.vertexAttributeDescriptionCount = UInt32(instanceAttributes.count)
            vertexInput.pVertexAttributeDescriptions = UnsafePointer(
                arena.keep(
                    instanceAttributes.map { attribute in
                        VkVertexInputAttributeDescription(
                            location: UInt32(attribute.location), binding: 0,
                            format: attribute.floats == 2 ? VK_FORMAT_R32G32_SFLOAT : VK_FORMAT_R32G32B32A32_SFLOAT,
                            offset: UInt32(attribute.offset))
                    }))
        }
        var assembly = VkPipelineInputAssemblyStateCreateInfo()
        assembly.sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO
        assembly.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP
        var viewport = VkPipelineViewportStateCreateInfo()
        viewport.sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO
        viewport.viewportCount = 1
        viewport.scissorCount = 1
        var raster = VkPipelineRasterizationStateCreateInfo()
        raster.sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO
        raster.polygonMode = VK_POLYGON_MODE_FILL
        raster.cullMode = VkCullModeFlags(VK_CULL_MODE_NONE.rawValue)
        raster.frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE
        raster.lineWidth = 1
        var multisample = VkPipelineMultisampleStateCreateInfo()
        multisample.sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO
        multisample.rasterizationSamples = VK_SAMPLE_COUNT_1_BIT
        var colorBlend = VkPipelineColorBlendStateCreateInfo()
        colorBlend.sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO
        colorBlend.attachmentCount = 1
        colorBlend.pAttachments = UnsafePointer(arena.keep(blend.attachmentState))
        var dynamic = VkPipelineDynamicStateCreateInfo()
        dynamic.sType = VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO
        dynamic.dynamicStateCount = 2
        dynamic.pDynamicStates = UnsafePointer(arena.keep([VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR]))
        var rendering = VkPipelineRenderingCreateInfo()
        rendering.sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO
        rendering.colorAttachmentCount = 1
        rendering.pColorAttachmentFormats = UnsafePointer(arena.keep(colorFormat.vkFormat))
        var info = VkGraphicsPipelineCreateInfo()
        info.sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO
        info.pNext = UnsafeRawPointer(arena.keep(rendering))
        info.stageCount = UInt32(stages.count)
        info.pStages = UnsafePointer(arena.keep(stages))
        info.pVertexInputState = UnsafePointer(arena.keep(vertexInput))
        info.pInputAssemblyState = UnsafePointer(arena.keep(assembly))
        info.pViewportState = UnsafePointer(arena.keep(viewport))
        info.pRasterizationState = UnsafePointer(arena.keep(raster))
        info.pMultisampleState = UnsafePointer(arena.keep(multisample))
        info.pColorBlendState = UnsafePointer(arena.keep(colorBlend))
        info.pDynamicState = UnsafePointer(arena.keep(dynamic))
        info.layout = layout.vkLayout
        var pipeline: VkPipeline?
        try check(
            vkCreateGraphicsPipelines(context.device, nil, 1, &info, nil, &pipeline),
            "vkCreateGraphicsPipelines(\(name), \(blend))")
        guard let pipeline else { throw VulkanError("no pipeline") }
        return Pipeline(context, pipeline, bindPoint: VK_PIPELINE_BIND_POINT_GRAPHICS)
    }
}

extension BlendMode {
    fileprivate var attachmentState: VkPipelineColorBlendAttachmentState {
        var state = VkPipelineColorBlendAttachmentState()
        state.colorWriteMask = VkColorComponentFlags(0xF)
        state.blendEnable = VkBool32(self == .copy ? VK_FALSE : VK_TRUE)
        switch self {
        case .over, .copy:
            state.srcColorBlendFactor = VK_BLEND_FACTOR_ONE
            state.dstColorBlendFactor = VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA
            state.colorBlendOp = VK_BLEND_OP_ADD
        case .maximum:
            // Factors are ignored for MAX.
            state.srcColorBlendFactor = VK_BLEND_FACTOR_ONE
            state.dstColorBlendFactor = VK_BLEND_FACTOR_ONE
            state.colorBlendOp = VK_BLEND_OP_MAX
        case .erase:
            state.srcColorBlendFactor = VK_BLEND_FACTOR_ZERO
            state.dstColorBlendFactor = VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA
            state.colorBlendOp = VK_BLEND_OP_ADD
        case .under:
            state.srcColorBlendFactor = VK_BLEND_FACTOR_ONE_MINUS_DST_ALPHA
            state.dstColorBlendFactor = VK_BLEND_FACTOR_ONE
            state.colorBlendOp = VK_BLEND_OP_ADD
        }
        state.srcAlphaBlendFactor = state.srcColorBlendFactor
        state.dstAlphaBlendFactor = state.dstColorBlendFactor
        state.alphaBlendOp = state.colorBlendOp
        return state
    }
}

/// Builds a compute ``Pipeline`` from a shader and a layout, with 32-bit specialization constants from id 0.
struct ComputePipelineBuilder {
    var shader: ShaderModule
    var layout: PipelineLayout
    var specialization: [UInt32] = []
    var name = "kernel"

    func build(_ context: VulkanContext) throws(VulkanError) -> Pipeline {
        let arena = CArena()
        var stage = VkPipelineShaderStageCreateInfo()
        stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO
        stage.stage = VK_SHADER_STAGE_COMPUTE_BIT
        stage.module = shader.vkModule
        stage.pName = arena.string("main")
        if !specialization.isEmpty {
            let entries = specialization.indices.map { index in
                VkSpecializationMapEntry(constantID: UInt32(index), offset: UInt32(index * 4), size: 4)
            }
            stage.pSpecializationInfo = UnsafePointer(
                arena.keep(
                    VkSpecializationInfo(
                        mapEntryCount: UInt32(entries.count), pMapEntries: arena.keep(entries),
                        dataSize: specialization.count * 4, pData: arena.keep(specialization))))
        }
        var info = VkComputePipelineCreateInfo()
        info.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO
        info.stage = stage
        info.layout = layout.vkLayout
        var pipeline: VkPipeline?
        try check(
            vkCreateComputePipelines(context.device, nil, 1, &info, nil, &pipeline),
            "vkCreateComputePipelines(\(name))")
        guard let pipeline else { throw VulkanError("no pipeline") }
        return Pipeline(context, pipeline, bindPoint: VK_PIPELINE_BIND_POINT_COMPUTE)
    }
}
