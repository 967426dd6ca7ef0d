/// A batch of observations as ingest streams them: one observation is one (series, x, y) value of
/// one source record. Wide data gives one observation per y field and record.
public struct ObservationBatch: Sendable, Equatable {
    /// Index into the stream's `seriesNames`.
    public var series: [Int32] = []
    public var x: [Double] = []
    /// `Double.nan` for a gap.
    public var y: [Double] = []
    /// 0-based source record (data row after the header, or JSON record).
    public var record: [Int] = []
    /// 1-based line in the source file where the record starts (for messages).
    public var line: [Int32] = []

    public init() {}

    public var count: Int { y.count }
    public var isEmpty: Bool { y.isEmpty }

    public mutating func reserveCapacity(_ n: Int) {
        series.reserveCapacity(n); x.reserveCapacity(n); y.reserveCapacity(n)
        record.reserveCapacity(n); line.reserveCapacity(n)
    }

    public mutating func append(series s: Int32, x: Double, y: Double, record: Int, line: Int32) {
        series.append(s); self.x.append(x); self.y.append(y); self.record.append(record); self.line.append(line)
    }
}
