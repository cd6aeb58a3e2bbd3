import Foundation
import MaLiangCore

/// The binary form of a stroke's input samples in the native file. Little-endian.
///
/// Version 2 (written) stores ``StrokeSamples``' columns as they are in memory, so what is read back is exactly
/// what was drawn: `u8 2`, `u32 count`, `u64 base time µs`, `u8 axes` (pressure 1, tilt x 2, tilt y 4, rotation 8,
/// distance 16), `u8 varying` (presence 1, tool 2, serial 4); then `f32 x[count]`, `f32 y[count]`,
/// `u32 time[count]`, each present axis as 16-bit values `[count]`; then presence flags, tool codes and serials,
/// each one value for the whole stroke, or one per sample when marked varying.
///
/// Version 1 (read) is per sample `f64 x`, `f64 y`, `u64 time µs`, `u8 tool`, `u8 present-flags`, then each
/// present axis as `f64` (pressure, tilt x, tilt y, rotation, distance) and the serial as `u64`.
enum SampleCodec {
    static let version: UInt8 = 2

    /// On-disk tool codes: explicit, so reordering the Swift enum never changes files.
    static let toolCodes: [ToolKind: UInt8] = [
        .pen: 0, .eraser: 1, .brush: 2, .pencil: 3, .airbrush: 4, .finger: 5, .mouse: 6,
    ]
    static let toolsByCode = Dictionary(uniqueKeysWithValues: toolCodes.map { ($1, $0) })

    struct DecodeError: Error {
        var reason: String
    }

    static func encode(_ samples: StrokeSamples) -> Data { encode(samples.columns) }

    static func encode(_ samples: SampleColumns) -> Data {
        var out = ByteWriter()
        let count = samples.count
        out.reserve(23 + count * 18)
        out.append(version)
        out.append(UInt32(count))
        out.append(samples.baseTime)
        let axes: [(flag: UInt8, present: Bool)] = [
            (1, !samples.pressures.isEmpty), (2, !samples.tiltsX.isEmpty), (4, !samples.tiltsY.isEmpty),
            (8, !samples.rotations.isEmpty), (16, !samples.distances.isEmpty),
        ]
        out.append(axes.reduce(0) { $0 | ($1.present ? $1.flag : 0) })
        let varying: UInt8 =
            (samples.presence.constant == nil ? 1 : 0) | (samples.tools.constant == nil ? 2 : 0)
            | (samples.serials.constant == nil ? 4 : 0)
        out.append(varying)
        out.append(contentsOf: samples.xs.map(\.bitPattern))
        out.append(contentsOf: samples.ys.map(\.bitPattern))
        out.append(contentsOf: samples.times)
        out.append(contentsOf: samples.pressures)
        out.append(contentsOf: samples.tiltsX.map { UInt16(bitPattern: $0) })
        out.append(contentsOf: samples.tiltsY.map { UInt16(bitPattern: $0) })
        out.append(contentsOf: samples.rotations)
        out.append(contentsOf: samples.distances)
        guard count > 0 else { return out.data }
        func column<Value: FixedWidthInteger, Stored>(_ column: CompactColumn<Stored>, _ map: (Stored) -> Value) {
            if let constant = column.constant {
                out.append(map(constant))
            } else {
                out.append(contentsOf: column.varying.map(map))
            }
        }
        column(samples.presence) { $0 }
        column(samples.tools) { toolCodes[$0] ?? 0 }
        column(samples.serials) { $0 }
        return out.data
    }

    static func decode(_ data: Data) throws(DecodeError) -> SampleColumns {
        var reader = ByteReader(data)
        switch try reader.integer(UInt8.self) {
        case 1: return try decodeVersion1(&reader)
        case 2: return try decodeVersion2(&reader)
        default: throw DecodeError(reason: "unknown sample format")
        }
    }

    private static func decodeVersion2(_ reader: inout ByteReader) throws(DecodeError) -> SampleColumns {
        let count = Int(try reader.integer(UInt32.self))
        let baseTime = try reader.integer(UInt64.self)
        let axes = try reader.integer(UInt8.self)
        let varying = try reader.integer(UInt8.self)
        // 12 bytes a sample at least: refuse counts the data cannot hold before allocating for them.
        guard count <= reader.remaining / 12, count <= Limits.samplesPerStroke else {
            throw DecodeError(reason: "sample count \(count) exceeds the data")
        }
        let xs = try reader.array(UInt32.self, count).map(Float.init(bitPattern:))
        let ys = try reader.array(UInt32.self, count).map(Float.init(bitPattern:))
        let times = try reader.array(UInt32.self, count)
        func axis(_ flag: UInt8) throws(DecodeError) -> [UInt16] {
            axes & flag == 0 ? [] : try reader.array(UInt16.self, count)
        }
        let pressures = try axis(1)
        let tiltsX = try axis(2).map { Int16(bitPattern: $0) }
        let tiltsY = try axis(4).map { Int16(bitPattern: $0) }
        let rotations = try axis(8)
        let distances = try axis(16)
        func column<Value: FixedWidthInteger, Stored>(_ flag: UInt8, _ map: (Value) -> Stored?)
            throws(DecodeError) -> CompactColumn<Stored>
        {
            guard count > 0 else { return CompactColumn() }
            let raw = varying & flag == 0 ? [try reader.integer(Value.self)] : try reader.array(Value.self, count)
            var values: [Stored] = []
            values.reserveCapacity(raw.count)
            for value in raw {
                guard let mapped = map(value) else { throw DecodeError(reason: "unknown tool code \(value)") }
                values.append(mapped)
            }
            return varying & flag == 0
                ? CompactColumn(constant: values[0], count: count) : CompactColumn(varying: values)
        }
        let presence: CompactColumn<UInt8> = try column(1) { (value: UInt8) in value }
        let tools: CompactColumn<ToolKind> = try column(2) { (code: UInt8) in toolsByCode[code] }
        let serials: CompactColumn<UInt64> = try column(4) { (value: UInt64) in value }
        guard reader.remaining == 0 else { throw DecodeError(reason: "trailing bytes after the samples") }
        guard
            let samples = SampleColumns(
                xs: xs, ys: ys, times: times, baseTime: baseTime, pressures: pressures, tiltsX: tiltsX,
                tiltsY: tiltsY, rotations: rotations, distances: distances, presence: presence, tools: tools,
                serials: serials)
        else { throw DecodeError(reason: "the samples hold impossible values") }
        return samples
    }

    private static func decodeVersion1(_ reader: inout ByteReader) throws(DecodeError) -> SampleColumns {
        let count = Int(try reader.integer(UInt32.self))
        // Each sample takes at least 26 bytes: refuse counts the data cannot hold before allocating for them.
        guard count <= reader.remaining / 26 else {
            throw DecodeError(reason: "sample count \(count) exceeds the data")
        }
        var samples = SampleColumns()
        samples.reserveCapacity(count)
        for _ in 0..<count {
            let x = Double(bitPattern: try reader.integer(UInt64.self))
            let y = Double(bitPattern: try reader.integer(UInt64.self))
            let time = try reader.integer(UInt64.self)
            guard let tool = toolsByCode[try reader.integer(UInt8.self)] else {
                throw DecodeError(reason: "unknown tool code")
            }
            let flags = try reader.integer(UInt8.self)
            func axis(_ flag: UInt8) throws(DecodeError) -> Double? {
                flags & flag == 0 ? nil : Double(bitPattern: try reader.integer(UInt64.self))
            }
            let sample = InputSample(
                position: Point(x: x, y: y), pressure: try axis(1), tiltX: try axis(2), tiltY: try axis(4),
                rotation: try axis(8), distance: try axis(16), time: time, tool: tool,
                deviceSerial: flags & 32 == 0 ? nil : try reader.integer(UInt64.self))
            guard samples.append(sample) != nil else {
                throw DecodeError(reason: "a sample has non-finite or absurd coordinates")
            }
        }
        guard reader.remaining == 0 else { throw DecodeError(reason: "trailing bytes after the samples") }
        return samples
    }
}

/// Little-endian bytes appended to a growing buffer.
private struct ByteWriter {
    private(set) var bytes: [UInt8] = []
    var data: Data { Data(bytes) }

    mutating func reserve(_ count: Int) { bytes.reserveCapacity(count) }

    mutating func append<Integer: FixedWidthInteger>(_ value: Integer) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    mutating func append<Integer: FixedWidthInteger>(contentsOf values: [Integer]) {
        #if _endian(little)
            values.withUnsafeBytes { bytes += $0 }
        #else
            for value in values { append(value) }
        #endif
    }
}

/// Reads little-endian values from bytes, failing (never trapping) at the end of the data.
private struct ByteReader {
    private let bytes: [UInt8]
    private var offset = 0
    var remaining: Int { bytes.count - offset }

    init(_ data: Data) { bytes = [UInt8](data) }

    mutating func integer<Integer: FixedWidthInteger>(_ type: Integer.Type) throws(SampleCodec.DecodeError) -> Integer {
        let size = MemoryLayout<Integer>.size
        guard remaining >= size else { throw SampleCodec.DecodeError(reason: "the samples end early") }
        var value: Integer = 0
        for index in 0..<size { value |= Integer(bytes[offset + index]) << (8 * index) }
        offset += size
        return value
    }

    mutating func array<Integer: FixedWidthInteger>(_ type: Integer.Type, _ count: Int)
        throws(SampleCodec.DecodeError) -> [Integer]
    {
        let size = MemoryLayout<Integer>.size
        guard count >= 0, remaining / size >= count else {
            throw SampleCodec.DecodeError(reason: "the samples end early")
        }
        let start = offset
        offset += count * size
        return [Integer](unsafeUninitializedCapacity: count) { buffer, initialized in
            bytes.withUnsafeBytes { raw in
                for index in 0..<count {
                    buffer[index] = Integer(
                        littleEndian: raw.loadUnaligned(fromByteOffset: start + index * size, as: Integer.self))
                }
            }
            initialized = count
        }
    }
}
