import Foundation
import MaLiangCore
import MaLiangEditor
import MaLiangStore
import MaLiangVulkan
import PNGCodec

/// MaLiang's canvas: a drawing to paint on — from code, or with a pen, a finger or a mouse whose events the
/// program passes on — to place images on, undo, and take pictures of. It is drawn with Vulkan (any GPU, or
/// lavapipe on the CPU), offscreen or on a Wayland surface the program owns (see ``attach(display:surface:)``).
///
/// Every change goes through the same editing core as the painting window, in a fixed order: saved to the document
/// file when the canvas has one, then drawn. A change that cannot be saved stays in memory and is written when
/// saving works again (see ``isSaved`` and ``onMessage``); a drawing failure is repaired from the document. A call
/// that cannot do what it was asked throws a ``CanvasError``.
///
/// Unlike MaLiang on iOS, a canvas belongs to one thread: make it and call it from the same thread.
public final class Canvas {
    package let session: EditingSession
    package let renderer: CanvasRenderer
    /// The document file every change is written to, when the canvas has one.
    package let file: DocumentFile?
    private let saving: SaveQueue?
    package let applier: EffectsApplier
    let frames = FrameRequests()
    var surface: SurfacePresenter?
    /// Whether the GPU can present to Wayland surfaces.
    let presents: Bool
    var surroundings = Color(red: 0.18, green: 0.18, blue: 0.2)
    /// The brushes registered from stamp images, by name (strokes read from MaLiang folders find theirs here).
    var registeredBrushes: [String: Brush] = [:]

    /// The drawing: its elements, images, size and history (MaLiang's `CanvasData`).
    public var data: CanvasData { session.document }

    /// The document file the canvas saves every change to, or nil for a canvas in memory only.
    public var fileURL: URL? { file?.url }

    /// Told every message — what went wrong (a change that cannot be saved, an unusable image) and what went right
    /// again — as it happens; messages from before it was set (parts of the file left out when opening) are told
    /// when it is set. Messages are written nowhere else: show them to the user.
    public var onMessage: ((CanvasMessage) -> Void)? {
        didSet {
            guard let handler = onMessage else { return }
            for message in undelivered { handler(message) }
            undelivered = []
        }
    }
    /// Messages posted while no one listened.
    private var undelivered: [CanvasMessage] = []

    /// The last message, while it is recent (five seconds), for a status line.
    public var lastMessage: CanvasMessage? {
        applier.status.text(at: MonotonicClock.microseconds()).map { CanvasMessage(severity: .init($0.1), text: $0.0) }
    }

    /// Whether every change is in the document file (always true for a canvas without one). When false, changes
    /// wait in memory and ``saveWaitingChanges()`` tries again.
    public var isSaved: Bool { applier.status.saving == .saved }

    /// A canvas kept in memory only.
    ///
    /// - Parameters:
    ///   - size: the page of a new drawing, in drawing pixels.
    ///   - data: the drawing to show and edit; nil makes a new white one of `size`.
    ///   - gpu: the Vulkan device to draw with; nil picks one (a discrete GPU first, lavapipe last).
    public convenience init(size: Size = Size(width: 1024, height: 768), data: CanvasData? = nil, gpu: GPU? = nil)
        throws
    {
        try self.init(document: data ?? Document(size: size), file: nil, gpu: gpu)
    }

    /// A canvas on the document file at `url`: opened when it exists, created with `size` when it does not. Every
    /// change is saved to it as it is made; the undo history is the session's and starts empty.
    public convenience init(file url: URL, size: Size = Size(width: 1024, height: 768), gpu: GPU? = nil) throws {
        let file: DocumentFile
        do throws(StoreError) {
            file =
                FileManager.default.fileExists(atPath: url.path)
                ? try DocumentFile.open(at: url) : try DocumentFile.create(at: url, size: size)
        } catch {
            throw CanvasError(error.message)
        }
        try self.init(document: file.document, file: file, gpu: gpu)
    }

    convenience init(document: Document, file: DocumentFile?, gpu: GPU?) throws {
        let context: VulkanContext
        do { context = try gpu?.context ?? VulkanContext() } catch { throw CanvasError("cannot draw: \(error)") }
        try self.init(document: document, file: file, context: context, presents: gpu?.presenting ?? false)
    }

    /// A canvas on `file`'s document drawn with `context`; with `toolbar`, the top strip of its area is the painting
    /// window's toolbar.
    /// `stamping` hears how far stamping the strokes the file keeps no paint for has come.
    package convenience init(
        file: DocumentFile, context: VulkanContext, toolbar: Bool, stamping: ((Double) -> Void)? = nil
    ) throws {
        try self.init(
            document: file.document, file: file, context: context, presents: true, toolbar: toolbar,
            stamping: stamping)
    }

    private init(
        document: Document, file: DocumentFile?, context: VulkanContext, presents: Bool, toolbar: Bool = false,
        stamping: ((Double) -> Void)? = nil
    ) throws {
        session = EditingSession(document: document, toolbar: toolbar)
        do {
            renderer = try CanvasRenderer(
                document: document, context: context, paintCache: file,
                progress: stamping.map { report in
                    { fraction in
                        report(fraction)
                        return true
                    }
                })
        } catch {
            throw CanvasError("cannot draw: \(error)")
        }
        self.file = file
        self.presents = presents
        saving = file.map(SaveQueue.init(file:))
        applier = EffectsApplier(store: saving, renderer: RendererAdapter(renderer), frames: frames)
        applier.onMessage = { [unowned self] message in
            if let onMessage { onMessage(CanvasMessage(message)) } else { undelivered.append(CanvasMessage(message)) }
        }
        for line in file?.leftOut ?? [] {
            applier.post(StatusMessage(.warning, "Left out of \(file?.url.lastPathComponent ?? "the file"): \(line)"))
        }
    }

    deinit {
        surface?.close()
        keepPaint()
        file?.close()
    }

    /// Keeps the paint in the document file (when it changed since it was last kept there), so the next opening
    /// shows it without stamping every stroke again, and a preview of the page for thumbnails. Only once everything
    /// drawn is in the file; a failure loses nothing (the strokes are the drawing), and is told like any other.
    /// Returns whether the file holds the paint.
    @discardableResult
    package func keepPaint() -> Bool {
        guard let file, file.isOpen, applier.retrySaving() == .saved else { return false }
        do { try PagePreview.keep(renderer, in: file) } catch {
            applier.post(
                StatusMessage(
                    .warning, "No preview of \(file.url.lastPathComponent) could be kept for file managers: \(error)"))
        }
        do {
            try renderer.keepPaint(in: file)
            return true
        } catch {
            applier.post(
                StatusMessage(
                    .warning,
                    "The paint could not be kept in \(file.url.lastPathComponent) for a quicker opening: \(error)"))
            return false
        }
    }

    // MARK: - History

    /// Takes back the last change (a stroke, a placed image, a clear).
    public func undo() { apply(session.perform(.undo)) }

    /// Makes again the last change taken back.
    public func redo() { apply(session.perform(.redo)) }

    /// Removes everything, as one change that ``undo()`` takes back.
    public func clear() { apply(session.perform(.clear)) }

    /// The paper under the drawing: its colour, or transparent for none (exports without a background are
    /// transparent either way). Setting it is one change that ``undo()`` takes back, saved with the drawing.
    public var paper: Color {
        get { data.background }
        set { apply(session.setPaper(newValue)) }
    }

    /// Whether there is a change to take back.
    public var canUndo: Bool { data.canUndo }

    /// Whether there is a change taken back to make again.
    public var canRedo: Bool { data.canRedo }

    /// Tries again to write the changes waiting in memory; returns whether everything is in the file now.
    @discardableResult
    public func saveWaitingChanges() -> Bool { applier.retrySaving() == .saved }

    /// Applies what the editing core returned: saved, drawn, then presented.
    package func apply(_ effects: Effects) { applier.apply(effects) }

    /// Replaces the drawing with `other`'s elements (their brushes matched to this canvas's) and images, as one
    /// change.
    func replaceContent(with other: CanvasData) {
        apply(session.replaceContent(elements: matchingBrushes(other.elements), textures: other.textures))
    }
}
