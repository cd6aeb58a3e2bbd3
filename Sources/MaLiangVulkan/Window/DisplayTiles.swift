/// Paint tiles already composed over the paper in the window's format, at whole zooms: a frame that shows the
/// page unturned on whole pixels copies them instead of drawing them.
///
/// On a CPU device a copy runs at memory speed, while drawing a window-sized view of tiles costs many times that in
/// fragments; the copy gives the same pixels, since a tile shown 1:1 (or 2:1) samples exactly what is drawn here.
/// Each copy remembers the revision of the paint tile it came from and is redrawn when the tile changes; the least
/// recently shown are let go beyond twice the tiles of one view.
final class DisplayTiles {
    /// Zooms (target pixels per paint pixel) at which tiles are kept composed.
    static let scales = 1...2

    private struct Entry {
        let image: GPUImage
        var revision: UInt64
        var lastShown: UInt64
    }

    private struct Key: Hashable {
        var tile: TileKey
        var scale: Int
    }

    private let context: VulkanContext
    private let pipelines: Pipelines
    private var entries: [Key: Entry] = [:]
    /// What the entries were composed for; any change drops them all.
    private weak var layer: TileLayer?
    private var format = PixelFormat.undefined
    private var paper: [UInt8] = []
    private var frame: UInt64 = 0

    init(_ context: VulkanContext, _ pipelines: Pipelines) {
        self.context = context
        self.pipelines = pipelines
    }

    /// How many composed tiles are kept.
    var count: Int { entries.count }

    /// Starts a frame of `layer` over an opaque paper of `paper` (RGB bytes) in `format`.
    func beginFrame(layer: TileLayer, format: PixelFormat, paper: [UInt8]) {
        if self.layer !== layer || self.format != format || self.paper != paper {
            entries = [:]
            self.layer = layer
            self.format = format
            self.paper = paper
        }
        frame += 1
    }

    /// Tile `key` composed over the paper at `scale`, recording its redraw into `commands` when the paint changed
    /// since; nil where nothing is painted there. Magnified, the tile is drawn from `mosaic`, where the filter
    /// reaches into its neighbours: it is redrawn when they change too, and a cell without paint beside one with
    /// paint shows the edge that reaches over. The caller puts a barrier between these and their copies.
    func tile(_ key: TileKey, scale: Int, mosaic: TileMosaic?, _ commands: CommandRecorder) throws(VulkanError)
        -> GPUImage?
    {
        guard let layer else { return nil }
        let source = layer.tile(key)
        let sampled = scale > 1 ? mosaic : nil
        guard source != nil || (sampled != nil && layer.hasTile(near: key)) else { return nil }
        // Drawn from the mosaic, the tile shows its neighbours' edges: any of their changes counts.
        let revision =
            sampled == nil
            ? layer.revision(of: key)
            : (-1...1).flatMap { row in
                (-1...1).map { layer.revision(of: TileKey(column: key.column + $0, row: key.row + row)) }
            }.max() ?? 0
        let entryKey = Key(tile: key, scale: scale)
        if var entry = entries[entryKey], entry.revision == revision {
            entry.lastShown = frame
            entries[entryKey] = entry
            return entry.image
        }
        let side = TileLayer.tileSize * scale
        let image: GPUImage
        if let existing = entries[entryKey]?.image {
            image = existing
        } else {
            image = try GPUImage(
                context, width: side, height: side, format: format,
                usage: [.drawn, .copiedFrom])
            commands.initializeLayout(image)
        }
        let color = paper.map { Float($0) / 255 }
        commands.beginRendering(image, clear: (color[0], color[1], color[2], 1))
        let corners = QuadPainter.Corners.rectangle(x: 0, y: 0, width: Double(side), height: Double(side))
        if let sampled, let mosaicImage = sampled.image {
            try QuadPainter(pipelines: pipelines).draw(
                mosaicImage, texture: sampled.textureRect(of: key), sampler: .repeating, corners: corners,
                targetWidth: side, targetHeight: side, format: format, blend: .over, commands)
        } else if let source {
            try QuadPainter(pipelines: pipelines).draw(
                source, corners: corners, targetWidth: side, targetHeight: side, format: format, blend: .over,
                commands)
        }
        commands.endRendering()
        entries[entryKey] = Entry(image: image, revision: revision, lastShown: frame)
        return image
    }

    /// Forgets the least recently shown tiles beyond twice `shown` (the tiles of the frame just drawn), so panning
    /// back and forth reuses them while memory follows the view, not the document.
    func endFrame(shown: Int) {
        let keep = max(2 * shown, 16)
        guard entries.count > keep else { return }
        let oldest = entries.sorted { $0.value.lastShown < $1.value.lastShown }.prefix(entries.count - keep)
        for (key, _) in oldest { entries[key] = nil }
    }

    /// Drops every composed tile (the device is being rebuilt, or memory is short).
    func removeAll() { entries = [:] }
}
