import Foundation
import Glibc
import MaLiangCore
import MaLiangEditor
import MaLiangStore
import MaLiangVulkan
import PNGCodec
import WaylandClient

/// The clipboard, outwards: a copied selection is offered as strokes and images for this program
/// (``ElementClipboard/mimeType``) and as a PNG image for every other, made when one first asks; with nothing
/// selected, the picture in view as a PNG image.
extension PaintingApp {
    /// Offers `elements` (clipboard data of the selection) to every program until something else is copied.
    func copyToClipboard(_ elements: Data) {
        offer(elements: elements, png: nil)
    }

    /// Offers the picture the window shows — the drawing as it is in view, zoom, turn and mirror included, without
    /// the controls — as a PNG image, made now: the view may change before a program asks.
    func copyViewToClipboard() {
        let png: Data
        do {
            let picture = try renderer.render(
                view: session.view, width: presenter.frameSurface.width, height: presenter.frameSurface.height)
            png = try PNG.encode(picture)
        } catch {
            applier.post(StatusMessage(.error, "Cannot copy the view: \(error)"))
            return
        }
        if offer(elements: nil, png: png) {
            applier.post(StatusMessage(.info, "Copied the view as a picture (select with S to copy strokes)"))
        }
    }

    /// Offers what was copied to every program until something else is copied; false when there is no clipboard.
    @discardableResult
    private func offer(elements: Data?, png: Data?) -> Bool {
        let transfer = devices.transfer
        guard let manager = transfer.manager, let device = transfer.dataDevice else {
            applier.post(StatusMessage(.warning, "Cannot copy: the desktop offers no clipboard"))
            return false
        }
        transfer.source?.destroy()
        let source = manager.createDataSource()
        if elements != nil { source.offer(mimeType: ElementClipboard.mimeType) }
        source.offer(mimeType: "image/png")
        transfer.source = source
        transfer.copied = (elements, png)
        source.onEvent = { [unowned self, unowned source] event in
            switch event {
            case .send(let mimeType, let descriptor):
                send(mimeType, to: descriptor)
            case .cancelled:
                // Something else was copied.
                if devices.transfer.source === source {
                    devices.transfer.source = nil
                    devices.transfer.copied = nil
                }
                source.destroy()
            default:
                break
            }
        }
        device.setSelection(source: source, serial: transfer.inputSerial)
        _ = try? connection.flush()
        return true
    }

    /// Writes what `mimeType` asks for into `descriptor` on a thread of its own (the reader may be this window,
    /// pasting), then closes it.
    private func send(_ mimeType: String, to descriptor: Int32) {
        guard let copied = devices.transfer.copied else {
            close(descriptor)
            return
        }
        var bytes: Data?
        switch mimeType {
        case ElementClipboard.mimeType:
            bytes = copied.elements
        case "image/png":
            bytes = copied.png ?? copied.elements.flatMap(clipboardPicture(of:))
            devices.transfer.copied?.png = bytes
        default:
            break
        }
        guard let bytes else {
            close(descriptor)
            return
        }
        Thread.detachNewThread {
            bytes.withUnsafeBytes { raw in
                guard let base = raw.baseAddress else { return }
                var offset = 0
                while offset < raw.count {
                    let written = write(descriptor, base + offset, raw.count - offset)
                    if written < 0 && errno == EINTR { continue }
                    if written <= 0 { break }
                    offset += written
                }
            }
            close(descriptor)
        }
    }

    /// The copied elements drawn alone on a transparent page the size of this drawing's, cut to what they cover.
    private func clipboardPicture(of elements: Data) -> Data? {
        do {
            let content = try ElementClipboard.decode(elements)
            let page = try Document(size: document.size, background: Color(red: 0, green: 0, blue: 0, alpha: 0))
            page.load(elements: content.elements.map { $0.onLayer(.first) }, textures: content.textures)
            let picture = try CanvasRenderer(document: page, context: renderer.context, undo: false)
            return try PNG.encode(try picture.export(scale: 1, background: false, area: .drawn))
        } catch {
            applier.post(StatusMessage(.warning, "The copied selection cannot be given as an image: \(error)"))
            return nil
        }
    }
}
