import Foundation

/// The input samples of one stroke, kept compactly: about 18 bytes a tablet sample instead of the 128 of an
/// ``InputSample`` array, so a long session's document fits in memory.
///
/// Every value is stored at the resolution the Wayland tablet protocol delivers it or finer: positions as 32-bit
/// floats (¹⁄₁₆ px at the coordinate limit), pressure and distance in 65,535 steps, tilt in ¹⁄₂₅₆ degree, rotation
/// in 65,536 steps a turn, time in microseconds after the first sample. What is read back is exactly what the
/// file keeps, so a stroke renders the same live and after reopening: feed the stroke engine the sample
/// ``append(_:)`` returns, not the one given to it.
public struct StrokeSamples: RandomAccessCollection, Hashable, Sendable {
    /// The samples, shared by every copy: in memory, or in a document file (a loaded stroke, or one written since
    /// with ``keep(in:id:)``) and read from it when needed, so a long drawing's thousands of strokes are not all in
    /// memory at once. Which of the two is never seen from outside: every copy reads the same samples.
    private var storage: SampleStorage

    /// No samples.
    public init() { storage = SampleStorage(SampleColumns()) }

    /// The samples of `samples`, kept compactly.
    public init(_ samples: some Sequence<InputSample>) {
        self.init()
        for sample in samples { append(sample) }
    }

    package init(_ columns: SampleColumns) { storage = SampleStorage(columns) }

    /// Samples that stay in a file, read through `stored` when needed.
    package init(stored: StoredSamples) { storage = SampleStorage(stored) }

    /// The columns, read from the file when the samples live there.
    package var columns: SampleColumns { storage.columns }

    /// The same samples held in memory (for many reads in a row).
    public func loaded() -> StrokeSamples { storage.isInFile ? StrokeSamples(columns) : self }

    /// Whether the samples are read from a document file when needed rather than held in memory.
    package var isInFile: Bool { storage.isInFile }

    /// Lets the samples leave memory for `source`, which now holds them as element `id` (written and committed):
    /// every copy of them — the document's, the undo history's, the renderer's — reads them from there from now on.
    /// Samples already in a file stay where they are.
    package func keep(in source: SampleSource, id: ElementID) { storage.moveToFile(source: source, id: id) }

    /// The first sample's index, 0.
    public var startIndex: Int { 0 }
    /// One past the last sample's index.
    public var endIndex: Int { storage.count }

    /// The sample at `index`.
    public subscript(index: Int) -> InputSample { columns[index] }

    /// The samples in order.
    public func makeIterator() -> Iterator { Iterator(columns: columns) }

    /// Reads the samples in order.
    public struct Iterator: IteratorProtocol {
        let columns: SampleColumns
        var index = 0

        /// The next sample, or nil after the last.
        public mutating func next() -> InputSample? {
            guard index < columns.count else { return nil }
            defer { index += 1 }
            return columns[index]
        }
    }

    /// Adds a sample and returns it as stored, or returns nil (adding nothing) when ``InputSample/validated()``
    /// refuses it or the stroke already holds ``Limits/samplesPerStroke`` samples.
    @discardableResult
    public mutating func append(_ sample: InputSample) -> InputSample? {
        makeResidentAndOwn()
        return storage.append(sample)
    }

    /// Makes room for `count` samples.
    public mutating func reserveCapacity(_ count: Int) {
        makeResidentAndOwn()
        storage.reserveCapacity(count)
    }

    /// Gives this copy samples of its own in memory before it changes them (other copies keep theirs).
    private mutating func makeResidentAndOwn() {
        if !isKnownUniquelyReferenced(&storage) || storage.isInFile { storage = SampleStorage(storage.columns) }
    }

    /// Whether both hold the same samples.
    public static func == (a: StrokeSamples, b: StrokeSamples) -> Bool {
        if a.storage === b.storage || a.storage.isSameFileRow(as: b.storage) { return true }
        return a.count == b.count && a.columns == b.columns
    }

    /// Hashes the samples.
    public func hash(into hasher: inout Hasher) { hasher.combine(columns) }
}

/// Where one stroke's samples are: in memory until a file holds them, then only there. Locked, since copies of
/// a stroke on other threads share it with the one the file's writer hands over.
private final class SampleStorage: @unchecked Sendable {
    private let lock = NSLock()
    private var resident: SampleColumns
    private var stored: StoredSamples?

    init(_ columns: SampleColumns) { resident = columns }

    init(_ stored: StoredSamples) {
        resident = SampleColumns()
        self.stored = stored
    }

    var columns: SampleColumns {
        let (resident, stored) = lock.withLock { (self.resident, self.stored) }
        return stored?.load() ?? resident
    }

    var count: Int { lock.withLock { stored?.count ?? resident.count } }

    var isInFile: Bool { lock.withLock { stored != nil } }

    func isSameFileRow(as other: SampleStorage) -> Bool {
        guard let mine = lock.withLock({ stored }), let theirs = other.lock.withLock({ other.stored }) else {
            return false
        }
        return mine === theirs
    }

    /// Appends to samples held in memory (the caller made sure no one else shares them).
    func append(_ sample: InputSample) -> InputSample? { resident.append(sample) }

    func reserveCapacity(_ count: Int) { resident.reserveCapacity(count) }

    func moveToFile(source: SampleSource, id: ElementID) {
        lock.withLock {
            guard stored == nil, resident.count > 0 else { return }
            stored = StoredSamples(id: id, count: resident.count, source: source)
            resident = SampleColumns()
        }
    }
}

extension StrokeSamples: ExpressibleByArrayLiteral {
    /// The samples listed.
    public init(arrayLiteral samples: InputSample...) { self.init(samples) }
}

extension StrokeSamples: Codable {
    /// Reads samples stored as a list.
    public init(from decoder: any Decoder) throws { self.init(try [InputSample](from: decoder)) }
    /// Writes the samples as a list.
    public func encode(to encoder: any Encoder) throws { try Array(self).encode(to: encoder) }
}

/// Where a stroke's stored samples come from: the document file that holds them.
package protocol SampleSource: AnyObject {
    /// The samples of stroke `id`, or nil when they cannot be read.
    func samples(of id: ElementID) -> SampleColumns?
}

/// A stroke's samples in a file: how many, and where to read them.
package final class StoredSamples: @unchecked Sendable {
    let id: ElementID
    let count: Int
    /// Kept alive by the strokes that read through it (it holds its own connection to the file).
    private let source: SampleSource

    package init(id: ElementID, count: Int, source: SampleSource) {
        self.id = id
        self.count = count
        self.source = source
    }

    /// The samples; when they cannot be read (the file gone or failing), as many samples at no valid position,
    /// which the stroke engine and the exporters refuse — the source reports the failure.
    func load() -> SampleColumns {
        if let columns = source.samples(of: id), columns.count == count { return columns }
        return SampleColumns(unreadable: count)
    }
}

/// The samples of one stroke held in memory, as columns: what ``StrokeSamples`` keeps when the samples are not in
/// a file, and what a file's samples decode to.
package struct SampleColumns: Hashable, Sendable {
    package private(set) var xs: [Float] = []
    package private(set) var ys: [Float] = []
    /// Microseconds after ``baseTime``.
    package private(set) var times: [UInt32] = []
    package private(set) var baseTime: UInt64 = 0
    /// Empty while no sample has the axis; otherwise one value per sample (0 where a sample lacks it).
    package private(set) var pressures: [UInt16] = []
    package private(set) var tiltsX: [Int16] = []
    package private(set) var tiltsY: [Int16] = []
    package private(set) var rotations: [UInt16] = []
    package private(set) var distances: [UInt16] = []
    /// Which optional values each sample has (``Presence``).
    package private(set) var presence = CompactColumn<UInt8>()
    package private(set) var tools = CompactColumn<ToolKind>()
    package private(set) var serials = CompactColumn<UInt64>()

    package init() {}

    package var count: Int { xs.count }

    package subscript(index: Int) -> InputSample {
        let has = Presence(rawValue: presence[index])
        let axes = axes(at: index)
        return InputSample(
            position: Point(x: Double(xs[index]), y: Double(ys[index])), pressure: axes.pressure, tiltX: axes.tiltX,
            tiltY: axes.tiltY, rotation: axes.rotation,
            distance: has.contains(.distance) ? Double(distances[index]) / 65535 : nil, time: time(at: index),
            tool: tools[index], deviceSerial: has.contains(.serial) ? serials[index] : nil)
    }

    /// What sample `index` holds of the axes the stroke engine reads (nil where it lacks one): a bake reads these
    /// rather than build the whole sample.
    @inline(__always)
    package func axes(at index: Int) -> (pressure: Double?, tiltX: Double?, tiltY: Double?, rotation: Double?) {
        let has = Presence(rawValue: presence[index])
        return (
            has.contains(.pressure) ? Double(pressures[index]) / 65535 : nil,
            has.contains(.tiltX) ? Double(tiltsX[index]) / 256 : nil,
            has.contains(.tiltY) ? Double(tiltsY[index]) / 256 : nil,
            has.contains(.rotation) ? Double(rotations[index]) * 360 / 65536 : nil
        )
    }

    /// The time of sample `index`, in microseconds.
    @inline(__always)
    package func time(at index: Int) -> UInt64 { baseTime + UInt64(times[index]) }

    /// Adds a sample and returns it as stored, or returns nil (adding nothing) when ``InputSample/validated()``
    /// refuses it or the stroke already holds ``Limits/samplesPerStroke`` samples.
    @discardableResult
    package mutating func append(_ sample: InputSample) -> InputSample? {
        guard count < Limits.samplesPerStroke, let sample = sample.validated() else { return nil }
        if count == 0 { baseTime = sample.time }
        let index = count
        xs.append(Float(sample.position.x))
        ys.append(Float(sample.position.y))
        times.append(UInt32(clamping: sample.time >= baseTime ? sample.time - baseTime : 0))
        var has = Presence()
        if sample.pressure != nil { has.insert(.pressure) }
        Self.add(sample.pressure.map { UInt16(($0 * 65535).rounded()) }, to: &pressures, at: index)
        if sample.tiltX != nil { has.insert(.tiltX) }
        Self.add(sample.tiltX.map { Int16(($0 * 256).rounded()) }, to: &tiltsX, at: index)
        if sample.tiltY != nil { has.insert(.tiltY) }
        Self.add(sample.tiltY.map { Int16(($0 * 256).rounded()) }, to: &tiltsY, at: index)
        if sample.rotation != nil { has.insert(.rotation) }
        Self.add(
            sample.rotation.map { UInt16(truncatingIfNeeded: Int(($0 / 360 * 65536).rounded())) }, to: &rotations,
            at: index)
        if sample.distance != nil { has.insert(.distance) }
        Self.add(sample.distance.map { UInt16(($0 * 65535).rounded()) }, to: &distances, at: index)
        if sample.deviceSerial != nil { has.insert(.serial) }
        presence.append(has.rawValue)
        tools.append(sample.tool)
        serials.append(sample.deviceSerial ?? 0)
        return self[index]
    }

    package mutating func reserveCapacity(_ count: Int) {
        xs.reserveCapacity(count)
        ys.reserveCapacity(count)
        times.reserveCapacity(count)
    }

    /// Appends `value` to an optional axis column, creating the column (zeros for earlier samples) on first use.
    private static func add<Value: FixedWidthInteger>(_ value: Value?, to column: inout [Value], at index: Int) {
        if column.isEmpty {
            guard let value else { return }
            column = Array(repeating: 0, count: index)
            column.append(value)
        } else {
            column.append(value ?? 0)
        }
    }

    /// Which optional values a sample has.
    struct Presence: OptionSet {
        let rawValue: UInt8
        static let pressure = Presence(rawValue: 1)
        static let tiltX = Presence(rawValue: 2)
        static let tiltY = Presence(rawValue: 4)
        static let rotation = Presence(rawValue: 8)
        static let distance = Presence(rawValue: 16)
        static let serial = Presence(rawValue: 32)
    }
}

/// A column of values that are usually all the same (the tool of a stroke, its serial): one value until a
/// different one arrives, then one per element.
package struct CompactColumn<Value: Hashable & Sendable>: Hashable, Sendable {
    /// The value of every element, while they are all the same.
    package private(set) var constant: Value?
    /// One value per element, once they differ.
    package private(set) var varying: [Value] = []
    package private(set) var count = 0

    package init() {}

    package init(constant: Value, count: Int) {
        self.constant = constant
        self.count = count
    }

    /// A column of `values`, kept as one value when they are all the same (so equal columns compare equal).
    package init(varying values: [Value]) {
        for value in values { append(value) }
    }

    package mutating func append(_ value: Value) {
        defer { count += 1 }
        if !varying.isEmpty {
            varying.append(value)
        } else if count == 0 {
            constant = value
        } else if let constant, constant != value {
            varying = Array(repeating: constant, count: count)
            varying.append(value)
        }
    }

    package subscript(index: Int) -> Value {
        precondition(index >= 0 && index < count, "index \(index) outside 0..<\(count)")
        if varying.isEmpty, let constant { return constant }
        return varying[index]
    }
}

extension SampleColumns {
    /// `count` samples at no valid position: what a stroke whose stored samples cannot be read gives.
    init(unreadable count: Int) {
        xs = Array(repeating: .nan, count: count)
        ys = xs
        times = Array(repeating: 0, count: count)
        presence = CompactColumn(constant: 0, count: count)
        tools = CompactColumn(constant: .pen, count: count)
        serials = CompactColumn(constant: 0, count: count)
    }

    /// Samples from stored columns (the native file), or nil when the columns are inconsistent or hold a value no
    /// live stroke could have made.
    package init?(
        xs: [Float], ys: [Float], times: [UInt32], baseTime: UInt64, pressures: [UInt16], tiltsX: [Int16],
        tiltsY: [Int16], rotations: [UInt16], distances: [UInt16], presence: CompactColumn<UInt8>,
        tools: CompactColumn<ToolKind>, serials: CompactColumn<UInt64>
    ) {
        let count = xs.count
        guard count <= Limits.samplesPerStroke, ys.count == count, times.count == count, presence.count == count,
            tools.count == count, serials.count == count
        else { return nil }
        let limit = Float(Limits.coordinate)
        guard xs.allSatisfy({ $0.isFinite && abs($0) <= limit }), ys.allSatisfy({ $0.isFinite && abs($0) <= limit })
        else { return nil }
        // Each sample's time is the base plus its offset: a base so late that the sum overflows is no recording.
        guard baseTime <= UInt64.max - UInt64(UInt32.max) else { return nil }
        let tiltLimit = Int16(90 * 256)
        guard tiltsX.allSatisfy({ abs($0) <= tiltLimit }), tiltsY.allSatisfy({ abs($0) <= tiltLimit }) else {
            return nil
        }
        // An axis column is either absent or complete, and a sample may claim only axes whose column exists.
        var available = Presence.serial
        for (column, flag) in [
            (pressures.count, Presence.pressure), (tiltsX.count, .tiltX), (tiltsY.count, .tiltY),
            (rotations.count, .rotation), (distances.count, .distance),
        ] {
            guard column == 0 || column == count else { return nil }
            if column == count && count > 0 { available.insert(flag) }
        }
        for index in 0..<count where !available.isSuperset(of: Presence(rawValue: presence[index])) { return nil }
        self.init()
        self.xs = xs
        self.ys = ys
        self.times = times
        self.baseTime = count > 0 ? baseTime : 0
        self.pressures = pressures
        self.tiltsX = tiltsX
        self.tiltsY = tiltsY
        self.rotations = rotations
        self.distances = distances
        self.presence = presence
        self.tools = tools
        self.serials = serials
    }
}
