import Foundation
import MaLiangStore
import TestCompositor
import Testing
import WaylandProtocol

/// With our own decorations a floating window has a shadow (a sub-surface under it, larger by a margin) and rounded
/// corners, as GNOME's windows do; the window's geometry leaves the shadow out, the shadow's input region is a band
/// along the window's edges where the mouse resizes it, and a maximised window has neither.
@Suite(.serialized) struct WindowShadowTests {
    /// The shadow's margin and the corners' radius, logical pixels.
    let margin = 24
    let radius = 8

    @Test func aFloatingWindowHasAShadowUnderItAndRoundedCorners() throws {
        let session = try AppSession.withTablet()
        let window = try #require(session.compositor.focusedToplevel)
        #expect(session.pump(until: { window.windowGeometry != nil && self.shadow(session)?.surface.image != nil }))
        #expect(window.windowGeometry == Rectangle(x: 0, y: 0, width: 1280, height: 800))
        let shadow = try #require(self.shadow(session))
        #expect(shadow.x == -Int32(margin) && shadow.y == -Int32(margin) && shadow.isBelowParent)
        let picture = try #require(shadow.surface.image)
        #expect(picture.width == 1280 + 2 * margin && picture.height == 800 + 2 * margin)
        // Dark just outside each edge, deepest under the bottom edge (the shade drops), transparent under the window
        // and at the margin's far end.
        let below = Int(picture.rgba(x: margin + 640, y: margin + 800 + 2).alpha)
        let above = Int(picture.rgba(x: margin + 640, y: margin - 3).alpha)
        let left = Int(picture.rgba(x: margin - 3, y: margin + 400).alpha)
        #expect(below > above && above > 10 && left > 10, "below \(below), above \(above), left \(left)")
        #expect(picture.rgba(x: margin + 640, y: margin + 400).alpha == 0)
        #expect(picture.rgba(x: 0, y: margin + 400).alpha < 3)
        #expect(picture.rgba(x: margin + 640, y: margin + 800 + 2).red == 0)
        // Beside the window's cut corner the shadow shows (past the arc), not inside it.
        #expect(picture.rgba(x: margin, y: margin).alpha > 10)
        #expect(picture.rgba(x: margin + radius, y: margin + radius).alpha == 0)

        // Input lands on the shadow only within the resize band just outside the window.
        let input = try #require(shadow.surface.inputRegion)
        let middle = Double(margin + 400)
        #expect(input.contains(x: Double(margin) - 5, y: middle))
        #expect(!input.contains(x: Double(margin) + 5, y: middle))
        #expect(!input.contains(x: 5, y: middle))

        // The window's corners are cut (transparent), its edges and inside opaque, and the compositor told so.
        let frame = try #require(session.image)
        #expect(frame.hasAlpha)
        for (x, y) in [(0, 0), (1279, 0), (0, 799), (1279, 799)] {
            #expect(frame.rgba(x: x, y: y).alpha == 0, "corner (\(x), \(y))")
        }
        for (x, y) in [(640, 0), (0, 400), (640, 400), (radius, radius), (1279 - radius, 799 - radius)] {
            #expect(frame.rgba(x: x, y: y).alpha == 255, "(\(x), \(y))")
        }
        let opaque = try #require(window.surface.opaqueRegion)
        #expect(opaque.contains(x: 640, y: 400) && opaque.contains(x: 640, y: 0) && !opaque.contains(x: 1, y: 1))
        if ProcessInfo.processInfo.environment["MALIANG_KEEP_FRAMES"] != nil {
            try frame.writePNG(to: "/tmp/shadow-window.png")
            try picture.writePNG(to: "/tmp/shadow-shadow.png")
        }

        // Maximised: no shadow, square corners, the whole window opaque.
        session.compositor.configure(window, width: 1600, height: 900, states: [.activated, .maximized])
        #expect(session.pump(until: { session.image?.width == 1600 }))
        session.settle()
        #expect(self.shadow(session)?.surface.image == nil)
        #expect(session.image?.rgba(x: 0, y: 0).alpha == 255)
        #expect(window.windowGeometry == Rectangle(x: 0, y: 0, width: 1600, height: 900))
        #expect(window.surface.opaqueRegion?.contains(x: 1, y: 1) == true)

        // Floating again, at the new size: the shadow comes back around it.
        session.compositor.configure(window, width: 1000, height: 700)
        #expect(session.pump(until: { session.image?.width == 1000 && self.shadow(session)?.surface.image != nil }))
        session.settle()
        #expect(self.shadow(session)?.surface.image?.width == 1000 + 2 * margin)
        #expect(session.image?.rgba(x: 0, y: 0).alpha == 0)
        #expect(session.terminate() == 0)
    }

    /// At a fractional scale the shadow is drawn at the window's buffer scale and sized through its own viewport;
    /// at an integer scale 2 through its buffer scale. The corners' radius is the same in logical pixels.
    @Test func theShadowFollowsTheScale() throws {
        var options = ScriptedCompositor.Options()
        options.fractionalScale = 1.5
        let fractional = try AppSession.withTablet(options: options)
        #expect(fractional.pump(until: { self.shadow(fractional)?.surface.image != nil }))
        let shadow = try #require(self.shadow(fractional))
        #expect(shadow.surface.image?.width == 1992 && shadow.surface.image?.height == 1272)
        #expect(shadow.surface.destination?.width == 1280 + 48 && shadow.surface.destination?.height == 800 + 48)
        let frame = try #require(fractional.image)
        #expect(frame.width == 1920 && frame.rgba(x: 0, y: 0).alpha == 0 && frame.rgba(x: 12, y: 12).alpha == 255)
        #expect(fractional.terminate() == 0)

        var doubled = ScriptedCompositor.Options()
        doubled.outputScale = 2
        let session = try AppSession.withTablet(options: doubled)
        // The window fits nine tenths of the 960×540 logical screen. Its first shadow may come before the output's
        // scale does (then drawn again at it).
        #expect(
            session.pump(until: {
                self.shadow(session)?.surface.image != nil && self.shadow(session)?.surface.bufferScale == 2
            }))
        let width = try #require(session.image?.width)
        #expect(self.shadow(session)?.surface.image?.width == width + 2 * 2 * 24)
        #expect(self.shadow(session)?.surface.bufferScale == 2)
        #expect(session.terminate() == 0)
    }

    @Test func theMouseOnTheShadowResizesTheWindowFromTheNearestEdge() throws {
        let session = try AppSession.withTablet()
        let window = try #require(session.compositor.focusedToplevel)
        #expect(session.pump(until: { self.shadow(session)?.surface.image != nil }))
        let shadow = try #require(self.shadow(session))
        let m = Double(margin)
        let places: [(Double, Double, XdgToplevelResizeEdge)] = [
            (m - 4, m + 400, .left), (m + 1280 + 4, m + 400, .right), (m + 640, m - 4, .top),
            (m + 640, m + 800 + 4, .bottom), (m - 4, m - 4, .topLeft), (m + 1280 + 4, m + 800 + 4, .bottomRight),
        ]
        for (x, y, edge) in places {
            try session.compositor.sendPointer(
                [
                    .enter(x: x, y: y), .frame, .button(0x110, pressed: true), .frame, .button(0x110, pressed: false),
                    .frame, .leave, .frame,
                ], on: shadow)
            #expect(session.roundTrip())
            #expect(window.resizeRequests.last == edge, "(\(x), \(y)): \(window.resizeRequests)")
        }
        #expect(window.resizeRequests.count == places.count)
        // The pointer on the band shows a resize arrow, not the drawing's crosshair nor the controls' arrow; a
        // corner's differs from a side's.
        func cursor(at x: Double, _ y: Double, on subsurface: Subsurface?) throws -> Image? {
            try session.compositor.sendPointer([.enter(x: x, y: y), .frame], on: subsurface)
            #expect(session.roundTrip())
            let image = session.compositor.pointerCursor.surface?.image
            try session.compositor.sendPointer([.leave, .frame], on: subsurface)
            return image
        }
        let side = try #require(try cursor(at: m - 4, m + 400, on: shadow))
        let corner = try #require(try cursor(at: m - 4, m - 4, on: shadow))
        let crosshair = try #require(try cursor(at: 640, 400, on: nil))
        let arrow = try #require(try cursor(at: 300, 20, on: nil))
        #expect(side != crosshair && side != arrow && corner != side && corner != crosshair)
        // None of it painted.
        #expect(session.terminate() == 0)
        let file = try DocumentFile.open(at: session.documentURL, readOnly: true)
        #expect(file.document.elements.isEmpty)
        file.close()
    }

    private func shadow(_ session: AppSession) -> Subsurface? {
        guard let window = session.compositor.focusedToplevel else { return nil }
        return session.compositor.subsurfaces(of: window.surface).first
    }
}
