/// A colour with straight (not premultiplied) alpha; components are sRGB-encoded, 0…1.
public struct Color: Hashable, Codable, Sendable {
    /// Red, 0…1.
    public var red: Double
    /// Green, 0…1.
    public var green: Double
    /// Blue, 0…1.
    public var blue: Double
    /// Opacity, 0…1 (straight, not premultiplied).
    public var alpha: Double

    /// A colour from its components, each 0…1.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = Self.unit(red)
        self.green = Self.unit(green)
        self.blue = Self.unit(blue)
        self.alpha = Self.unit(alpha)
    }

    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = Color(red: 1, green: 1, blue: 1)
    /// Transparent.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// Clamps into 0…1; NaN becomes 0 so a bad value can never reach a stamp.
    private static func unit(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), 1) }
}
