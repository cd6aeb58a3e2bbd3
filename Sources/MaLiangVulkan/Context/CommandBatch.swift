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
    /// The device clock's timestamps for these commands, when it is measuring.
    private var timestampPair = 0

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
        defer { completed() }
        try submit()?.wait()
    }

    /// Submits what is recorded without waiting: the device works on it while the next batch is recorded. The
    /// submission keeps the commands and what they use until ``Submission/wait()`` (or until it goes).
    func submit() throws(VulkanError) -> Submission? {
        guard let buffer = commands else { return nil }
        commands = nil
        pendingWork = 0
        let objects = held
        held = []
        let clockPair = timestampPair
        if let clock = context.gpuClock { clock.end(buffer, pair: clockPair) }
        do {
            try check(vkEndCommandBuffer(buffer), "vkEndCommandBuffer")
            let fence = try context.submitWithoutWaiting(buffer)
            return Submission(context, commands: buffer, fence: fence, held: objects, clockPair: clockPair)
        } catch {
            vkFreeCommandBuffers(context.device, context.commandPool, 1, [buffer])
            throw error
        }
    }

    /// Commands on their way through the device.
    final class Submission {
        private let context: VulkanContext
        private let commands: VkCommandBuffer
        private var fence: VkFence?
        private var held: [AnyObject]
        private let clockPair: Int

        init(_ context: VulkanContext, commands: VkCommandBuffer, fence: VkFence, held: [AnyObject], clockPair: Int) {
            self.context = context
            self.commands = commands
            self.fence = fence
            self.held = held
            self.clockPair = clockPair
        }

        /// Waits until the device has run the commands, then lets go of them and what they used.
        func wait() throws(VulkanError) {
            guard let fence else { return }
            self.fence = nil
            defer {
                vkDestroyFence(context.device, fence, nil)
                vkFreeCommandBuffers(context.device, context.commandPool, 1, [commands])
                held = []
            }
            try check(
                vkWaitForFences(context.device, 1, [fence], VkBool32(VK_TRUE), UInt64.max), "vkWaitForFences")
            context.gpuClock?.collect(pair: clockPair)
        }

        deinit {
            // Never free what the device may still be reading, even when the work was abandoned by an error.
            if let fence {
                vkWaitForFences(context.device, 1, [fence], VkBool32(VK_TRUE), UInt64.max)
                vkDestroyFence(context.device, fence, nil)
                vkFreeCommandBuffers(context.device, context.commandPool, 1, [commands])
            }
        }
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
        timestampPair = context.gpuClock?.begin(allocated) ?? 0
        commands = allocated
        return allocated
    }
}
