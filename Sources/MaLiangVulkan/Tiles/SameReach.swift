/// Where a box may start and end and still reach the same tiles or cells as one before: consecutive stamps mostly
/// do, and working a small dab's tiles and cells out anew was a share of making and binning it. Checking a box is
/// four comparisons a side.
struct SameReach {
    /// Where a box's start and end may lie along one axis, in document pixels.
    struct Spans {
        var start: Range<Double>
        var end: Range<Double>

        /// The spans of `indices` of `unit` document pixels each, the last index being `last`: the first and last
        /// take every position beyond them, as a box is clipped to the layer.
        init(_ indices: ClosedRange<Int>, unit: Double, last: Int) {
            let (first, final) = (indices.lowerBound, indices.upperBound)
            start = (first == 0 ? -.infinity : Double(first) * unit)..<(Double(first + 1) * unit)
            end = (Double(final) * unit)..<(final == last ? .infinity : Double(final + 1) * unit)
        }

        fileprivate init(start: Range<Double>, end: Range<Double>) {
            self.start = start
            self.end = end
        }

        @inline(__always) func contain(_ low: Double, _ high: Double) -> Bool {
            start.contains(low) && end.contains(high)
        }
    }

    var columns: Spans
    var rows: Spans

    /// The boxes reaching `columns` × `rows` of a grid of `unit` document pixels whose last column and row are given.
    init(columns: ClosedRange<Int>, rows: ClosedRange<Int>, unit: Double, lastColumn: Int, lastRow: Int) {
        self.columns = Spans(columns, unit: unit, last: lastColumn)
        self.rows = Spans(rows, unit: unit, last: lastRow)
    }

    private init(columns: Spans, rows: Spans) {
        self.columns = columns
        self.rows = rows
    }

    /// None: every box is worked out (NaN is in no span).
    static let none = SameReach(
        columns: Spans(start: 0..<0, end: 0..<0), rows: Spans(start: 0..<0, end: 0..<0))

    /// Whether the box `x`, `y` ± `reach` reaches the same tiles or cells.
    @inline(__always) func contain(x: Double, y: Double, reach: Double) -> Bool {
        columns.contain(x - reach, x + reach) && rows.contain(y - reach, y + reach)
    }
}
