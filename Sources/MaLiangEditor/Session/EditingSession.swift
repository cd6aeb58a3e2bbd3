import Foundation
import MaLiangCore
import MaLiangStore

/// The editing core: it owns the document, the stroke being drawn, the view, the selection, the current brush and
/// the one input router. Pen, eraser, finger and mouse all arrive as ``InputEvent``s; what they did comes back as
/// ``Effects`` for the shell to apply. No Wayland, no GPU: it is tested by feeding it events.
///
/// It is the document's only writer while it edits it.
public final class EditingSession {
    public let document: Document
    /// Where the document shows in the window.
    var viewport = Viewport()
    public internal(set) var style = BrushStyle()
    /// The image chosen, and where a gesture in progress has it.
    var chosen = ChartletSelection()
    /// The panels under the toolbar, one open at a time, and what each keeps.
    public internal(set) var panels = PanelState()
    /// The last colours painted with, most recent first, at most ``ColorPanel/recentCount`` (the shell keeps them
    /// between sessions).
    public var recentColors: [Color] = [] {
        didSet { recentColors = Array(recentColors.prefix(ColorPanel.recentCount)) }
    }
    /// The brushes kept in files (the shell reads them at start and writes them when the editor saves or deletes).
    public var savedBrushes: [BrushFile] = []
    /// The layer strokes and placed images go on (the top one at first).
    public internal(set) var currentLayer: LayerID
    /// The symmetry new strokes get, and the centre and spokes kept while it is off.
    public internal(set) var symmetrySetting = SymmetrySetting()
    /// What a press on the canvas does: paint, or choose and change elements.
    public internal(set) var tool = CanvasTool.paint
    /// The selection tool's outline, what it holds, and its gesture in progress.
    public internal(set) var selecting = SelectionToolState()
    /// How the fill tool finds its region.
    public internal(set) var fillSetting = FillSettings()
    /// The next press on the canvas takes a colour instead of drawing.
    public internal(set) var isPickingColor = false
    /// Guesses where the pen is going, so the stroke in progress is shown a little ahead of its last sample (nil:
    /// shown as far as the samples go, the last one included). The guess is never saved.
    public var predictor: StrokePredictor? = StrokePredictor()
    /// What each contact is doing, the fingers' gestures, the tools near the tablet.
    var input = ContactState()
    var live: LiveStroke?
    let makeSeed: () -> UInt64
    /// Whether the window has a toolbar (the painting window) or is canvas to its top (a canvas embedded in
    /// another program's window).
    let toolbarBuiltIn: Bool
    /// The toolbar is hidden for now: the drawing has the whole window (Tab, a four-finger tap).
    public internal(set) var isToolbarHidden = false
    /// Whether the window's top strip is the toolbar now, rather than canvas like the rest.
    public var hasToolbar: Bool { toolbarBuiltIn && !isToolbarHidden }

    /// Document pixels → buffer pixels.
    public internal(set) var view: ViewTransform {
        get { viewport.view }
        set { viewport.view = newValue }
    }
    public internal(set) var window: WindowMetrics {
        get { viewport.window }
        set { viewport.window = newValue }
    }
    /// The chartlet that drags, Delete and two fingers act on.
    public internal(set) var selection: ElementID? {
        get { chosen.id }
        set { chosen.id = newValue }
    }
    /// The selected chartlet where a gesture in progress has it (the document changes once, when it ends).
    public internal(set) var chartletPreview: Chartlet? {
        get { chosen.preview }
        set { chosen.preview = newValue }
    }
    /// Fingers only move the view; they never paint.
    public var penOnly: Bool {
        get { input.touches.penOnly }
        set { input.touches.penOnly = newValue }
    }

    /// - Parameters:
    ///   - toolbar: whether presses on the top ``ToolbarLayout/height`` logical pixels go to the toolbar.
    ///   - seeds: where each stroke's seed comes from (random; fixed in tests).
    public init(
        document: Document, toolbar: Bool = true, seeds: @escaping () -> UInt64 = { UInt64.random(in: 1...UInt64.max) }
    ) {
        self.document = document
        currentLayer = document.layers.last?.id ?? .first
        toolbarBuiltIn = toolbar
        makeSeed = seeds
        viewport.view = ViewTransform(scale: 1, offsetX: 0, offsetY: toolbar ? ToolbarLayout.height : 0)
    }

    /// Height of the toolbar strip in logical pixels: 0 without one.
    var toolbarHeight: Double { hasToolbar ? ToolbarLayout.height : 0 }

    /// What a contact (a pen tip, a finger, a mouse button) is doing.
    enum Contact {
        case toolbar
        case painting
        /// Moving the view; the last position in logical window pixels.
        case panning(x: Double, y: Double)
        case draggingChartlet(ChartletDrag)
        /// Choosing a colour on the open panel: the part pressed keeps the drag (a drag off the ring still turns
        /// the hue).
        case choosingColor(ColorPanel.Part)
        /// Setting the brush on the open brush editor: a slider or a curve point follows the contact.
        case editingBrush(BrushEditorDrag)
        /// Dragging a layer's opacity on the layer panel.
        case layerOpacity(LayerID)
        /// Moving the symmetry guide's centre; its offset from the contact, document pixels.
        case movingSymmetryCenter(dx: Double, dy: Double)
        /// Drawing the selection tool's outline.
        case outliningSelection
        /// Moving, scaling or turning the selection.
        case transformingSelection(SelectionDrag)
        /// A press that a panel (colour, brush editor, New) took, or that closed one: nothing follows it, and a
        /// finger's never reaches the touch tracker.
        case onPanel
        /// A drag on a panel's background, scrolling a panel taller than the window; the last position, logical
        /// window pixels.
        case scrollingPanel(y: Double)
        /// Nothing more to do until it ends (a picked colour, a selection click).
        case ignored
    }

    /// The stroke being drawn.
    struct LiveStroke {
        var builder: StrokeBuilder
        var stroke: Stroke
        /// The contact drawing it.
        var device: InputEvent.Device
        /// Where the guessed continuation shown now lies (to repaint when it is replaced or dropped).
        var predictionAreas: [DocumentRect]
    }

    /// The toolbar as laid out for the window now.
    public var toolbar: ToolbarLayout {
        ToolbarLayout(
            width: window.width, height: window.height, showsClose: window.showsClose, hasPad: panels.pad != nil)
    }

    /// Whether a stroke is being drawn.
    public var isDrawing: Bool { live != nil }

    // MARK: - Input

    /// Routes one input event: toolbar, image, view, colour pick or paint — decided here, once, for every device.
    public func handle(_ event: InputEvent) -> Effects {
        var effects = route(event)
        effects.append(followControlSize(event))
        return effects
    }

    private func route(_ event: InputEvent) -> Effects {
        if event.isTabletTool { noteProximity(event) }
        if case .touch = event.device { return handleTouch(event) }
        switch event.phase {
        case .hover:
            return Effects()
        case .down:
            guard input.contacts[event.device] == nil else { return Effects() }
            return beginContact(event)
        case .move:
            return continueContact(event)
        case .up, .leave:
            return endContact(event)
        case .cancel:
            return cancelContact(event.device)
        case .buttonPressed(let buttons):
            return buttons.contains(.barrelUpper) ? perform(.undo) : Effects()
        }
    }

    /// Ends every contact as if lifted: a stroke in progress is committed, a gesture becomes its undo step. Call
    /// before closing, so closing never loses work.
    public func finishContacts() -> Effects {
        var effects = Effects()
        for device in input.contacts.keys.sorted(by: { "\($0)" < "\($1)" }) {
            effects.append(endContact(device: device))
        }
        if input.fingersOnChartlet { effects.append(endChartletGesture()) }
        return effects
    }

    private func noteProximity(_ event: InputEvent) { input.noteProximity(event) }

    /// The panels are sized for the device whose contact just lifted: a finger (not a palm) or a pen or mouse.
    private func followControlSize(_ event: InputEvent) -> Effects {
        guard case .up = event.phase else { return Effects() }
        let controls: ControlSize
        if case .touch = event.device {
            guard !penActive(at: event.received) else { return Effects() }
            controls = .touch
        } else {
            controls = .pointer
        }
        guard controls != panels.controls else { return Effects() }
        panels.fit.controls = controls
        panels.fit.scroll = 0
        var effects = Effects()
        effects.redraw = true
        return effects
    }

    /// Whether touches are palms: a pen is in proximity, or left it less than half a second ago.
    func penActive(at now: UInt64) -> Bool { input.penActive(at: now) }

    // MARK: - Coordinates

    /// Window (logical) pixels → document pixels.
    public func documentPoint(x: Double, y: Double) -> Point {
        let (docX, docY) = view.invert(x * window.scale, y * window.scale)
        return Point(x: docX, y: docY)
    }

    /// The document point under the centre of the window's canvas area.
    public var centerOfView: Point {
        let (x, y) = view.invert(
            window.bufferWidth / 2, (window.bufferHeight + toolbarHeight * window.scale) / 2)
        return Point(x: x, y: y)
    }

    /// The sample an event gives the stroke engine.
    func sample(_ event: InputEvent) -> InputSample {
        InputSample(
            position: documentPoint(x: event.x, y: event.y), pressure: event.pressure, tiltX: event.tiltX,
            tiltY: event.tiltY, rotation: event.rotation, distance: event.distance, time: event.time,
            tool: event.tool, deviceSerial: event.hardwareSerial)
    }
}

/// Where the document shows in the window: the view transform and the window it shows in.
struct Viewport {
    /// Document pixels → buffer pixels.
    var view = ViewTransform()
    /// What a pan moved below a whole pixel while the view sits on whole pixels (see
    /// ``EditingSession/snapToWholePixels()``).
    var panRemainder = (x: 0.0, y: 0.0)
    var window = WindowMetrics()
}

/// The image chosen on the canvas, and where a gesture in progress has it.
struct ChartletSelection {
    /// The chartlet that drags, Delete and two fingers act on.
    var id: ElementID?
    /// The selected chartlet where a gesture in progress has it (the document changes once, when it ends).
    var preview: Chartlet?
}

/// The window as the editing core needs it.
public struct WindowMetrics: Equatable, Sendable {
    /// Logical size (surface coordinates).
    public var width: Double = 1280
    public var height: Double = 800
    /// Buffer pixels per logical pixel.
    public var scale: Double = 1
    /// The compositor draws no title bar: the toolbar is ours to drag, and it shows a close button.
    public var showsClose = true

    public init(width: Double = 1280, height: Double = 800, scale: Double = 1, showsClose: Bool = true) {
        self.width = width
        self.height = height
        self.scale = scale
        self.showsClose = showsClose
    }

    public var bufferWidth: Double { (width * scale).rounded(.up) }
    public var bufferHeight: Double { (height * scale).rounded(.up) }
}
