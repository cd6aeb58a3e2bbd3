import CStamping
import Dispatch
import Foundation
import MaLiangCore

/// Strokes turned into stamps on the device (Shaders/expand.comp): the host copies each stroke's samples and its
/// brush's numbers (``ExpansionBatch``), one invocation walks each stroke, and the stamps are those the host's
/// ``StrokeBuilder`` makes, in its order, within float rounding.
final class StrokeExpander {
    /// Push constants of Shaders/expand.comp.
    struct Push {
        var strokeCount: UInt32
    }

    /// Strokes an invocation group walks.
    static let strokesPerGroup = 64
    /// Most stamps one stroke may be given room for on the device; a stroke that may make more is stamped on the host.
    static let stampsPerStroke = 4_000_000
    /// Most stamps a batch gives room for: 192 MiB of them, within what one storage buffer may span (tests make it
    /// smaller to walk several batches).
    var stampsPerBatch: Int

    let context: VulkanContext
    private let kernel: BufferKernel<Push>

    /// The expander, or nil where the device cannot run it (no push descriptors, no doubles or 64-bit integers).
    static func make(_ context: VulkanContext) throws(VulkanError) -> StrokeExpander? {
        guard context.supportsStrokeExpansion else { return nil }
        return try StrokeExpander(context)
    }

    private init(_ context: VulkanContext) throws(VulkanError) {
        self.context = context
        stampsPerBatch = min(Int(context.limits.maxStorageBufferRange) / MemoryLayout<MLMadeStamp>.stride, 1 << 22)
        kernel = try BufferKernel(context, code: ShaderCode.expand_comp, name: "expand.comp", bufferCount: 7)
    }

    /// A batch's inputs on the device and room for its stamps: expanded by ``record(_:_:)``, as often as wanted.
    final class Prepared {
        let batch: ExpansionBatch
        /// Headers, samples' words, curve tables, copies, stamps, counts, samples' halves: the shader's bindings 0
        /// to 6.
        let buffers: [GPUBuffer]

        /// With `stamps` and `counts`, the stamps and counts go there (buffers the caller keeps, large enough).
        init(_ batch: ExpansionBatch, context: VulkanContext, stamps: GPUBuffer? = nil, counts: GPUBuffer? = nil)
            throws(VulkanError)
        {
            self.batch = batch
            func upload<Element>(_ values: [Element]) throws(VulkanError) -> GPUBuffer {
                let buffer = try GPUBuffer(context, size: values.count * MemoryLayout<Element>.stride, usage: .storage)
                values.withUnsafeBytes { bytes in
                    if let base = bytes.baseAddress { buffer.contents.copyMemory(from: base, byteCount: bytes.count) }
                }
                return buffer
            }
            let madeStamps =
                if let stamps { stamps } else {
                    try GPUBuffer(
                        context, size: batch.stampCapacity * MemoryLayout<MLMadeStamp>.stride,
                        usage: [.storage, .copiedTo])
                }
            let madeCounts =
                if let counts { counts } else {
                    try GPUBuffer(context, size: batch.strokeCount * 4, usage: [.storage, .copiedTo])
                }
            buffers = [
                try upload(batch.strokes), try upload(batch.sampleWords), try upload(batch.curves),
                try upload(batch.copies),
                madeStamps,
                madeCounts,
                try upload(batch.halves),
            ]
        }
    }

    /// As many of `strokes` (from the first, each with the samples given) as fit the room for ``stampsPerBatch``
    /// stamps, laid out for the device, and which of them are: a stroke that may make more than ``stampsPerStroke``
    /// is left out, for the host to stamp (and with `endsAtLeftOut`, ends the batch: the strokes after it wait for
    /// it). At least one stroke is taken. Each stroke's room is a multiple of `roomAlignment` stamps.
    func batch(_ strokes: ArraySlice<(Stroke, StrokeSamples)>, roomAlignment: Int = 1, endsAtLeftOut: Bool = false)
        -> (batch: ExpansionBatch, included: [Bool])
    {
        var batch = ExpansionBatch()
        var included: [Bool] = []
        var window = strokes.startIndex
        // Strokes are measured a window at a time on every core (a builder and its pressure curve, a walk over
        // the samples for the room), then laid out in order until the room is full.
        while window < strokes.endIndex {
            let end = min(window + Self.strokesMeasuredAtOnce, strokes.endIndex)
            for (builder, columns, bound) in Self.measure(strokes[window..<end]) {
                guard bound <= Double(Self.stampsPerStroke) else {
                    included.append(false)
                    if endsAtLeftOut { return (batch, included) }
                    continue
                }
                let room = (Int(bound) + roomAlignment - 1) / roomAlignment * roomAlignment
                guard included.isEmpty || batch.stampCapacity + room <= stampsPerBatch else {
                    return (batch, included)
                }
                batch.add(columns, of: builder, bound: room)
                included.append(true)
            }
            window = end
        }
        return (batch, included)
    }

    /// Strokes measured at once on every core: a window past the room's end is measured for nothing.
    static let strokesMeasuredAtOnce = 512

    /// Each stroke's builder, samples and room bound, worked out on every core.
    private static func measure(_ strokes: ArraySlice<(Stroke, StrokeSamples)>)
        -> [(StrokeBuilder, SampleColumns, Double)]
    {
        let pieces = min(strokes.count, ProcessInfo.processInfo.activeProcessorCount * 2)
        guard pieces > 1 else {
            return strokes.map { stroke, samples in
                let builder = stroke.makeBuilder()
                return (builder, samples.columns, builder.stampBound(of: samples.columns))
            }
        }
        var results = [(StrokeBuilder, SampleColumns, Double)?](repeating: nil, count: strokes.count)
        let first = strokes.startIndex
        results.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let output = buffer
            nonisolated(unsafe) let input = strokes
            DispatchQueue.concurrentPerform(iterations: pieces) { piece in
                let range = (input.count * piece / pieces)..<(input.count * (piece + 1) / pieces)
                for index in range {
                    let (stroke, samples) = input[first + index]
                    let builder = stroke.makeBuilder()
                    let columns = samples.columns
                    output[index] = (builder, columns, builder.stampBound(of: columns))
                }
            }
        }
        return results.compactMap { $0 }
    }

    func prepare(_ batch: ExpansionBatch) throws(VulkanError) -> Prepared { try Prepared(batch, context: context) }

    /// Records the expansion of `prepared`'s strokes.
    func record(_ prepared: Prepared, _ commands: CommandRecorder) throws(VulkanError) {
        guard prepared.batch.strokeCount > 0 else { return }
        let groups = (prepared.batch.strokeCount + Self.strokesPerGroup - 1) / Self.strokesPerGroup
        try kernel.record(
            prepared.buffers, Push(strokeCount: UInt32(prepared.batch.strokeCount)), groupsX: groups, commands)
    }

    /// Each stroke's stamps as the device made them (after ``record(_:_:)`` has run); nil for a stroke whose walk
    /// did not finish.
    func stamps(of prepared: Prepared) -> [[Stamp]?] {
        let batch = prepared.batch
        let counts = prepared.buffers[5].contents.bindMemory(to: UInt32.self, capacity: batch.strokeCount)
        let made = prepared.buffers[4].contents.bindMemory(to: MLMadeStamp.self, capacity: batch.stampCapacity)
        return batch.strokes.indices.map { stroke in
            let count = counts[stroke]
            guard count & Self.unfinished == 0 else { return nil }
            let base = Int(batch.strokes[stroke].outputBase)
            return (base..<(base + Int(count & ~Self.truncated))).map { index in
                let stamp = made[index]
                return Stamp(
                    x: stamp.x, y: stamp.y, size: stamp.size, angle: stamp.angle, red: stamp.red, green: stamp.green,
                    blue: stamp.blue, alpha: stamp.alpha, flow: stamp.flow,
                    textureSlot: UInt16(truncatingIfNeeded: stamp.slot),
                    layer: StampLayer(rawValue: UInt8(truncatingIfNeeded: stamp.layer)) ?? .paint)
            }
        }
    }

    /// The count's flag for a stroke over ``StrokeBuilder/stampLimit`` (the host's builder drops the same stamps).
    static let truncated: UInt32 = 1 << 31
    /// The count's flag for a stroke whose walk did not finish (more stamps than its room, or the device ended its
    /// loops: lavapipe ends an invocation's loops after 65,535 turns in all): its stamps are not all there.
    static let unfinished: UInt32 = 1 << 30

    /// `strokes` expanded on the device and read back, a batch at a time: each stroke's stamps, or nil for one the
    /// device did not expand (over ``stampsPerStroke``, or its walk unfinished).
    func expand(_ strokes: [Stroke]) throws(VulkanError) -> [[Stamp]?] {
        let loaded = strokes.map { ($0, $0.samples.loaded()) }
        var expanded: [[Stamp]?] = []
        while expanded.count < loaded.count {
            let (batch, included) = self.batch(loaded[expanded.count...])
            let prepared = try prepare(batch)
            try context.submitAndWait { commands throws(VulkanError) in try record(prepared, commands) }
            var made = stamps(of: prepared).makeIterator()
            expanded += included.map { $0 ? made.next() ?? nil : nil }
        }
        return expanded
    }
}
