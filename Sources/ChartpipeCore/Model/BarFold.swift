/// How `downsample` folded too many bars into calendar periods, so that the description and the
/// chart say what a bar is ("Each bar is the mean of 4 quarters in a year") rather than pass a
/// period's aggregate off as one reading. The values' aggregation itself is `Aggregation`.
public struct BarFold: Sendable, Equatable {
    /// The period of a bar: `week`, `month`, `quarter` or `year`.
    public var period: String
    /// The operation (`mean`, `sum`, `min`, `max`).
    public var op: String
    /// The calendar unit the series was sampled in (`day`, `week`, `month`, `quarter`), or nil when irregular.
    public var sampling: String?
    /// How many sampled values a typical (interior) period holds.
    public var perBar: Int
    /// The bars before the fold (the longest series) and the periods after it.
    public var sourceBars: Int
    public var bars: Int

    public init(period: String, op: String, sampling: String?, perBar: Int, sourceBars: Int, bars: Int) {
        self.period = period
        self.op = op
        self.sampling = sampling
        self.perBar = perBar
        self.sourceBars = sourceBars
        self.bars = bars
    }
}
