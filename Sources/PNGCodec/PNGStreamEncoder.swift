import CPNGCodec

/// A PNG written to an open file a band of rows at a time, so an export of any size never holds the whole image:
/// straight-alpha RGBA rows of 8 or 16 bits go in, top to bottom, then ``finish()``.
public final class PNGStreamEncoder {
    private var stream: OpaquePointer?
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bits per channel, 8 or 16.
    public let bitDepth: Int
    private var rowsWritten = 0

    /// Starts a PNG of `width`×`height` on `descriptor` (left open); alpha is written only with `hasAlpha`.
    public init(descriptor: Int32, width: Int, height: Int, bitDepth: Int, hasAlpha: Bool) throws(PNGError) {
        guard width > 0, height > 0, width <= Int(UInt32.max), height <= Int(UInt32.max), [8, 16].contains(bitDepth)
        else { throw PNGError("a PNG of \(width)×\(height) at \(bitDepth) bits cannot be written") }
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        var message = [CChar](repeating: 0, count: Int(MLPNG_ERROR_SIZE))
        stream = mlpng_stream_begin(
            descriptor, UInt32(width), UInt32(height), Int32(bitDepth), hasAlpha ? 1 : 0, &message)
        guard stream != nil else { throw PNGError(Self.describe(message)) }
    }

    deinit {
        // An encoder dropped before finishing frees its state; the file is incomplete, as its writer knows.
        if let stream {
            var message = [CChar](repeating: 0, count: Int(MLPNG_ERROR_SIZE))
            _ = mlpng_stream_end(stream, &message)
        }
    }

    /// Writes the next rows: 8-bit pixels (4 bytes each), row after row.
    public func write(rows bytes: [UInt8]) throws(PNGError) {
        guard bitDepth == 8 else { throw PNGError("this PNG takes 16-bit rows") }
        try write(raw: bytes, bytesPerRow: width * 4)
    }

    /// Writes the next rows: 16-bit pixels (4 samples each), row after row.
    public func write(rows samples: [UInt16]) throws(PNGError) {
        guard bitDepth == 16 else { throw PNGError("this PNG takes 8-bit rows") }
        try write(raw: samples, bytesPerRow: width * 8)
    }

    private func write<Sample>(raw values: [Sample], bytesPerRow: Int) throws(PNGError) {
        guard let stream else { throw PNGError("the PNG is already finished") }
        let bytes = values.count * MemoryLayout<Sample>.stride
        guard bytes % bytesPerRow == 0, rowsWritten + bytes / bytesPerRow <= height else {
            throw PNGError("rows that do not fit a \(width)×\(height) PNG")
        }
        var message = [CChar](repeating: 0, count: Int(MLPNG_ERROR_SIZE))
        let result = values.withUnsafeBytes {
            mlpng_stream_rows(stream, $0.baseAddress, UInt32(bytes / bytesPerRow), bytesPerRow, &message)
        }
        guard result == 0 else { throw PNGError(Self.describe(message)) }
        rowsWritten += bytes / bytesPerRow
    }

    /// Ends the PNG; fails when rows are missing or writing failed.
    public func finish() throws(PNGError) {
        guard let stream else { return }
        self.stream = nil
        var message = [CChar](repeating: 0, count: Int(MLPNG_ERROR_SIZE))
        guard rowsWritten == height else {
            _ = mlpng_stream_end(stream, &message)
            throw PNGError("only \(rowsWritten) of \(height) rows were written")
        }
        guard mlpng_stream_end(stream, &message) == 0 else { throw PNGError(Self.describe(message)) }
    }

    private static func describe(_ message: [CChar]) -> String {
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? "the PNG could not be written" : text
    }
}
