import Foundation
import MaLiangEditor
import MaLiangVulkan
import Testing

@testable import MaLiangWayland

/// Words in the window read in both looks: every pair of words and what they lie on reaches WCAG's 4.5:1 for text.
@Suite struct ThemeContrastTests {
    typealias RGB = (Double, Double, Double)

    /// WCAG 2 relative luminance of an sRGB colour.
    static func luminance(_ color: RGB) -> Double {
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(color.0) + 0.7152 * linear(color.1) + 0.0722 * linear(color.2)
    }

    static func contrast(_ a: RGB, _ b: RGB) -> Double {
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    @Test func theWindowsWordsReachFourAndAHalfToOneInBothLooks() {
        for theme in [WindowTheme.dark, .light] {
            let text = theme.toolbarText
            let words = (text.0, text.1, text.2)
            let strip = theme.toolbar.prefix(3).map { Double($0) / 255 }
            let chip = theme.chip
            let chosen = WindowTheme.chosen
            let onChosen = WindowTheme.textOnChosen
            let key = theme.shortcutText
            let pairs: [(String, RGB, RGB)] = [
                ("a menu row's key", (key.0, key.1, key.2), (strip[0], strip[1], strip[2])),
                ("words on a menu row under the pointer", words, (chip.0, chip.1, chip.2)),
                ("words on the strip and panels", words, (strip[0], strip[1], strip[2])),
                ("words on a button or choice", words, (chip.0, chip.1, chip.2)),
                ("words on the choice made", (onChosen.0, onChosen.1, onChosen.2), (chosen.0, chosen.1, chosen.2)),
            ]
            for (what, foreground, background) in pairs {
                let ratio = Self.contrast(foreground, background)
                #expect(ratio >= 4.5, "\(theme): \(what) at \(String(format: "%.2f", ratio)):1")
            }
        }
    }

    /// The dark look's light words on the chosen colour were 1.86:1, as the check would have said.
    @Test func theCheckTellsUnreadableWords() {
        let text = WindowTheme.dark.toolbarText
        let chosen = WindowTheme.chosen
        #expect(Self.contrast((text.0, text.1, text.2), (chosen.0, chosen.1, chosen.2)) < 2)
    }
}

/// Icons read too: the darkest (for the glow, the lightest) part of every icon reaches WCAG's 3:1 for graphics
/// against its tile.
@Suite struct IconContrastTests {
    typealias RGB = (Double, Double, Double)

    /// The contrast between an icon's tile (its corner pixel) and the pixel that stands out most from it.
    static func contrast(_ rgba: [UInt8], pixels: Int) -> Double {
        func color(_ index: Int) -> RGB {
            let alpha = max(Double(rgba[index + 3]), 1)
            return (Double(rgba[index]) / alpha, Double(rgba[index + 1]) / alpha, Double(rgba[index + 2]) / alpha)
        }
        let tile = color(0)
        return stride(from: 0, to: pixels * pixels * 4, by: 4).map {
            ThemeContrastTests.contrast(tile, color($0))
        }.max() ?? 1
    }

    @Test func everyVectorIconReachesThreeToOne() throws {
        let icons = Toolbar.vectorIcons.map { ("\($0.0)", $0.1) } + LayerPanelPictures.vectorIcons
        for (name, icon) in icons {
            let rgba = try #require(icon.render(pixels: 40))
            let ratio = Self.contrast(rgba, pixels: 40)
            #expect(ratio >= 3, "\(name) at \(String(format: "%.2f", ratio)):1")
        }
    }

    @Test func everyBrushIconReachesThreeToOne() throws {
        let painter = IconPainter(context: try VulkanContext())
        for (index, name) in BrushStyle.presets.enumerated() where index != BrushStyle.stickersIndex {
            let picture = try painter.brushPicture(name, pixels: 40)
            guard case .rgba8(let bytes) = picture.pixels else {
                Issue.record("\(name): not 8-bit RGBA")
                continue
            }
            let ratio = Self.contrast(bytes, pixels: 40)
            #expect(ratio >= 3, "\(name) at \(String(format: "%.2f", ratio)):1")
        }
    }

    /// The pale dot alone, as "lighter" was drawn, is 1.9:1: the check tells it.
    @Test func theCheckTellsAFaintIcon() throws {
        let rgba = try #require(VectorIcon.dot(radius: 8, opacity: 0.3).render(pixels: 40))
        #expect(Self.contrast(rgba, pixels: 40) < 2)
    }
}
