import CVulkan

extension VulkanContext {
    /// Device memory of a type allowed by `requirements` with `properties`, and `preferred` too where a type has them.
    func allocate(
        _ requirements: VkMemoryRequirements, properties: VkMemoryPropertyFlags,
        preferring preferred: VkMemoryPropertyFlags = 0
    ) throws(VulkanError) -> VkDeviceMemory {
        var memory = memoryProperties
        let types = withUnsafeBytes(of: &memory.memoryTypes) { Array($0.bindMemory(to: VkMemoryType.self)) }
        func firstType(with wanted: VkMemoryPropertyFlags) -> Int? {
            (0..<Int(memoryProperties.memoryTypeCount)).first {
                requirements.memoryTypeBits & (1 << UInt32($0)) != 0 && types[$0].propertyFlags & wanted == wanted
            }
        }
        guard let index = firstType(with: properties | preferred) ?? firstType(with: properties) else {
            throw VulkanError("no memory type with properties \(properties) for \(requirements.size) bytes")
        }
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
}

/// Device memory for the many small images (paint tiles, their undo copies, stroke layers): blocks, each holding
/// ``slotsPerBlock`` images of one size, handed out slot by slot and taken back when the image goes.
///
/// One allocation per image would hit the driver's limit on allocations (4,096 on NVIDIA) long before a big
/// drawing's tiles run out, and on a CPU device each new allocation is fresh pages the system must fault in and
/// clear; a freed slot is simply used again.
final class ImageMemorySlabs {
    /// Images up to this size come from slabs; larger ones get memory of their own.
    static let largestSlot = 2 << 20
    /// Small enough that blocks empty and go back (a freed slot's pages stay resident until its whole block goes),
    /// large enough that a 6,144-tile layer needs few allocations.
    static let slotsPerBlock = 16

    /// A block's slots, all of one size class.
    final class Block {
        let memory: VkDeviceMemory
        let slotSize: Int
        var free: [Int]

        init(memory: VkDeviceMemory, slotSize: Int) {
            self.memory = memory
            self.slotSize = slotSize
            free = Array((0..<ImageMemorySlabs.slotsPerBlock).reversed())
        }

        var isEmpty: Bool { free.count == ImageMemorySlabs.slotsPerBlock }
    }

    /// Memory an image is bound to: a slot of a block, or an allocation of its own.
    struct Allocation {
        let memory: VkDeviceMemory
        let offset: Int
        fileprivate let block: Block?
        fileprivate let slot: Int
        fileprivate let key: Key?
        let size: Int
    }

    fileprivate struct Key: Hashable {
        var slotSize: Int
        var memoryType: UInt32
    }

    private unowned let context: VulkanContext
    private var blocks: [Key: [Block]] = [:]

    init(_ context: VulkanContext) { self.context = context }

    /// Memory for an image with `requirements`, device-local.
    func allocate(_ requirements: VkMemoryRequirements) throws(VulkanError) -> Allocation {
        let properties = VkMemoryPropertyFlags(VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT.rawValue)
        let alignment = max(Int(requirements.alignment), 1)
        let slotSize = (Int(requirements.size) + alignment - 1) / alignment * alignment
        guard slotSize <= Self.largestSlot else {
            let memory = try context.allocate(requirements, properties: properties)
            return Allocation(memory: memory, offset: 0, block: nil, slot: 0, key: nil, size: Int(requirements.size))
        }
        let key = Key(slotSize: slotSize, memoryType: requirements.memoryTypeBits)
        let block: Block
        // The fullest block with room: the emptier ones then drain and go back, so a long session's undo copies
        // coming and going do not leave every block holding a few images.
        if let open = fullestOpenBlock(key) {
            block = open
        } else {
            var blockRequirements = requirements
            blockRequirements.size = VkDeviceSize(slotSize * Self.slotsPerBlock)
            block = Block(memory: try context.allocate(blockRequirements, properties: properties), slotSize: slotSize)
            blocks[key, default: []].append(block)
        }
        let slot = block.free.removeLast()
        return Allocation(
            memory: block.memory, offset: slot * slotSize, block: block, slot: slot, key: key, size: slotSize)
    }

    private func fullestOpenBlock(_ key: Key) -> Block? {
        var fullest: Block?
        for block in blocks[key] ?? [] where !block.free.isEmpty {
            if block.free.count < fullest?.free.count ?? Int.max { fullest = block }
        }
        return fullest
    }

    /// Takes back an allocation whose image is destroyed. An emptied block is freed unless it is the last of its
    /// size, so drawing and undoing around one tile does not allocate and free a block each time.
    func release(_ allocation: Allocation) {
        guard let block = allocation.block, let key = allocation.key else {
            context.free(allocation.memory, size: allocation.size)
            return
        }
        block.free.append(allocation.slot)
        guard block.isEmpty, var list = blocks[key], list.count > 1,
            let index = list.firstIndex(where: { $0 === block })
        else { return }
        list.remove(at: index)
        blocks[key] = list
        context.free(block.memory, size: block.slotSize * Self.slotsPerBlock)
    }

    /// Frees every block as the device goes (no image can be left: each holds the context).
    func removeAll(_ device: VkDevice) {
        for block in blocks.values.joined() { vkFreeMemory(device, block.memory, nil) }
        blocks = [:]
    }
}

extension ImageMemorySlabs {
    /// Memory for an image of `bytes` aligned to `alignment`, of any device-local type (tests).
    func allocate(bytes: Int, alignment: Int) throws(VulkanError) -> Allocation {
        var requirements = VkMemoryRequirements()
        requirements.size = VkDeviceSize(bytes)
        requirements.alignment = VkDeviceSize(alignment)
        requirements.memoryTypeBits = ~0
        return try allocate(requirements)
    }
}

extension ImageMemorySlabs.Allocation {
    /// Which block it is a slot of; nil for memory of its own.
    var blockIdentity: ObjectIdentifier? { block.map(ObjectIdentifier.init) }
}
