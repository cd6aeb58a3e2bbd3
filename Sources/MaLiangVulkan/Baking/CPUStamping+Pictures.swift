import Foundation
import MaLiangCore
import PNGCodec

/// A picture placed at its own size on whole pixels — a fill's, or an imported layer's — painted on the host on a
/// CPU device, where drawing it as a quad through the rasteriser costs tens of times more.
struct PlacedPicture {
    /// What is painted: one colour where a mask is set (a fill), or premultiplied RGBA8 pixels blended over.
    enum Pixels {
        case mask(PNGMask)
        case picture(premultiplied: [UInt8])
    }

    /// The picture's top-left pixel on the page.
    let left: Int
    let top: Int
    let width: Int
    let height: Int
    let pixels: Pixels

    /// The picture a one-dab stroke of a brush whose image keeps its proportions places, when it lands on whole
    /// pixels at its own size, unturned and at full opacity; nil otherwise (the quads draw it).
    init?(_ stroke: Stroke, stamps: [Stamp], png: Data?) {
        guard case .chartlet(let brush) = stroke.brush, brush.keepsProportions, stamps.count == 1, let png,
            let stamp = stamps.first, abs(stamp.angle) < 1e-6, brush.brush.opacity >= 1,
            let header = try? PNG.header(of: png)
        else { return nil }
        let longer = Double(max(header.width, header.height))
        let left = Double(stamp.x) - Double(header.width) / 2
        let top = Double(stamp.y) - Double(header.height) / 2
        guard abs(Double(stamp.size) - longer) < 1e-3, abs(left - left.rounded()) < 1e-3,
            abs(top - top.rounded()) < 1e-3, let pixels = Self.pixels(png)
        else { return nil }
        self.left = Int(left.rounded())
        self.top = Int(top.rounded())
        width = header.width
        height = header.height
        self.pixels = pixels
    }

    /// A one-bit picture as a mask; any other as one too when it is one opaque colour over transparency (a fill kept
    /// before fills were one bit a pixel), else premultiplied exactly as ``ChartletImages`` premultiplies for the
    /// quads, so both paint the same.
    private static func pixels(_ png: Data) -> Pixels? {
        if let mask = (try? PNG.decodeMask(png)).flatMap({ $0 }) { return .mask(mask) }
        guard let decoded = try? PNG.decode(png, depth: .eight), case .rgba8(var bytes) = decoded.pixels else {
            return nil
        }
        if let mask = oneColour(bytes, width: decoded.width, height: decoded.height) { return .mask(mask) }
        bytes.withUnsafeMutableBufferPointer { texels in
            for index in stride(from: 0, to: texels.count, by: 4) {
                let alpha = UInt32(texels[index + 3])
                if alpha == 255 { continue }
                for channel in 0..<3 {
                    texels[index + channel] = UInt8((UInt32(texels[index + channel]) * alpha + 127) / 255)
                }
            }
        }
        return .picture(premultiplied: bytes)
    }

    /// RGBA8 `bytes` that are one opaque colour over transparency, as a mask; nil when they are anything else.
    private static func oneColour(_ bytes: [UInt8], width: Int, height: Int) -> PNGMask? {
        let rowBytes = (width + 7) / 8
        var rows = [UInt8](repeating: 0, count: rowBytes * height)
        var color: (UInt8, UInt8, UInt8)?
        for y in 0..<height {
            for x in 0..<width {
                let index = (y * width + x) * 4
                let alpha = bytes[index + 3]
                if alpha == 0 { continue }
                let here = (bytes[index], bytes[index + 1], bytes[index + 2])
                guard alpha == 255, color.map({ $0 == here }) ?? true else { return nil }
                color = here
                rows[y * rowBytes + x >> 3] |= 0x80 >> UInt8(x & 7)
            }
        }
        guard let color else { return nil }
        return try? PNGMask(width: width, height: height, rows: rows, red: color.0, green: color.1, blue: color.2)
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

    /// Whether every pixel of tile `key` of `layer` takes the picture's one colour (a mask's).
    func covers(_ key: TileKey, of layer: TileLayer) -> Bool {
        guard case .mask(let mask) = pixels else { return false }
        let origin = layer.origin(of: key)
        let side = TileLayer.tileSize
        let (x, y) = (Int(origin.x) - left, Int(origin.y) - top)
        guard x >= 0, y >= 0, x + side <= width, y + side <= height else { return false }
        return mask.rows.withUnsafeBufferPointer { bits in
            (y..<(y + side)).allSatisfy { row in
                let base = row * mask.rowBytes
                var column = x
                while column < x + side {
                    if column & 7 == 0 && column + 8 <= x + side {
                        guard bits[base + column >> 3] == 0xFF else { return false }
                        column += 8
                    } else {
                        guard bits[base + column >> 3] & (0x80 >> UInt8(column & 7)) != 0 else { return false }
                        column += 1
                    }
                }
                return true
            }
        }
    }
}

extension CPUStamping {
    /// Paints `picture` into `tiles` of `layer` (made where missing): the covered pixels take its colour. Tiles it
    /// covers whole are cleared to the colour on the device, every level at once, without a trip through the host.
    func paint(_ picture: PlacedPicture, tiles: [TileKey], into layer: TileLayer) throws(VulkanError) {
        let covered = tiles.filter { picture.covers($0, of: layer) }
        if !covered.isEmpty, case .mask(let mask) = picture.pixels {
            let color = (Float(mask.red) / 255, Float(mask.green) / 255, Float(mask.blue) / 255, Float(1))
            try context.submitAndWait { commands throws(VulkanError) in
                var images: [GPUImage] = []
                for key in covered { images.append(try layer.makeTile(key, commands)) }
                commands.barrier()
                for image in images { commands.clear(image, to: color) }
                commands.barrier()
            }
            layer.markChanged(covered, mipmapsMatch: true)
        }
        let cleared = Set(covered)
        let tiles = tiles.filter { !cleared.contains($0) }
        var start = 0
        while start < tiles.count {
            let group = Array(tiles[start..<min(start + Self.tilesPerGroup, tiles.count)])
            try paint(picture, group: group, into: layer)
            start += group.count
        }
    }

    private func paint(_ picture: PlacedPicture, group: [TileKey], into layer: TileLayer) throws(VulkanError) {
        let staging = try download(group, of: layer)
        switch picture.pixels {
        case .mask(let mask): paint(mask, at: picture, group: group, of: layer, in: staging)
        case .picture(let premultiplied): blend(premultiplied, at: picture, group: group, of: layer, in: staging)
        }
        try upload(group, of: layer, from: staging)
    }

    /// The tiles' pixels a group of tiles reaches of `picture`: for each tile, its texels and the rows and columns
    /// (page pixels) the picture covers there.
    private func overlaps(
        _ picture: PlacedPicture, group: [TileKey], of layer: TileLayer, in staging: GPUBuffer,
        _ body: (UnsafeMutablePointer<UInt64>, _ tileLeft: Int, _ tileTop: Int, Range<Int>, Range<Int>) -> Void
    ) {
        let side = TileLayer.tileSize
        for (index, key) in group.enumerated() {
            let origin = layer.origin(of: key)
            let (tileLeft, tileTop) = (Int(origin.x), Int(origin.y))
            let texels = staging.contents.advanced(by: index * Self.slotBytes).assumingMemoryBound(to: UInt64.self)
            let rows = max(picture.top, tileTop)..<min(picture.top + picture.height, tileTop + side)
            let columns = max(picture.left, tileLeft)..<min(picture.left + picture.width, tileLeft + side)
            guard !rows.isEmpty, !columns.isEmpty else { continue }
            body(texels, tileLeft, tileTop, rows, columns)
        }
    }

    /// Blends premultiplied RGBA8 pixels over the tiles' 16-bit premultiplied texels as the quads' "over" blending
    /// does: each channel `source × 257 + texel × (255 − alpha) / 255`.
    private func blend(
        _ premultiplied: [UInt8], at picture: PlacedPicture, group: [TileKey], of layer: TileLayer,
        in staging: GPUBuffer
    ) {
        let side = TileLayer.tileSize
        premultiplied.withUnsafeBufferPointer { source in
            overlaps(picture, group: group, of: layer, in: staging) { texels, tileLeft, tileTop, rows, columns in
                texels.withMemoryRebound(to: UInt16.self, capacity: side * side * 4) { channels in
                    for y in rows {
                        let from = ((y - picture.top) * picture.width - picture.left) * 4
                        let to = ((y - tileTop) * side - tileLeft) * 4
                        for x in columns {
                            let pixel = from + x * 4
                            let alpha = UInt32(source[pixel + 3])
                            if alpha == 0 { continue }
                            let texel = to + x * 4
                            if alpha == 255 {
                                for channel in 0..<4 {
                                    channels[texel + channel] = UInt16(source[pixel + channel]) &* 257
                                }
                                continue
                            }
                            let keep = 255 - alpha
                            for channel in 0..<4 {
                                let under = UInt32(channels[texel + channel])
                                channels[texel + channel] = UInt16(
                                    UInt32(source[pixel + channel]) * 257 + (under * keep + 127) / 255)
                            }
                        }
                    }
                }
            }
        }
    }

    private func paint(
        _ mask: PNGMask, at picture: PlacedPicture, group: [TileKey], of layer: TileLayer, in staging: GPUBuffer
    ) {
        let side = TileLayer.tileSize
        // A texel of the colour, opaque: four 16-bit channels written as one word.
        let texel =
            UInt64(mask.red) * 257 | UInt64(mask.green) * 257 << 16 | UInt64(mask.blue) * 257 << 32 | 0xFFFF << 48
        mask.rows.withUnsafeBufferPointer { bits in
            overlaps(picture, group: group, of: layer, in: staging) { texels, tileLeft, tileTop, rows, columns in
                for y in rows {
                    let source = (y - picture.top) * mask.rowBytes
                    let target = texels + (y - tileTop) * side - tileLeft
                    var x = columns.lowerBound
                    while x < columns.upperBound {
                        let column = x - picture.left
                        let byte = bits[source + column >> 3]
                        // Eight pixels at once where a whole byte lies inside the tile.
                        if column & 7 == 0 && x + 8 <= columns.upperBound && (byte == 0 || byte == 0xFF) {
                            if byte == 0xFF { for step in 0..<8 { target[x + step] = texel } }
                            x += 8
                            continue
                        }
                        if byte & (0x80 >> UInt8(column & 7)) != 0 { target[x] = texel }
                        x += 1
                    }
                }
            }
        }
    }
}
