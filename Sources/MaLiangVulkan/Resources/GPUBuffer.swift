import CVulkan

/// A host-visible, persistently mapped buffer (stamp instances, uploads, read-back).
final class GPUBuffer {
    let context: VulkanContext
    let buffer: VkBuffer
    private let memory: VkDeviceMemory
    private let memorySize: Int
    let size: Int
    /// The mapping, valid for the buffer's lifetime.
    let contents: UnsafeMutableRawPointer

    init(_ context: VulkanContext, size: Int, usage: VkBufferUsageFlagBits) throws(VulkanError) {
        self.context = context
        self.size = max(size, 16)
        var info = VkBufferCreateInfo()
        info.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO
        info.size = VkDeviceSize(self.size)
        info.usage = VkBufferUsageFlags(usage.rawValue)
        info.sharingMode = VK_SHARING_MODE_EXCLUSIVE
        var created: VkBuffer?
        try check(vkCreateBuffer(context.device, &info, nil, &created), "vkCreateBuffer(\(self.size) bytes)")
        guard let created else { throw VulkanError("no buffer") }
        var requirements = VkMemoryRequirements()
        vkGetBufferMemoryRequirements(context.device, created, &requirements)
        memorySize = Int(requirements.size)
        do {
            memory = try context.allocate(
                requirements,
                properties: VkMemoryPropertyFlags(
                    VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT.rawValue | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT.rawValue))
        } catch {
            vkDestroyBuffer(context.device, created, nil)
            throw error
        }
        var mapped: UnsafeMutableRawPointer?
        let bound = vkBindBufferMemory(context.device, created, memory, 0)
        let result =
            bound == VK_SUCCESS ? vkMapMemory(context.device, memory, 0, VkDeviceSize(self.size), 0, &mapped) : bound
        guard result == VK_SUCCESS, let mapped else {
            // Nothing is kept half-made: the buffer and its memory go with the error.
            vkDestroyBuffer(context.device, created, nil)
            context.free(memory, size: Int(requirements.size))
            throw VulkanError(bound == VK_SUCCESS ? "vkMapMemory" : "vkBindBufferMemory", result)
        }
        buffer = created
        contents = mapped
    }

    deinit {
        vkUnmapMemory(context.device, memory)
        vkDestroyBuffer(context.device, buffer, nil)
        context.free(memory, size: memorySize)
    }
}

extension VulkanContext {
    /// Device memory of a type allowed by `requirements` with `properties`.
    func allocate(_ requirements: VkMemoryRequirements, properties: VkMemoryPropertyFlags) throws(VulkanError)
        -> VkDeviceMemory
    {
        var memory = memoryProperties
        let types = withUnsafeBytes(of: &memory.memoryTypes) { Array($0.bindMemory(to: VkMemoryType.self)) }
        guard
            let index = (0..<Int(memoryProperties.memoryTypeCount)).first(where: {
                requirements.memoryTypeBits & (1 << UInt32($0)) != 0
                    && types[$0].propertyFlags & properties == properties
            })
        else { throw VulkanError("no memory type with properties \(properties) for \(requirements.size) bytes") }
        var info = VkMemoryAllocateInfo()
        info.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO
        info.allocationSize = requirements.size
        info.memoryTypeIndex = UInt32(index)
        var allocated: VkDeviceMemory?
        try check(vkAllocateMemory(device, &info, nil, &allocated), "vkAllocateMemory(\(requirements.size) bytes)")
        guard let allocated else { throw VulkanError("no memory") }
        memoryUse.allocated(Int(requirements.size))
        return allocated
    }

    /// Frees memory from ``allocate(_:properties:)`` of `size` bytes.
    func free(_ memory: VkDeviceMemory, size: Int) {
        vkFreeMemory(device, memory, nil)
        memoryUse.freed(size)
    }

    /// Records commands with `body`, submits them and waits until the GPU has finished.
    func submitAndWait(_ body: (VkCommandBuffer) throws(VulkanError) -> Void) throws(VulkanError) {
        let batch = CommandBatch(self)
        try batch.record(body)
        try batch.flush()
    }

    /// Submits an ended command buffer and waits until the GPU has finished it.
    func submit(_ commands: VkCommandBuffer) throws(VulkanError) {
        let fence = try submitWithoutWaiting(commands)
        defer { vkDestroyFence(device, fence, nil) }
        try check(vkWaitForFences(device, 1, [fence], VkBool32(VK_TRUE), UInt64.max), "vkWaitForFences")
    }

    /// Submits an ended command buffer; the returned fence (the caller's to destroy) signals when it has run.
    func submitWithoutWaiting(_ commands: VkCommandBuffer) throws(VulkanError) -> VkFence {
        var fenceInfo = VkFenceCreateInfo()
        fenceInfo.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO
        var created: VkFence?
        try check(vkCreateFence(device, &fenceInfo, nil, &created), "vkCreateFence")
        guard let fence = created else { throw VulkanError("no fence") }
        var submit = VkSubmitInfo()
        submit.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO
        submit.commandBufferCount = 1
        let result = withUnsafePointer(to: commands) { pointer -> VkResult in
            submit.pCommandBuffers = UnsafePointer(OpaquePointer(pointer))
            return vkQueueSubmit(queue, 1, &submit, fence)
        }
        guard result == VK_SUCCESS else {
            vkDestroyFence(device, fence, nil)
            throw VulkanError("vkQueueSubmit", result)
        }
        return fence
    }
}
