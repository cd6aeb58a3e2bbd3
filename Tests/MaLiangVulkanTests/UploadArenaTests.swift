import Testing

@testable import MaLiangVulkan

/// The upload arena hands out host-visible memory front to back; a rewind keeps a burst's blocks for the next round
/// (a GPU's baking batches), a reset lets them go beyond what it is asked to keep.
struct UploadArenaTests {
    @Test func aRewindReusesTheBurstsBlocksAndAResetFreesThem() throws {
        let context = try validatedContext()
        let arena = try UploadArena(context, capacity: 1 << 16, usage: .storage)
        // A round larger than the block of 65,536 bytes: a second block of the usual size, then one of 100,000.
        let first = try arena.allocate(40_000)
        let second = try arena.allocate(40_000)
        let third = try arena.allocate(100_000)
        #expect(first.offset == 0 && second.offset == 0 && second.buffer !== first.buffer)
        #expect(third.buffer !== second.buffer)
        let burst = arena.extraBytes
        #expect(burst == 65_536 + 100_000)

        arena.rewind()
        let again = [try arena.allocate(40_000), try arena.allocate(40_000), try arena.allocate(100_000)]
        #expect(arena.extraBytes == burst, "a round like the last needs no new block")
        #expect(again[0].buffer === first.buffer && again[1].buffer === second.buffer)
        #expect(again[2].buffer === third.buffer)

        // More than the kept blocks hold: a new block after them.
        _ = try arena.allocate(300_000)
        #expect(arena.extraBytes == burst + 300_000)

        // A reset may keep the burst's first blocks up to a size (a GPU's next bake), in order, and frees the rest.
        arena.reset(keepingBytes: 200_000)
        #expect(arena.extraBytes == burst)
        let kept = [try arena.allocate(40_000), try arena.allocate(40_000), try arena.allocate(100_000)]
        #expect(kept[1].buffer === second.buffer && kept[2].buffer === third.buffer)
        #expect(arena.extraBytes == burst)

        arena.reset()
        #expect(arena.extraBytes == 0)
        let afterReset = try arena.allocate(1_000)
        #expect(afterReset.buffer === first.buffer && afterReset.offset == 0)
        assertClean(context)
    }
}
