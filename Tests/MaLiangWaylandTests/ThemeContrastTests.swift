import Foundation
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
            let pairs: [(String, RGB, RGB)] = [
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
