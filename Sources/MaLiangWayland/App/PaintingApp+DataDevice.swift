import Foundation
import Glibc
import MaLiang
import PNGCodec
import WaylandClient
import WaylandProtocol

/// Images dropped from a file manager (text/uri-list of PNG files) or pasted from the clipboard (image/png) become
/// chartlets.
extension PaintingApp {
    /// An offer and the MIME types it announced.
    final class Offer {
        let offer: WlDataOffer
        var mimeTypes: [String] = []
        init(_ offer: WlDataOffer) { self.offer = offer }
    }

    func setUpDataDevice() {
        guard let seat, let global = registry.first(WlDataDeviceManager.self), dataDevice == nil else { return }
        let manager = registry.bind(global, WlDataDeviceManager.self, maximumVersion: 3)
        let device = manager.getDataDevice(seat: seat)
        dataDevice = device
        device.onEvent = { [unowned self] event in
            switch event {
            case .dataOffer(let offer):
                let tracked = Offer(offer)
                offers[ObjectIdentifier(offer)] = tracked
                offer.onEvent = { [unowned tracked] event in
                    if case .offer(let mimeType) = event { tracked.mimeTypes.append(mimeType) }
                }
            case .enter(let serial, _, let x, let y, let offer):
                dragOffer = offer.flatMap { offers[ObjectIdentifier($0)] }
                dropPoint = (x, y)
                if let dragOffer, dragOffer.mimeTypes.contains("text/uri-list") {
                    dragOffer.offer.accept(serial: serial, mimeType: "text/uri-list")
                    if dragOffer.offer.version >= 3 {
                        dragOffer.offer.setActions(dndActions: [.copy], preferredAction: .copy)
                    }
                } else {
                    offer?.accept(serial: serial, mimeType: nil)
                }
            case .motion(_, let x, let y):
                dropPoint = (x, y)
            case .leave:
                if let dragOffer { forget(dragOffer) }
                dragOffer = nil
            case .drop:
                guard let dragOffer, dragOffer.mimeTypes.contains("text/uri-list") else { return }
                let point = documentPoint(surfaceX: dropPoint.x, surfaceY: dropPoint.y)
                receive(dragOffer, mimeType: "text/uri-list") { [unowned self] data in
                    for path in Self.filePaths(fromURIList: data) { insertDroppedImage(path, at: point) }
                    if dragOffer.offer.version >= 3 { dragOffer.offer.finish() }
                    forget(dragOffer)
                }
                self.dragOffer = nil
            case .selection(let offer):
                if let old = clipboardOffer, old.offer !== offer { forget(old) }
                clipboardOffer = offer.flatMap { offers[ObjectIdentifier($0)] }
            }
        }
    }

    /// Ctrl+V: pastes a PNG image from the clipboard.
    func paste() {
        guard let clipboardOffer, clipboardOffer.mimeTypes.contains("image/png") else {
            statusMessage = "Nothing to paste: the clipboard holds no PNG image"
            return
        }
        receive(clipboardOffer, mimeType: "image/png") { [unowned self] data in
            do { try insertImage(png: data, at: centerOfView()) } catch { statusMessage = "Cannot paste: \(error)" }
        }
    }

    private func insertDroppedImage(_ path: String, at point: Point) {
        do {
            try insertImage(png: try Data(contentsOf: URL(fileURLWithPath: path)), at: point)
        } catch {
            statusMessage = "Cannot insert \(path): \(error)"
            log("cannot insert \(path): \(error)")
        }
    }

    /// Asks for the offer's data through a pipe and reads it as it comes, without blocking the loop.
    private func receive(_ offer: Offer, mimeType: String, then done: @escaping (Data) -> Void) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        offer.offer.receive(mimeType: mimeType, fd: ends[1])
        close(ends[1])
        _ = try? connection.flush()
        var data = Data()
        var token = 0
        token = loop.watch(ends[0]) { [unowned self] _ in
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = read(ends[0], &buffer, buffer.count)
                if count > 0 {
                    data.append(contentsOf: buffer.prefix(count))
                    // Images larger than the PNG limit are refused later; stop reading far beyond it.
                    if data.count > PNGLimits.standard.maximumBytes { break }
                    continue
                }
                if count < 0 && errno == EAGAIN { return }
                break
            }
            loop.cancel(token)
            close(ends[0])
            done(data)
        }
    }

    private func forget(_ offer: Offer) {
        offers[ObjectIdentifier(offer.offer)] = nil
        offer.offer.destroy()
    }

    /// Local paths of the file:// URIs of a text/uri-list (RFC 2483), percent-decoded.
    static func filePaths(fromURIList data: Data) -> [String] {
        String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).compactMap { line in
            let text = line.trimmingCharacters(in: .whitespaces)
            guard !text.hasPrefix("#"), let url = URL(string: text), url.isFileURL else { return nil }
            return url.path
        }
    }
}
