import Glibc
import MaLiangVulkan
import WaylandClient
import WaylandProtocol

/// Shows the window's frames through wl_shm when the GPU cannot present to the compositor (``SharedMemoryFrames``
/// reads them back): each frame is copied into a buffer the compositor is not reading, attached with what changed,
/// and committed. A few buffers are kept and used again as the compositor releases them; each remembers what changed
/// since it last held a frame, so only that is copied into it.
final class SharedMemoryPresentation: FrameDelivery {
    /// One wl_buffer over its own shared memory.
    private final class Slot {
        let buffer: WlBuffer
        let memory: UnsafeMutableRawPointer
        let byteCount: Int
        let width: Int
        let height: Int
        /// Attached and not yet released by the compositor.
        var isBusy = false
        /// What changed since this buffer last held a frame; nil: all of it (a new buffer).
        var stale: [BufferRect]?

        init(buffer: WlBuffer, memory: UnsafeMutableRawPointer, byteCount: Int, width: Int, height: Int) {
            self.buffer = buffer
            self.memory = memory
            self.byteCount = byteCount
            self.width = width
            self.height = height
        }

        deinit {
            buffer.destroy()
            munmap(memory, byteCount)
        }
    }

    private let shm: WlShm
    private let surface: WlSurface
    private var slots: [Slot] = []

    init(shm: WlShm, surface: WlSurface) {
        self.shm = shm
        self.surface = surface
    }

    /// Copies a frame into a free buffer and commits it.
    func deliver(_ pixels: UnsafeRawBufferPointer, width: Int, height: Int, damage: [BufferRect]?) throws {
        // Buffers of another size go once the compositor has let them go.
        slots.removeAll { !$0.isBusy && ($0.width != width || $0.height != height) }
        let slot = try slots.first { !$0.isBusy } ?? makeSlot(width: width, height: height)
        guard let source = pixels.baseAddress, pixels.count >= slot.byteCount else {
            throw SharedMemoryError(description: "a frame of \(pixels.count) bytes for a \(width)×\(height) buffer")
        }
        let stride = width * 4
        if let stale = slot.stale, let damage {
            for rect in stale + damage where rect.width > 0 {
                for row in rect.y..<(rect.y + rect.height) {
                    let offset = row * stride + rect.x * 4
                    (slot.memory + offset).copyMemory(from: source + offset, byteCount: rect.width * 4)
                }
            }
        } else {
            slot.memory.copyMemory(from: source, byteCount: slot.byteCount)
        }
        slot.stale = []
        for other in slots where other !== slot {
            // Past a few dozen rectangles, one whole copy is cheaper to keep track of.
            if let stale = other.stale, let damage, stale.count + damage.count <= 64 {
                other.stale = stale + damage
            } else {
                other.stale = nil
            }
        }
        slot.isBusy = true
        surface.attach(buffer: slot.buffer, x: 0, y: 0)
        let rectangles = damage ?? [BufferRect(x: 0, y: 0, width: width, height: height)]
        for rect in rectangles {
            let (x, y, w, h) = (Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
            // Buffer coordinates need wl_surface 4; before it, the window is damaged whole.
            if surface.version >= 4 {
                surface.damageBuffer(x: x, y: y, width: w, height: h)
            } else {
                surface.damage(x: 0, y: 0, width: Int32.max, height: Int32.max)
            }
        }
        surface.commit()
    }

    func close() { slots = [] }

    /// Buffers kept now.
    var bufferCount: Int { slots.count }

    private func makeSlot(width: Int, height: Int) throws -> Slot {
        let mapped = try ShmBuffer.Mapped(shm, width: width, height: height)
        let slot = Slot(
            buffer: mapped.buffer, memory: mapped.memory, byteCount: mapped.byteCount, width: width, height: height)
        mapped.buffer.onEvent = { [weak slot] event in
            if case .release = event { slot?.isBusy = false }
        }
        slots.append(slot)
        return slot
    }
}
