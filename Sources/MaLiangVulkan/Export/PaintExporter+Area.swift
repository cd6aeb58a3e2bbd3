import Foundation
import MaLiangCore

extension PaintExporter {
    /// The rectangle of document pixels an export of `area` shows: within the page, on whole pixels (rounded
    /// outwards). A drawing with nothing drawn, or a rectangle outside the page, is an error that says so.
    func exportRect(_ area: ExportArea) throws(VulkanError) -> DocumentRect {
        let page = DocumentRect(x: 0, y: 0, width: document.size.width, height: document.size.height)
        let wanted: DocumentRect
        switch area {
        case .page:
            return page
        case .drawn:
            guard let drawn = drawnArea() else {
                throw VulkanError("nothing is drawn: there is no drawn area to export")
            }
            wanted = drawn
        case .rectangle(let rect):
            guard [rect.x, rect.y, rect.width, rect.height].allSatisfy(\.isFinite), rect.width > 0, rect.height > 0
            else {
                throw VulkanError("an export rectangle needs a finite position and a positive size")
            }
            wanted = rect
        }
        let left = max(wanted.x.rounded(.down), 0)
        let top = max(wanted.y.rounded(.down), 0)
        let right = min((wanted.x + wanted.width).rounded(.up), page.width)
        let bottom = min((wanted.y + wanted.height).rounded(.up), page.height)
        guard right > left, bottom > top else {
            throw VulkanError(
                "the area \(Int(wanted.x)),\(Int(wanted.y)) \(Int(wanted.width))×\(Int(wanted.height)) lies outside the page"
            )
        }
        return DocumentRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// Where the strokes (not the eraser's) and images of shown layers reach: each stamp's disc and its
    /// antialiased rim (a textured stamp's turned square), and each image's turned rectangle. Nil when nothing is
    /// drawn.
    func drawnArea() -> DocumentRect? {
        let shown = Set(document.layers.filter { $0.isVisible && $0.opacity > 0 }.map(\.id))
        let strokes = document.elements.compactMap { element -> Stroke? in
            guard case .stroke(let stroke) = element, !stroke.brush.isEraser, shown.contains(stroke.layer) else {
                return nil
            }
            return stroke
        }
        var area: DocumentRect?
        var source = StampSource(strokes)
        for (index, stroke) in strokes.enumerated() {
            // The half-diagonal of a texture's square, or the radius of a round.
            let extent = stroke.brush.base.textureID == nil && !stroke.brush.isChartlet ? 0.5 : 0.7072
            let stamps = source.stamps(at: index)
            guard
                let reach = DocumentRect(
                    covering: stamps.lazy.map { (Double($0.x), Double($0.y), Double($0.size) * extent + 1) })
            else { continue }
            area = area.map { $0.union(reach) } ?? reach
        }
        for case .chartlet(let chartlet) in document.elements where shown.contains(chartlet.layer) {
            let c = cos(chartlet.angle)
            let s = sin(chartlet.angle)
            let halfWidth = (abs(c) * chartlet.size.width + abs(s) * chartlet.size.height) / 2
            let halfHeight = (abs(s) * chartlet.size.width + abs(c) * chartlet.size.height) / 2
            let reach = DocumentRect(
                x: chartlet.center.x - halfWidth, y: chartlet.center.y - halfHeight, width: 2 * halfWidth,
                height: 2 * halfHeight)
            area = area.map { $0.union(reach) } ?? reach
        }
        return area
    }
}
