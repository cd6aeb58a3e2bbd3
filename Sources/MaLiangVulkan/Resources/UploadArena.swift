import CVulkan

/// Host-visible memory handed out front to back while one command buffer is recorded, and reset once it has run.
final class UploadArena {
    private let context: VulkanContext
    private let usage: VkBufferUsageFlagBits
    private(set) var buffer: GPUBuffer
    private var used = 0

    init(_ context: VulkanContext, capacity: Int, usage: VkBufferUsageFlagBits) throws(VulkanError) {
        self.context = context
        self.usage = usage
        buffer = try GPUBuffer(context, size: capacity, usage: usage)
    }

    /// Space for `size` bytes: the buffer and offset to use. Grows (only between submissions) when full.
    func allocate(_ size: Int, alignment: Int = 64) throws(VulkanError) -> (buffer: GPUBuffer, offset: Int) {
        let offset = (used + alignment - 1) / alignment * alignment
        if offset + size > buffer.size {
            precondition(used == 0, "the upload arena must be reset before it grows")
            buffer = try GPUBuffer(context, size: max(size, buffer.size * 2), usage: usage)
            used = size
            return (buffer, 0)
        }
        used = offset + size
        return (buffer, offset)
    }

    var isEmpty: Bool { used == 0 }

    /// Frees everything: call only after the commands that read the memory have completed.
    func reset() { used = 0 }
}
