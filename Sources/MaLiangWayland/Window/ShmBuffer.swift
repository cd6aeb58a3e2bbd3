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
        guard let mapped = try? Mapped(shm, width: width, height: height) else { return nil }
        draw(UnsafeMutableRawBufferPointer(start: mapped.memory, count: mapped.byteCount))
        munmap(mapped.memory, mapped.byteCount)
        let buffer = mapped.buffer
        buffer.onEvent = { [unowned buffer] event in if case .release = event { buffer.destroy() } }
        return buffer
    }

    /// A `width` × `height` buffer and its shared memory, mapped for writing; unmap it and destroy the buffer when
    /// done.
    struct Mapped {
        let buffer: WlBuffer
        let memory: UnsafeMutableRawPointer
        let byteCount: Int

        init(_ shm: WlShm, width: Int, height: Int) throws(SharedMemoryError) {
            let stride = width * 4
            byteCount = stride * height
            guard width > 0, height > 0, byteCount <= Int(Int32.max) else {
                throw SharedMemoryError(description: "a \(width)×\(height) buffer is too large for shared memory")
            }
            let descriptor = AnonymousFile.create(prefix: "maliang-shm")
            guard descriptor >= 0 else { throw SharedMemoryError(description: "no shared memory file") }
            defer { Glibc.close(descriptor) }
            guard ftruncate(descriptor, off_t(byteCount)) == 0,
                let mapped = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0),
                mapped != MAP_FAILED
            else {
                throw SharedMemoryError(
                    description: "no shared memory for a \(width)×\(height) buffer: \(String(cString: strerror(errno)))"
                )
            }
            memory = mapped
            let pool = shm.createPool(fd: descriptor, size: Int32(byteCount))
            buffer = pool.createBuffer(
                offset: 0, width: Int32(width), height: Int32(height), stride: Int32(stride), format: .argb8888)
            pool.destroy()
        }
    }
}

/// Why a buffer could not be put in shared memory.
struct SharedMemoryError: Error, CustomStringConvertible {
    let description: String
}
