import Foundation
import MaLiangCore
import MaLiangEditor

/// Brushes: the canvas draws pen, finger and mouse strokes with its current brush.
///
/// MaLiang's brushes are objects that remember their canvas (`brush.use()`); here a brush is a value — a stroke
/// keeps a copy, so changing a brush later never changes what is drawn — and the canvas is told which to use:
/// `canvas.use(pencil)`. Change a brush after `use` and `use` it again.
extension Canvas {
    /// The brush the next pen, finger or mouse stroke uses (the pen's eraser end always erases).
    public var currentBrush: AnyBrush {
        get { session.style.custom ?? session.style.brush(eraser: false) ?? .brush(Brush()) }
        set {
            var style = session.style
            style.custom = newValue
            apply(session.use(style))
        }
    }

    /// Draws the next strokes with `brush`.
    public func use(_ brush: Brush) { currentBrush = .brush(brush) }

    /// Draws the next strokes with a glowing line.
    public func use(_ brush: GlowingBrush) { currentBrush = .glowing(brush) }

    /// Erases with the next strokes.
    public func use(_ brush: Eraser) { currentBrush = .eraser(brush) }

    /// Draws the next strokes with images along the line.
    public func use(_ brush: ChartletBrush) { currentBrush = .chartlet(brush) }

    /// Registers a brush whose stamp is the PNG image at `url`: its alpha, or for an opaque image its darkness
    /// (black paints, white does not). The brush is named after the file ("pencil.png" → "pencil") unless `name`
    /// says otherwise.
    ///
    /// The stamp image is the canvas's, not the drawing's: register it again, under the same name, on a canvas that
    /// opens a drawing made with it.
    public func registerBrush(name: String? = nil, with url: URL) throws -> Brush {
        let png: Data
        do { png = try Data(contentsOf: url) } catch {
            throw CanvasError("cannot read \(url.path): \(error.localizedDescription)")
        }
        return try registerBrush(name: name ?? url.deletingPathExtension().lastPathComponent, with: png)
    }

    /// Registers a brush whose stamp is the PNG image `png` (see ``registerBrush(name:with:)-(String?,URL)``).
    public func registerBrush(name: String, with png: Data) throws -> Brush {
        let brush: Brush
        do { brush = try renderer.registerBrush(name: name, with: png) } catch {
            throw CanvasError("cannot use \(name) as a brush: \(error)")
        }
        registeredBrushes[name] = brush
        return brush
    }

    /// One of the built-in brushes by name — pen, pencil, marker, airbrush, chalk, glow, eraser — in `color`.
    public func builtInBrush(named name: String, color: Color = .black) -> AnyBrush? {
        BrushPresets.brush(named: name, color: color)
    }
}
