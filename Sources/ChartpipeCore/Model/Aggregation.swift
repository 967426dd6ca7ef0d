/// What a fold did to the values, so that descriptions say what a value is ("the highest weekly
/// mean, in the week of June 29") rather than pass a bucket off as a reading.
public struct Aggregation: Sendable, Equatable {
    public enum Bucket: Sendable, Equatable {
        /// A calendar unit in the chart's zone: `hour`, `day`, `week` (ISO), `month`, `quarter`, `year`.
        case calendar(String)
        /// A numeric bin of this width, starting at its x.
        case width(Double)
        /// One bucket per category label.
        case category
    }

    /// The operation: `sum`, `mean`, `median`, `min`, `max`, `count`, `first`, `last`.
    public var op: String
    public var bucket: Bucket
    /// Whether the first (last) bucket holds data for only part of its span.
    public var partialFirst: Bool
    public var partialLast: Bool
    /// Number bins: the lowest and highest x with a value in each, by bin start (a bin is named by them).
    public var binExtents: [Double: ClosedRange<Double>]

    public init(op: String, bucket: Bucket, partialFirst: Bool = false, partialLast: Bool = false,
                binExtents: [Double: ClosedRange<Double>] = [:]) {
        self.binExtents = binExtents
        self.op = op
        self.bucket = bucket
        self.partialFirst = partialFirst
        self.partialLast = partialLast
    }
}
