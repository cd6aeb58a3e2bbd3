import MaLiangVulkan

/// The list of keys and gestures (F1 or ?): a panel in the middle of the window, keys on the left and what they do on
/// the right, until F1 or ? again, or a press anywhere.
final class ShortcutSheet {
    static let entries: [(keys: String, action: String)] = [
        ("Ctrl+Z", "Undo"), ("Ctrl+Shift+Z, Ctrl+Y", "Redo"),
        ("1 … 8", "Pen, pencil, marker, airbrush, chalk, glow, eraser, stickers"),
        ("E / B", "Eraser / back to the brush"), ("[ / ]", "Smaller / larger brush"),
        ("Hex digits, Return", "With the colour panel open: type a colour (3A7BD5)"),
        ("F5", "Brush editor: settings, pressure curve, saved brushes"),
        ("F6", "Layers: new, copy, delete, order, show, lock, opacity, blend"),
        ("0", "Show the whole drawing"), ("Ctrl+1", "One drawing pixel per screen pixel"),
        ("H", "Mirror the view left to right (the drawing is unchanged)"),
        ("Y", "Symmetry: off, vertical, horizontal, both, radial"), (", / .", "Fewer / more spokes (radial)"),
        ("Drag the guide's centre", "Move the symmetry's centre (mouse, finger, pen's lower button)"),
        ("G", "Fill: tap inside a closed shape (T all layers, R gaps closed)"),
        ("S", "Select: draw around strokes and images"), ("R / T", "Rectangle or lasso / touched or enclosed"),
        ("Drag the box", "Move it; a corner scales (Shift or a second finger: freely), the handle turns"),
        ("Shift+H / Shift+V", "Flip the selection"), ("Ctrl+A / Escape", "Select all / none"),
        ("Ctrl+C / X / V, Ctrl+D", "Copy / cut / paste, duplicate the selection"),
        ("C, Shift+Page Up / Down", "Recolour the selection, send it a layer up / down"),
        ("Space + drag, middle button", "Move the view"), ("Ctrl + scroll, pinch", "Zoom"),
        ("Two fingers", "Move, zoom and turn the view"), ("Two / three fingers, a tap", "Undo / redo"),
        ("Four fingers, a tap; Tab", "Hide or show the toolbar"),
        ("Pen's lower button", "Move the view; select an image"),
        ("Pen's upper button", "Undo"), ("P", "Pen only: fingers never paint"), ("Ctrl+V, drop", "Place an image"),
        ("Delete", "Delete the selected image"), ("Ctrl+Delete", "Clear the drawing (undo brings it back)"),
        ("Ctrl+N / Ctrl+O", "New drawing / open a drawing"), ("Ctrl+Shift+S", "Save as (and go on there)"),
        ("Ctrl+Shift+E", "Export as PNG or OpenRaster"), ("Ctrl+S", "Save now (every stroke is saved anyway)"),
        ("F10, then arrows, Return", "The menu: move through it, do the item, Escape closes"),
        ("F11", "Full screen"), ("F1, ?", "This list"),
    ]

    private let renderer: CanvasRenderer
    private let background: OverlayImage?
    private var cached: (scale: Double, keys: TextLine, actions: TextLine, images: (OverlayImage, OverlayImage))?

    init(renderer: CanvasRenderer) {
        self.renderer = renderer
        // Opaque: no stroke shows behind the words.
        background = try? renderer.makeOverlay(premultiplied: [20, 20, 24, 255], width: 1, height: 1)
    }

    /// The panel centred in a window of `width`×`height` buffer pixels.
    func overlays(width: Double, height: Double, scale: Double) throws -> [OverlayPlacement] {
        if cached?.scale != scale {
            cached = nil
            let keys = TextLine(
                Self.entries.map(\.keys).joined(separator: "\n"), font: "Sans Bold 10", scale: scale,
                color: (0.75, 0.82, 1, 1), maxWidth: 0)
            let actions = TextLine(
                Self.entries.map(\.action).joined(separator: "\n"), scale: scale, color: (0.95, 0.95, 0.95, 1),
                maxWidth: 0)
            if let keys, let actions {
                cached = (
                    scale, keys, actions,
                    (
                        try renderer.makeOverlay(premultiplied: keys.pixels, width: keys.width, height: keys.height),
                        try renderer.makeOverlay(
                            premultiplied: actions.pixels, width: actions.width, height: actions.height)
                    )
                )
            }
        }
        guard let cached, let background else { return [] }
        let padding = 20 * scale
        let gap = 24 * scale
        let panelWidth = Double(cached.keys.width + cached.actions.width) + gap + 2 * padding
        let panelHeight = Double(max(cached.keys.height, cached.actions.height)) + 2 * padding
        let x = max((width - panelWidth) / 2, 0)
        let y = max((height - panelHeight) / 2, 0)
        return [
            OverlayPlacement(background, x: x, y: y, width: panelWidth, height: panelHeight),
            OverlayPlacement(
                cached.images.0, x: x + padding, y: y + padding, width: Double(cached.keys.width),
                height: Double(cached.keys.height)),
            OverlayPlacement(
                cached.images.1, x: x + padding + Double(cached.keys.width) + gap, y: y + padding,
                width: Double(cached.actions.width), height: Double(cached.actions.height)),
        ]
    }
}
