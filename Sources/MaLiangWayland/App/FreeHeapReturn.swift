import CMemoryTuning

/// Hands the pages malloc keeps free back to the system, at most every ``interval`` and only when the window is
/// quiet. A long session's blocks come and go in many sizes on many threads (undo copies, pasted images, the views'
/// levels); the heaps keep what is freed between the blocks still in use: over an hour of `maliang bench soak` that
/// free memory grew from 12 to 60–74 MiB, and resident memory with it, while what was in use stayed at 260–325 MiB.
struct FreeHeapReturn {
    static let interval = Duration.seconds(10)
    private var last = ContinuousClock.now

    /// Returns the free pages if ``interval`` has passed since the last time; call once the window has been quiet
    /// for a while (it walks every heap, so never while input streams in).
    mutating func returnIfDue() {
        guard ContinuousClock.now - last >= Self.interval else { return }
        last = .now
        _ = ml_return_free_heap()
    }
}
