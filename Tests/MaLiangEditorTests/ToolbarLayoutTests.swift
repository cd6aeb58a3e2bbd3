import Foundation
import MaLiangCore
import Testing

@testable import MaLiangEditor

/// The toolbar on windows of every width: everything reachable, nothing beyond the window, the menu for what does
/// not fit.
@Suite struct ToolbarLayoutTests {
    let everyAction = ToolbarLayout.groups.flatMap { $0 }

    @Test func aWideWindowHasEveryButtonOnTheStripAndOnlyTheFileActionsInTheMenu() {
        let layout = ToolbarLayout(width: 1510, showsClose: true)
        #expect(layout.buttons.map(\.action) == everyAction + [.more, .minimize, .maximize, .close])
        #expect(
            layout.menu.map(\.action) == [.newDocument, .open, .saveAs, .export, .timeLapse, .help]
                && layout.menuFrame != nil)
        #expect(layout.buttons.first?.x == ToolbarLayout.gap)
        #expect(layout.buttons.last?.x == 1510 - ToolbarLayout.button - ToolbarLayout.gap)
        // At 1280 with our own window buttons "lighter", "darker" (the brush editor's opacity does the same), fit
        // (0), the mirrored view (its state is in the readout too) and symmetry (Y) go to the menu; with the
        // compositor's, "darker" and the mirrored view.
        let common = ToolbarLayout(width: 1280, showsClose: true)
        #expect(
            common.menu.map(\.action) == [
                .lighter, .darker, .newDocument, .open, .saveAs, .export, .timeLapse, .fit, .mirrorView, .symmetry,
                .help,
            ])
        let served = ToolbarLayout(width: 1280, showsClose: false)
        #expect(served.menu.map(\.action) == [.darker] + ToolbarLayout.menuOnly + [.mirrorView, .help])
    }

    @Test(arguments: [1100.0, 900, 800, 640, 480, 400, 360, 320, 200], [true, false])
    func everyButtonIsReachableAndNothingLiesBeyondTheWindow(width: Double, showsClose: Bool) {
        let layout = ToolbarLayout(width: width, showsClose: showsClose)
        let onStrip = layout.buttons.map(\.action).filter { ![.minimize, .maximize, .close, .more].contains($0) }
        let inMenu = layout.menu.map(\.action)
        #expect(inMenu.filter { ToolbarLayout.menuOnly.contains($0) } == ToolbarLayout.menuOnly && inMenu.last == .help)
        let overflow = inMenu.filter { !ToolbarLayout.menuOnly.contains($0) && $0 != .help }
        #expect((onStrip + overflow).sorted { "\($0)" < "\($1)" } == everyAction.sorted { "\($0)" < "\($1)" })
        #expect(layout.buttons.map(\.action).contains(.more))
        for (_, x) in layout.buttons { #expect(x >= 0 && x + ToolbarLayout.button <= width, "strip at \(x)") }
        for item in layout.menu {
            #expect(
                item.x >= 0 && item.x + item.width <= max(width, ToolbarMenu.cell + 8)
                    && item.y >= ToolbarLayout.height,
                "menu at \(item.x), \(item.y)")
            #expect(item.width >= ToolbarMenu.cell && item.height >= ToolbarMenu.cell, "\(item.action) is too small")
        }
        #expect(
            layout.buttons.suffix(showsClose ? 4 : 1).map(\.action)
                == (showsClose ? [.more, .minimize, .maximize, .close] : [.more]))
        // Undo and redo stay on the strip as long as there is room for anything.
        if width >= 360 { #expect(onStrip.contains(.undo) && onStrip.contains(.redo)) }
        // Every menu button is found where it is drawn.
        for item in layout.menu { #expect(layout.menuAction(atX: item.x + 20, y: item.y + 20) == item.action) }
    }

    @Test func theMenuOpensOnMoreAndAPressInItActsAndClosesIt() throws {
        let session = try makeSession()
        _ = session.resize(WindowMetrics(width: 600, height: 500, scale: 1, showsClose: true))
        let layout = session.toolbar
        let more = try #require(layout.buttons.first { $0.action == .more })
        let red = try #require(layout.menu.first { $0.action == .color(1) })
        var mouse = Gesture(.mouse, .mouse, buttons: .primary)
        _ = session.drag(&mouse, [(more.x + 20, 24)])
        #expect(session.panels.isMenuOpen)
        _ = session.drag(&mouse, [(red.x + 20, red.y + 20)])
        #expect(!session.panels.isMenuOpen && session.style.color == ToolbarLayout.colors[1])
        #expect(session.document.elements.isEmpty)

        // Open again; a press elsewhere only closes it: it paints nothing.
        _ = session.drag(&mouse, [(more.x + 20, 24)])
        let effects = session.drag(&mouse, [(300, 400), (350, 420)])
        #expect(!session.panels.isMenuOpen && effects.redraw)
        #expect(session.document.elements.isEmpty)
    }
}

/// The ☰ menu: words for actions, pictures for brushes and colours, and within the window's height.
@Suite struct ToolbarMenuTests {
    @Test func actionsAreRowsOfWordsAndPicturesAreButtonsAboveThem() {
        let layout = ToolbarLayout(width: 600, height: 900, showsClose: true)
        let pictures = layout.menu.filter { !$0.isWorded }
        let rows = layout.menu.filter(\.isWorded)
        #expect(!pictures.isEmpty && pictures.allSatisfy { ToolbarMenu.isPicture($0.action) })
        #expect(rows.allSatisfy { !ToolbarMenu.isPicture($0.action) } && rows.last?.action == .help)
        #expect(pictures.map(\.y).max()! < rows.map(\.y).min()!)
        // Rows are as wide as the menu, one under the other, a fingertip high.
        let frame = layout.menuFrame!
        #expect(rows.allSatisfy { $0.width == frame.width - 8 && $0.height == ToolbarMenu.cell })
        #expect(zip(rows, rows.dropFirst()).allSatisfy { $1.y - $0.y == ToolbarMenu.cell })
        // It ends under the menu button.
        let more = layout.buttons.first { $0.action == .more }!
        #expect(frame.x + frame.width == more.x + ToolbarLayout.button + ToolbarLayout.gap)
    }

    /// Our own title bar has no room for the drawing's name: the menu has it on a row of its own, above every item.
    @Test func ownDecorationsPutATitleRowAtTheMenusTop() throws {
        let own = ToolbarLayout(width: 800, height: 900, showsClose: true)
        let row = try #require(own.menuList.titleRow)
        #expect(
            own.menu.allSatisfy { $0.y >= row.y + row.height } && own.menuAction(atX: row.x + 5, y: row.y + 5) == nil)
        let frame = try #require(own.menuFrame)
        #expect(row.y >= frame.y && row.x >= frame.x && row.x + row.width <= frame.x + frame.width)
        #expect(ToolbarLayout(width: 800, height: 900, showsClose: false).menuList.titleRow == nil)
    }

    @Test(arguments: [300.0, 400, 500, 640])
    func aLowWindowTurnsTheStripsRowsIntoButtonsAndKeepsTheFileActionsInWords(height: Double) {
        let layout = ToolbarLayout(width: 400, height: height, showsClose: true)
        let frame = layout.menuFrame!
        let worded = layout.menu.filter(\.isWorded).map(\.action)
        #expect(worded == ToolbarLayout.menuOnly + [.help] || frame.y + frame.height <= height)
        #expect(ToolbarLayout.menuOnly.allSatisfy(worded.contains) && worded.contains(.help))
        let tall = ToolbarLayout(width: 400, height: 2000, showsClose: true)
        #expect(Set(layout.menu.map(\.action)) == Set(tall.menu.map(\.action)))
        if height >= 640 { #expect(frame.y + frame.height <= height) }
    }

    @Test func theKeyboardOpensWalksAndClosesTheMenu() throws {
        let session = try makeSession()
        _ = session.resize(WindowMetrics(width: 600, height: 700, scale: 1, showsClose: true))
        let items = session.toolbar.menu
        _ = session.handle(KeyEvent(keysym: Keysym.f10))
        #expect(session.panels.isMenuOpen && session.panels.menuFocus == 0)
        _ = session.handle(KeyEvent(keysym: Keysym.up))
        #expect(session.panels.menuFocus == items.count - 1 && items.last?.action == .help)
        let effects = session.handle(KeyEvent(keysym: Keysym.returnKey))
        #expect(effects.requests.contains(.toggleShortcuts) && !session.panels.isMenuOpen)
        #expect(session.panels.menuFocus == nil)

        // Down from the top reaches red; Return paints with it.
        _ = session.handle(KeyEvent(keysym: Keysym.f10))
        let red = try #require(items.firstIndex { $0.action == .color(1) })
        for _ in 0..<red { _ = session.handle(KeyEvent(keysym: Keysym.down)) }
        _ = session.handle(KeyEvent(keysym: Keysym.returnKey))
        #expect(session.style.color == ToolbarLayout.colors[1] && !session.panels.isMenuOpen)

        // Escape closes it and does nothing else; another key closes it and does what it does.
        _ = session.handle(KeyEvent(keysym: Keysym.f10))
        _ = session.handle(KeyEvent(keysym: Keysym.escape))
        #expect(!session.panels.isMenuOpen)
        _ = session.handle(KeyEvent(keysym: Keysym.f10))
        _ = session.handle(KeyEvent(keysym: Keysym.character("h")))
        #expect(!session.panels.isMenuOpen && session.view.mirrored)
    }
}

/// Our own decorations: the mouse at the window's border resizes it; a pen or a finger there paints.
@Suite struct WindowEdgeTests {
    @Test func edgesAndCornersAreFoundAlongTheBorder() {
        let at = { (x: Double, y: Double) in WindowEdge.at(x: x, y: y, width: 800, height: 600) }
        #expect(at(2, 300) == .left && at(797, 300) == .right && at(400, 1) == .top && at(400, 598) == .bottom)
        #expect(at(2, 2) == .topLeft && at(10, 3) == .topLeft && at(3, 10) == .topLeft)
        #expect(at(797, 598) == .bottomRight && at(790, 597) == .bottomRight && at(2, 590) == .bottomLeft)
        #expect(at(797, 5) == .topRight && at(400, 300) == nil && at(7, 300) == nil)
    }

    @Test func theMouseAtTheBorderResizesAndAPenThereStillPaints() throws {
        let session = try makeSession(showsClose: true)
        var mouse = Gesture(.mouse, .mouse, buttons: .primary)
        let effects = session.drag(&mouse, [(2, 400), (40, 400)])
        #expect(effects.requests.contains(.resizeWindow(serial: 0, edge: .left)))
        #expect(session.document.elements.isEmpty)

        var pen = Gesture(.tool(1), .pen)
        _ = session.drag(&pen, [(2, 400), (200, 400)])
        #expect(session.document.elements.count == 1)

        let decorated = try makeSession(showsClose: false)
        var other = Gesture(.mouse, .mouse, buttons: .primary)
        #expect(!decorated.drag(&other, [(2, 400), (40, 400)]).requests.contains { "\($0)".contains("resize") })
    }
}

/// Fuzz finding: a window width the fuzzer made absurd trapped converting the menu's columns to Int.
@Suite struct AbsurdToolbarWidthTests {
    @Test(arguments: [-1e300, -1, 0, 1e300, .infinity, -.infinity, .nan])
    func anyWidthLaysOutWithoutTrapping(width: Double) {
        let layout = ToolbarLayout(width: width, showsClose: true)
        #expect(!layout.buttons.isEmpty)
        for item in layout.menu { #expect(item.x.isFinite && item.y.isFinite) }
    }
}
