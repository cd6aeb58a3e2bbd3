import CVulkan
import Glibc

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
    }

    private let context: VulkanContext
    private let setLayout: VkDescriptorSetLayout
    private let layout: VkPipelineLayout
    /// The kernel for round brushes only, and the one that also samples brush textures (constant_id 0).
    private let roundPipeline: VkPipeline
    private let texturedPipeline: VkPipeline
    private let sampler: VkSampler
    private let pushDescriptors: PFN_vkCmdPushDescriptorSetKHR

    /// The kernel, or nil where the device cannot run it (no push descriptors, or no 16-bit storage images).
    static func make(_ context: VulkanContext, sampler: VkSampler) throws(VulkanError) -> StampKernel? {
        guard context.supportsComputeStamping,
            let function = vkGetDeviceProcAddr(context.device, "vkCmdPushDescriptorSetKHR")
        else { return nil }
        return try StampKernel(
            context, sampler: sampler, pushDescriptors: unsafeBitCast(function, to: PFN_vkCmdPushDescriptorSetKHR.self))
    }

    private init(_ context: VulkanContext, sampler: VkSampler, pushDescriptors: PFN_vkCmdPushDescriptorSetKHR)
        throws(VulkanError)
    {
        self.context = context
        self.sampler = sampler
        self.pushDescriptors = pushDescriptors
        let device = context.device
        let stage = VkShaderStageFlags(VK_SHADER_STAGE_COMPUTE_BIT.rawValue)
        var bindings = [
            VkDescriptorSetLayoutBinding(
                binding: 0, descriptorType: VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, descriptorCount: 1, stageFlags: stage,
                pImmutableSamplers: nil),
            VkDescriptorSetLayoutBinding(
                binding: 1, descriptorType: VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, descriptorCount: 1, stageFlags: stage,
                pImmutableSamplers: nil),
            VkDescriptorSetLayoutBinding(
                binding: 2, descriptorType: VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, descriptorCount: 1,
                stageFlags: stage, pImmutableSamplers: nil),
            VkDescriptorSetLayoutBinding(
                binding: 3, descriptorType: VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, descriptorCount: 1, stageFlags: stage,
                pImmutableSamplers: nil),
        ]
        var setInfo = VkDescriptorSetLayoutCreateInfo()
        setInfo.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO
        setInfo.flags = VkDescriptorSetLayoutCreateFlags(
            VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR.rawValue)
        setInfo.bindingCount = UInt32(bindings.count)
        var createdSetLayout: VkDescriptorSetLayout?
        let setResult = bindings.withUnsafeMutableBufferPointer { pointer -> VkResult in
            setInfo.pBindings = UnsafePointer(pointer.baseAddress)
            return vkCreateDescriptorSetLayout(device, &setInfo, nil, &createdSetLayout)
        }
        try check(setResult, "vkCreateDescriptorSetLayout(stamp kernel)")
        guard let createdSetLayout else { throw VulkanError("no descriptor set layout") }
        setLayout = createdSetLayout

        var range = VkPushConstantRange(stageFlags: stage, offset: 0, size: UInt32(MemoryLayout<Push>.size))
        var layoutInfo = VkPipelineLayoutCreateInfo()
        layoutInfo.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO
        layoutInfo.setLayoutCount = 1
        layoutInfo.pushConstantRangeCount = 1
        var setLayouts: [VkDescriptorSetLayout?] = [createdSetLayout]
        var createdLayout: VkPipelineLayout?
        let layoutResult = withUnsafePointer(to: &range) { rangePointer in
            setLayouts.withUnsafeMutableBufferPointer { setPointer in
                layoutInfo.pPushConstantRanges = rangePointer
                layoutInfo.pSetLayouts = UnsafePointer(setPointer.baseAddress)
                return vkCreatePipelineLayout(device, &layoutInfo, nil, &createdLayout)
            }
        }
        guard layoutResult == VK_SUCCESS, let createdLayout else {
            vkDestroyDescriptorSetLayout(device, createdSetLayout, nil)
            throw VulkanError("vkCreatePipelineLayout(stamp kernel)", layoutResult)
        }
        layout = createdLayout

        var module: VkShaderModule?
        let moduleResult = ShaderCode.stamp_comp.withUnsafeBufferPointer { words -> VkResult in
            var info = VkShaderModuleCreateInfo()
            info.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO
            info.codeSize = words.count * 4
            info.pCode = words.baseAddress
            return vkCreateShaderModule(device, &info, nil, &module)
        }
        var created: [VkPipeline?] = [nil, nil]
        var pipelineResult = moduleResult
        if moduleResult == VK_SUCCESS, let module {
            let entry = strdup("main")
            for textured in [false, true] where pipelineResult == VK_SUCCESS {
                var value = VkBool32(textured ? VK_TRUE : VK_FALSE)
                var entryMap = VkSpecializationMapEntry(constantID: 0, offset: 0, size: 4)
                pipelineResult = withUnsafePointer(to: &value) { valuePointer in
                    withUnsafePointer(to: &entryMap) { mapPointer in
                        var specialization = VkSpecializationInfo(
                            mapEntryCount: 1, pMapEntries: mapPointer, dataSize: 4, pData: valuePointer)
                        return withUnsafePointer(to: &specialization) { specializationPointer in
                            var info = VkComputePipelineCreateInfo()
                            info.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO
                            info.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO
                            info.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT
                            info.stage.module = module
                            info.stage.pName = UnsafePointer(entry)
                            info.stage.pSpecializationInfo = specializationPointer
                            info.layout = createdLayout
                            return vkCreateComputePipelines(device, nil, 1, &info, nil, &created[textured ? 1 : 0])
                        }
                    }
                }
            }
            free(entry)
            vkDestroyShaderModule(device, module, nil)
        }
        guard pipelineResult == VK_SUCCESS, let round = created[0], let textured = created[1] else {
            for pipeline in created { if let pipeline { vkDestroyPipeline(device, pipeline, nil) } }
            vkDestroyPipelineLayout(device, createdLayout, nil)
            vkDestroyDescriptorSetLayout(device, createdSetLayout, nil)
            throw VulkanError("vkCreateComputePipelines(stamp kernel)", pipelineResult)
        }
        roundPipeline = round
        texturedPipeline = textured
    }

    deinit {
        vkDestroyPipeline(context.device, roundPipeline, nil)
        vkDestroyPipeline(context.device, texturedPipeline, nil)
        vkDestroyPipelineLayout(context.device, layout, nil)
        vkDestroyDescriptorSetLayout(context.device, setLayout, nil)
    }

    /// Binds the kernel (the textured one when `textured`), the batch's work buffer (as floats and as words) and the brush textures.
    func bind(buffer: GPUBuffer, textures: GPUImage, textured: Bool, _ commands: VkCommandBuffer) {
        vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_COMPUTE, textured ? texturedPipeline : roundPipeline)
        var bufferInfo = VkDescriptorBufferInfo(buffer: buffer.buffer, offset: 0, range: VkDeviceSize(VK_WHOLE_SIZE))
        var imageInfo = VkDescriptorImageInfo(
            sampler: sampler, imageView: textures.view, imageLayout: VK_IMAGE_LAYOUT_GENERAL)
        withUnsafePointer(to: &bufferInfo) { bufferPointer in
            withUnsafePointer(to: &imageInfo) { imagePointer in
                var writes = [
                    Self.write(binding: 0, type: VK_DESCRIPTOR_TYPE_STORAGE_BUFFER),
                    Self.write(binding: 1, type: VK_DESCRIPTOR_TYPE_STORAGE_BUFFER),
                    Self.write(binding: 2, type: VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER),
                ]
                writes[0].pBufferInfo = bufferPointer
                writes[1].pBufferInfo = bufferPointer
                writes[2].pImageInfo = imagePointer
                pushDescriptors(commands, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, UInt32(writes.count), &writes)
            }
        }
    }

    /// Runs the kernel over the whole of `tile` (level 0), one workgroup per 16×16 cell.
    func dispatch(tile: GPUImage, push: inout Push, _ commands: VkCommandBuffer) throws(VulkanError) {
        var imageInfo = VkDescriptorImageInfo(
            sampler: nil, imageView: try tile.baseLevelView(), imageLayout: VK_IMAGE_LAYOUT_GENERAL)
        var write = Self.write(binding: 3, type: VK_DESCRIPTOR_TYPE_STORAGE_IMAGE)
        withUnsafePointer(to: &imageInfo) { pointer in
            write.pImageInfo = pointer
            pushDescriptors(commands, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, &write)
        }
        vkCmdPushConstants(
            commands, layout, VkShaderStageFlags(VK_SHADER_STAGE_COMPUTE_BIT.rawValue), 0,
            UInt32(MemoryLayout<Push>.size), &push)
        let groups = UInt32(TileLayer.tileSize / 16)
        vkCmdDispatch(commands, groups, groups, 1)
    }

    private static func write(binding: UInt32, type: VkDescriptorType) -> VkWriteDescriptorSet {
        var write = VkWriteDescriptorSet()
        write.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET
        write.dstBinding = binding
        write.descriptorCount = 1
        write.descriptorType = type
        return write
    }
}
