/// An editable response curve from normalised pressure (0…1) to an effect factor (0…1).
///
/// The curve passes through its control points and is interpolated with a monotone cubic (Fritsch–Carlson),
/// so a curve whose points rise never overshoots or dips between them.
public struct PressureCurve: Hashable, Codable, Sendable {
    /// A point the curve passes through: at `pressure`, the curve gives `value`.
    public struct ControlPoint: Hashable, Codable, Sendable {
        /// Input pressure, 0…1.
        public var pressure: Double
        /// Output factor, 0…1.
        public var value: Double

        /// A point of the curve: `value` at `pressure`, both 0…1.
        public init(pressure: Double, value: Double) {
            self.pressure = pressure
            self.value = value
        }
    }

    /// Control points, sorted by pressure; the first is at pressure 0 and the last at pressure 1.
    public private(set) var points: [ControlPoint]

    /// Builds a curve from any points: values are clamped into 0…1, sorted, de-duplicated by pressure, and
    /// extended flat to pressure 0 and 1 when the ends are missing. Non-finite points are dropped.
    public init(points: [ControlPoint]) {
        var clean = points.filter { $0.pressure.isFinite && $0.value.isFinite }.map {
            ControlPoint(pressure: min(max($0.pressure, 0), 1), value: min(max($0.value, 0), 1))
        }
        clean.sort { $0.pressure < $1.pressure }
        var unique: [ControlPoint] = []
        for point in clean where unique.last?.pressure != point.pressure { unique.append(point) }
        if unique.isEmpty { unique = [ControlPoint(pressure: 0, value: 0), ControlPoint(pressure: 1, value: 1)] }
        if let first = unique.first, first.pressure > 0 {
            unique.insert(ControlPoint(pressure: 0, value: first.value), at: 0)
        }
        if let last = unique.last, last.pressure < 1 { unique.append(ControlPoint(pressure: 1, value: last.value)) }
        self.points = unique
    }

    /// The identity: factor equals pressure.
    public static let linear = PressureCurve(points: [.init(pressure: 0, value: 0), .init(pressure: 1, value: 1)])

    /// Reads a curve as documents store it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(points: try container.decode([ControlPoint].self))
    }

    /// Writes the curve as documents store it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(points)
    }

    /// The factor for `pressure` (clamped into 0…1).
    public func value(at pressure: Double) -> Double {
        let p = pressure.isNaN ? 0 : min(max(pressure, 0), 1)
        guard points.count > 1 else { return points.first?.value ?? p }
        var upper = 1
        while upper < points.count - 1 && points[upper].pressure < p { upper += 1 }
        let a = points[upper - 1]
        let b = points[upper]
        let width = b.pressure - a.pressure
        let t = width > 0 ? (p - a.pressure) / width : 0
        let (m0, m1) = (tangent(at: upper - 1), tangent(at: upper))
        // Cubic Hermite basis.
        let t2 = t * t
        let t3 = t2 * t
        let result =
            (2 * t3 - 3 * t2 + 1) * a.value + (t3 - 2 * t2 + t) * width * m0
            + (-2 * t3 + 3 * t2) * b.value + (t3 - t2) * width * m1
        return min(max(result, 0), 1)
    }

    /// The lowest pressure whose factor reaches `value`, for a curve that never falls (1 when none does).
    public func pressure(reaching target: Double) -> Double {
        guard target.isFinite, target > value(at: 0) else { return 0 }
        guard target < value(at: 1) else { return 1 }
        var (low, high) = (0.0, 1.0)
        for _ in 0..<40 {
            let middle = (low + high) / 2
            if value(at: middle) < target { low = middle } else { high = middle }
        }
        return high
    }

    /// Fritsch–Carlson tangent at control point `index`: zero at local extrema, limited to stay monotone.
    private func tangent(at index: Int) -> Double {
        func secant(_ i: Int) -> Double {
            let width = points[i + 1].pressure - points[i].pressure
            return width > 0 ? (points[i + 1].value - points[i].value) / width : 0
        }
        if index == 0 { return secant(0) }
        if index == points.count - 1 { return secant(index - 1) }
        let left = secant(index - 1)
        let right = secant(index)
        guard left * right > 0 else { return 0 }
        // Harmonic mean keeps the interpolant monotone between the points.
        return 2 * left * right / (left + right)
    }

    /// A lookup table of `count` evenly spaced samples of the curve, for the per-stamp hot path.
    func table(count: Int = 1024) -> [Float] {
        (0..<count).map { Float(value(at: Double($0) / Double(count - 1))) }
    }
}
