import Glibc
import WaylandProtocol
import WaylandServer

extension ScriptedCompositor {
    func advertiseDataDeviceManager() -> any WithdrawableGlobal {
        WaylandGlobal<WlDataDeviceManagerResource>(display, version: options.version(of: .dataDeviceManager, newest: 3))
        { [unowned self] manager in
            manager.onRequest = { [unowned self] request in
                switch request {
                case .createDataSource(let source): source.onRequest = { _ in }
                case .getDataDevice(let device, _):
                    inputs.dataDevices.append(device)
                    device.onDestroy = { [unowned self, weak device] in inputs.dataDevices.removeAll { $0 === device } }
                    device.onRequest = { _ in }
                }
            }
        }
    }

    /// Drops `contents` (data by MIME type) on the focused window at surface position (x, y), as a file manager
    /// would: data_offer, offer × n, enter, drop. The client reads what it asks for.
    public func drop(_ contents: [String: [UInt8]], x: Double, y: Double) throws {
        guard let window = focusedToplevel else { throw CompositorError("no mapped window to drop on") }
        for device in inputs.dataDevices where device.client == window.surface.resource.client {
            let offer = makeOffer(contents, on: device)
            device.enter(serial: display.nextSerial(), surface: window.surface.resource, x: x, y: y, id: offer)
            offer.sourceActions(sourceActions: [.copy])
            offer.action(dndAction: .copy)
            device.motion(time: nowMilliseconds(), x: x, y: y)
            device.drop()
        }
        flush()
    }

    /// Makes `contents` the clipboard's selection, offered to the focused window's client.
    public func setSelection(_ contents: [String: [UInt8]]) throws {
        guard let window = focusedToplevel else { throw CompositorError("no mapped window for the clipboard") }
        for device in inputs.dataDevices where device.client == window.surface.resource.client {
            device.selection(id: makeOffer(contents, on: device))
        }
        flush()
    }

    func makeOffer(_ contents: [String: [UInt8]], on device: WlDataDeviceResource) -> WlDataOfferResource {
        let offer = device.dataOffer()
        offer.onRequest = { request in
            guard case .receive(let mimeType, let descriptor) = request else { return }
            if let bytes = contents[mimeType] {
                var offset = 0
                bytes.withUnsafeBytes { raw in
                    guard let base = raw.baseAddress else { return }
                    while offset < raw.count {
                        let written = write(descriptor, base + offset, raw.count - offset)
                        if written <= 0 { break }
                        offset += written
                    }
                }
            }
            Glibc.close(descriptor)
        }
        for mimeType in contents.keys.sorted() { offer.offer(mimeType: mimeType) }
        return offer
    }
}
