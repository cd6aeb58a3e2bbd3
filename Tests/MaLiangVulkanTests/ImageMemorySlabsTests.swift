import Testing

@testable import MaLiangVulkan

/// Images come from blocks of slots; a long session's images come and go all the time, and a block goes back to the
/// system only once it is empty. New images go to the fullest block with room, so the emptier blocks drain.
@Suite struct ImageMemorySlabsTests {
    @Test func newImagesFillTheFullestBlockSoTheEmptierOnesDrainAndGoBack() throws {
        let context = try VulkanContext()
        let slabs = ImageMemorySlabs(context)
        let perBlock = ImageMemorySlabs.slotsPerBlock
        let blockBytes = perBlock * (256 << 10)
        let start = context.memoryUse.current
        // Three full blocks, in the order they were made.
        var images = try (0..<3 * perBlock).map { _ in try slabs.allocate(bytes: 256 << 10, alignment: 256) }
        let blocks = images.compactMap(\.blockIdentity).reduce(into: [ObjectIdentifier]()) {
            if !$0.contains($1) { $0.append($1) }
        }
        #expect(blocks.count == 3)
        func release(_ count: Int, from block: ObjectIdentifier) {
            for _ in 0..<count {
                guard let index = images.firstIndex(where: { $0.blockIdentity == block }) else { return }
                slabs.release(images.remove(at: index))
            }
        }
        // The first block keeps all but 4 images, the last only 1.
        release(4, from: blocks[0])
        release(perBlock - 1, from: blocks[2])
        // Four new images fill the first block rather than the newest one.
        let added = try (0..<4).map { _ in try slabs.allocate(bytes: 256 << 10, alignment: 256) }
        #expect(added.allSatisfy { $0.blockIdentity == blocks[0] })
        images += added
        // The last block's one image goes: the block goes with it.
        release(1, from: blocks[2])
        #expect(context.memoryUse.current - start == 2 * blockBytes)
        for image in images { slabs.release(image) }
        // The last block of a size is kept for the next image.
        #expect(context.memoryUse.current - start == blockBytes)
        slabs.removeAll(context.device)
    }
}
