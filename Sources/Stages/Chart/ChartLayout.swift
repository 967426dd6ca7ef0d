import ChartpipeCore

/// How the series of a chart are arranged: all in one plot (`overlay`), one small panel per series
/// on a shared scale (`small-multiples`), or one plot where the few most important series are drawn
/// in full and the rest quietly in grey, listed by name (`highlight`). `auto` overlays up to
/// `SeriesStyle.distinctCount` series, the most that stay distinguishable without colour, and draws
/// small multiples past it.
public enum ChartLayout: String, Sendable, CaseIterable, OptionChoice {
    case auto
    case overlay
    case smallMultiples = "small-multiples"
    case highlight

    /// How many series the highlight layout draws in full: few enough to follow at a glance.
    public static let highlightCount = 4

    /// The layout drawn for `seriesCount` series: never `auto`.
    public func resolved(seriesCount: Int) -> ChartLayout {
        guard self == .auto else { return self }
        return seriesCount > SeriesStyle.distinctCount ? .smallMultiples : .overlay
    }

    /// The series the highlight layout draws in full, most important first: the `highlightCount`
    /// with the highest mean of their charted values (the largest series, which a reader of many
    /// looks for first), ties in the data's order; a series without values comes last.
    static func highlighted(_ set: SeriesSet) -> [Int] {
        let means = set.series.map { s -> Double in
            let finite = s.y.filter(\.isFinite)
            // Each value divided first, so that values near the largest double do not overflow.
            return finite.isEmpty ? -.infinity : finite.reduce(0) { $0 + $1 / Double(finite.count) }
        }
        let ranked = set.series.indices.sorted { means[$0] != means[$1] ? means[$0] > means[$1] : $0 < $1 }
        return Array(ranked.prefix(highlightCount))
    }
}
