/// A series' shape as one line of Unicode braille (U+2800–U+28FF), for refreshable braille
/// displays, as MAIDR offers beside its charts (Seo et al., "MAIDR: Making Statistical
/// Visualizations Accessible with Multimodal Data Representation", CHI 2024).
///
/// A braille cell is two columns of four dots, so a line of `cells` cells holds `2 × cells` values:
/// each column is one value (or the mean of consecutive values, when there are more), drawn as one
/// dot at its height among four (the lowest value on the bottom row, the highest on the top row).
/// A column with no value (a gap) has no dot, so a cell of two gaps is the blank cell U+2800.
/// A series of fewer values than columns takes one column per value, and so fewer cells.
public enum BrailleSparkline {
    /// The cells of a sparkline when nothing else is asked: 20 cells, 40 values, the width of the
    /// smallest common refreshable braille displays.
    public static let defaultCells = 20

    /// Dot bits of the left and right column, top row first (Unicode's braille patterns: dots 1, 2,
    /// 3, 7 on the left, 4, 5, 6, 8 on the right).
    private static let left: [UInt32] = [0x01, 0x02, 0x04, 0x40]
    private static let right: [UInt32] = [0x08, 0x10, 0x20, 0x80]

    /// The braille line for `values` (non-finite values are gaps); empty when no value is finite.
    public static func render(_ values: [Double], cells: Int = defaultCells) -> String {
        guard cells > 0 else { return "" }
        let columns = resample(values, columns: min(values.count, 2 * cells))
        // The four heights span the columns drawn, so the line uses every row it can.
        let drawn = columns.compactMap { $0 }
        guard let low = drawn.min(), let high = drawn.max() else { return "" }
        // Rows counted from the top: 0 is the highest quarter, 3 the lowest (and a flat series).
        // Halved, so that a range past the largest double (high − low = ∞) stays finite.
        func row(_ v: Double) -> Int {
            guard high > low else { return 3 }
            let share = (v / 2 - low / 2) / (high / 2 - low / 2)
            guard share.isFinite else { return 3 }
            let level = Int((share * 3).rounded())
            return 3 - max(0, min(3, level))
        }
        var out = String.UnicodeScalarView()
        var c = 0
        while c < columns.count {
            var bits: UInt32 = 0
            if let v = columns[c] { bits |= left[row(v)] }
            if c + 1 < columns.count, let v = columns[c + 1] { bits |= right[row(v)] }
            out.append(Unicode.Scalar(0x2800 + bits)!)
            c += 2
        }
        return String(out)
    }

    /// The cell of a line of `count` values (as `render` draws them) that shows the value at
    /// `position`: where a braille display's cursor marks that value.
    public static func cell(position: Int, count: Int, cells: Int = defaultCells) -> Int {
        let columns = min(count, 2 * cells)
        guard columns > 0, count > 0 else { return 0 }
        let p = max(0, min(count - 1, position))
        // The run c holds positions c·n/columns ..< (c+1)·n/columns (see resample).
        var c = min(columns - 1, p * columns / count)
        while c > 0, c * count / columns > p { c -= 1 }
        while c + 1 < columns, (c + 1) * count / columns <= p { c += 1 }
        return c / 2
    }

    /// `values` in `columns` consecutive runs of (nearly) equal length by position, each the mean of
    /// its finite values, or nil where a run has none.
    static func resample(_ values: [Double], columns: Int) -> [Double?] {
        guard columns > 0 else { return [] }
        let n = values.count
        return (0..<columns).map { c in
            let start = c * n / columns, end = (c + 1) * n / columns
            let run = values[start..<max(end, start + 1)]
            let count = run.reduce(0) { $0 + ($1.isFinite ? 1 : 0) }
            guard count > 0 else { return nil }
            // Each value divided first, so that a sum of values near the largest double stays finite.
            return run.reduce(0.0) { $1.isFinite ? $0 + $1 / Double(count) : $0 }
        }
    }
}
