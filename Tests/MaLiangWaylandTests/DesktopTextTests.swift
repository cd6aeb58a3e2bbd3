import MaLiangEditor
import Testing

@testable import MaLiangWayland

/// The desktop's text size as its settings say it, and the scale the panels take from it.
@Suite struct DesktopTextTests {
    @Test func gnomesFontAndScalingMakeTheScale() {
        var text = DesktopText()
        #expect(text.scale == nil, "a scale before any font was read")
        let took1 = text.take(DesktopText.gnome, "text-scaling-factor", .number(1.25))
        #expect(took1)
        #expect(text.scale == nil, "the scaling alone says no size")
        let took2 = text.take(DesktopText.gnome, "font-name", .text("Cantarell 11"))
        #expect(took2)
        #expect(text.scale == 11 * 1.25 / 9)
        let took3 = text.take(DesktopText.gnome, "font-name", .text("Noto Sans Bold Italic 14.4"))
        #expect(took3)
        #expect(text.scale == 2, "twice the panels' size is the most")
    }

    @Test func plasmasFontMakesTheScale() {
        var text = DesktopText()
        let took4 = text.take(DesktopText.plasma, "font", .text("Noto Sans,12,-1,5,50,0,0,0,0,0"))
        #expect(took4)
        #expect(text.scale == 12.0 / 9)
    }

    @Test func whatIsNoSizeChangesNothing() {
        var text = DesktopText()
        let took5 = text.take(DesktopText.gnome, "font-name", .text("Cantarell 12"))
        #expect(took5)
        for (namespace, key, value) in [
            (DesktopText.gnome, "font-name", DesktopText.Value.text("Cantarell")),
            (DesktopText.gnome, "font-name", .text("")),
            (DesktopText.gnome, "font-name", .text("Sans nan")),
            (DesktopText.gnome, "font-name", .text("Sans -4")),
            (DesktopText.gnome, "font-name", .number(11)),
            (DesktopText.gnome, "text-scaling-factor", .number(.infinity)),
            (DesktopText.gnome, "text-scaling-factor", .number(0)),
            (DesktopText.plasma, "font", .text("Noto Sans")),
            (DesktopText.plasma, "font", .text("Noto Sans,big")),
            ("org.gnome.desktop.wm.preferences", "titlebar-font", .text("Cantarell Bold 30")),
        ] {
            let took = text.take(namespace, key, value)
            #expect(!took, "\(namespace) \(key) \(value) was taken")
        }
        #expect(text.scale == 12.0 / 9)
    }

    @Test func aSmallDesktopFontLeavesThePanelsTheirOwnSize() {
        #expect(TextScale.forDesktopFont(points: 7) == 1)
        #expect(TextScale.forDesktopFont(points: 9, factor: .nan) == 1)
        #expect(TextScale.forDesktopFont(points: .nan) == 1)
    }
}
