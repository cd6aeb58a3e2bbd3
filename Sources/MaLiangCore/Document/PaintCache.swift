/// Paint already stamped, kept beside a document (in its file) so that opening it shows the paint without
/// stamping every stroke again. The strokes stay the truth: the paint is kept with a key naming what it was made
/// from, and a renderer uses it only when the key matches the document it opens.
///
/// Tiles are 256×256 pixels of premultiplied RGBA, 16 bits a channel (262,144 values, row by row), at one
/// document pixel per pixel, by layer, column and row from the page's top-left: each layer's own paint, before the
/// layers are composed.
public protocol PaintCache: AnyObject {
    /// The key of the paint kept, or nil when there is none.
    func paintKey() -> String?

    /// Where the kept paint has tiles.
    func paintTiles() -> [TileCoordinate]

    /// The pixels of the kept tiles at `coordinates`; a tile that cannot be read is left out.
    func paintPixels(_ coordinates: [TileCoordinate]) -> [TileCoordinate: [UInt16]]

    /// Replaces the kept paint with the tiles `groups` hands over a group at a time until it returns nil, made from
    /// the content `key` names: all of it is kept, or — when this throws — the paint kept before stays.
    func keepPaint(key: String, groups: () throws -> [(TileCoordinate, [UInt16])]?) throws

    /// Drops the kept paint, if any (it no longer matches, and will not be kept again).
    func forgetPaint() throws
}

/// A tile's column and row, and the layer whose paint it is.
public struct TileCoordinate: Hashable, Sendable {
    /// Tiles from the page's left edge.
    public var column: Int
    /// Tiles from the page's top edge.
    public var row: Int
    /// The layer.
    public var layer: LayerID

    /// The tile at `column`, `row` of `layer`'s paint.
    public init(column: Int, row: Int, layer: LayerID = .first) {
        self.column = column
        self.row = row
        self.layer = layer
    }
}
