/// A segment between two turning points ("From June 1 to June 15: rose 62.5% from $1,200 to $1,950").
public struct SegmentDescription: Sendable, Equatable {
    /// First point, as an index into the full series (as trend.json).
    public var from: Int
    /// Last point, as an index into the full series.
    public var to: Int
    public var label: String

    public init(from: Int, to: Int, label: String) {
        self.from = from
        self.to = to
        self.label = label
    }
}
