import CMemoryTuning
import MaLiangVulkan

/// Gives back memory kept only for speed, at most every ``interval`` and only when the window is quiet: what large
/// bakes keep for the next one (a GPU's upload memory, up to 64 MiB; the host kernel's work memory), of no use
/// between strokes, then the pages malloc keeps free. A long session's blocks come and go in many sizes on many threads (undo copies, pasted images, the
/// views' levels); the heaps keep what is freed between the blocks still in use: over an hour of `maliang bench soak`
/// that free memory grew from 12 to 60–74 MiB, and resident memory with it, while what was in use stayed at
/// 260–325 MiB.
struct IdleMemoryReturn {
    static let interval = Duration.seconds(10)
    private var last = ContinuousClock.now

    /// Gives the memory back if ``interval`` has passed since the last time; call once the window has been quiet
    /// for a while, between operations (it walks every heap, so never while input streams in). Returns the bytes the
    /// bakes' kept memory gave back.
    mutating func returnIfDue(_ renderer: CanvasRenderer) -> Int {
        guard ContinuousClock.now - last >= Self.interval else { return 0 }
        last = .now
        let upload = renderer.giveBackIdleMemory()
        _ = ml_return_free_heap()
        return upload
    }
}
