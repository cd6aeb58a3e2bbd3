/// Spare tile images for stroke layers: a stroke's wet tiles go back here when it is baked, so the next stroke
/// does not allocate (on lavapipe an image allocation costs more than stamping a small stroke).
final class TilePool {
    /// Each spare image with the part of it that holds paint.
    private var spare: [(GPUImage, PixelRect)] = []
    /// Most spare tiles kept (32 × 512 KiB = 16 MiB).
    let limit = 32

    func take() -> (GPUImage, PixelRect)? { spare.popLast() }

    func give(_ images: some Sequence<(GPUImage, PixelRect)>) {
        for entry in images where spare.count < limit { spare.append(entry) }
    }

    /// Lets all but `count` spare tiles go (call when no recorded command uses them).
    func trim(to count: Int) {
        if spare.count > count { spare.removeSubrange(count...) }
    }
}
