import Foundation
import MaLiangCore
import MaLiangEditor
import MaLiangVulkan
import WaylandClient
import WaylandProtocol

/// Connects the window, the presenter and the globals that come and go to the editing core.
extension PaintingApp {
    func wire(_ registry: WaylandRegistry) {
        canvas.windowFrames = self
        window.outputScale = { [unowned self] entered in devices.outputScale(entered) }
        window.onChange = { [unowned self] in
            dispatch(session.resize(window.metrics))
            if window.isConfigured, let placement = firstView {
                firstView = nil
                dispatch(placement.map(session.show) ?? session.fitView())
            }
            presenter.request()
        }
        window.onClose = { [unowned self] in running = false }
        presenter.size = { [unowned self] in
            guard running, window.isConfigured else { return nil }
            return (window.bufferWidth, window.bufferHeight)
        }
        presenter.resized = { [unowned self] in window.applyScale() }
        // MALIANG_TEST_LOSE_DEVICE_AT_ELEMENTS=N: the device is "lost" at the first frame drawn once the drawing
        // has N elements (a fault test).
        let loseDeviceAt = ProcessInfo.processInfo.environment["MALIANG_TEST_LOSE_DEVICE_AT_ELEMENTS"].flatMap {
            Int($0)
        }
        presenter.draw = { [unowned self] index, damage, repaint in
            if let loseDeviceAt, session.document.elements.count >= loseDeviceAt {
                throw VulkanError.simulatedDeviceLoss()
            }
            try drawFrame(index: index, damage: damage, repaint: repaint)
            // Drawing may have read strokes (tiles stamped again for the view).
            sayUnreadableStrokes()
        }
        presenter.failed = { [unowned self] error in
            applier.post(StatusMessage(.error, "Cannot draw the window: \(error)"))
            stopIfDeviceLost(error)
        }
        applier.onDrawingFailure = { [unowned self] error in stopIfDeviceLost(error) }
        globals.wmBase.onEvent = { [unowned self] event in
            if case .ping(let serial) = event { globals.wmBase.pong(serial: serial) }
        }
        for global in registry.globals.values.sorted(by: { $0.name < $1.name }) { added(global) }
        registry.onGlobal = { [unowned self] global in added(global) }
        registry.onGlobalRemoved = { [unowned self] global in removed(global) }
    }

    private func added(_ global: WaylandRegistry.Global) {
        switch global.interface {
        case WlOutput.interfaceName:
            guard let output = globals.bind(global, WlOutput.self) else { return }
            devices.outputs[global.name] = (output, 1)
            output.onEvent = { [unowned self] event in
                switch event {
                case .scale(let factor):
                    devices.outputs[global.name]?.scale = factor
                    window.outputScaleChanged()
                case .mode(let flags, let width, let height, _) where flags.contains(.current):
                    devices.outputModes[global.name] = (width, height)
                case .done:
                    // The first size fits the screen it opens on (until the compositor or the user sizes it).
                    guard let mode = devices.outputModes[global.name], let scale = devices.outputs[global.name]?.scale
                    else { return }
                    window.fitDefaultSize(toOutput: mode.width / max(scale, 1), mode.height / max(scale, 1))
                default: break
                }
            }
        case WlSeat.interfaceName where devices.seat == nil:
            if let seat = globals.bind(global, WlSeat.self) { setSeat(seat) }
        case ZwpTabletManagerV2.interfaceName where devices.tabletManager == nil:
            devices.tabletManager = globals.bind(global, ZwpTabletManagerV2.self)
            makeTabletSeatIfReady()
        case WlDataDeviceManager.interfaceName:
            setUpDataDevice()
        default:
            break
        }
    }

    private func removed(_ global: WaylandRegistry.Global) {
        guard global.interface == WlOutput.interfaceName, let entry = devices.outputs.removeValue(forKey: global.name)
        else { return }
        // An unplugged output is forgotten: it no longer counts for the window's scale.
        window.forget(output: ObjectIdentifier(entry.output))
        if entry.output.version >= 3 { entry.output.release() } else { entry.output.destroyLocally() }
        presenter.request()
    }

    func setSeat(_ seat: WlSeat) {
        devices.seat = seat
        seat.onEvent = { [unowned self] event in
            guard case .capabilities(let capabilities) = event else { return }
            // Devices come and go (a mouse unplugged, a keyboard docked): what went is released, what came is taken.
            if capabilities.contains(.pointer), devices.pointer == nil { setUpPointer(seat.getPointer()) }
            if !capabilities.contains(.pointer), devices.pointer != nil { releasePointer() }
            if capabilities.contains(.keyboard), devices.keyboardObject == nil { setUpKeyboard(seat.getKeyboard()) }
            if !capabilities.contains(.keyboard), devices.keyboardObject != nil { releaseKeyboard() }
            if capabilities.contains(.touch), devices.touch == nil { setUpTouch(seat.getTouch()) }
            if !capabilities.contains(.touch), devices.touch != nil { releaseTouch() }
        }
        makeTabletSeatIfReady()
        setUpDataDevice()
        setUpTextInput(seat)
    }

    /// Words from an on-screen keyboard go where keys would type them; its preedit is shown in the field.
    private func setUpTextInput(_ seat: WlSeat) {
        guard let manager = globals.textInputManager else { return }
        let input = TextInput(manager.getTextInput(seat: seat))
        input.apply = { [unowned self] deleteBefore, commit in
            dispatch(session.deleteTextBefore(deleteBefore))
            if let commit { dispatch(session.typeText(commit)) }
        }
        input.preeditChanged = { [unowned self] in presenter.request() }
        input.gainedFocus = { [unowned self, unowned input] in input.update(session.textField) }
        devices.textInput = input
    }
}
