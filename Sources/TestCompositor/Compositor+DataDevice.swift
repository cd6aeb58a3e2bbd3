import Glibc
import WaylandProtocol
import WaylandServer

extension ScriptedCompositor {
    func advertiseDataDeviceManager() -> any WithdrawableGlobal {
        WaylandGlobal<WlDataDeviceManagerResource>(display, version: options.version(of: .dataDeviceManager, newest: 3))
        { [unowned self] manager in
            manager.onRequest = { [unowned self] request in
                switch request {
                case .createDataSource(let source):
                    let key = ObjectIdentifier(source)
                    inputs.sourceOffers[key] = []
                    source.onRequest = { [unowned self] request in
                        if case .offer(let mimeType) = request {
                            inputs.sourceOffers[key, default: []].append(mimeType)
                        }
                    }
                    source.onDestroy = { [unowned self, weak source] in
                        inputs.sourceOffers[key] = nil
                        if inputs.clipboardSource === source { inputs.clipboardSource = nil }
                    }
                case .getDataDevice(let device, _):
                    inputs.dataDevices.append(device)
                    device.onDestroy = { [unowned self, weak device] in inputs.dataDevices.removeAll { $0 === device } }
                    device.onRequest = { [unowned self] request in
                        if case .setSelection(let source, _) = request { select(source) }
                    }
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

    /// A client made `source` the clipboard's selection: the one before is cancelled, and the focused window's
    /// client is offered it (its reads go to the source, as a desktop compositor forwards them).
    private func select(_ source: WlDataSourceResource?) {
        if let old = inputs.clipboardSource, old !== source, old.isAlive { old.cancelled() }
        inputs.clipboardSource = source
        guard let source, let window = focusedToplevel else { return }
        let mimeTypes = inputs.sourceOffers[ObjectIdentifier(source)] ?? []
        for device in inputs.dataDevices where device.isAlive && device.client == window.surface.resource.client {
            let offer = device.dataOffer()
            offer.onRequest = { [weak source] request in
                guard case .receive(let mimeType, let descriptor) = request else { return }
                if let source, source.isAlive { source.send(mimeType: mimeType, fd: descriptor) }
                Glibc.close(descriptor)
            }
            for mimeType in mimeTypes { offer.offer(mimeType: mimeType) }
            device.selection(id: offer)
        }
        flush()
    }

    /// The MIME types the clipboard's selection offers, when a client set it.
    public var clipboardMimeTypes: [String]? {
        inputs.clipboardSource.map { inputs.sourceOffers[ObjectIdentifier($0)] ?? [] }
    }

    /// Asks the client holding the clipboard for `mimeType`; returns the end to read it from (non-blocking), or nil
    /// when no client holds the clipboard. The client writes as its loop runs: keep dispatching while reading.
    public func requestClipboard(_ mimeType: String) -> Int32? {
        guard let source = inputs.clipboardSource, source.isAlive else { return nil }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        source.send(mimeType: mimeType, fd: ends[1])
        Glibc.close(ends[1])
        flush()
        return ends[0]
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
