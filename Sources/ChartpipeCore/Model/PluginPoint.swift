import Foundation
import ChartpipeJSON

/// A point of a chart's full series that a plugin speaks about, with its text by locale.
public struct PluginPoint: Sendable, Equatable {
    /// Index of the series in the chart.
    public var series: Int
    /// Index into the full series (as trend.json).
    public var index: Int
    /// Raw x: epoch milliseconds for time, the category's index for category x.
    public var x: Double
    /// `nil` for a gap.
    public var y: Double?
    /// The note (or, in a navigation list, the entry's label) by locale.
    public var text: [String: String]

    public init(series: Int, index: Int, x: Double, y: Double?, text: [String: String]) {
        self.series = series
        self.index = index
        self.x = x
        self.y = y
        self.text = text
    }
}
