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

/// Names for new files next to others.
public enum FileNames {
    /// `url` when nothing is there yet, else the first of `name-2.ext`, `name-3.ext`, … that is free: a new file
    /// never silently replaces an earlier one.
    public static func unused(_ url: URL) -> URL {
        guard FileManager.default.fileExists(atPath: url.path) else { return url }
        let base = url.deletingPathExtension()
        let ext = url.pathExtension
        for number in 2... {
            let candidate = URL(fileURLWithPath: base.path + "-\(number)").appendingPathExtension(ext)
            if !FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        }
        return url
    }
}
