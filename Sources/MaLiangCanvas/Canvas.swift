import Foundation
import MaLiang
import MaLiangEditor
import MaLiangStore
import MaLiangVulkan
import PNGCodec

/// MaLiang's canvas for programs: a drawing to paint on from code, place images on, undo, and take pictures of,
/// rendered with Vulkan (any GPU, or lavapipe on the CPU) without a window.
///
/// A thin layer over the same parts as the painting window: the editing core (``EditingSession``) makes every
/// change, and each change is applied in the fixed order — saved to the document file when there is one, then
/// drawn. A change that cannot be saved stays in memory and is written when saving works again; a drawing failure
/// is repaired from the document. Both are in ``status``; a call that cannot do what it was asked throws.
public final class Canvas {
    public let session: EditingSession
    public let renderer: CanvasRenderer
    /// The document file every change is written to, when the canvas has one.
    public let file: DocumentFile?
    private let saving: SaveQueue?
    private let applier: EffectsApplier

    /// The drawing (MaLiang's `CanvasData`).
    public var data: CanvasData { session.document }

    /// Messages and errors so far, and where saving stands.
    public var status: StatusLine { applier.status }

    /// A canvas on `document` (a new white page of `size` when nil). With `file`, every change is saved to it.
    public init(
        document: Document? = nil, size: Size = Size(width: 1024, height: 768), file: DocumentFile? = nil,
        context: VulkanContext? = nil
    ) throws {
        let document = try document ?? file?.document ?? Document(size: size)
        session = EditingSession(document: document)
        renderer = try CanvasRenderer(document: document, context: context ?? VulkanContext())
        self.file = file
        saving = file.map(SaveQueue.init(file:))
        applier = EffectsApplier(store: saving, renderer: RendererAdapter(renderer))
    }

    /// A canvas on the document file at `url`, opened (or created with `size`), saving every change to it.
    public convenience init(file url: URL, size: Size = Size(width: 1024, height: 768), context: VulkanContext? = nil)
        throws
    {
        let file =
            FileManager.default.fileExists(atPath: url.path)
            ? try DocumentFile.open(at: url) : try DocumentFile.create(at: url, size: size)
        try self.init(file: file, context: context)
    }

    // MARK: - MaLiang's API

    /// Registers a brush whose stamp is the alpha (or, for opaque images, the darkness) of a PNG image.
    public func registerBrush(name: String, with png: Data) throws -> Brush {
        try renderer.registerBrush(name: name, with: png)
    }

    /// Stores a PNG image in the drawing for chartlets and stickers; returns its id.
    @discardableResult
    public func makeTexture(with png: Data, id: String? = nil) throws -> String {
        let (textureID, effects) = session.addImage(png: png, id: id)
        applier.apply(effects)
        guard let textureID else { throw CanvasError(effects.messages.first?.text ?? "the image cannot be used") }
        return textureID
    }

    /// Places a stored image (one undo step): centre and size in document pixels, rotation in radians.
    @discardableResult
    public func renderChartlet(at center: Point, size: Size, textureID: String, rotation: Double = 0) throws
        -> Chartlet
    {
        let (chartlet, effects) = session.placeImage(textureID, center: center, size: size, angle: rotation)
        applier.apply(effects)
        guard let chartlet else { throw CanvasError(effects.messages.first?.text ?? "the image cannot be placed") }
        return chartlet
    }

    /// Draws a stroke through `samples` (document pixels) with `brush`, as one undo step.
    public func draw(_ samples: [InputSample], with brush: AnyBrush) {
        applier.apply(session.addStroke(samples, brush: brush))
    }

    public func undo() { applier.apply(session.perform(.undo)) }
    public func redo() { applier.apply(session.perform(.redo)) }
    /// Removes everything, as one undo step.
    public func clear() { applier.apply(session.perform(.clear)) }

    public var canUndo: Bool { data.canUndo }
    public var canRedo: Bool { data.canRedo }

    /// The drawing at one pixel per document pixel.
    public func snapshot() throws -> PNGImage { try renderer.snapshot() }

    /// The drawing at `scale`, re-stamped at that resolution.
    public func export(scale: Double = 1, background: Bool = true, bitDepth: Int = 8) throws -> PNGImage {
        try renderer.export(scale: scale, background: background, bitDepth: bitDepth)
    }

}

/// Why a canvas call could not do what it was asked.
public struct CanvasError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
