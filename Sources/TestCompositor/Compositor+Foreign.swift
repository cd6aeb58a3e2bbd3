import WaylandProtocol
import WaylandServer

/// xdg-foreign's exporter: a client exports a toplevel and gets a handle another program (a file dialog, through
/// the desktop portal) can name as its parent. The handle is kept on the surface (``Surface/exportedHandle``).
extension ScriptedCompositor {
    func advertiseExporter() -> any WithdrawableGlobal {
        WaylandGlobal<ZxdgExporterV2Resource>(display, version: options.version(of: .exporter, newest: 1)) {
            [unowned self] exporter in
            exporter.onRequest = { [unowned self] request in
                guard case .exportToplevel(let exported, let surfaceResource) = request else { return }
                let surface = surface(for: surfaceResource)
                exported.onRequest = { [weak surface] _ in surface?.exportedHandle = nil }
                exported.handle(handle: newHandle(for: surface))
                flush()
            }
        }
    }

    /// The first version, as mutter 43 offers it: the same, with other names.
    func advertiseExporterV1() -> any WithdrawableGlobal {
        WaylandGlobal<ZxdgExporterV1Resource>(display, version: options.version(of: .exporterV1, newest: 1)) {
            [unowned self] exporter in
            exporter.onRequest = { [unowned self] request in
                guard case .export(let exported, let surfaceResource) = request else { return }
                let surface = surface(for: surfaceResource)
                exported.onRequest = { [weak surface] _ in surface?.exportedHandle = nil }
                exported.handle(handle: newHandle(for: surface))
                flush()
            }
        }
    }

    private func newHandle(for surface: Surface?) -> String {
        exportCount += 1
        let handle = "scripted-\(exportCount)"
        surface?.exportedHandle = handle
        return handle
    }
}
