import Foundation
import Glibc
import MaLiangCore
import MaLiangEditor
import MaLiangStore
import PNGCodec
import WaylandClient
import WaylandProtocol

/// Images dropped from a file manager (text/uri-list of PNG files; brush files join the saved brushes) or pasted from the clipboard (image/png) become
/// chartlets.
extension PaintingApp {
    typealias Offer = DataTransfer.Offer

    func setUpDataDevice() {
        guard let seat = devices.seat, devices.transfer.dataDevice == nil,
            let global = globals.registry.first(WlDataDeviceManager.self),
            let manager = globals.bind(global, WlDataDeviceManager.self)
        else { return }
        let device = manager.getDataDevice(seat: seat)
        devices.transfer.manager = manager
        devices.transfer.dataDevice = device
        device.onEvent = { [unowned self] event in
            switch event {
            case .dataOffer(let offer):
                let tracked = Offer(offer)
                devices.transfer.offers[ObjectIdentifier(offer)] = tracked
                offer.onEvent = { [unowned tracked] event in
                    if case .offer(let mimeType) = event { tracked.mimeTypes.append(mimeType) }
                }
            case .enter(let serial, _, let x, let y, let offer):
                devices.transfer.dragOffer = offer.flatMap { devices.transfer.offers[ObjectIdentifier($0)] }
                devices.transfer.dropPoint = (x, y)
                if let drag = devices.transfer.dragOffer, drag.mimeTypes.contains("text/uri-list") {
                    drag.offer.accept(serial: serial, mimeType: "text/uri-list")
                    if drag.offer.version >= 3 {
                        drag.offer.setActions(dndActions: [.copy], preferredAction: .copy)
                    }
                } else {
                    offer?.accept(serial: serial, mimeType: nil)
                }
            case .motion(_, let x, let y):
                devices.transfer.dropPoint = (x, y)
            case .leave:
                if let drag = devices.transfer.dragOffer { forget(drag) }
                devices.transfer.dragOffer = nil
            case .drop:
                guard let drag = devices.transfer.dragOffer, drag.mimeTypes.contains("text/uri-list") else { return }
                let point = session.documentPoint(x: devices.transfer.dropPoint.x, y: devices.transfer.dropPoint.y)
                receive(drag, mimeType: "text/uri-list") { [unowned self] data in
                    for path in Self.filePaths(fromURIList: data) {
                        let url = URL(fileURLWithPath: path)
                        // A shared brush joins the saved brushes; anything else is an image to place.
                        if url.pathExtension == BrushFile.fileExtension {
                            dispatch(session.installBrush(file: url))
                        } else {
                            dispatch(session.insertImage(file: url, at: point))
                        }
                    }
                    if drag.offer.version >= 3 { drag.offer.finish() }
                    forget(drag)
                }
                devices.transfer.dragOffer = nil
            case .selection(let offer):
                if let old = devices.transfer.clipboardOffer, old.offer !== offer { forget(old) }
                devices.transfer.clipboardOffer = offer.flatMap { devices.transfer.offers[ObjectIdentifier($0)] }
            }
        }
    }

    /// Ctrl+V: pastes strokes and images copied by this program (from any of its windows), else a PNG image.
    func paste() {
        if let offer = devices.transfer.clipboardOffer, offer.mimeTypes.contains(ElementClipboard.mimeType) {
            receive(offer, mimeType: ElementClipboard.mimeType, limit: ElementClipboard.maximumBytes) {
                [unowned self] data in
                dispatch(session.pasteElements(data))
            }
            return
        }
        guard let offer = devices.transfer.clipboardOffer, offer.mimeTypes.contains("image/png") else {
            applier.post(
                StatusMessage(.warning, "Nothing to paste: the clipboard holds neither strokes nor a PNG image"))
            return
        }
        receive(offer, mimeType: "image/png") { [unowned self] data in
            dispatch(session.insertImage(png: data, name: "the pasted image"))
        }
    }

    /// Asks for the offer's data through a pipe and reads it as it comes, without blocking the loop.
    private func receive(
        _ offer: Offer, mimeType: String, limit: Int = PNGLimits.standard.maximumBytes,
        then done: @escaping (Data) -> Void
    ) {
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
                    // Data beyond the limit is refused later; stop reading just past it.
                    if data.count > limit { break }
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
        devices.transfer.offers[ObjectIdentifier(offer.offer)] = nil
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
