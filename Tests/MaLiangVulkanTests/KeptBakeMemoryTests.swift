import MaLiangCore
import Testing

@testable import MaLiangVulkan

/// A large bake keeps memory for the next one — the compute shader's upload memory, the host kernel's work memory —
/// and a canvas left idle gives it back, then stamps as before.
@Suite(.serialized) struct KeptBakeMemoryTests {
    @Test(arguments: [StampingPath.gpuKernel, .cpuKernel])
    func aLargeBakesMemoryIsGivenBackWhenTheCanvasIsIdle(kernel: StampingPath) throws {
        let context = try validatedContext()
        let document = try Document(size: Size(width: 900, height: 700))
        let pen = solidBrush(size: 2, opacity: 0.8)
        // About 110,000 dabs in one batch: more work than the compute shader's first blocks of 4 MiB hold.
        for index in 0..<64 {
            let y = 10 + Double(index) * 10
            document.addStroke(pen, line(from: (20, y), to: (880, y + 20), steps: 200), seed: UInt64(index))
        }
        let canvas = try CanvasRenderer(document: document, context: context, stamping: kernel)
        let deviceMemory = context.memoryUse.current
        let givenBack = canvas.giveBackIdleMemory()
        #expect(givenBack >= 4 << 20, "\(kernel): the bake kept \(givenBack) bytes")
        if kernel == .gpuKernel {
            // Upload memory is the device's: its use falls by as much.
            #expect(deviceMemory - context.memoryUse.current == givenBack)
        }
        #expect(canvas.giveBackIdleMemory() == 0)

        try canvas.apply(document.addStroke(pen, line(from: (20, 690), to: (880, 20), steps: 200), seed: 99))
        let drawn = try canvas.export(bitDepth: 16)
        let fresh = try CanvasRenderer(document: document, context: context, stamping: kernel)
        #expect(StampingKernelTests.compare(drawn, try fresh.export(bitDepth: 16)).psnr == .infinity)
        assertClean(context)
    }
}
