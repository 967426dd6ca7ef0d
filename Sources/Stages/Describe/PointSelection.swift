import ChartpipeChartText
import ChartpipeCore
import ChartpipeText

/// Which points get labels in `description.points`.
public enum PointSelection: String, Sendable, CaseIterable, OptionChoice {
    /// `all` for a chart of at most `allUpToSeries` series, `notable` for more: 200 series of every
    /// point would be a description of megabytes that no one reads through.
    case auto
    /// Every point of the chart's data.
    case all
    /// First, last, extremes, peaks, valleys, outliers and segment starts.
    case notable
    case none

    /// The most series whose every point `auto` labels.
    public static let allUpToSeries = 10
}
