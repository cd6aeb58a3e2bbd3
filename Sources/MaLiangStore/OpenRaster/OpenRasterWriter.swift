import Foundation

/// One layer of an OpenRaster file: its pixels (a PNG) placed at `x`, `y` on the page, and how it is composed.
public struct OpenRasterLayer: Sendable {
    public var name: String
    public var png: Data
    public var x: Int
    public var y: Int
    public var opacity: Double
    public var isVisible: Bool
    public var isLocked: Bool
    /// The spec's `composite-op`: `svg:src-over`, `svg:multiply`, `svg:screen`, `svg:overlay`…
    public var compositeOp: String

    public init(
        name: String, png: Data, x: Int = 0, y: Int = 0, opacity: Double = 1, isVisible: Bool = true,
        isLocked: Bool = false, compositeOp: String = "svg:src-over"
    ) {
        self.name = name
        self.png = png
        self.x = x
        self.y = y
        self.opacity = opacity
        self.isVisible = isVisible
        self.isLocked = isLocked
        self.compositeOp = compositeOp
    }
}

/// Writes OpenRaster files (`.ora`, the layered interchange format of Krita, GIMP, MyPaint, Pinta and Drawpile) as
/// the spec (0.0.5) lays them out: `mimetype` first and stored, `stack.xml`, each layer's PNG under `data/`, the
/// flattened `mergedimage.png` and `Thumbnails/thumbnail.png` (at most 256 a side). The file appears whole or not
/// at all.
public enum OpenRasterWriter {
    /// Writes a `width`×`height` image of `layers` (the topmost first) to `url`.
    public static func write(
        to url: URL, width: Int, height: Int, layers: [OpenRasterLayer], merged: Data, thumbnail: Data
    ) throws(StoreError) {
        try AtomicFile.write(
            try archive(width: width, height: height, layers: layers, merged: merged, thumbnail: thumbnail), to: url)
    }

    /// The file's bytes.
    package static func archive(width: Int, height: Int, layers: [OpenRasterLayer], merged: Data, thumbnail: Data)
        throws(StoreError) -> Data
    {
        let zip = try ZipWriter()
        try zip.add("mimetype", Data("image/openraster".utf8), compressed: false)
        try zip.add("stack.xml", Data(stackXML(width: width, height: height, layers: layers).utf8), compressed: true)
        for (index, layer) in layers.enumerated() {
            try zip.add(source(of: index, in: layers), layer.png, compressed: false)
        }
        try zip.add("Thumbnails/thumbnail.png", thumbnail, compressed: false)
        try zip.add("mergedimage.png", merged, compressed: false)
        return try zip.finish()
    }

    /// The stack: layers topmost first, each naming its PNG.
    static func stackXML(width: Int, height: Int, layers: [OpenRasterLayer]) -> String {
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <image version="0.0.5" w="\(width)" h="\(height)" xres="72" yres="72">
              <stack>

            """
        for (index, layer) in layers.enumerated() {
            let opacity = String(format: "%.4f", min(max(layer.opacity, 0), 1))
            // edit-locked is Krita's and MyPaint's; the spec has no word for a locked layer.
            xml += """
                    <layer name="\(escaped(layer.name))" src="\(source(of: index, in: layers))" x="\(layer.x)" \
                y="\(layer.y)" opacity="\(opacity)" visibility="\(layer.isVisible ? "visible" : "hidden")" \
                composite-op="\(escaped(layer.compositeOp))"\(layer.isLocked ? " edit-locked=\"true\"" : "")/>

                """
        }
        return xml + "  </stack>\n</image>\n"
    }

    /// Where layer `index`'s PNG goes: numbered from the bottom, as other programs number theirs.
    static func source(of index: Int, in layers: [OpenRasterLayer]) -> String {
        "data/layer\(layers.count - 1 - index).png"
    }

    /// `text` as an XML attribute value: markup characters as entities, characters XML 1.0 cannot hold left out.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\t", "\n", "\r": result += "&#\(scalar.value);"
            case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value): continue
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
