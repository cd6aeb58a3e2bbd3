import MaLiangCore

/// What undo needs to take strokes back without re-stamping the document: for recent strokes, a copy of each tile
/// as it was before the stroke (or "no tile"); for clears, the tiles that were cleared.
///
/// Copies are bounded by ``budgetTiles``; the oldest are forgotten first, and a stroke whose copies are gone is
/// taken back by rebuilding only the tiles it touched.
struct TileHistory {
    /// 64 copies of 256² × 8 bytes: 32 MiB — a few dozen ordinary strokes; older ones are rebuilt when undone.
    var budgetTiles = 64
    private var snapshots: [(id: ElementID, tiles: [TileKey: GPUImage?])] = []
    private var clearStashes: [[LayerID: [TileKey: GPUImage]]] = []
    private var storedTiles = 0

    /// Copies the tiles `id` is about to change (level 0 only: smaller levels are made again when restored). Calls
    /// for the same stroke add to its copies. Returns the copies forgotten to stay within the budget: commands
    /// recorded with them may not have run yet, so the caller keeps them until they have.
    @discardableResult
    mutating func remember(_ id: ElementID, tiles: Set<TileKey>, of paint: TileLayer, _ commands: CommandRecorder)
        throws(VulkanError) -> [GPUImage]
    {
        if snapshots.last?.id != id { snapshots.append((id, [:])) }
        let entry = snapshots.count - 1
        for key in tiles where snapshots[entry].tiles[key] == nil {
            guard let current = paint.tile(key) else {
                snapshots[entry].tiles[key] = .some(nil)
                continue
            }
            let copy = try GPUImage(
                paint.context, width: TileLayer.tileSize, height: TileLayer.tileSize, format: TileLayer.format,
                usage: [.sampled, .copiedFrom, .copiedTo])
            commands.initializeLayout(copy)
            commands.barrier()
            commands.copyLevel0(from: current, to: copy)
            snapshots[entry].tiles[key] = copy
            storedTiles += 1
        }
        var forgotten: [GPUImage] = []
        while storedTiles > budgetTiles, snapshots.count > 1 {
            let dropped = snapshots.removeFirst().tiles.values.compactMap { $0 }
            storedTiles -= dropped.count
            forgotten += dropped
        }
        return forgotten
    }

    /// The saved tiles of `id`, removed from the history; nil when they are gone. Only the newest stroke's copies
    /// can be put back as they are: taking back an older stroke invalidates every copy made after it (they hold its
    /// paint), so those are dropped and the caller rebuilds.
    mutating func takeSnapshot(of id: ElementID) -> [TileKey: GPUImage?]? {
        guard let index = snapshots.lastIndex(where: { $0.id == id }) else { return nil }
        let isNewest = index == snapshots.count - 1
        for dropped in snapshots[index...] { storedTiles -= dropped.tiles.values.compactMap { $0 }.count }
        let entry = snapshots[index]
        snapshots.removeSubrange(index...)
        return isNewest ? entry.tiles : nil
    }

    /// Lets every stroke's copies go (a stroke under them changed, so they no longer show what was there). Returns
    /// the copies, for the caller to keep until recorded commands have run.
    mutating func dropSnapshots() -> [GPUImage] {
        let dropped = snapshots.flatMap { $0.tiles.values.compactMap { $0 } }
        snapshots = []
        storedTiles = 0
        return dropped
    }

    /// Clears whose tiles are kept for a quick undo: each holds a whole canvas, so only the newest two; an older
    /// clear undone is rebuilt from the document.
    static let clearStashLimit = 2

    /// Keeps the tiles a clear took away. Returns the tiles of a stash forgotten to stay within the limit (the
    /// caller keeps them until recorded commands have run).
    mutating func stashForClear(_ tiles: [LayerID: [TileKey: GPUImage]]) -> [GPUImage] {
        clearStashes.append(tiles)
        guard clearStashes.count > Self.clearStashLimit else { return [] }
        return clearStashes.removeFirst().values.flatMap(\.values)
    }

    /// The newest clear's tiles, by layer.
    mutating func takeClearStash() -> [LayerID: [TileKey: GPUImage]]? { clearStashes.popLast() }

    /// Tiles held for undo: copies of recent strokes' tiles and the stashes of recent clears.
    var tileCount: Int { storedTiles + clearStashes.reduce(0) { $0 + $1.values.reduce(0) { $0 + $1.count } } }
}
