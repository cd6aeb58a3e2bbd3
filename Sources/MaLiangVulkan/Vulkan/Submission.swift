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
        if let commands { context.recycle(commandBuffer: commands) }
    }

    /// Records `body` into the open command buffer (begun if none is open) and counts `work` toward the batch.
    func record(work: Int = 0, _ body: (CommandRecorder) throws(VulkanError) -> Void) throws(VulkanError) {
        let buffer = try open()
        pendingWork += work
        try body(CommandRecorder(vkCommandBuffer: buffer, context: context))
    }

    /// Keeps `objects` (images a recorded command reads or writes) alive until the commands have run.
    func hold(_ objects: [AnyObject]) { held += objects }

    /// Submits what is recorded and waits until the GPU has finished.
    func flush() throws(VulkanError) { try submit()?.wait() }

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
            context.recycle(commandBuffer: buffer)
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
                context.recycle(fence: fence)
                context.recycle(commandBuffer: commands)
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
                context.recycle(fence: fence)
                context.recycle(commandBuffer: commands)
            }
        }
    }

    private func open() throws(VulkanError) -> VkCommandBuffer {
        if let commands { return commands }
        let allocated = try context.commandBuffer()
        var begin = VkCommandBufferBeginInfo()
        begin.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO
        begin.flags = VkCommandBufferUsageFlags(VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT.rawValue)
        do {
            try check(vkBeginCommandBuffer(allocated, &begin), "vkBeginCommandBuffer")
        } catch {
            context.recycle(commandBuffer: allocated)
            throw error
        }
        timestampPair = context.gpuClock?.begin(allocated) ?? 0
        commands = allocated
        return allocated
    }
}

extension VulkanContext {
    /// Waits until the device has run everything submitted (before freeing what a frame in flight may read).
    func waitIdle() { vkDeviceWaitIdle(device) }

    /// Records commands with `body`, submits them and waits until the GPU has finished.
    func submitAndWait(_ body: (CommandRecorder) throws(VulkanError) -> Void) throws(VulkanError) {
        let batch = CommandBatch(self)
        try batch.record(body)
        try batch.flush()
    }

    /// Submits an ended command buffer; the returned fence (the caller's to give back with ``recycle(fence:)``)
    /// signals when it has run.
    func submitWithoutWaiting(_ commands: VkCommandBuffer) throws(VulkanError) -> VkFence {
        let fence = try self.fence()
        var submit = VkSubmitInfo()
        submit.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO
        submit.commandBufferCount = 1
        let result = withUnsafePointer(to: commands) { pointer -> VkResult in
            submit.pCommandBuffers = UnsafePointer(OpaquePointer(pointer))
            return vkQueueSubmit(queue, 1, &submit, fence)
        }
        guard result == VK_SUCCESS else {
            recycle(fence: fence)
            throw VulkanError("vkQueueSubmit", result)
        }
        return fence
    }
}

/// Fences and command buffers kept for the next submissions. Making them afresh is not free: on NVIDIA's driver
/// creating a fence alone costs about 0.27 ms, more than a whole stroke's stamping on the device.
final class SpareSubmissionObjects {
    /// Most of each kind kept (two submissions are in flight at most while baking, one per frame).
    static let limit = 8
    var fences: [VkFence] = []
    var commandBuffers: [VkCommandBuffer] = []
}

extension VulkanContext {
    /// A primary command buffer from the pool, ready to begin: a spare one, or a new one.
    func commandBuffer() throws(VulkanError) -> VkCommandBuffer {
        if let spare = spares.commandBuffers.popLast() { return spare }
        var allocation = VkCommandBufferAllocateInfo()
        allocation.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO
        allocation.commandPool = commandPool
        allocation.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY
        allocation.commandBufferCount = 1
        var allocated: VkCommandBuffer?
        try check(vkAllocateCommandBuffers(device, &allocation, &allocated), "vkAllocateCommandBuffers")
        guard let allocated else { throw VulkanError("no command buffer") }
        return allocated
    }

    /// An unsignalled fence: a spare one, or a new one.
    func fence() throws(VulkanError) -> VkFence {
        if let spare = spares.fences.popLast() { return spare }
        var fenceInfo = VkFenceCreateInfo()
        fenceInfo.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO
        var created: VkFence?
        try check(vkCreateFence(device, &fenceInfo, nil, &created), "vkCreateFence")
        guard let fence = created else { throw VulkanError("no fence") }
        return fence
    }

    /// Takes back a command buffer the device has finished with (or that was never submitted).
    func recycle(commandBuffer commands: VkCommandBuffer) {
        if spares.commandBuffers.count < SpareSubmissionObjects.limit, vkResetCommandBuffer(commands, 0) == VK_SUCCESS {
            spares.commandBuffers.append(commands)
            return
        }
        vkFreeCommandBuffers(device, commandPool, 1, [commands])
    }

    /// Takes back a fence that is signalled or was never submitted.
    func recycle(fence: VkFence) {
        if spares.fences.count < SpareSubmissionObjects.limit, vkResetFences(device, 1, [fence]) == VK_SUCCESS {
            spares.fences.append(fence)
            return
        }
        vkDestroyFence(device, fence, nil)
    }
}

/// Adds up how long the device spends on each submission of a command batch, from timestamps written at its start
/// and end: the GPU busy time benchmarks report beside their wall time. Only benchmarks turn it on. Two
/// submissions may be in flight at once, so timestamps come in pairs used in turn.
package final class GPUClock {
    private let device: VkDevice
    private let pool: VkQueryPool
    private let nanosecondsPerTick: Double
    private let validBits: UInt32
    static let pairs = 2
    private var nextPair = 0
    /// Seconds the device spent on the submissions measured so far.
    package private(set) var busySeconds = 0.0

    init?(_ device: VkDevice, physicalDevice: VkPhysicalDevice, queueFamily: UInt32, limits: VkPhysicalDeviceLimits) {
        var count: UInt32 = 0
        vkGetPhysicalDeviceQueueFamilyProperties(physicalDevice, &count, nil)
        var families = [VkQueueFamilyProperties](repeating: VkQueueFamilyProperties(), count: Int(count))
        vkGetPhysicalDeviceQueueFamilyProperties(physicalDevice, &count, &families)
        guard Int(queueFamily) < families.count, families[Int(queueFamily)].timestampValidBits > 0,
            limits.timestampPeriod > 0
        else { return nil }
        validBits = families[Int(queueFamily)].timestampValidBits
        var info = VkQueryPoolCreateInfo()
        info.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO
        info.queryType = VK_QUERY_TYPE_TIMESTAMP
        info.queryCount = UInt32(Self.pairs * 2)
        var created: VkQueryPool?
        guard vkCreateQueryPool(device, &info, nil, &created) == VK_SUCCESS, let created else { return nil }
        self.device = device
        pool = created
        nanosecondsPerTick = Double(limits.timestampPeriod)
    }

    deinit { vkDestroyQueryPool(device, pool, nil) }

    /// Starts counting from zero.
    package func reset() { busySeconds = 0 }

    /// Writes the start timestamp of a batch; returns the pair its end goes to.
    func begin(_ commands: VkCommandBuffer) -> Int {
        let pair = nextPair
        nextPair = (nextPair + 1) % Self.pairs
        vkCmdResetQueryPool(commands, pool, UInt32(pair * 2), 2)
        vkCmdWriteTimestamp(commands, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, pool, UInt32(pair * 2))
        return pair
    }

    func end(_ commands: VkCommandBuffer, pair: Int) {
        vkCmdWriteTimestamp(commands, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, pool, UInt32(pair * 2 + 1))
    }

    /// Adds the submission of `pair`, just waited for.
    func collect(pair: Int) {
        var ticks: [UInt64] = [0, 0]
        let result = vkGetQueryPoolResults(
            device, pool, UInt32(pair * 2), 2, 16, &ticks, 8, VkQueryResultFlags(VK_QUERY_RESULT_64_BIT.rawValue))
        guard result == VK_SUCCESS else { return }
        let mask: UInt64 = validBits >= 64 ? .max : (1 << UInt64(validBits)) - 1
        let elapsed = (ticks[1] &- ticks[0]) & mask
        busySeconds += Double(elapsed) * nanosecondsPerTick / 1e9
    }
}
