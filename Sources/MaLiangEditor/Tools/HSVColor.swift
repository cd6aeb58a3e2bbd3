import Foundation
import MaLiangCore

/// A colour as hue, saturation and value, each 0…1: how the colour wheel holds the current colour, so a grey keeps
/// the hue it was dragged from and a drag towards white does not forget it.
public struct HSVColor: Equatable, Sendable {
    /// 0…1 around the wheel: red at 0, green at 1/3, blue at 2/3.
    public var hue: Double
    public var saturation: Double
    public var value: Double

    public init(hue: Double, saturation: Double, value: Double) {
        self.hue = Self.wrapped(hue)
        self.saturation = Self.unit(saturation)
        self.value = Self.unit(value)
    }

    /// `color` in HSV; greys (no hue of their own) take `hue`.
    public init(_ color: Color, keepingHue hue: Double = 0) {
        let high = max(color.red, color.green, color.blue)
        let low = min(color.red, color.green, color.blue)
        let chroma = high - low
        var computed = hue
        if chroma > 1e-9 {
            if high == color.red {
                computed = (color.green - color.blue) / chroma / 6
            } else if high == color.green {
                computed = ((color.blue - color.red) / chroma + 2) / 6
            } else {
                computed = ((color.red - color.green) / chroma + 4) / 6
            }
        }
        self.init(hue: computed, saturation: high > 0 ? chroma / high : 0, value: high)
    }

    /// The opaque colour.
    public var color: Color {
        let sector = hue * 6
        let chroma = value * saturation
        let x = chroma * (1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1))
        let (red, green, blue): (Double, Double, Double) =
            switch Int(sector) {
            case 0: (chroma, x, 0)
            case 1: (x, chroma, 0)
            case 2: (0, chroma, x)
            case 3: (0, x, chroma)
            case 4: (x, 0, chroma)
            default: (chroma, 0, x)
            }
        let m = value - chroma
        return Color(red: red + m, green: green + m, blue: blue + m)
    }

    private static func unit(_ value: Double) -> Double { value.isFinite ? min(max(value, 0), 1) : 0 }

    private static func wrapped(_ hue: Double) -> Double {
        guard hue.isFinite else { return 0 }
        let turn = hue - hue.rounded(.down)
        return turn >= 1 ? 0 : turn
    }
}

extension Color {
    /// "RRGGBB", upper case, no "#".
    public var hex: String {
        func byte(_ value: Double) -> Int { Int((min(max(value, 0), 1) * 255).rounded()) }
        return String(format: "%02X%02X%02X", byte(red), byte(green), byte(blue))
    }

    /// An opaque colour from 6 hex digits ("3A7BD5") or 3 ("37D", each digit doubled), with or without "#"; nil
    /// for anything else.
    public init?(hex text: String) {
        var digits = Substring(text.trimmingCharacters(in: .whitespaces))
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.count == 3 || digits.count == 6, digits.allSatisfy(\.isHexDigit) else { return nil }
        let expanded = digits.count == 3 ? digits.flatMap { [$0, $0] } : Array(digits)
        let values = stride(from: 0, to: 6, by: 2).compactMap { Int(String(expanded[$0...$0 + 1]), radix: 16) }
        guard values.count == 3 else { return nil }
        self.init(red: Double(values[0]) / 255, green: Double(values[1]) / 255, blue: Double(values[2]) / 255)
    }
}
