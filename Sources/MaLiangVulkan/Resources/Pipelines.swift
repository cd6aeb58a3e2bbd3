import CVulkan
import Glibc

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

/// The renderer's pipelines, created on first use per shader, target format and blend mode.
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

    let context: VulkanContext
    let setLayout: VkDescriptorSetLayout
    let stampLayout: VkPipelineLayout
    let quadLayout: VkPipelineLayout
    /// Two images bound (quad.vert's push constants): a layer's tile and the backdrop it is composed onto.
    let layerBlendLayout: VkPipelineLayout
    let linearSampler: VkSampler
    let nearestSampler: VkSampler
    /// Linear and repeating: a ``TileMosaic`` wraps around, so a tile in its last cell has its neighbour in the first.
    let repeatingSampler: VkSampler
    private let descriptorPool: DescriptorPool
    private let modules: [String: VkShaderModule]
    private var cache: [Key: VkPipeline] = [:]

    private struct Key: Hashable {
        var shader: Shader
        var format: UInt32
        var blend: BlendMode
    }

    init(_ context: VulkanContext) throws(VulkanError) {
        self.context = context
        let device = context.device
        var binding = VkDescriptorSetLayoutBinding()
        binding.binding = 0
        binding.descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER
        binding.descriptorCount = 1
        binding.stageFlags = VkShaderStageFlags(VK_SHADER_STAGE_FRAGMENT_BIT.rawValue)
        var layoutInfo = VkDescriptorSetLayoutCreateInfo()
        layoutInfo.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO
        layoutInfo.bindingCount = 1
        var createdSetLayout: VkDescriptorSetLayout?
        let result = withUnsafePointer(to: &binding) { pointer -> VkResult in
            layoutInfo.pBindings = pointer
            return vkCreateDescriptorSetLayout(device, &layoutInfo, nil, &createdSetLayout)
        }
        try check(result, "vkCreateDescriptorSetLayout")
        guard let createdSetLayout else { throw VulkanError("no descriptor set layout") }
        setLayout = createdSetLayout
        stampLayout = try Self.makeLayout(device, setLayout: createdSetLayout, pushSize: Self.stampPushSize)
        quadLayout = try Self.makeLayout(device, setLayout: createdSetLayout, pushSize: Self.quadPushSize)
        layerBlendLayout = try Self.makeLayout(
            device, setLayout: createdSetLayout, pushSize: Self.quadPushSize, sets: 2)
        linearSampler = try Self.makeSampler(device, filter: VK_FILTER_LINEAR)
        nearestSampler = try Self.makeSampler(device, filter: VK_FILTER_NEAREST)
        repeatingSampler = try Self.makeSampler(
            device, filter: VK_FILTER_LINEAR, address: VK_SAMPLER_ADDRESS_MODE_REPEAT)

        var poolSize = VkDescriptorPoolSize(type: VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, descriptorCount: 65_536)
        var poolInfo = VkDescriptorPoolCreateInfo()
        poolInfo.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO
        poolInfo.flags = VkDescriptorPoolCreateFlags(VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT.rawValue)
        poolInfo.maxSets = 65_536
        poolInfo.poolSizeCount = 1
        var pool: VkDescriptorPool?
        let poolResult = withUnsafePointer(to: &poolSize) { pointer -> VkResult in
            poolInfo.pPoolSizes = pointer
            return vkCreateDescriptorPool(device, &poolInfo, nil, &pool)
        }
        try check(poolResult, "vkCreateDescriptorPool")
        guard let pool else { throw VulkanError("no descriptor pool") }
        descriptorPool = DescriptorPool(context: context, pool: pool)

        var modules: [String: VkShaderModule] = [:]
        for (name, code) in [
            ("stamp.vert", ShaderCode.stamp_vert), ("stamp.frag", ShaderCode.stamp_frag),
            ("quad.vert", ShaderCode.quad_vert),
            ("quad.frag", ShaderCode.quad_frag), ("layer.frag", ShaderCode.layer_frag),
        ] {
            modules[name] = try Self.makeModule(device, code, name: name)
        }
        self.modules = modules
    }

    deinit {
        let device = context.device
        for pipeline in cache.values { vkDestroyPipeline(device, pipeline, nil) }
        for module in modules.values { vkDestroyShaderModule(device, module, nil) }
        vkDestroySampler(device, linearSampler, nil)
        vkDestroySampler(device, nearestSampler, nil)
        vkDestroySampler(device, repeatingSampler, nil)
        vkDestroyPipelineLayout(device, stampLayout, nil)
        vkDestroyPipelineLayout(device, quadLayout, nil)
        vkDestroyPipelineLayout(device, layerBlendLayout, nil)
        vkDestroyDescriptorSetLayout(device, setLayout, nil)
    }

    // MARK: - Descriptors

    /// A descriptor set binding `image` (with the linear, nearest or repeating sampler), kept on the image: an image
    /// is always bound with the same sampler.
    func bind(_ image: GPUImage, nearest: Bool = false, repeating: Bool = false) throws(VulkanError)
        -> VkDescriptorSet
    {
        if let existing = image.descriptor { return existing.set }
        var allocation = VkDescriptorSetAllocateInfo()
        allocation.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO
        allocation.descriptorPool = descriptorPool.pool
        allocation.descriptorSetCount = 1
        var set: VkDescriptorSet?
        var layout: VkDescriptorSetLayout? = setLayout
        let result = withUnsafePointer(to: &layout) { pointer -> VkResult in
            allocation.pSetLayouts = pointer
            return vkAllocateDescriptorSets(context.device, &allocation, &set)
        }
        try check(result, "vkAllocateDescriptorSets")
        guard let set else { throw VulkanError("no descriptor set") }
        var imageInfo = VkDescriptorImageInfo(
            sampler: repeating ? repeatingSampler : nearest ? nearestSampler : linearSampler, imageView: image.view,
            imageLayout: VK_IMAGE_LAYOUT_GENERAL)
        var write = VkWriteDescriptorSet()
        write.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET
        write.dstSet = set
        write.descriptorCount = 1
        write.descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER
        withUnsafePointer(to: &imageInfo) { pointer in
            write.pImageInfo = pointer
            vkUpdateDescriptorSets(context.device, 1, &write, 0, nil)
        }
        image.descriptor = (set, descriptorPool)
        return set
    }

    // MARK: - Pipelines

    func pipeline(_ shader: Shader, format: VkFormat, blend: BlendMode) throws(VulkanError) -> VkPipeline {
        let key = Key(shader: shader, format: format.rawValue, blend: blend)
        if let cached = cache[key] { return cached }
        let made = try makePipeline(shader, format: format, blend: blend)
        cache[key] = made
        return made
    }

    private func makePipeline(_ shader: Shader, format: VkFormat, blend: BlendMode) throws(VulkanError) -> VkPipeline {
        let names =
            switch shader {
            case .stamp: ("stamp.vert", "stamp.frag")
            case .quad: ("quad.vert", "quad.frag")
            case .layerBlend: ("quad.vert", "layer.frag")
            }
        guard let vertexModule = modules[names.0], let fragmentModule = modules[names.1] else {
            throw VulkanError("no shader")
        }
        var stages = [VkPipelineShaderStageCreateInfo(), VkPipelineShaderStageCreateInfo()]
        let entry = strdup("main")
        defer { free(entry) }
        for (index, (stage, module)) in [
            (VK_SHADER_STAGE_VERTEX_BIT, vertexModule), (VK_SHADER_STAGE_FRAGMENT_BIT, fragmentModule),
        ].enumerated() {
            stages[index].sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO
            stages[index].stage = stage
            stages[index].module = module
            stages[index].pName = UnsafePointer(entry)
        }
        // Stamps: one instance per stamp, 40 bytes (centre, size/angle/flow/slot, colour). Quads: no vertex input.
        var binding = VkVertexInputBindingDescription(binding: 0, stride: 40, inputRate: VK_VERTEX_INPUT_RATE_INSTANCE)
        var attributes = [
            VkVertexInputAttributeDescription(location: 0, binding: 0, format: VK_FORMAT_R32G32_SFLOAT, offset: 0),
            VkVertexInputAttributeDescription(
                location: 1, binding: 0, format: VK_FORMAT_R32G32B32A32_SFLOAT, offset: 8),
            VkVertexInputAttributeDescription(
                location: 2, binding: 0, format: VK_FORMAT_R32G32B32A32_SFLOAT, offset: 24),
        ]
        var vertexInput = VkPipelineVertexInputStateCreateInfo()
        vertexInput.sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO
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
        var attachment = Self.blendState(blend)
        var colorBlend = VkPipelineColorBlendStateCreateInfo()
        colorBlend.sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO
        colorBlend.attachmentCount = 1
        var dynamicStates = [VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR]
        var dynamic = VkPipelineDynamicStateCreateInfo()
        dynamic.sType = VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO
        dynamic.dynamicStateCount = 2
        var colorFormat = format
        var rendering = VkPipelineRenderingCreateInfo()
        rendering.sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO
        rendering.colorAttachmentCount = 1
        var pipeline: VkPipeline?
        let result = withUnsafeMutablePointer(to: &binding) { bindingPointer in
            attributes.withUnsafeMutableBufferPointer { attributePointer in
                if shader == .stamp {
                    vertexInput.vertexBindingDescriptionCount = 1
                    vertexInput.pVertexBindingDescriptions = UnsafePointer(bindingPointer)
                    vertexInput.vertexAttributeDescriptionCount = 3
                    vertexInput.pVertexAttributeDescriptions = UnsafePointer(attributePointer.baseAddress)
                }
                return withUnsafeMutablePointer(to: &attachment) { attachmentPointer in
                    colorBlend.pAttachments = UnsafePointer(attachmentPointer)
                    return dynamicStates.withUnsafeMutableBufferPointer { statesPointer in
                        dynamic.pDynamicStates = UnsafePointer(statesPointer.baseAddress)
                        return withUnsafeMutablePointer(to: &colorFormat) { formatPointer in
                            rendering.pColorAttachmentFormats = UnsafePointer(formatPointer)
                            return stages.withUnsafeMutableBufferPointer { stagePointer in
                                var info = VkGraphicsPipelineCreateInfo()
                                info.sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO
                                info.stageCount = 2
                                info.pStages = UnsafePointer(stagePointer.baseAddress)
                                info.layout =
                                    switch shader {
                                    case .stamp: stampLayout
                                    case .quad: quadLayout
                                    case .layerBlend: layerBlendLayout
                                    }
                                return withUnsafePointer(to: &rendering) { renderingPointer in
                                    info.pNext = UnsafeRawPointer(renderingPointer)
                                    return withUnsafePointer(to: &vertexInput) {
                                        info.pVertexInputState = $0
                                        return withUnsafePointer(to: &assembly) {
                                            info.pInputAssemblyState = $0
                                            return withUnsafePointer(to: &viewport) {
                                                info.pViewportState = $0
                                                return withUnsafePointer(to: &raster) {
                                                    info.pRasterizationState = $0
                                                    return withUnsafePointer(to: &multisample) {
                                                        info.pMultisampleState = $0
                                                        return withUnsafePointer(to: &colorBlend) {
                                                            info.pColorBlendState = $0
                                                            return withUnsafePointer(to: &dynamic) {
                                                                info.pDynamicState = $0
                                                                return vkCreateGraphicsPipelines(
                                                                    context.device, nil, 1, &info, nil, &pipeline)
                                                            }
                                                        }
                                                    }
                                                }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        try check(result, "vkCreateGraphicsPipelines(\(shader), \(blend))")
        guard let pipeline else { throw VulkanError("no pipeline") }
        return pipeline
    }

    private static func blendState(_ blend: BlendMode) -> VkPipelineColorBlendAttachmentState {
        var state = VkPipelineColorBlendAttachmentState()
        state.colorWriteMask = VkColorComponentFlags(0xF)
        state.blendEnable = VkBool32(blend == .copy ? VK_FALSE : VK_TRUE)
        switch blend {
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

    private static func makeLayout(
        _ device: VkDevice, setLayout: VkDescriptorSetLayout, pushSize: Int, sets: Int = 1
    ) throws(VulkanError) -> VkPipelineLayout {
        var range = VkPushConstantRange(
            stageFlags: VkShaderStageFlags(VK_SHADER_STAGE_VERTEX_BIT.rawValue | VK_SHADER_STAGE_FRAGMENT_BIT.rawValue),
            offset: 0,
            size: UInt32(pushSize))
        var layouts = [VkDescriptorSetLayout?](repeating: setLayout, count: sets)
        var info = VkPipelineLayoutCreateInfo()
        info.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO
        info.setLayoutCount = UInt32(sets)
        info.pushConstantRangeCount = 1
        var layout: VkPipelineLayout?
        let result = withUnsafePointer(to: &range) { rangePointer in
            layouts.withUnsafeMutableBufferPointer { layoutPointer in
                info.pPushConstantRanges = rangePointer
                info.pSetLayouts = UnsafePointer(layoutPointer.baseAddress)
                return vkCreatePipelineLayout(device, &info, nil, &layout)
            }
        }
        try check(result, "vkCreatePipelineLayout")
        guard let layout else { throw VulkanError("no pipeline layout") }
        return layout
    }

    private static func makeSampler(
        _ device: VkDevice, filter: VkFilter, address: VkSamplerAddressMode = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE
    ) throws(VulkanError) -> VkSampler {
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
        try check(vkCreateSampler(device, &info, nil, &sampler), "vkCreateSampler")
        guard let sampler else { throw VulkanError("no sampler") }
        return sampler
    }

    private static func makeModule(_ device: VkDevice, _ code: [UInt32], name: String) throws(VulkanError)
        -> VkShaderModule
    {
        var module: VkShaderModule?
        let result = code.withUnsafeBufferPointer { words -> VkResult in
            var info = VkShaderModuleCreateInfo()
            info.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO
            info.codeSize = words.count * 4
            info.pCode = words.baseAddress
            return vkCreateShaderModule(device, &info, nil, &module)
        }
        try check(result, "vkCreateShaderModule(\(name))")
        guard let module else { throw VulkanError("no shader module") }
        return module
    }
}

/// The descriptor pool the images' sets come from. Images keep it alive, so it is destroyed only after the last
/// image that holds one of its sets.
final class DescriptorPool {
    /// Kept so the device outlives the pool.
    private let context: VulkanContext
    let pool: VkDescriptorPool

    init(context: VulkanContext, pool: VkDescriptorPool) {
        self.context = context
        self.pool = pool
    }

    deinit { vkDestroyDescriptorPool(context.device, pool, nil) }

    func free(_ set: VkDescriptorSet) {
        var sets: [VkDescriptorSet?] = [set]
        vkFreeDescriptorSets(context.device, pool, 1, &sets)
    }
}
