/// Host-visible memory handed out front to back while command buffers are recorded, and reset once they have run.
///
/// It takes any amount of work: when the current block is full, another block is added (the filled ones stay
/// alive, since recorded commands still read them). ``reset(keepingBytes:)`` keeps one block of the usual size and
/// of the rest only what it is asked to keep, so a burst does not keep its memory; ``rewind()`` keeps them all for a
/// next round like the last (a GPU's baking batches, each larger than a block: a fresh block per batch is fresh
/// memory to map and fault in).
final class UploadArena {
    private let context: VulkanContext
    private let usage: BufferUsage
    private let blockSize: Int
    /// Blocks in use since the last reset, or kept by a rewind.
    private var blocks: [GPUBuffer]
    /// The block being filled, and how much of it is.
    private var current = 0
    private var used = 0

    init(_ context: VulkanContext, capacity: Int, usage: BufferUsage) throws(VulkanError) {
        self.context = context
        self.usage = usage
        blockSize = capacity
        blocks = [try GPUBuffer(context, size: capacity, usage: usage)]
    }

    /// Space for `size` bytes: the buffer and offset to use.
    func allocate(_ size: Int, alignment: Int = 64) throws(VulkanError) -> (buffer: GPUBuffer, offset: Int) {
        let offset = (used + alignment - 1) / alignment * alignment
        if offset + size <= blocks[current].size {
            used = offset + size
            return (blocks[current], offset)
        }
        // A block kept by a rewind, then a new one.
        while current + 1 < blocks.count {
            current += 1
            if size <= blocks[current].size {
                used = size
                return (blocks[current], 0)
            }
        }
        let block = try GPUBuffer(context, size: max(size, blockSize), usage: usage)
        blocks.append(block)
        current = blocks.count - 1
        used = size
        return (block, 0)
    }

    /// Bytes held beyond one block (for tests: a burst's memory is given back at reset).
    var extraBytes: Int { blocks.dropFirst().reduce(0) { $0 + $1.size } }

    /// Starts again from the first block, freeing the burst's blocks beyond the first `keepingBytes` bytes of them
    /// (none by default): call only after the commands that read the memory have completed.
    func reset(keepingBytes: Int = 0) {
        // The first block is the one of the usual size made at init; the others were a burst's.
        var kept = 1
        var keptBytes = 0
        while kept < blocks.count, keptBytes + blocks[kept].size <= keepingBytes {
            keptBytes += blocks[kept].size
            kept += 1
        }
        if blocks.count > kept { blocks.removeSubrange(kept...) }
        current = 0
        used = 0
    }

    /// Starts filling from the first block again, keeping every block: call only after the commands that read the
    /// memory have completed.
    func rewind() { reset(keepingBytes: .max) }
}
