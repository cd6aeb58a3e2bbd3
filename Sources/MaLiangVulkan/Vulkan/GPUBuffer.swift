import CVulkan

/// What a buffer is made for.
struct BufferUsage: OptionSet {
    let rawValue: UInt32

    /// Per-instance data of draws (stamps).
    static let instances = BufferUsage(rawValue: VK_BUFFER_USAGE_VERTEX_BUFFER_BIT.rawValue)
    /// Read by compute shaders.
    static let storage = BufferUsage(rawValue: VK_BUFFER_USAGE_STORAGE_BUFFER_BIT.rawValue)
    static let copiedFrom = BufferUsage(rawValue: VK_BUFFER_USAGE_TRANSFER_SRC_BIT.rawValue)
    static let copiedTo = BufferUsage(rawValue: VK_BUFFER_USAGE_TRANSFER_DST_BIT.rawValue)
}

/// A host-visible, persistently mapped buffer (stamp instances, uploads, read-back).
final class GPUBuffer {
    let context: VulkanContext
    let vkBuffer: VkBuffer
    private let memory: VkDeviceMemory
    private let memorySize: Int
    let size: Int
    /// The mapping, valid for the buffer's lifetime.
    let contents: UnsafeMutableRawPointer

    /// With `onDevice`, in the device's own memory where the host can map it too (a discrete GPU's whole memory
    /// with a resizable window, otherwise a part of it), else host memory: for what the device itself writes and
    /// reads many times over, which the host only writes a little of.
    init(_ context: VulkanContext, size: Int, usage: BufferUsage, onDevice: Bool = false) throws(VulkanError) {
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
            // What the device copies into is read on the host: cached memory, where offered, reads at the host's
            // speed (a discrete GPU's uncached host memory reads many times slower).
            let properties = VkMemoryPropertyFlags(
                VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT.rawValue | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT.rawValue)
            if onDevice,
                let local = try? context.allocate(
                    requirements, properties: properties,
                    preferring: VkMemoryPropertyFlags(VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT.rawValue))
            {
                // The device's mappable memory may be too small a heap: host memory then.
                memory = local
            } else {
                memory = try context.allocate(
                    requirements, properties: properties,
                    preferring: usage.contains(.copiedTo)
                        ? VkMemoryPropertyFlags(VK_MEMORY_PROPERTY_HOST_CACHED_BIT.rawValue) : 0)
            }
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
        vkBuffer = created
        contents = mapped
    }

    deinit {
        vkUnmapMemory(context.device, memory)
        vkDestroyBuffer(context.device, vkBuffer, nil)
        context.free(memory, size: memorySize)
    }
}
