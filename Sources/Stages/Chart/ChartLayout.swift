import ChartpipeCore

/// How the series of a chart are arranged: all in one plot (`overlay`), or one small panel per
/// series on a shared scale (`small-multiples`). `auto` overlays up to `SeriesStyle.distinctCount`
/// series, the most that stay distinguishable without colour, and draws small multiples past it.
public enum ChartLayout: String, Sendable, CaseIterable, OptionChoice {
    case auto
    case overlay
    case smallMultiples = "small-multiples"

    /// The layout drawn for `seriesCount` series: never `auto`.
    public func resolved(seriesCount: Int) -> ChartLayout {
        guard self == .auto else { return self }
        return seriesCount > SeriesStyle.distinctCount ? .smallMultiples : .overlay
    }
}
