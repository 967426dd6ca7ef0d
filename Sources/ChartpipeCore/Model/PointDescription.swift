/// One point with its label.
public struct PointDescription: Sendable, Equatable {
    /// Index into the full series (as trend.json); equal to the position in `ChartContext.data` when
    /// nothing was downsampled.
    public var index: Int
    /// Raw x: epoch milliseconds for time, the category's index for category x.
    public var x: Double
    /// `nil` for a gap.
    public var y: Double?
    public var label: String

    public init(index: Int, x: Double, y: Double?, label: String) {
        self.index = index
        self.x = x
        self.y = y
        self.label = label
    }
}
