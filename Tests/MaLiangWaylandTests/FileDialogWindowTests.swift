import Foundation
import MaLiangEditor
import MaLiangStore
import TestCompositor
import Testing
import WaylandTestSupport

/// New, open, save as and export through the desktop's file dialogs: the real xdg-desktop-portal on the test's own
/// session bus, its backend answering as a person would (``DesktopPortalBus``).
@Suite(.serialized) struct FileDialogWindowTests {
    func session(_ bus: DesktopPortalBus) throws -> AppSession {
        try AppSession.withTablet(environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
    }

    /// The menu's export asks where and how, and the PNG is what was chosen: transparent, twice the size.
    @Test func exportFromTheMenuWritesWhereAndHowTheDialogSays() throws {
        let bus = try DesktopPortalBus(scheme: 1)
        let session = try session(bus)
        try session.pen(points((100, 300), (600, 300)), pressure: 1)
        let output = session.dataHome.appendingPathComponent("chosen name.png")
        try bus.answer("\(output.absoluteString) background=false scale=2")

        let layout = ToolbarLayout(width: 1280, showsClose: true)
        let more = try #require(layout.buttons.first { $0.action == .more })
        let export = try #require(layout.menu.first { $0.action == .export })
        try session.pen([(more.x + 20, 24)])
        session.settle()
        try session.pen([(export.x + 20, export.y + 20)])
        let dialog = try #require(bus.nextDialog())
        #expect(
            dialog.hasPrefix("SaveFile title=Export ") && dialog.contains(" current_name=autosave.png"),
            "\(dialog)")
        #expect(dialog.contains("filter=PNG images") && dialog.contains("choice=background:true"), "\(dialog)")
        #expect(dialog.contains("choice=scale:1"), "\(dialog)")
        // The dialog stands on the window: the portal is given the handle the compositor exported it under.
        let handle = try #require(session.compositor.focusedToplevel?.surface.exportedHandle)
        #expect(dialog.hasSuffix(" parent=wayland:\(handle)"), "\(dialog)")
        // 50 Mpx drawn and encoded by a debug build: on a 2-core machine also running the long-session test it
        // took over 30 s.
        #expect(
            session.pump(until: { session.log.contains("Exported chosen name.png") }, timeout: .seconds(120)),
            "\(session.log)")
        #expect(session.log.contains("8192×6144 px, transparent"), "\(session.log)")
        // The header: 8192 × 6144, colour type 6 (with alpha).
        let header = [UInt8](try Data(contentsOf: output).prefix(26))
        let number = { (at: Int) in header[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        #expect(header.count == 26 && number(16) == 8192 && number(20) == 6144 && header[25] == 6)
        let recent = try String(
            contentsOf: session.dataHome.appendingPathComponent("recently-used.xbel"), encoding: .utf8)
        #expect(recent.contains("chosen%20name.png") && recent.contains("image/png"), "\(recent)")
        #expect(session.terminate() == 0, "\(session.log)")
    }

    /// On a compositor with only xdg-foreign's first version (mutter 43, Debian 12's GNOME), dialogs still stand
    /// on the window.
    @Test func dialogsStandOnTheWindowThroughTheFirstVersionOfXdgForeign() throws {
        let bus = try DesktopPortalBus(scheme: 1)
        var options = ScriptedCompositor.Options()
        options.globals = ScriptedCompositor.Global.standard.filter { $0 != .exporter } + [.exporterV1]
        let session = try AppSession.withTablet(
            options: options, environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        try bus.answer("cancel")
        try session.key(24, modifiers: 4)  // Ctrl+O
        let dialog = try #require(bus.nextDialog())
        let handle = try #require(session.compositor.focusedToplevel?.surface.exportedHandle)
        #expect(dialog.hasSuffix(" parent=wayland:\(handle)"), "\(dialog)")
        #expect(session.terminate() == 0, "\(session.log)")
    }

    /// With the OpenRaster filter chosen (a name typed without its extension), Ctrl+Shift+E writes the layers kept.
    @Test func exportWithTheOpenRasterFilterKeepsTheLayers() throws {
        let bus = try DesktopPortalBus(scheme: 1)
        let session = try session(bus)
        try session.pen(points((100, 300), (600, 300)), pressure: 1)
        session.settle()
        let output = session.dataHome.appendingPathComponent("layered")
        try bus.answer("\(output.absoluteString) current_filter=OpenRaster_(layers_kept)")
        try session.key(18, modifiers: 5)  // Ctrl+Shift+E
        let dialog = try #require(bus.nextDialog())
        #expect(dialog.contains("filter=PNG images") && dialog.contains("filter=OpenRaster (layers kept)"), "\(dialog)")
        #expect(
            session.pump(until: { session.log.contains("Exported layered.ora — 2 layers") }, timeout: .seconds(60)),
            "\(session.log)")
        let bytes = try Data(contentsOf: output.appendingPathExtension("ora"))
        #expect(String(decoding: bytes[30..<54], as: UTF8.self) == "mimetypeimage/openraster")
        let recent = try String(
            contentsOf: session.dataHome.appendingPathComponent("recently-used.xbel"), encoding: .utf8)
        #expect(recent.contains("layered.ora") && recent.contains("image/openraster"), "\(recent)")
        #expect(session.terminate() == 0, "\(session.log)")
    }

    /// The time-lapse filters make a video in a process of its own, the window saying how far it is; Escape stops
    /// one, leaving no file.
    @Test func exportWithATimeLapseFilterMakesAVideoAndEscapeStopsOne() throws {
        let bus = try DesktopPortalBus(scheme: 1)
        let session = try session(bus)
        try session.pen(points((100, 300), (600, 300)), pressure: 1)
        try session.pen(points((100, 400), (600, 400)), pressure: 1)
        session.settle()
        let output = session.dataHome.appendingPathComponent("making-of")
        try bus.answer("\(output.absoluteString) current_filter=Time-lapse_video_(WebM)")
        try session.key(18, modifiers: 5)  // Ctrl+Shift+E
        let dialog = try #require(bus.nextDialog())
        #expect(dialog.contains("filter=Time-lapse video (MP4)"), "\(dialog)")
        #expect(
            session.pump(
                until: { session.log.contains("Exported the time-lapse making-of.webm") }, timeout: .seconds(120)),
            "\(session.log)")
        let bytes = try Data(contentsOf: output.appendingPathExtension("webm"))
        #expect(bytes.prefix(4) == Data([0x1A, 0x45, 0xDF, 0xA3]), "a WebM (EBML) file")

        // The menu's own entry, taken with the pen, asks for a video alone.
        let stopped = session.dataHome.appendingPathComponent("stopped")
        try bus.answer("\(stopped.absoluteString) current_filter=Time-lapse_video_(MP4)")
        let layout = ToolbarLayout(width: Double(try #require(session.image).width), showsClose: true)
        let more = try #require(layout.buttons.first { $0.action == .more })
        let entry = try #require(layout.menu.first { $0.action == .timeLapse })
        try session.pen([(more.x + 20, 24)])
        try session.pen([(entry.x + 20, entry.y + 20)])
        let asked = try #require(bus.nextDialog())
        #expect(asked.hasPrefix("SaveFile title=Export a Time-lapse"), "\(asked)")
        #expect(session.pump(until: { session.log.contains("Making the time-lapse stopped.mp4") }), "\(session.log)")
        try session.key(1)  // Escape
        #expect(
            session.pump(until: { session.log.contains("The time-lapse was stopped; nothing was written") }),
            "\(session.log)")
        let left = try FileManager.default.contentsOfDirectory(atPath: session.dataHome.path)
        #expect(!left.contains { $0.contains("stopped") }, "\(left)")
        #expect(session.terminate() == 0, "\(session.log)")
    }

    /// Save as writes the whole drawing under the new name and goes on there; the old file keeps what it had.
    @Test func saveAsGoesOnInTheNewFileAndLeavesTheOldOne() throws {
        let bus = try DesktopPortalBus(scheme: 1)
        let session = try session(bus)
        try session.pen(points((100, 300), (600, 300)), pressure: 1)
        session.settle()
        let kept = session.dataHome.appendingPathComponent("kept")
        try bus.answer(kept.absoluteString)
        try session.key(31, modifiers: 5)  // Ctrl+Shift+S
        let dialog = try #require(bus.nextDialog())
        #expect(
            dialog.hasPrefix("SaveFile title=Save the Drawing As ")
                && dialog.contains(" current_name=autosave.maliang"),
            "\(dialog)")
        #expect(session.pump(until: { session.log.contains("Saved as") }, timeout: .seconds(10)), "\(session.log)")
        #expect(
            session.pump(until: { session.compositor.focusedToplevel?.title == "kept — MaLiang" }),
            "title \(session.compositor.focusedToplevel?.title ?? "none")")
        try session.pen(points((100, 500), (600, 500)), pressure: 1)
        session.settle()
        #expect(session.terminate() == 0, "\(session.log)")
        let moved = try DocumentFile.open(at: kept.appendingPathExtension("maliang"))
        #expect(moved.document.elements.count == 2)
        let old = try DocumentFile.open(at: session.documentURL)
        #expect(old.document.elements.count == 1)
        let recent = try String(
            contentsOf: session.dataHome.appendingPathComponent("recently-used.xbel"), encoding: .utf8)
        #expect(recent.contains("kept.maliang") && recent.contains("application/x-maliang"), "\(recent)")
    }

    /// Open starts a window on the chosen drawing (this one, with a stroke, stays); a cancelled dialog does nothing;
    /// New starts a window on a fresh drawing.
    @Test func openAndNewStartWindowsOfTheirOwn() throws {
        let bus = try DesktopPortalBus(scheme: 1)
        let session = try session(bus)
        defer { DesktopPortalBus.endWindows(under: session.dataHome) }
        try session.pen(points((100, 300), (600, 300)), pressure: 1)
        let other = session.dataHome.appendingPathComponent("other.maliang")
        try DocumentFile.create(at: other, size: .init(width: 800, height: 600)).close()

        try bus.answer("cancel")
        try session.key(24, modifiers: 4)  // Ctrl+O
        #expect(bus.nextDialog()?.hasPrefix("OpenFile title=Open a Drawing") == true)
        session.settle()
        #expect(session.compositor.toplevels.count == 1)

        try bus.answer(other.absoluteString)
        try session.key(24, modifiers: 4)
        #expect(bus.nextDialog()?.contains("filter=MaLiang drawings") == true)
        #expect(
            session.pump(
                until: { session.compositor.toplevels.contains { $0.title == "other — MaLiang" } },
                timeout: .seconds(20)), "\(session.compositor.toplevels.map(\.title))\n\(session.log)")
        #expect(session.process.isRunning, "a window with a drawing in it gave way")

        // New asks for the page and paper: the pen opens the menu, takes New, a square page on cream, and Create.
        // The pen goes to the window shown last: wait until it is the other drawing's, done opening (the window
        // shows its opening first; the drawing once it has taken the tablets: a second client's tablet seat).
        #expect(
            session.pump(until: {
                session.compositor.focusedToplevel?.title == "other — MaLiang"
                    && session.compositor.focusedToplevel?.image != nil && session.compositor.tabletSeatCount >= 2
            }))
        session.settle()
        let width = Double(try #require(session.image).width)
        let layout = ToolbarLayout(width: width, showsClose: true)
        let more = try #require(layout.buttons.first { $0.action == .more })
        let new = try #require(layout.menu.first { $0.action == .newDocument })
        try session.pen([(more.x + 20, 24)])
        try session.pen([(new.x + 20, new.y + 20)])
        let panel = NewDrawingPanel(layout: layout, windowWidth: width)
        for box in [panel.size(4), panel.paper(2), panel.button(.create)] {
            try session.pen([(box.x + 20, box.y + 8)])
        }
        #expect(
            session.pump(
                until: { session.compositor.toplevels.contains { $0.title == "Drawing — MaLiang" } },
                timeout: .seconds(20)), "\(session.compositor.toplevels.map(\.title))\n\(session.log)")
        let made = try DocumentFile.open(
            at: session.dataHome.appendingPathComponent("maliang/Drawing.maliang"), readOnly: true)
        #expect(made.document.size == NewDrawingPanel.sizes[4].size)
        #expect(made.document.background == NewDrawingPanel.papers[2].color)
        made.close()
        #expect(session.terminate() == 0, "\(session.log)")
    }

    /// A recently-used list that cannot be read is left as it is, and the window says the file is not in it.
    @Test func anUnreadableRecentListIsLeftAloneAndSaidSo() throws {
        let bus = try DesktopPortalBus(scheme: 1)
        let session = try session(bus)
        let list = session.dataHome.appendingPathComponent("recently-used.xbel")
        let garbage = Data("<xbel><bookmark".utf8)
        try garbage.write(to: list)
        try bus.answer(session.dataHome.appendingPathComponent("elsewhere.maliang").absoluteString)
        try session.key(31, modifiers: 5)  // Ctrl+Shift+S
        #expect(
            session.pump(until: { session.log.contains("is not in the recently used list: cannot read") }),
            "\(session.log)")
        #expect(try Data(contentsOf: list) == garbage)
        #expect(session.terminate() == 0, "\(session.log)")
    }

    /// Ctrl+N and Return make a drawing like this one, in a window of its own.
    @Test func ctrlNAndReturnMakeADrawingLikeThisOne() throws {
        let session = try AppSession.withTablet()
        try session.key(49, modifiers: 4)  // Ctrl+N
        try session.key(28)  // Return
        let made = session.dataHome.appendingPathComponent("maliang/Drawing.maliang")
        #expect(session.pump(until: { FileManager.default.fileExists(atPath: made.path) }), "\(session.log)")
        #expect(session.pump(until: { session.log.contains("New drawing Drawing.maliang") }), "\(session.log)")
        // The new window, once it ends, is collected at once by the window that started it: no zombie under it.
        var child: pid_t?
        #expect(
            session.pump(until: {
                child = Self.window(on: made); return child != nil
            }), "no window on \(made.path)")
        if let child {
            kill(child, SIGKILL)
            #expect(
                session.pump(
                    until: { !FileManager.default.fileExists(atPath: "/proc/\(child)") }, timeout: .seconds(3)),
                "the ended window stays a zombie: \((try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8)) ?? "")"
            )
        }
        #expect(session.terminate() == 0)
    }

    /// The process of a window started on `document`.
    static func window(on document: URL) -> pid_t? {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).first { pid in
            guard let arguments = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline")) else {
                return false
            }
            let words = arguments.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            return words.count == 2 && words[0].hasSuffix("/maliang") && words[1] == document.path
        }
    }

    @Test func withoutAPortalTheWindowSaysSo() throws {
        let session = try AppSession.withTablet()
        try session.key(24, modifiers: 4)  // Ctrl+O
        #expect(session.pump(until: { session.log.contains("No file dialog:") }), "\(session.log)")
        #expect(session.terminate() == 0)
    }
}
