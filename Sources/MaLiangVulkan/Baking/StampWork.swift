import CStamping
import Dispatch
import Glibc

/// One run of consecutive strokes turned into kernel stamps and binned on its own, stamp indices from 0.
struct BinnedChunk {
    var bins: CellBins
    var stamps: [MLStamp]
    /// What the kernels read of each of its strokes, in order.
    var strokes: [MLStroke]

    /// Bytes its stamps' and pairs' memory holds.
    var bytes: Int { stamps.capacity * MemoryLayout<MLStamp>.stride + bins.pairBytes }
}

/// Binned stamps: what a stamping kernel reads. Laid out as the kernels read it — the stamps, the strokes, per
/// cell its first entry and entry count (tile n's cells from n × ``cellsPerTile``), then the entries: stamp
/// indices, each cell's in stroke order. Each chunk is written out on its own core, straight into the memory the
/// kernel reads; only the tiles and the cell table are worked out on one core.
struct StampWork {
    /// The tiles reached, by slot.
    let tiles: [TileKey]
    let cellsPerTileSide: Int
    let stampCount: Int
    let strokeCount: Int
    let entryCount: Int
    /// Whether any stroke is textured (the shader's textured variant is needed).
    let isTextured: Bool
    private let chunks: [BinnedChunk]
    private let placements: [Placement]
    /// Per cell: index of its first entry, number of entries.
    private let cellTable: [UInt32]

    /// Where one chunk's share goes.
    private struct Placement {
        var firstStamp: Int
        var firstStroke: Int
        /// Per slot of the chunk: the work's slot, or -1 for a tile not drawn in.
        var slotOf: [Int]
        /// Per cell the chunk reached (``CellBins/reachedCells``): where its first entry goes among its cell's
        /// entries.
        var entryOffsets: [UInt32]
    }

    /// The binned chunks, for their memory to be used again once the work is written out (``StampRun/recycle(_:)``).
    var binnedChunks: [BinnedChunk] { chunks }

    /// The work of `chunks`, binned apart, in their order, for `layer`: each cell lists its stamps in stroke order.
    init(chunks: [BinnedChunk], cellsPerTileSide: Int, layer: TileLayer) {
        self.chunks = chunks
        self.cellsPerTileSide = cellsPerTileSide
        let cellsPerTile = cellsPerTileSide * cellsPerTileSide
        // The work's tiles: a tile that every chunk reached only by erasing is left out where the layer has no paint.
        var slots: [TileKey: Int] = [:]
        var reached: [TileKey] = []
        var painted: [Bool] = []
        var chunkSlots: [[Int]] = []
        for chunk in chunks {
            var mapping: [Int] = []
            mapping.reserveCapacity(chunk.bins.tiles.count)
            for (localSlot, key) in chunk.bins.tiles.enumerated() {
                let slot: Int
                if let existing = slots[key] {
                    slot = existing
                } else {
                    slot = reached.count
                    slots[key] = slot
                    reached.append(key)
                    painted.append(false)
                }
                if !chunk.bins.erasedOnly.contains(localSlot) { painted[slot] = true }
                mapping.append(slot)
            }
            chunkSlots.append(mapping)
        }
        var kept: [TileKey] = []
        var finalSlot = [Int](repeating: -1, count: reached.count)
        for (slot, key) in reached.enumerated() where painted[slot] || layer.tile(key) != nil {
            finalSlot[slot] = kept.count
            kept.append(key)
        }
        tiles = kept
        // Each chunk's place within each cell's entries, chunks in order; then the cells one after another.
        var counts = [UInt32](repeating: 0, count: kept.count * cellsPerTile)
        var placements: [Placement] = []
        placements.reserveCapacity(chunks.count)
        var firstStamp = 0
        var firstStroke = 0
        let perTileShift = cellsPerTile.trailingZeroBitCount
        for (chunk, mapping) in zip(chunks, chunkSlots) {
            let slotOf = mapping.map { finalSlot[$0] }
            // Counted on the chunk's own core as it was binned: laying the chunks out is the one step on a single
            // core, so it visits only the cells each chunk reached, not every cell of its tiles.
            var offsets: [UInt32] = []
            offsets.reserveCapacity(chunk.bins.reachedCells.count)
            for local in chunk.bins.reachedCells.elements {
                let slot = slotOf[Int(local) >> perTileShift]
                guard slot >= 0 else {
                    offsets.append(0)
                    continue
                }
                let cell = (slot << perTileShift) | (Int(local) & (cellsPerTile - 1))
                offsets.append(counts[cell])
                counts[cell] += chunk.bins.cellCounts[Int(local)]
            }
            placements.append(
                Placement(firstStamp: firstStamp, firstStroke: firstStroke, slotOf: slotOf, entryOffsets: offsets))
            firstStamp += chunk.stamps.count
            firstStroke += chunk.strokes.count
        }
        var table = [UInt32](repeating: 0, count: counts.count * 2)
        var position: UInt32 = 0
        for (cell, count) in counts.enumerated() {
            table[cell * 2] = position
            table[cell * 2 + 1] = count
            position += count
        }
        self.placements = placements
        cellTable = table
        stampCount = firstStamp
        strokeCount = firstStroke
        entryCount = Int(position)
        isTextured = chunks.contains { $0.strokes.contains { $0.textureLayer > 0.5 } }
    }

    var cellsPerTile: Int { cellsPerTileSide * cellsPerTileSide }

    var stampBytes: Int { stampCount * MemoryLayout<MLStamp>.stride }
    var strokeBytes: Int { strokeCount * MemoryLayout<MLStroke>.stride }
    var cellWordCount: Int { cellTable.count }
    /// Bytes of the whole layout (each part's size is a multiple of 16 bytes but the entries).
    var byteCount: Int { stampBytes + strokeBytes + (cellTable.count + entryCount) * 4 }

    /// Writes the layout to `destination` (``byteCount`` bytes, 16-byte aligned), a chunk per core.
    func write(to destination: UnsafeMutableRawPointer) {
        let strokes = destination + stampBytes
        let cells = strokes + strokeBytes
        let entries = (cells + cellTable.count * 4).assumingMemoryBound(to: UInt32.self)
        cellTable.withUnsafeBytes { table in
            if let base = table.baseAddress { cells.copyMemory(from: base, byteCount: table.count) }
        }
        nonisolated(unsafe) let output = (destination, strokes, entries)
        nonisolated(unsafe) let work = self
        DispatchQueue.concurrentPerform(iterations: chunks.count) { index in
            let start = BakeTimeline.begin()
            work.writeChunk(index, stamps: output.0, strokes: output.1, entries: output.2)
            BakeTimeline.end(start, .writeChunk)
        }
    }

    /// Writes chunk `index`'s stamps, strokes and entries.
    private func writeChunk(
        _ index: Int, stamps: UnsafeMutableRawPointer, strokes: UnsafeMutableRawPointer,
        entries: UnsafeMutablePointer<UInt32>
    ) {
        let chunk = chunks[index]
        let place = placements[index]
        chunk.stamps.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            (stamps + place.firstStamp * MemoryLayout<MLStamp>.stride).copyMemory(
                from: base, byteCount: bytes.count)
        }
        chunk.strokes.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            (strokes + place.firstStroke * MemoryLayout<MLStroke>.stride).copyMemory(
                from: base, byteCount: bytes.count)
        }
        // Cells per tile is a power of two: a pair's slot and cell are a shift and a mask away.
        let perTileShift = cellsPerTile.trailingZeroBitCount
        let cellMask = cellsPerTile - 1
        // Each reached cell's next entry among all the entries (a tile not drawn in: never read).
        var next = [UInt32](repeating: 0, count: chunk.bins.cellCounts.count)
        for (local, offset) in zip(chunk.bins.reachedCells.elements, place.entryOffsets) {
            let slot = place.slotOf[Int(local) >> perTileShift]
            guard slot >= 0 else { continue }
            next[Int(local)] = cellTable[((slot << perTileShift) | (Int(local) & cellMask)) * 2] + offset
        }
        let stampOffset = UInt32(place.firstStamp)
        next.withUnsafeMutableBufferPointer { next in
            place.slotOf.withUnsafeBufferPointer { slotOf in
                for pair in chunk.bins.pairs.elements {
                    let local = Int(pair.cell)
                    guard slotOf[local >> perTileShift] >= 0 else { continue }
                    entries[Int(next[local])] = pair.stamp + stampOffset
                    next[local] += 1
                }
            }
        }
    }
}
