import Foundation
import Glibc
import MaLiangCore
import WaylandClient
import WaylandProtocol

/// The pen's hover cursor is the outline of the brush: a ring the size of the stamp on screen (a dark ring inside a
/// light one, visible on any paint), so a painter sees where and how big the next dab will be.
extension PaintingApp {
    /// Draws the ring for the current brush into a new shm buffer; returns it with its side in pixels.
    func brushOutlineBuffer() -> (buffer: WlBuffer, side: Int)? {
        let shm = globals.shm
        let scale = window.scale
        let brush = session.style.brush(eraser: false)?.base ?? Brush()
        // Buffer pixels of the cursor: a brush that keeps its on-screen size is its size in logical pixels; one
        // that scales with the canvas is its size in document pixels, through the zoom.
        let diameter = brush.pointSize * (brush.scaleWithCanvas ? session.view.scale : scale)
        let side = min(max(Int(diameter.rounded()) + 4, 11), 256)
        let center = Double(side) / 2
        let radius = max(diameter / 2, 2)
        let buffer = ShmBuffer.make(shm, width: side, height: side) { memory in
            let pixels = memory.bindMemory(to: UInt32.self)
            for y in 0..<side {
                for x in 0..<side {
                    let distance = hypot(Double(x) + 0.5 - center, Double(y) + 0.5 - center)
                    // Premultiplied ARGB: dark on the radius, light just outside it, a dot at the centre.
                    let pixel: UInt32 =
                        abs(distance - radius) < 0.75
                        ? 0xE020_2020
                        : abs(distance - radius - 1.2) < 0.75 ? 0xC0F0_F0F0 : distance < 1 ? 0xFF20_2020 : 0
                    pixels[y * side + x] = pixel
                }
            }
        }
        guard let buffer else { return nil }
        return (buffer, side)
    }

    /// Attaches a fresh outline to a tool's cursor surface; returns the hotspot.
    func attachBrushOutline(to surface: WlSurface) -> Int32? {
        guard let (buffer, side) = brushOutlineBuffer() else { return nil }
        surface.attach(buffer: buffer, x: 0, y: 0)
        surface.damage(x: 0, y: 0, width: Int32(side), height: Int32(side))
        surface.commit()
        return Int32(side / 2)
    }

    /// Redraws the outline of every tool in proximity (after the brush size or the zoom changed).
    func refreshBrushOutlines() {
        for state in devices.tools.values where state.machine.current.inProximity {
            if let surface = state.cursorSurface { _ = attachBrushOutline(to: surface) }
        }
    }
}
