import CVulkan

/// Commands recorded into one command buffer and submitted together; ``flush()`` submits them and waits. Long
/// work (loading a document, an export) records piece by piece and flushes whenever enough is recorded, so neither
/// the upload memory nor a single submission grows with the document.
final class CommandBatch {
    private let context: VulkanContext
    private var commands: VkCommandBuffer?
    /// Work recorded since the last flush, in the caller's units (stamps).
    private(set) var pendingWork = 0
    /// What recorded commands still use, kept alive until they have run.
    private var held: [AnyObject] = []

    init(_ context: VulkanContext) { self.context = context }

    deinit {
        if let commands { vkFreeCommandBuffers(context.device, context.commandPool, 1, [commands]) }
    }

    /// Records `body` into the open command buffer (begun if none is open) and counts `work` toward the batch.
    func record(work: Int = 0, _ body: (VkCommandBuffer) throws(VulkanError) -> Void) throws(VulkanError) {
        let buffer = try open()
        pendingWork += work
        try body(buffer)
    }

    /// Keeps `objects` (images a recorded command reads or writes) alive until the commands have run.
    func hold(_ objects: [AnyObject]) { held += objects }

    /// Submits what is recorded and waits until the GPU has finished; then `completed` runs (resetting arenas).
    func flush(then completed: () -> Void = {}) throws(VulkanError) {
        guard let buffer = commands else { return }
        commands = nil
        pendingWork = 0
        defer {
            vkFreeCommandBuffers(context.device, context.commandPool, 1, [buffer])
            held = []
            completed()
        }
        try check(vkEndCommandBuffer(buffer), "vkEndCommandBuffer")
        try context.submit(buffer)
    }

    private func open() throws(VulkanError) -> VkCommandBuffer {
        if let commands { return commands }
        var allocation = VkCommandBufferAllocateInfo()
        allocation.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO
        allocation.commandPool = context.commandPool
        allocation.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY
        allocation.commandBufferCount = 1
        var allocated: VkCommandBuffer?
        try check(vkAllocateCommandBuffers(context.device, &allocation, &allocated), "vkAllocateCommandBuffers")
        guard let allocated else { throw VulkanError("no command buffer") }
        var begin = VkCommandBufferBeginInfo()
        begin.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO
        begin.flags = VkCommandBufferUsageFlags(VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT.rawValue)
        do {
            try check(vkBeginCommandBuffer(allocated, &begin), "vkBeginCommandBuffer")
        } catch {
            vkFreeCommandBuffers(context.device, context.commandPool, 1, [allocated])
            throw error
        }
        commands = allocated
        return allocated
    }
}
