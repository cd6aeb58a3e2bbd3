import Foundation
import PNGCodec

/// Which images a document takes: PNG files that decode completely within ``PNGLimits/standard``. The editor,
/// the store and the importers ask here, so an image one of them accepts, the others read.
public enum ImageCheck {
    /// The size of a usable PNG image, after decoding all of it (a truncated or damaged file is refused here,
    /// not left out silently when it is drawn).
    public static func dimensions(of png: Data) throws(StoreError) -> (width: Int, height: Int) {
        do {
            let header = try PNG.header(of: png)
            _ = try PNG.decode(png, depth: .eight)
            return (header.width, header.height)
        } catch {
            throw StoreError(.invalidContent, "not a usable PNG image (\(error.description))")
        }
    }

    /// An id for an image that is the same whenever the same bytes are inserted again (so they are stored once):
    /// 64-bit FNV-1a of the bytes, with their length.
    public static func textureID(for png: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in png {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return "image-" + String(repeating: "0", count: 16 - hex.count) + hex + "-\(png.count)"
    }
}
