import Foundation
import MaLiangStore
import PNGCodec
import TestCompositor
import Testing
import WaylandProtocol
import WaylandTestSupport

/// The real client, end to end: input from the scripted compositor, pixels read from its committed buffers.
@Suite(.serialized) struct PaintingWindowTests {
    func penSession() throws -> AppSession {
        let session = try AppSession()
        try session.compositor.addTablet(TabletSpec(id: "t1"))
        try session.compositor.addTool(ToolSpec(id: "pen"))
        try session.compositor.addTool(ToolSpec(id: "eraser", type: .eraser))
        try session.waitUntilMapped()
        return session
    }

    /// A pen stroke along y from x0 to x1 with pressure rising from `from` to `to`.
    func stroke(
        _ session: AppSession, tool: String = "pen", y: Double = 300, x0: Double = 100, x1: Double = 700,
        from: Double = 0.1, to: Double = 1
    )
        throws
    {
        let compositor = session.compositor
        try compositor.sendToolFrame(tool: tool, [.proximityIn(tablet: "t1"), .motion(x: x0, y: y)])
        try compositor.sendToolFrame(tool: tool, [.down, .pressure(UInt32(from * 65535))])
        for step in 1...30 {
            let t = Double(step) / 30
            try compositor.sendToolFrame(
                tool: tool, [.motion(x: x0 + (x1 - x0) * t, y: y), .pressure(UInt32((from + (to - from) * t) * 65535))])
            session.settle(.milliseconds(10))
        }
        try compositor.sendToolFrame(tool: tool, [.up])
        try compositor.sendToolFrame(tool: tool, [.proximityOut])
    }

    @Test func aPenStrokeWithRisingPressureGrowsWider() throws {
        let session = try penSession()
        try stroke(session)
        let image = try session.nextImage()
        let thin = image.darkRows(x: 160)
        let thick = image.darkRows(x: 640)
        #expect(!thin.isEmpty && thick.count > thin.count + 2, "thin \(thin), thick \(thick)")
        // The stroke lands under the pen: centred on y = 300.
        #expect(thick.contains(300))
        #expect(session.terminate() == 0)
    }

    @Test func theEraserEndErases() throws {
        let session = try penSession()
        try stroke(session, y: 300, from: 1, to: 1)
        try stroke(session, tool: "eraser", y: 300, x0: 350, x1: 450, from: 1, to: 1)
        let image = try session.nextImage()
        #expect(!image.darkRows(x: 200).isEmpty)
        #expect(image.darkRows(x: 400).isEmpty)
        #expect(session.terminate() == 0)
    }

    @Test func touchesAreIgnoredWhileThePenHovers() throws {
        let session = try penSession()
        try session.compositor.sendToolFrame(
            tool: "pen", [.proximityIn(tablet: "t1"), .motion(x: 50, y: 500), .distance(20000)])
        session.settle(.milliseconds(100))
        var events: [TouchEvent] = [.down(id: 1, x: 100, y: 200), .frame]
        for step in 1...10 { events += [.motion(id: 1, x: 100 + Double(step) * 40, y: 200), .frame] }
        events += [.up(id: 1), .frame]
        try session.compositor.sendTouch(events)
        session.settle()
        let image = try #require(session.image)
        #expect(image.darkPixelCount() == 0)
        // Once the pen has left (and the half-second tail passed), a finger paints.
        try session.compositor.sendToolFrame(tool: "pen", [.proximityOut])
        session.pastPalmRejection()
        try session.compositor.sendTouch(events)
        #expect(try session.nextImage().darkPixelCount() > 0)
        #expect(session.terminate() == 0)
    }

    @Test func twoFingersPinchToZoom() throws {
        let session = try penSession()
        try stroke(session, y: 300, x0: 300, x1: 500, from: 1, to: 1)
        let before = try session.nextImage().darkPixelCount()
        // Past the palm-rejection tail after the pen left.
        session.pastPalmRejection()
        var events: [TouchEvent] = [.down(id: 1, x: 380, y: 300), .down(id: 2, x: 420, y: 300), .frame]
        for step in 1...10 {
            events += [
                .motion(id: 1, x: 380 - Double(step) * 10, y: 300), .motion(id: 2, x: 420 + Double(step) * 10, y: 300),
                .frame,
            ]
        }
        events += [.up(id: 1), .up(id: 2), .frame]
        try session.compositor.sendTouch(events)
        // However long a busy machine takes to show it.
        #expect(session.pump(until: { (session.image?.darkPixelCount() ?? 0) > before * 2 }))
        let after = try #require(session.image).darkPixelCount()
        #expect(after > before * 2, "before \(before), after \(after)")
        #expect(session.terminate() == 0)
    }

    @Test func controlZUndoesThroughTheKeyboard() throws {
        let session = try penSession()
        try stroke(session, from: 1, to: 1)
        #expect(try session.nextImage().darkPixelCount() > 0)
        // Control is modifier 2 (mask 4) in the default keymap; z is evdev key 44.
        try session.compositor.sendKeyboard([
            .enter, .modifiers(depressed: 4, latched: 0, locked: 0, group: 0), .key(44, pressed: true),
            .key(44, pressed: false),
        ])
        #expect(try session.nextImage().darkPixelCount() == 0)
        // Control+Shift+Z redoes.
        try session.compositor.sendKeyboard([
            .modifiers(depressed: 5, latched: 0, locked: 0, group: 0), .key(44, pressed: true),
        ])
        #expect(try session.nextImage().darkPixelCount() > 0)
        #expect(session.terminate() == 0)
    }

    @Test func hoveringSetsTheToolsOwnCursorSurface() throws {
        let session = try penSession()
        try session.compositor.sendToolFrame(tool: "pen", [.proximityIn(tablet: "t1"), .motion(x: 300, y: 300)])
        #expect(session.pump(until: { session.compositor.toolCursor("pen").setCount == 1 }))
        let cursor = try #require(session.compositor.toolCursor("pen").surface)
        #expect(cursor.role == "tablet cursor")
        // The cursor is the brush outline: about the stamp's size, and it grows with ].
        session.settle()
        let before = try #require(cursor.image).width
        #expect(before >= 11 && before < 40)
        try session.compositor.sendKeyboard(
            [.enter]
                + Array(repeating: [KeyboardEvent.key(27, pressed: true), .key(27, pressed: false)], count: 4).flatMap {
                    $0
                })
        #expect(
            session.pump(until: { (cursor.image?.width ?? 0) > before }, timeout: .seconds(5)),
            "\(before) → \(cursor.image?.width ?? 0)")
        try session.compositor.sendToolFrame(tool: "pen", [.proximityOut])
        try session.compositor.sendToolFrame(tool: "pen", [.proximityIn(tablet: "t1"), .motion(x: 310, y: 300)])
        #expect(session.pump(until: { session.compositor.toolCursor("pen").setCount == 2 }))
        try session.compositor.sendToolFrame(tool: "eraser", [.proximityIn(tablet: "t1"), .motion(x: 310, y: 300)])
        #expect(session.pump(until: { session.compositor.toolCursor("eraser").setCount == 1 }))
        #expect(session.compositor.toolCursor("eraser").surface !== session.compositor.toolCursor("pen").surface)
        #expect(session.terminate() == 0)
    }

    @Test func aToolRemovedMidStrokeEndsTheStrokeCleanly() throws {
        let session = try penSession()
        let compositor = session.compositor
        try compositor.sendToolFrame(
            tool: "pen", [.proximityIn(tablet: "t1"), .motion(x: 100, y: 300), .down, .pressure(60000)])
        for step in 1...10 { try compositor.sendToolFrame(tool: "pen", [.motion(x: 100 + Double(step) * 30, y: 300)]) }
        try compositor.removeTool("pen")
        #expect(
            session.pump(until: { session.image.map { !$0.darkRows(x: 250).isEmpty } ?? false }),
            "the removed tool's stroke is not shown")
        try compositor.addTool(ToolSpec(id: "pen2"))
        session.settle()
        try compositor.sendToolFrame(
            tool: "pen2", [.proximityIn(tablet: "t1"), .motion(x: 100, y: 500), .down, .pressure(60000)])
        for step in 1...10 { try compositor.sendToolFrame(tool: "pen2", [.motion(x: 100 + Double(step) * 30, y: 500)]) }
        try compositor.sendToolFrame(tool: "pen2", [.up, .proximityOut])
        // On a busy machine the next frame may come before the stroke's last events: wait for one that shows it.
        #expect(
            session.pump(until: { session.image.map { !$0.darkRows(x: 250, fromY: 450).isEmpty } ?? false }),
            "the second tool's stroke is not shown")
        #expect(session.terminate() == 0)
        // Both strokes are in the document.
        let file = try DocumentFile.open(at: session.documentURL)
        #expect(file.document.elements.count == 2)
    }

    @Test func theAdversarialScriptLeavesTheClientRunning() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../TestCompositorTests/Scripts/adversarial-pen.jsonl"
        )
        .standardized
        let dump = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-adversarial-\(getpid()).png")
            .path
        defer { try? FileManager.default.removeItem(atPath: dump) }
        let script = try Script(
            text: try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "DUMP_PATH", with: dump))
        var options = ScriptedCompositor.Options()
        options.globals = try #require(script.globals)
        let session = try AppSession(options: options)
        let player = ScriptPlayer(script: script, compositor: session.compositor)
        #expect(session.pump(until: { (try? player.advance()) ?? false }), "\(session.log)")
        session.settle()
        #expect(session.process.isRunning)
        #expect(FileManager.default.fileExists(atPath: dump), "the script's dump step wrote the window's pixels")
        // The pen went down at (10, 10) and moved: a mark below the toolbar would be at y = 10 + 0 (the toolbar
        // covers it), so the check is that drawing still works afterwards.
        try session.compositor.addTool(ToolSpec(id: "late"))
        session.settle()
        try session.compositor.sendToolFrame(
            tool: "late", [.proximityIn(tablet: "t1"), .motion(x: 200, y: 400), .down, .pressure(65535)])
        try session.compositor.sendToolFrame(tool: "late", [.motion(x: 400, y: 400)])
        try session.compositor.sendToolFrame(tool: "late", [.up, .proximityOut])
        #expect(!(try session.nextImage()).darkRows(x: 300, fromY: 350).isEmpty)
        #expect(session.terminate() == 0)
    }

    @Test func closingTheWindowQuitsAndKeepsTheDrawing() throws {
        let session = try penSession()
        try stroke(session, from: 1, to: 1)
        _ = try session.nextImage()
        session.compositor.close(try #require(session.compositor.focusedToplevel))
        #expect(session.pump(until: { !session.process.isRunning }) || !session.process.isRunning)
        #expect(waitForExit(session.process) == 0)
        #expect(try DocumentFile.open(at: session.documentURL).document.elements.count == 1)
    }
}

@Suite(.serialized) struct ChartletWindowTests {
    @Test func anInsertedImageIsMovedWithThePenAndDeleted() throws {
        let png = try temporaryPNG(width: 100, height: 60, rgba: [230, 20, 20, 255])
        defer { try? FileManager.default.removeItem(at: png) }
        let session = try AppSession(arguments: ["--insert", png.path])
        try session.compositor.addTablet(TabletSpec(id: "t1"))
        try session.compositor.addTool(ToolSpec(id: "pen"))
        try session.waitUntilMapped()
        func isRed(_ image: Image, _ x: Int, _ y: Int) -> Bool {
            let pixel = image.rgba(x: x, y: y)
            return pixel.red > 200 && pixel.green < 60
        }
        var image = try #require(session.image)
        // Centred in the 1280×800 window.
        #expect(isRed(image, 640, 400) && !isRed(image, 760, 400))
        let compositor = session.compositor
        try compositor.sendToolFrame(
            tool: "pen", [.proximityIn(tablet: "t1"), .motion(x: 640, y: 400), .down, .pressure(40000)])
        for step in 1...10 { try compositor.sendToolFrame(tool: "pen", [.motion(x: 640 + Double(step) * 20, y: 400)]) }
        try compositor.sendToolFrame(tool: "pen", [.up, .proximityOut])
        image = try session.nextImage()
        session.settle()
        image = try #require(session.image)
        #expect(isRed(image, 840, 400) && !isRed(image, 640, 400), "moved, not painted over")
        // Dragging an image draws no stroke: no black pixel anywhere below the toolbar.
        var black = 0
        for y in 48..<image.height {
            for x in 0..<image.width {
                let pixel = image.rgba(x: x, y: y)
                // Not the cut corners, where the window is (partly) transparent.
                if pixel.alpha == 255 && pixel.red < 100 && pixel.green < 100 && pixel.blue < 100 { black += 1 }
            }
        }
        #expect(black == 0)
        try compositor.sendKeyboard([.enter, .key(111, pressed: true), .key(111, pressed: false)])  // Delete
        image = try session.nextImage()
        #expect(!isRed(image, 840, 400))
        #expect(session.terminate() == 0)
    }
}

@Suite(.serialized) struct HiDPIWindowTests {
    @Test func onADoubleScaleOutputThePenLandsUnderTheCursor() throws {
        var options = ScriptedCompositor.Options()
        options.outputScale = 2
        // A 4K screen at scale 2 (1920×1080 logical): the window's first size, 1280×800, fits it.
        options.outputWidth = 3840
        options.outputHeight = 2160
        let session = try AppSession(options: options)
        try session.compositor.addTablet(TabletSpec(id: "t1"))
        try session.compositor.addTool(ToolSpec(id: "pen"))
        try session.waitUntilMapped()
        let compositor = session.compositor
        try compositor.sendToolFrame(
            tool: "pen", [.proximityIn(tablet: "t1"), .motion(x: 200, y: 300), .down, .pressure(65535)])
        for step in 1...20 { try compositor.sendToolFrame(tool: "pen", [.motion(x: 200 + Double(step) * 20, y: 300)]) }
        try compositor.sendToolFrame(tool: "pen", [.up, .proximityOut])
        _ = try session.nextImage()
        session.settle()
        let image = try #require(session.image)
        let surface = try #require(compositor.focusedToplevel?.surface)
        #expect(surface.bufferScale == 2)
        #expect(image.width == 2560 && image.height == 1600)
        // Surface (400, 300) is buffer (800, 600): the stroke is centred there, a few buffer pixels thick.
        let rows = image.darkRows(x: 800, fromY: 96)
        #expect(!rows.isEmpty && rows.contains(600) && rows.allSatisfy { abs($0 - 600) <= 6 }, "\(rows)")
        #expect(session.terminate() == 0)
    }
}

@Suite(.serialized) struct DropAndPasteTests {
    func redPNG() throws -> [UInt8] {
        var red = [UInt8]()
        for _ in 0..<(80 * 80) { red += [230, 20, 20, 255] }
        return [UInt8](try PNG.encode(PNGImage(width: 80, height: 80, pixels: .rgba8(red))))
    }

    func isRed(_ image: Image, _ x: Int, _ y: Int) -> Bool {
        let pixel = image.rgba(x: x, y: y)
        return pixel.red > 200 && pixel.green < 60
    }

    @Test func aPNGDroppedFromAFileManagerIsPlacedWhereItFell() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("maliang drop \(getpid()).png")
        try Data(try redPNG()).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let session = try AppSession()
        try session.waitUntilMapped()
        let uri = Array("\(file.absoluteString)\r\n".utf8)
        try session.compositor.drop(["text/uri-list": uri], x: 300, y: 500)
        let image = try session.nextImage()
        #expect(isRed(image, 300, 500) && !isRed(image, 640, 400))
        #expect(session.terminate() == 0)
    }

    @Test func controlVPastesAPNGFromTheClipboard() throws {
        let session = try AppSession()
        try session.waitUntilMapped()
        try session.compositor.setSelection(["image/png": try redPNG(), "text/plain": Array("not this".utf8)])
        session.settle(.milliseconds(200))
        try session.compositor.sendKeyboard([
            .enter, .modifiers(depressed: 4, latched: 0, locked: 0, group: 0), .key(47, pressed: true),
        ])  // Ctrl+V
        let image = try session.nextImage()
        #expect(isRed(image, 640, 400))
        #expect(session.terminate() == 0)
    }
}

@Suite(.serialized) struct DamageTests {
    @Test func whileDrawingOnlyTheStrokesAreaIsDamaged() throws {
        let session = try AppSession()
        try session.compositor.addTablet(TabletSpec(id: "t1"))
        try session.compositor.addTool(ToolSpec(id: "pen"))
        try session.waitUntilMapped()
        var areas: [Int] = []
        // Weak: the compositor keeps this closure, and the session (its owner) must still go away.
        session.compositor.onCommit = { [weak compositor = session.compositor] surface in
            guard surface === compositor?.focusedToplevel?.surface else { return }
            areas.append(surface.lastDamage.reduce(0) { $0 + Int(min($1.width, 4096)) * Int(min($1.height, 4096)) })
        }
        let compositor = session.compositor
        try compositor.sendToolFrame(
            tool: "pen", [.proximityIn(tablet: "t1"), .motion(x: 600, y: 400), .down, .pressure(50000)])
        session.settle(.milliseconds(300))
        for step in 1...10 {
            try compositor.sendToolFrame(tool: "pen", [.motion(x: 600 + Double(step) * 5, y: 400)])
            session.settle(.milliseconds(60))
        }
        // Mid-stroke, frames repaint only the changed part of each image: the stroke so far is all there.
        let during = try #require(session.image)
        #expect(!during.darkRows(x: 605).isEmpty && !during.darkRows(x: 640).isEmpty)
        try compositor.sendToolFrame(tool: "pen", [.up, .proximityOut])
        session.settle()
        let window = 1280 * 800
        #expect(areas.contains { $0 > 0 && $0 < window / 20 }, "damage areas \(areas)")
        #expect(session.terminate() == 0)
    }
}

@Suite(.serialized) struct ColorPickerTests {
    @Test func thePickerTakesTheColourUnderThePen() throws {
        let png = try temporaryPNG(width: 100, height: 100, rgba: [20, 200, 40, 255])
        defer { try? FileManager.default.removeItem(at: png) }
        let session = try AppSession(arguments: ["--insert", png.path])
        try session.compositor.addTablet(TabletSpec(id: "t1"))
        try session.compositor.addTool(ToolSpec(id: "pen"))
        try session.waitUntilMapped()
        let compositor = session.compositor
        // The picker button follows the eight brushes and eight swatches on the toolbar.
        let pickerX: Double = 4 + 8 * 44 + 12 + 8 * 44 + 20
        for (x, y) in [(pickerX, 24.0), (640, 400)] {
            try compositor.sendToolFrame(
                tool: "pen", [.proximityIn(tablet: "t1"), .motion(x: x, y: y), .down, .pressure(50000)])
            try compositor.sendToolFrame(tool: "pen", [.up, .proximityOut])
            session.settle(.milliseconds(200))
        }
        try compositor.sendToolFrame(
            tool: "pen", [.proximityIn(tablet: "t1"), .motion(x: 200, y: 650), .down, .pressure(65535)])
        for step in 1...10 { try compositor.sendToolFrame(tool: "pen", [.motion(x: 200 + Double(step) * 20, y: 650)]) }
        try compositor.sendToolFrame(tool: "pen", [.up, .proximityOut])
        _ = try session.nextImage()
        session.settle()
        let pixel = try #require(session.image).rgba(x: 300, y: 650)
        #expect(pixel.green > 150 && pixel.red < 80 && pixel.blue < 90, "\(pixel)")
        #expect(session.terminate() == 0)
    }
}

@Suite struct NoWaylandSessionTests {
    @Test func withoutACompositorTheMessageNamesWaylandDisplayAndTheHeadlessCommands() throws {
        let process = Process()
        process.executableURL = AppSession.executable
        process.environment = [
            "WAYLAND_DISPLAY": "no-compositor-here", "XDG_RUNTIME_DIR": FileManager.default.temporaryDirectory.path,
            "HOME": "/tmp",
        ]
        let output = Pipe()
        process.standardError = output
        process.standardOutput = output
        try process.run()
        let status = waitForExit(process)
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(status == 1)
        #expect(
            text.contains("WAYLAND_DISPLAY") && text.contains("maliang render") && text.contains("maliang replay"),
            "\(text)")
    }
}

@Suite(.serialized) struct StickerBrushTests {
    @Test func theStickersBrushPlacesTheDrawingsImagesAlongTheStroke() throws {
        let png = try temporaryPNG(width: 32, height: 32, rgba: [20, 40, 230, 255])
        defer { try? FileManager.default.removeItem(at: png) }
        let session = try AppSession(arguments: ["--insert", png.path])
        try session.compositor.addTablet(TabletSpec(id: "t1"))
        try session.compositor.addTool(ToolSpec(id: "pen"))
        try session.waitUntilMapped()
        // 8 chooses the eighth brush, stickers (evdev KEY_8 = 9).
        try session.compositor.sendKeyboard([.enter, .key(9, pressed: true), .key(9, pressed: false)])
        session.settle(.milliseconds(200))
        let compositor = session.compositor
        try compositor.sendToolFrame(
            tool: "pen", [.proximityIn(tablet: "t1"), .motion(x: 100, y: 650), .down, .pressure(65535)])
        for step in 1...20 { try compositor.sendToolFrame(tool: "pen", [.motion(x: 100 + Double(step) * 30, y: 650)]) }
        try compositor.sendToolFrame(tool: "pen", [.up, .proximityOut])
        _ = try session.nextImage()
        session.settle()
        let image = try #require(session.image)
        let blueColumns = stride(from: 100, to: 700, by: 4).filter { x in
            let pixel = image.rgba(x: x, y: 650)
            return pixel.blue > 200 && pixel.red < 60
        }
        #expect(blueColumns.count > 40, "\(blueColumns.count)")
        #expect(session.terminate() == 0)
    }
}

@Suite(.serialized) struct TwoFingerChartletTests {
    @Test func twoFingersOnTheSelectedImageScaleItAsOneUndoStep() throws {
        let png = try temporaryPNG(width: 100, height: 60, rgba: [230, 20, 20, 255])
        defer { try? FileManager.default.removeItem(at: png) }
        let session = try AppSession(arguments: ["--insert", png.path])
        try session.waitUntilMapped()
        func isRed(_ x: Int, _ y: Int) -> Bool {
            guard let pixel = session.image?.rgba(x: x, y: y) else { return false }
            return pixel.red > 200 && pixel.green < 60
        }
        #expect(isRed(640, 400) && !isRed(710, 400))
        var events: [TouchEvent] = [.down(id: 1, x: 620, y: 400), .down(id: 2, x: 660, y: 400), .frame]
        for step in 1...10 {
            events += [
                .motion(id: 1, x: 620 - Double(step) * 4, y: 400), .motion(id: 2, x: 660 + Double(step) * 4, y: 400),
                .frame,
            ]
        }
        events += [.up(id: 1), .up(id: 2), .frame]
        try session.compositor.sendTouch(events)
        _ = try session.nextImage()
        session.settle()
        #expect(isRed(710, 400), "the image grew")
        // One undo step brings it back.
        try session.compositor.sendKeyboard([
            .enter, .modifiers(depressed: 4, latched: 0, locked: 0, group: 0), .key(44, pressed: true),
        ])
        _ = try session.nextImage()
        session.settle()
        #expect(isRed(640, 400) && !isRed(710, 400))
        #expect(session.terminate() == 0)
    }
}

@Suite(.serialized) struct CompositorGoneTests {
    @Test func whenTheCompositorGoesAwayTheClientSaysSoAndTheDrawingIsSafe() throws {
        let session = try AppSession()
        try session.compositor.addTablet(TabletSpec(id: "t1"))
        try session.compositor.addTool(ToolSpec(id: "pen"))
        try session.waitUntilMapped()
        let compositor = session.compositor
        try compositor.sendToolFrame(
            tool: "pen", [.proximityIn(tablet: "t1"), .motion(x: 100, y: 300), .down, .pressure(60000)])
        try compositor.sendToolFrame(tool: "pen", [.motion(x: 300, y: 300)])
        try compositor.sendToolFrame(tool: "pen", [.up, .proximityOut])
        _ = try session.nextImage()
        compositor.shutDown()
        #expect(waitForExit(session.process) == 1)
        #expect(session.log.contains("closed the connection") && session.log.contains("saved"), "\(session.log)")
        #expect(try DocumentFile.open(at: session.documentURL).document.elements.count == 1)
    }

    @Test func whenTheCompositorGoesAwayMidStrokeTheStrokeSoFarIsSaved() throws {
        let session = try AppSession()
        try session.compositor.addTablet(TabletSpec(id: "t1"))
        try session.compositor.addTool(ToolSpec(id: "pen"))
        try session.waitUntilMapped()
        let compositor = session.compositor
        try compositor.sendToolFrame(
            tool: "pen", [.proximityIn(tablet: "t1"), .motion(x: 100, y: 300), .down, .pressure(60000)])
        for step in 1...20 { try compositor.sendToolFrame(tool: "pen", [.motion(x: 100 + Double(step) * 20, y: 300)]) }
        _ = try session.nextImage()
        // The pen is still down when the compositor dies: no up, no proximity out, no more frames.
        compositor.shutDown()
        #expect(waitForExit(session.process) == 1)
        #expect(session.log.contains("closed the connection") && session.log.contains("saved"), "\(session.log)")
        let file = try DocumentFile.open(at: session.documentURL)
        guard case .stroke(let stroke)? = file.document.elements.first else {
            Issue.record("the stroke in progress was lost")
            return
        }
        #expect(stroke.samples.count >= 15, "\(stroke.samples.count) samples")
    }
}

@Suite(.serialized) struct DeviceLostTests {
    /// A lost device cannot draw again: the window closes by itself, says why and where the drawing is, and
    /// every stroke made is in the file.
    @Test func whenTheDeviceIsLostTheWindowClosesWithEveryStrokeSaved() throws {
        let session = try AppSession(environment: ["MALIANG_TEST_LOSE_DEVICE_AT_ELEMENTS": "3"])
        try session.compositor.addTablet(TabletSpec(id: "t1"))
        try session.compositor.addTool(ToolSpec(id: "pen"))
        try session.waitUntilMapped()
        let compositor = session.compositor
        for index in 0..<3 {
            let y = 200 + Double(index) * 100
            try compositor.sendToolFrame(
                tool: "pen", [.proximityIn(tablet: "t1"), .motion(x: 100, y: y), .down, .pressure(60000)])
            for step in 1...10 {
                try compositor.sendToolFrame(tool: "pen", [.motion(x: 100 + Double(step) * 40, y: y)])
            }
            try compositor.sendToolFrame(tool: "pen", [.up, .proximityOut])
            session.settle(.milliseconds(200))
        }
        #expect(session.pump(until: { !session.process.isRunning }, timeout: .seconds(20)), "\(session.log)")
        #expect(waitForExit(session.process) == 1)
        #expect(
            session.log.contains("graphics device was lost") && session.log.contains("saved in"), "\(session.log)")
        #expect(try DocumentFile.open(at: session.documentURL).document.elements.count == 3)
    }
}

@Suite(.serialized) struct UnpacedInputTests {
    /// A script may send frames far faster than the client reads them; the compositor waits for the client rather
    /// than letting libwayland drop it (it once did after about 800 frames).
    @Test func thousandsOfFramesSentAtOnceAllArrive() throws {
        let session = try AppSession.withTablet()
        let compositor = session.compositor
        try compositor.sendToolFrame(tool: "pen", [.proximityIn(tablet: "t1"), .motion(x: 100, y: 300), .down])
        for step in 0..<5000 {
            try compositor.sendToolFrame(
                tool: "pen",
                [.motion(x: 100 + Double(step % 1000), y: 300 + Double(step / 1000) * 20), .pressure(50000)])
        }
        try compositor.sendToolFrame(tool: "pen", [.up, .proximityOut])
        session.settle(.seconds(1))
        #expect(session.process.isRunning, "\(session.log)")
        #expect(session.terminate() == 0, "\(session.log)")
        let file = try DocumentFile.open(at: session.documentURL)
        guard case .stroke(let stroke)? = file.document.elements.first else {
            Issue.record("no stroke")
            return
        }
        #expect(stroke.samples.count == 5001)
    }
}
