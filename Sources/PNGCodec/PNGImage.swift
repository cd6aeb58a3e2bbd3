import CPNGCodec
import Foundation

/// An RGBA image with straight alpha, 8 or 16 bits per sample, sRGB-encoded, rows top to bottom.
public struct PNGImage: Equatable, Sendable {
    /// The pixels, row by row from the top-left.
    public enum Pixels: Equatable, Sendable {
        /// Four bytes per pixel.
        case rgba8([UInt8])
        /// Four 16-bit samples per pixel.
        case rgba16([UInt16])
    }

    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// The pixels.
    public let pixels: Pixels
    /// Whether the alpha channel is kept when written (an opaque export may drop it).
    public var hasAlpha: Bool

    /// An image of `width` × `height` `pixels`; without `hasAlpha`, written without an alpha channel.
    public init(width: Int, height: Int, pixels: Pixels, hasAlpha: Bool = true) {
        let count =
            switch pixels {
            case .rgba8(let bytes): bytes.count
            case .rgba16(let samples): samples.count
            }
        precondition(
            width > 0 && height > 0 && count == width * height * 4, "pixel count does not match \(width)×\(height)")
        self.width = width
        self.height = height
        self.pixels = pixels
        self.hasAlpha = hasAlpha
    }

    /// Bits per channel, 8 or 16.
    public var bitDepth: Int {
        if case .rgba16 = pixels { return 16 }
        return 8
    }

    /// The pixel at (x, y) scaled to 0…1.
    public func rgba(x: Int, y: Int) -> (red: Double, green: Double, blue: Double, alpha: Double) {
        let base = (y * width + x) * 4
        switch pixels {
        case .rgba8(let bytes):
            return (
                Double(bytes[base]) / 255, Double(bytes[base + 1]) / 255, Double(bytes[base + 2]) / 255,
                Double(bytes[base + 3]) / 255
            )
        case .rgba16(let samples):
            return (
                Double(samples[base]) / 65535, Double(samples[base + 1]) / 65535, Double(samples[base + 2]) / 65535,
                Double(samples[base + 3]) / 65535
            )
        }
    }
}

/// Refusals of images too big to be sensible, checked before any pixel is decoded.
public struct PNGLimits: Sendable {
    /// Widest image read.
    public var maximumWidth: Int
    /// Tallest image read.
    public var maximumHeight: Int
    /// Largest width × height.
    public var maximumPixels: Int
    /// Largest encoded file.
    public var maximumBytes: Int

    /// Limits; the defaults are ``standard``'s.
    public init(
        maximumWidth: Int = 16_384, maximumHeight: Int = 16_384, maximumPixels: Int = 64 << 20,
        maximumBytes: Int = 256 << 20
    ) {
        self.maximumWidth = maximumWidth
        self.maximumHeight = maximumHeight
        self.maximumPixels = maximumPixels
        self.maximumBytes = maximumBytes
    }

    /// 16,384 px a side, 64 Mpx, 256 MiB of file, 8 MiB per ancillary chunk.
    public static let standard = PNGLimits()
}

/// Why a PNG cannot be read or written.
public struct PNGError: Error, Equatable, CustomStringConvertible {
    /// What went wrong, for the user.
    public var description: String
    init(_ description: String) { self.description = description }
}

/// PNG files through libpng: decoding with limits, encoding, headers.
public enum PNG {
    /// Bits per channel.
    public enum Depth: Sendable {
        /// 8 bits per channel.
        case eight
        /// 16 bits per channel.
        case sixteen
        /// 16 bits when the file has 16, else 8.
        case asStored
    }

    /// What a PNG's header says, read without decoding.
    public struct Header: Equatable, Sendable {
        /// Width in pixels.
        public var width: Int
        /// Height in pixels.
        public var height: Int
        /// Bits per channel.
        public var bitDepth: Int
        /// Whether it has an alpha channel (or transparency).
        public var hasAlpha: Bool
    }

    /// Reads a PNG's header, refusing absurd sizes.
    public static func header(of data: Data, limits: PNGLimits = .standard) throws(PNGError) -> Header {
        guard data.count <= limits.maximumBytes else {
            throw PNGError("the PNG is \(data.count) bytes; at most \(limits.maximumBytes) are accepted")
        }
        var info = mlpng_info()
        var message = [CChar](repeating: 0, count: Int(MLPNG_ERROR_SIZE))
        let result = data.withUnsafeBytes { bytes in
            mlpng_read_info(
                bytes.baseAddress, bytes.count, UInt32(limits.maximumWidth), UInt32(limits.maximumHeight), &info,
                &message)
        }
        guard result == 0 else { throw PNGError(describe(message)) }
        let header = Header(
            width: Int(info.width), height: Int(info.height), bitDepth: Int(info.bit_depth),
            hasAlpha: info.has_alpha != 0)
        guard header.width * header.height <= limits.maximumPixels else {
            throw PNGError(
                "the PNG is \(header.width)×\(header.height); at most \(limits.maximumPixels) pixels are accepted")
        }
        return header
    }

    /// Decodes a PNG of any colour type into RGBA.
    public static func decode(_ data: Data, depth: Depth = .asStored, limits: PNGLimits = .standard) throws(PNGError)
        -> PNGImage
    {
        let header = try header(of: data, limits: limits)
        let sixteen = depth == .sixteen || (depth == .asStored && header.bitDepth == 16)
        let count = header.width * header.height * 4
        var message = [CChar](repeating: 0, count: Int(MLPNG_ERROR_SIZE))
        let width = UInt32(limits.maximumWidth)
        let height = UInt32(limits.maximumHeight)
        if sixteen {
            var samples = [UInt16](repeating: 0, count: count)
            let result = data.withUnsafeBytes { bytes in
                samples.withUnsafeMutableBytes { target in
                    mlpng_decode(
                        bytes.baseAddress, bytes.count, width, height, 16, target.baseAddress, header.width * 8,
                        &message)
                }
            }
            guard result == 0 else { throw PNGError(describe(message)) }
            return PNGImage(
                width: header.width, height: header.height, pixels: .rgba16(samples), hasAlpha: header.hasAlpha)
        }
        var bytes8 = [UInt8](repeating: 0, count: count)
        let result = data.withUnsafeBytes { bytes in
            bytes8.withUnsafeMutableBytes { target in
                mlpng_decode(
                    bytes.baseAddress, bytes.count, width, height, 8, target.baseAddress, header.width * 4, &message)
            }
        }
        guard result == 0 else { throw PNGError(describe(message)) }
        return PNGImage(width: header.width, height: header.height, pixels: .rgba8(bytes8), hasAlpha: header.hasAlpha)
    }

    /// Encodes the image as PNG (sRGB-tagged); `quick` trades a somewhat larger file for a few times less time.
    public static func encode(_ image: PNGImage, quick: Bool = false) throws(PNGError) -> Data {
        var output: UnsafeMutableRawPointer?
        var size = 0
        var message = [CChar](repeating: 0, count: Int(MLPNG_ERROR_SIZE))
        let alpha: Int32 = image.hasAlpha ? 1 : 0
        let result: Int32
        switch image.pixels {
        case .rgba8(let bytes):
            result = bytes.withUnsafeBytes {
                mlpng_encode(
                    $0.baseAddress, UInt32(image.width), UInt32(image.height), image.width * 4, 8, alpha, quick ? 1 : 0,
                    &output,
                    &size, &message)
            }
        case .rgba16(let samples):
            result = samples.withUnsafeBytes {
                mlpng_encode(
                    $0.baseAddress, UInt32(image.width), UInt32(image.height), image.width * 8, 16, alpha,
                    quick ? 1 : 0, &output,
                    &size, &message)
            }
        }
        guard result == 0, let output else { throw PNGError(describe(message)) }
        defer { mlpng_free(output) }
        return Data(bytes: output, count: size)
    }

    static func describe(_ message: [CChar]) -> String {
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? "the PNG could not be read" : text
    }
}
