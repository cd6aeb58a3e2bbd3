import CVulkan

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
