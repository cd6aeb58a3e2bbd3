import MaLiangCore
import Testing

@testable import MaLiangVulkan

/// A large bake keeps memory for the next one — the compute shader's upload memory, the host kernel's work memory,
/// the binned chunks — and a canvas left idle gives it back, then stamps as before.
@Suite(.serialized) struct KeptBakeMemoryTests {
    @Test(arguments: [StampingPath.gpuKernel, .cpuKernel])
    func aLargeBakesMemoryIsGivenBackWhenTheCanvasIsIdle(kernel: StampingPath) throws {
        let context = try validatedContext()
        let document = try Document(size: Size(width: 900, height: 700))
        let pen = solidBrush(size: 2, opacity: 0.8)
        // About 110,000 dabs, each stroke baked on its own (its tiles first copied for undo): more than the compute
        // shader's first blocks of 4 MiB hold.
        for index in 0..<64 {
            let y = 10 + Double(index) * 10
            document.addStroke(pen, line(from: (20, y), to: (880, y + 20), steps: 200), seed: UInt64(index))
        }
        let canvas = try CanvasRenderer(document: document, context: context, stamping: kernel)
        // A stroke of another brush baked in the memory the large bake left (its chunks emptied and filled again).
        let marker = solidBrush(size: 9, opacity: 0.5, color: Color(red: 0.9, green: 0.1, blue: 0.1))
        try canvas.apply(document.addStroke(marker, line(from: (20, 20), to: (880, 690), steps: 200), seed: 98))
        let deviceMemory = context.memoryUse.current
        let givenBack = canvas.giveBackIdleMemory()
        if kernel == .cpuKernel {
            // The host keeps a stroke's worth at most (a large bake's goes back when it ends: LongSessionTests).
            #expect(givenBack > 0 && givenBack <= PaintBaker.keptHostBytes, "the bakes kept \(givenBack) bytes")
        } else {
            // Upload memory is the device's: its use falls by a block or more.
            let fell = deviceMemory - context.memoryUse.current
            #expect(fell >= 4 << 20 && fell <= givenBack, "device memory fell by \(fell) of \(givenBack) bytes")
        }
        #expect(canvas.giveBackIdleMemory() == 0)

        try canvas.apply(document.addStroke(pen, line(from: (20, 690), to: (880, 20), steps: 200), seed: 99))
        // The quads draw what the kernels should, with nothing of the chunks' earlier contents.
        let drawn = try canvas.export(bitDepth: 16)
        let reference = try CanvasRenderer(document: document, context: context, stamping: .raster)
        let (psnr, maximum) = drawn.difference(from: try reference.export(bitDepth: 16))
        #expect(psnr >= 45 && maximum <= 12, "\(kernel): \(psnr) dB, max \(maximum) levels")
        assertClean(context)
    }
}
