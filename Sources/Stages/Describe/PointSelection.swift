import ChartpipeChartText
import ChartpipeCore
import ChartpipeText

/// Which points get labels in `description.points`.
public enum PointSelection: String, Sendable, CaseIterable, OptionChoice {
    /// `all` for a chart of at most `allUpToSeries` series and `allUpToPoints` drawn points,
    /// `notable` for more: 200 series, or two million points, of every point would be a
    /// description of megabytes that no one reads through (`axchart` still labels every drawn point).
    case auto
    /// Every point of the chart's data.
    case all
    /// First, last, extremes, peaks, valleys, outliers and segment starts.
    case notable
    case none

    /// The most series whose every point `auto` labels.
    public static let allUpToSeries = 10
    /// The most drawn points, over every series, that `auto` labels every one of.
    public static let allUpToPoints = 10_000
}
