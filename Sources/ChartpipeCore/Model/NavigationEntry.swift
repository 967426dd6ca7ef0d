/// A point of a series that a navigation list leads to.
public struct NavigationEntry: Sendable, Equatable {
    /// Index of the series in the chart.
    public var series: Int
    /// Index into the full series (as trend.json).
    public var index: Int
    public var x: Double
    public var y: Double
    public var label: String

    public init(series: Int, index: Int, x: Double, y: Double, label: String) {
        self.series = series
        self.index = index
        self.x = x
        self.y = y
        self.label = label
    }
}
