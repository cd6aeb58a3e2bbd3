import Foundation
import MaLiangCore
import PNGCodec

/// A fill's picture placed at its own size on whole pixels: painted on the host on a CPU device, where drawing it
/// as a quad through the rasteriser costs tens of times more.
struct PlacedPicture {
    /// The picture's top-left pixel on the page and its size.
    let left: Int
    let top: Int
    let width: Int
    let height: Int
    /// Non-zero where the picture is opaque, row by row.
    let coverage: [UInt8]
    /// The picture's colour, premultiplied 16-bit (it is opaque where it covers).
    let color: (UInt16, UInt16, UInt16, UInt16)

    /// The picture a one-dab stroke of a brush whose image keeps its proportions places, when it lands on whole
    /// pixels at its own size, unturned, in one colour over transparency; nil otherwise (the quads draw it).
    init?(_ stroke: Stroke, stamps: [Stamp], png: Data?) {
        guard case .chartlet(let brush) = stroke.brush, brush.keepsProportions, stamps.count == 1, let png,
            let stamp = stamps.first, abs(stamp.angle) < 1e-6, brush.brush.opacity >= 1,
            let decoded = try? PNG.decode(png, depth: .eight), case .rgba8(let bytes) = decoded.pixels
        else { return nil }
        let longer = Double(max(decoded.width, decoded.height))
        let left = Double(stamp.x) - Double(decoded.width) / 2
        let top = Double(stamp.y) - Double(decoded.height) / 2
        guard abs(Double(stamp.size) - longer) < 1e-3, abs(left - left.rounded()) < 1e-3,
            abs(top - top.rounded()) < 1e-3
        else { return nil }
        var coverage = [UInt8](repeating: 0, count: decoded.width * decoded.height)
        var color: (UInt8, UInt8, UInt8)?
        for index in coverage.indices {
            let alpha = bytes[index * 4 + 3]
            if alpha == 0 { continue }
            let here = (bytes[index * 4], bytes[index * 4 + 1], bytes[index * 4 + 2])
            // One colour, fully opaque where it is: anything else is drawn as a picture.
            guard alpha == 255, color.map({ $0 == here }) ?? true else { return nil }
            color = here
            coverage[index] = 1
        }
        guard let color else { return nil }
        self.left = Int(left.rounded())
        self.top = Int(top.rounded())
        width = decoded.width
        height = decoded.height
        self.coverage = coverage
        self.color = (UInt16(color.0) * 257, UInt16(color.1) * 257, UInt16(color.2) * 257, 65535)
    }
}

extension PlacedPicture {
    /// Whether the picture's rectangle reaches tile `key` of `layer` (one document pixel per pixel).
    func reaches(_ key: TileKey, of layer: TileLayer) -> Bool {
        let origin = layer.origin(of: key)
        let side = Double(TileLayer.tileSize)
        return origin.x < Double(left + width) && origin.x + side > Double(left) && origin.y < Double(top + height)
            && origin.y + side > Double(top)
    }
}

extension CPUStamping {
    /// Paints `picture` into `tiles` of `layer` (made where missing): the covered pixels take its colour.
    func paint(_ picture: PlacedPicture, tiles: [TileKey], into layer: TileLayer) throws(VulkanError) {
        var start = 0
        while start < tiles.count {
            let group = Array(tiles[start..<min(start + Self.tilesPerGroup, tiles.count)])
            try paint(picture, group: group, into: layer)
            start += group.count
        }
    }

    private func paint(_ picture: PlacedPicture, group: [TileKey], into layer: TileLayer) throws(VulkanError) {
        let staging = try download(group, of: layer)
        let side = TileLayer.tileSize
        let (red, green, blue, alpha) = picture.color
        picture.coverage.withUnsafeBufferPointer { coverage in
            for (index, key) in group.enumerated() {
                let origin = layer.origin(of: key)
                let tileLeft = Int(origin.x)
                let tileTop = Int(origin.y)
                let texels = staging.contents.advanced(by: index * Self.slotBytes).assumingMemoryBound(to: UInt16.self)
                let rows = max(picture.top, tileTop)..<min(picture.top + picture.height, tileTop + side)
                let columns = max(picture.left, tileLeft)..<min(picture.left + picture.width, tileLeft + side)
                guard !rows.isEmpty, !columns.isEmpty else { continue }
                for y in rows {
                    let source = (y - picture.top) * picture.width - picture.left
                    let target = (y - tileTop) * side - tileLeft
                    for x in columns where coverage[source + x] != 0 {
                        let texel = texels + (target + x) * 4
                        texel[0] = red
                        texel[1] = green
                        texel[2] = blue
                        texel[3] = alpha
                    }
                }
            }
        }
        try upload(group, of: layer, from: staging)
    }
}
