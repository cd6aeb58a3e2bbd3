import WaylandProtocol
import WaylandServer

/// Fractional scaling: wp_viewporter sizes a surface independently of its buffer, and
/// wp_fractional_scale_v1 tells a client the scale to draw at (``Options/fractionalScale``, in 120ths).
extension ScriptedCompositor {
    func advertiseViewporter() -> any WithdrawableGlobal {
        WaylandGlobal<WpViewporterResource>(display, version: options.version(of: .viewporter, newest: 1)) {
            [unowned self] viewporter in
            viewporter.onRequest = { [unowned self] request in
                guard case .getViewport(let viewport, let surface) = request else { return }
                let key = ObjectIdentifier(surface)
                viewport.onRequest = { [unowned self] request in
                    switch request {
                    case .setDestination(let width, let height):
                        // -1, -1 takes the destination away.
                        surfaces[key]?.pendingDestination = width > 0 && height > 0 ? (width, height) : nil
                    case .destroy: surfaces[key]?.pendingDestination = nil
                    case .setSource: break
                    }
                }
            }
        }
    }

    func advertiseFractionalScaleManager() -> any WithdrawableGlobal {
        WaylandGlobal<WpFractionalScaleManagerV1Resource>(
            display, version: options.version(of: .fractionalScaleManager, newest: 1)
        ) { [unowned self] manager in
            manager.onRequest = { [unowned self] request in
                guard case .getFractionalScale(let scale, _) = request else { return }
                scale.onRequest = { _ in }
                fractionalScales.append(scale)
                scale.onDestroy = { [unowned self, unowned scale] in
                    fractionalScales.removeAll { $0 === scale }
                }
                scale.preferredScale(scale: preferredScale)
            }
        }
    }

    /// The scale told to clients, in 120ths: the fractional one, else the outputs' integer scale.
    var preferredScale: UInt32 {
        UInt32(((options.fractionalScale ?? Double(outputScale)) * 120).rounded())
    }
}
