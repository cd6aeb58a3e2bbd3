/// The bounds the editor, the store and the importers share: whatever one of them makes, the others accept.
///
/// A gesture is clamped to these before it reaches the document, the store writes nothing outside them, and a
/// reader refuses (or leaves out) only what lies outside them.
public enum Limits {
    /// Width and height of a canvas, document pixels.
    public static let canvasSide: ClosedRange<Double> = 1...65_536
    /// Largest |x| or |y| of a sample or a chartlet centre, in document pixels. Samples are kept as 32-bit floats,
    /// which still resolve ¹⁄₁₆ pixel here.
    public static let coordinate = 1_000_000.0
    /// Width and height of a placed image, document pixels: from a hair to four canvases.
    public static let chartletSide: ClosedRange<Double> = 0.5...262_144
    /// Element ids: positive, and far enough from `Int64.max` that adding to them never overflows.
    public static let elementID: ClosedRange<Int64> = 1...(1 << 53)
    /// Samples in one stroke (an hour of a 240 Hz pen). A longer stroke is continued as a new one.
    public static let samplesPerStroke = 1_000_000
    /// The zoom a stroke remembers (its canvas scale), the same range the view allows.
    public static let zoom: ClosedRange<Double> = 0.1...32

    /// `value` moved into `range`; NaN becomes the lower bound.
    public static func clamp(_ value: Double, to range: ClosedRange<Double>) -> Double {
        value.isNaN ? range.lowerBound : min(max(value, range.lowerBound), range.upperBound)
    }
}
