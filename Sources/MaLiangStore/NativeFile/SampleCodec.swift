import Foundation
import MaLiang

/// The binary form of a stroke's input samples in the native file. Little-endian; every value keeps its full
/// Float64 precision, so a reloaded stroke renders exactly like the live one.
///
/// Layout, version 1: `u8 version`, `u32 count`, then per sample `f64 x`, `f64 y`, `u64 time µs`, `u8 tool`,
/// `u8 present-flags`, then each present axis as `f64` (pressure, tilt x, tilt y, rotation, distance) and the
/// serial as `u64`.
enum SampleCodec {
    static let version: UInt8 = 1

    /// On-disk tool codes: explicit, so reordering the Swift enum never changes files.
    static let toolCodes: [ToolKind: UInt8] = [
        .pen: 0, .eraser: 1, .brush: 2, .pencil: 3, .airbrush: 4, .finger: 5, .mouse: 6,
    ]
    static let toolsByCode = Dictionary(uniqueKeysWithValues: toolCodes.map { ($1, $0) })

    private enum Flag {
        static let pressure: UInt8 = 1
        static let tiltX: UInt8 = 2
        static let tiltY: UInt8 = 4
        static let rotation: UInt8 = 8
        static let distance: UInt8 = 16
        static let serial: UInt8 = 32
    }

    static func encode(_ samples: [InputSample]) -> Data {
        var out = [UInt8]()
        out.reserveCapacity(5 + samples.count * 44)
        out.append(version)
        append(UInt32(samples.count), to: &out)
        for sample in samples {
            append(sample.position.x.bitPattern, to: &out)
            append(sample.position.y.bitPattern, to: &out)
            append(sample.time, to: &out)
            out.append(toolCodes[sample.tool] ?? 0)
            var flags: UInt8 = 0
            if sample.pressure != nil { flags |= Flag.pressure }
            if sample.tiltX != nil { flags |= Flag.tiltX }
            if sample.tiltY != nil { flags |= Flag.tiltY }
            if sample.rotation != nil { flags |= Flag.rotation }
            if sample.distance != nil { flags |= Flag.distance }
            if sample.deviceSerial != nil { flags |= Flag.serial }
            out.append(flags)
            for axis in [sample.pressure, sample.tiltX, sample.tiltY, sample.rotation, sample.distance] {
                if let axis { append(axis.bitPattern, to: &out) }
            }
            if let serial = sample.deviceSerial { append(serial, to: &out) }
        }
        return Data(out)
    }

    struct DecodeError: Error {
        var reason: String
    }

    static func decode(_ data: Data) throws(DecodeError) -> [InputSample] {
        var reader = Reader(bytes: [UInt8](data))
        guard try reader.byte() == version else { throw DecodeError(reason: "unknown sample format") }
        let count = Int(try reader.integer(UInt32.self))
        // Each sample takes at least 26 bytes: refuse counts the data cannot hold before allocating for them.
        guard count <= reader.remaining / 26 else {
            throw DecodeError(reason: "sample count \(count) exceeds the data")
        }
        var samples: [InputSample] = []
        samples.reserveCapacity(count)
        for _ in 0..<count {
            let x = Double(bitPattern: try reader.integer(UInt64.self))
            let y = Double(bitPattern: try reader.integer(UInt64.self))
            let time = try reader.integer(UInt64.self)
            guard let tool = toolsByCode[try reader.byte()] else { throw DecodeError(reason: "unknown tool code") }
            let flags = try reader.byte()
            func axis(_ flag: UInt8) throws(DecodeError) -> Double? {
                flags & flag == 0 ? nil : Double(bitPattern: try reader.integer(UInt64.self))
            }
            let pressure = try axis(Flag.pressure)
            let tiltX = try axis(Flag.tiltX)
            let tiltY = try axis(Flag.tiltY)
            let rotation = try axis(Flag.rotation)
            let distance = try axis(Flag.distance)
            let serial = flags & Flag.serial == 0 ? nil : try reader.integer(UInt64.self)
            samples.append(
                InputSample(
                    position: Point(x: x, y: y), pressure: pressure, tiltX: tiltX, tiltY: tiltY, rotation: rotation,
                    distance: distance, time: time, tool: tool, deviceSerial: serial))
        }
        guard reader.remaining == 0 else { throw DecodeError(reason: "trailing bytes after the samples") }
        return samples
    }

    private static func append<Integer: FixedWidthInteger>(_ value: Integer, to out: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { out += $0 }
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset = 0
        var remaining: Int { bytes.count - offset }

        mutating func byte() throws(DecodeError) -> UInt8 {
            guard offset < bytes.count else { throw DecodeError(reason: "the samples end early") }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func integer<Integer: FixedWidthInteger>(_ type: Integer.Type) throws(DecodeError) -> Integer {
            let size = MemoryLayout<Integer>.size
            guard remaining >= size else { throw DecodeError(reason: "the samples end early") }
            var value: Integer = 0
            for index in 0..<size { value |= Integer(bytes[offset + index]) << (8 * index) }
            offset += size
            return value
        }
    }
}
