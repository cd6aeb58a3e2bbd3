import Glibc
import WaylandProtocol
import WaylandServer

/// What changes under a running client in a real session: the outputs' scale, the keyboard layout, drags that
/// pass over the window, a clipboard emptied.
extension ScriptedCompositor {
    /// Changes every output's integer scale (as moving the window to another monitor would).
    public func setOutputScale(_ scale: Int32) {
        outputScale = scale
        for output in outputs where output.isAlive {
            output.scale(factor: scale)
            output.done()
        }
        flush()
    }

    /// Sends every keyboard a new keymap: the default layout again, or, with `garbage`, bytes no keymap
    /// compiler accepts (a client must keep its keyboard working or go without, never fail).
    public func replaceKeymap(garbage: [UInt8]? = nil) {
        for keyboard in inputs.keyboards where keyboard.isAlive {
            if let garbage {
                let descriptor = AnonymousFile.create(prefix: "maliang-keymap")
                _ = garbage.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                keyboard.keymap(format: .xkbV1, fd: descriptor, size: UInt32(garbage.count))
                Glibc.close(descriptor)
            } else {
                sendKeymap(to: keyboard)
            }
        }
        flush()
    }

    /// A drag of `contents` that enters the window at (x, y), moves and leaves without dropping.
    public func dragAcross(_ contents: [String: [UInt8]], x: Double, y: Double) throws {
        guard let window = focusedToplevel else { throw CompositorError("no mapped window to drag across") }
        for device in inputs.dataDevices where device.isAlive && device.client == window.surface.resource.client {
            let offer = makeOffer(contents, on: device)
            device.enter(serial: display.nextSerial(), surface: window.surface.resource, x: x, y: y, id: offer)
            offer.sourceActions(sourceActions: [.copy, .move])
            device.motion(time: nowMilliseconds(), x: x + 10, y: y + 10)
            device.leave()
        }
        flush()
    }

    /// Empties the clipboard (the selection offer is withdrawn).
    public func clearSelection() throws {
        guard let window = focusedToplevel else { throw CompositorError("no mapped window for the clipboard") }
        for device in inputs.dataDevices where device.isAlive && device.client == window.surface.resource.client {
            device.selection(id: nil)
        }
        flush()
    }
}
