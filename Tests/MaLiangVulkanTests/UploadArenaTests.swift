import MaLiangCore
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

    /// The compute shader's arenas keep a large bake's upload memory for the next one; a canvas left idle gives it
    /// back, and stamps as before afterwards.
    @Test func aLargeBakesUploadMemoryIsGivenBackWhenTheCanvasIsIdle() throws {
        let context = try validatedContext()
        let document = try Document(size: Size(width: 900, height: 700))
        let pen = solidBrush(size: 2, opacity: 0.8)
        // About 110,000 dabs in one batch: more work than an arena's first block of 4 MiB holds.
        for index in 0..<64 {
            let y = 10 + Double(index) * 10
            document.addStroke(pen, line(from: (20, y), to: (880, y + 20), steps: 200), seed: UInt64(index))
        }
        let canvas = try CanvasRenderer(document: document, context: context, stamping: .gpuKernel)
        let held = context.memoryUse.current
        let givenBack = canvas.giveBackIdleMemory()
        #expect(givenBack >= 4 << 20, "the bake kept \(givenBack) bytes beyond the arenas' first blocks")
        #expect(held - context.memoryUse.current == givenBack)
        #expect(canvas.giveBackIdleMemory() == 0)

        try canvas.apply(document.addStroke(pen, line(from: (20, 690), to: (880, 20), steps: 200), seed: 99))
        let drawn = try canvas.export(bitDepth: 16)
        let fresh = try CanvasRenderer(document: document, context: context, stamping: .gpuKernel)
        #expect(StampingKernelTests.compare(drawn, try fresh.export(bitDepth: 16)).psnr == .infinity)
        assertClean(context)
    }
}
