import CPNG
import CWaylandServer
import Foundation
import WaylandServer

/// Pixels a client committed, copied out of its wl_shm buffer.
public struct Image: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// Straight from the buffer: one `0xAARRGGBB` word per pixel, rows top to bottom.
    public let pixels: [UInt32]
    /// Whether the buffer's format carries alpha (ARGB8888) or not (XRGB8888: alpha reads as opaque).
    public let hasAlpha: Bool

    public init(width: Int, height: Int, pixels: [UInt32], hasAlpha: Bool) {
        self.width = width
        self.height = height
        self.pixels = pixels
        self.hasAlpha = hasAlpha
    }

    /// Copies a wl_shm buffer; `nil` when the buffer is not shm or uses a format other than (A|X)RGB8888.
    init?(shmBuffer buffer: WlBufferResource) {
        guard let resource = buffer.rawResource, let shm = wl_shm_buffer_get(resource) else { return nil }
        let format = wl_shm_buffer_get_format(shm)
        // WL_SHM_FORMAT_ARGB8888 = 0, WL_SHM_FORMAT_XRGB8888 = 1: the formats every client can use.
        guard format <= 1 else { return nil }
        let width = Int(wl_shm_buffer_get_width(shm))
        let height = Int(wl_shm_buffer_get_height(shm))
        let stride = Int(wl_shm_buffer_get_stride(shm))
        var pixels = [UInt32](repeating: 0, count: width * height)
        wl_shm_buffer_begin_access(shm)
        if let data = wl_shm_buffer_get_data(shm) {
            pixels.withUnsafeMutableBytes { target in
                guard let base = target.baseAddress else { return }
                for row in 0..<height { memcpy(base + row * width * 4, data + row * stride, width * 4) }
            }
        }
        wl_shm_buffer_end_access(shm)
        self.init(width: width, height: height, pixels: pixels, hasAlpha: format == 0)
    }

    /// The pixel at (x, y) as 8-bit red, green, blue, alpha.
    public func rgba(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let word = pixels[y * width + x]
        return (
            UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8),
            UInt8(truncatingIfNeeded: word),
            hasAlpha ? UInt8(truncatingIfNeeded: word >> 24) : 255
        )
    }

    /// Writes the image as an 8-bit RGBA PNG through libpng.
    public func writePNG(to path: String) throws {
        var bytes = [UInt8]()
        bytes.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let pixel = rgba(x: x, y: y)
                bytes += [pixel.red, pixel.green, pixel.blue, pixel.alpha]
            }
        }
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        // PNG_FORMAT_RGBA (a compound macro Swift does not import): colour | alpha flags.
        image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        let written = png_image_write_to_file(&image, path, 0, bytes, Int32(width * 4), nil)
        let message = withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        png_image_free(&image)
        guard written != 0 else { throw CompositorError("cannot write \(path): \(message)") }
    }
}
