import CVulkan
import Testing

@testable import MaLiangVulkan

/// The upload arena hands out host-visible memory front to back; a rewind keeps a burst's blocks for the next round
/// (a GPU's baking batches), a reset lets them go.
struct UploadArenaTests {
    @Test func aRewindReusesTheBurstsBlocksAndAResetFreesThem() throws {
        let context = try validatedContext()
        let arena = try UploadArena(context, capacity: 1 << 16, usage: VK_BUFFER_USAGE_STORAGE_BUFFER_BIT)
        // A round larger than a block: two more blocks.
        let first = try arena.allocate(40_000)
        let second = try arena.allocate(40_000)
        let third = try arena.allocate(100_000)
        #expect(first.buffer === second.buffer || second.offset == 0)
        let burst = arena.extraBytes
        #expect(burst >= 100_000)

        arena.rewind()
        let again = [try arena.allocate(40_000), try arena.allocate(40_000), try arena.allocate(100_000)]
        #expect(arena.extraBytes == burst, "a round like the last needs no new block")
        #expect(again[0].buffer === first.buffer && again[0].offset == first.offset)
        #expect(again[2].buffer === third.buffer)

        // More than the kept blocks hold: a new block after them.
        _ = try arena.allocate(300_000)
        #expect(arena.extraBytes >= burst + 300_000)

        arena.reset()
        #expect(arena.extraBytes == 0)
        let afterReset = try arena.allocate(1_000)
        #expect(afterReset.buffer === first.buffer && afterReset.offset == 0)
        assertClean(context)
    }
}
