import Glibc
import WaylandClient
import WaylandProtocol

/// A wl_buffer of premultiplied ARGB8888 pixels in shared memory, for the small surfaces drawn on the CPU (the
/// brush cursor, the opening window); it destroys itself when the compositor releases it.
enum ShmBuffer {
    /// A `width` × `height` buffer whose bytes `draw` writes (blue, green, red, alpha, row by row); nil when no
    /// shared memory can be had.
    static func make(
        _ shm: WlShm, width: Int, height: Int, draw: (UnsafeMutableRawBufferPointer) -> Void
    ) -> WlBuffer? {
        let stride = width * 4
        let size = stride * height
        guard size > 0, size <= Int(Int32.max) else { return nil }
        let descriptor = AnonymousFile.create(prefix: "maliang-shm")
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard ftruncate(descriptor, off_t(size)) == 0,
            let memory = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0),
            memory != MAP_FAILED
        else { return nil }
        draw(UnsafeMutableRawBufferPointer(start: memory, count: size))
        munmap(memory, size)
        let pool = shm.createPool(fd: descriptor, size: Int32(size))
        let buffer = pool.createBuffer(
            offset: 0, width: Int32(width), height: Int32(height), stride: Int32(stride), format: .argb8888)
        pool.destroy()
        buffer.onEvent = { [unowned buffer] event in if case .release = event { buffer.destroy() } }
        return buffer
    }
}
