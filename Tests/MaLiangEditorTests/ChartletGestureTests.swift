import Foundation
import MaLiangCore
import MaLiangStore
import Testing

@testable import MaLiangEditor

/// Placed images: whatever a gesture does to one, the document keeps within the limits the file reads.
@Suite struct ChartletGestureTests {
    /// A session with one 40×20 image placed at document (500, 352), window (500, 400), selected.
    func sessionWithImage() throws -> (EditingSession, Chartlet) {
        let session = try makeSession()
        let effects = session.insertImage(png: try testPNG(), at: Point(x: 500, y: 352))
        #expect(effects.changes.count == 2)
        guard case .textureAdded = effects.changes.first,
            case .inserted(.chartlet(let chartlet), _) = effects.changes.last
        else {
            Issue.record("the image and its chartlet should come together: \(effects.changes)")
            throw CancellationError()
        }
        #expect(session.selection == chartlet.id)
        return (session, chartlet)
    }

    @Test func draggingInsideMovesAsOneUndoStep() throws {
        let (session, chartlet) = try sessionWithImage()
        var pen = Gesture(.tool(1), .pen)
        var effects = session.handle(pen.event(.down, 500, 400))
        for x in stride(from: 510.0, through: 600, by: 10) {
            effects.append(session.handle(pen.event(.move, x, 400)))
            #expect(effects.changes.isEmpty && session.chartletPreview != nil)
        }
        effects.append(session.handle(pen.event(.up, 600, 400)))
        #expect(effects.changes.count == 1 && effects.live.isEmpty && session.chartletPreview == nil)
        #expect(session.chartlets.first?.center == Point(x: 600, y: 352))
        _ = session.perform(.undo)
        #expect(session.chartlets.first == chartlet)
    }

    @Test func aCornerScalesAndTurnsAndNoPinchMakesWhatTheFileRefuses() throws {
        let (session, _) = try sessionWithImage()
        var mouse = Gesture(.mouse, .mouse, buttons: .primary)
        // The bottom-right corner, dragged far out, several times.
        var corner = (520.0, 410.0)
        for _ in 0..<6 {
            let far = (corner.0 + 5000, corner.1 + 5000)
            _ = session.drag(&mouse, line(corner, far, count: 4))
            guard let placed = session.chartlets.first else { break }
            let reach = session.view.apply(
                placed.center.x + placed.size.width / 2 * cos(placed.angle)
                    - placed.size.height / 2 * sin(placed.angle),
                placed.center.y + placed.size.width / 2 * sin(placed.angle)
                    + placed.size.height / 2 * cos(placed.angle))
            corner = (reach.0, reach.1 + ToolbarLayout.height * 0)
        }
        // Two fingers spread on it, again and again.
        var one = Gesture(.touch(1), .finger)
        var two = Gesture(.touch(2), .finger)
        for _ in 0..<30 {
            one.time += 1_000_000
            two.time = one.time
            _ = session.handle(one.event(.down, 490, 400))
            _ = session.handle(two.event(.down, 510, 400))
            _ = session.handle(one.event(.move, 100, 400))
            _ = session.handle(two.event(.move, 900, 400))
            _ = session.handle(one.event(.up, 100, 400))
            _ = session.handle(two.event(.up, 900, 400))
        }
        let placed = try #require(session.chartlets.first)
        #expect(placed.isValid, "\(placed)")
        #expect(placed.size.width <= Limits.chartletSide.upperBound)
        // And dragged a world away.
        _ = session.perform(.resetView)
        var pen = Gesture(.tool(1), .pen)
        let center = session.view.apply(placed.center.x, placed.center.y)
        _ = session.drag(&pen, line(center, (center.0 + 1e12, center.1 - 1e12), count: 3))
        #expect(session.chartlets.allSatisfy { $0.isValid })
    }

    @Test func aPressElsewhereDeselectsAndPaints() throws {
        let (session, _) = try sessionWithImage()
        var pen = Gesture(.tool(1), .pen)
        let effects = session.drag(&pen, line((100, 200), (200, 200)))
        #expect(session.selection == nil && effects.insertedStrokes.count == 1)
        // The right mouse button selects it again; Delete removes it as one undo step.
        var right = Gesture(.mouse, .mouse, buttons: .secondary)
        _ = session.drag(&right, [(500, 400)])
        #expect(session.selection != nil)
        #expect(session.perform(.deleteSelection).changes.count == 1 && session.chartlets.isEmpty)
        _ = session.perform(.undo)
        #expect(session.chartlets.count == 1)
    }

    @Test func thePenLowerButtonSelectsAndDragsAnImage() throws {
        let (session, _) = try sessionWithImage()
        var right = Gesture(.mouse, .mouse, buttons: .secondary)
        _ = session.drag(&right, [(10, 700)])
        #expect(session.selection == nil)
        var pen = Gesture(.tool(1), .pen, buttons: .barrelLower)
        _ = session.drag(&pen, line((500, 400), (500, 500)))
        #expect(session.chartlets.first?.center == Point(x: 500, y: 452))
    }

    @Test func theStickersBrushNeedsImagesAndThenPlacesThem() throws {
        let session = try makeSession()
        _ = session.perform(.preset(BrushStyle.stickersIndex + 1))
        var pen = Gesture(.tool(1), .pen)
        let without = session.drag(&pen, line((100, 300), (300, 300)))
        #expect(without.live.isEmpty && without.messages.count == 1)
        _ = session.insertImage(png: try testPNG(), at: Point(x: 800, y: 600))
        var right = Gesture(.mouse, .mouse, buttons: .secondary)
        _ = session.drag(&right, [(10, 700)])
        let with = session.drag(&pen, line((100, 300), (300, 300)))
        guard case .chartlet(let brush) = with.insertedStrokes.first?.brush else {
            Issue.record("no sticker stroke")
            return
        }
        #expect(brush.textureIDs == Array(session.document.textures.keys))
    }

    @Test func aBadImageIsAMessageAndChangesNothing() throws {
        let session = try makeSession()
        let truncated = try testPNG().prefix(60)
        let effects = session.insertImage(png: Data(truncated), name: "broken.png")
        #expect(effects.changes.isEmpty && session.document.textures.isEmpty)
        #expect(effects.messages.first?.severity == .error)
        #expect(effects.messages.first?.text.contains("broken.png") == true)
    }

    /// A file named to place that never ends, is a folder, or is missing: a message, nothing read into memory.
    @Test(arguments: ["/dev/zero", "/", "/nonexistent/picture.png"])
    func anImageFileThatIsNoImageIsAMessage(path: String) throws {
        let session = try makeSession()
        let effects = session.insertImage(file: URL(fileURLWithPath: path))
        #expect(effects.changes.isEmpty && session.document.textures.isEmpty)
        #expect(effects.messages.first?.severity == .error && effects.messages.first?.text.contains(path) == true)
    }

    @Test func anImageFileIsPlaced() throws {
        let session = try makeSession()
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("place-\(getpid()).png")
        try testPNG().write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let effects = session.insertImage(file: url, at: Point(x: 100, y: 100))
        #expect(
            effects.messages.isEmpty && session.document.textures.count == 1 && session.document.elements.count == 1)
    }
}

@Suite struct ChartletCornerTests {
    @Test func aCornerDraggedOutwardScalesAndTurnsAboutTheCentre() throws {
        let session = try makeSession()
        _ = session.insertImage(png: try testPNG(width: 100, height: 60), at: Point(x: 640, y: 352))
        var pen = Gesture(.tool(1), .pen)
        _ = session.drag(&pen, line((640, 400), (840, 400)))
        #expect(session.chartlets.first?.center == Point(x: 840, y: 352))
        var mouse = Gesture(.mouse, .mouse, buttons: .primary)
        _ = session.drag(&mouse, line((890, 430), (930, 470), count: 8))
        let placed = try #require(session.chartlets.first)
        #expect(abs(placed.size.width - 100 * (hypot(90, 70) / hypot(50, 30))) < 0.01, "\(placed)")
        #expect(abs(placed.angle - (atan2(70, 90) - atan2(30, 50))) < 1e-9)
        #expect(placed.center == Point(x: 840, y: 352))
    }
}
