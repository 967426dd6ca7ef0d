/// The series of one chart with what they share: the x type and, for category x, the labels.
public struct SeriesSet: Sendable, Equatable {
    public var xType: XType
    /// Category labels in order of first appearance; `x` of a category point indexes this.
    public var categories: [String]
    public var series: [Series]

    public init(xType: XType, categories: [String] = [], series: [Series] = []) {
        self.xType = xType
        self.categories = categories
        self.series = series
    }

    /// Points over all series.
    public var pointCount: Int { series.reduce(0) { $0 + $1.count } }
}
