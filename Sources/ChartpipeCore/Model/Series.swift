/// What the x values of a chart are. Every series of a chart shares one x type.
public enum XType: String, Sendable, CaseIterable {
    /// Instants, stored as milliseconds since 1970-01-01T00:00:00Z.
    case time
    /// Plain numbers.
    case number
    /// Labels, stored as the index of the label in `SeriesSet.categories`.
    case category
}

/// One series of points in columns, so that millions of points stay compact.
///
/// `y` holds `Double.nan` for a gap (a missing value); a gap is never zero.
/// `firstRecord[i]...lastRecord[i]` is the range of 0-based source records that point `i` came
/// from (equal for an unaggregated point).
public struct Series: Sendable, Equatable {
    public var name: String
    public var x: [Double]
    public var y: [Double]
    public var firstRecord: [Int]
    public var lastRecord: [Int]

    public init(name: String, x: [Double] = [], y: [Double] = [], firstRecord: [Int] = [], lastRecord: [Int] = []) {
        precondition(x.count == y.count && y.count == firstRecord.count && firstRecord.count == lastRecord.count,
                     "series columns must have equal lengths")
        self.name = name
        self.x = x
        self.y = y
        self.firstRecord = firstRecord
        self.lastRecord = lastRecord
    }

    public var count: Int { y.count }

    /// Appends one point.
    public mutating func append(x: Double, y: Double, firstRecord: Int, lastRecord: Int) {
        self.x.append(x)
        self.y.append(y)
        self.firstRecord.append(firstRecord)
        self.lastRecord.append(lastRecord)
    }

    /// The points at `indices`, in the order given.
    public func picking(_ indices: [Int]) -> Series {
        Series(name: name,
               x: indices.map { x[$0] }, y: indices.map { y[$0] },
               firstRecord: indices.map { firstRecord[$0] }, lastRecord: indices.map { lastRecord[$0] })
    }
}

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

/// A source of observations read in batches, so that memory is bounded by the batch, not the file.
///
/// A stream is a resource with a lifetime (an open file, a C parser): it is used by one thread.
public protocol ObservationStream: AnyObject {
    /// The x type of every observation.
    var xType: XType { get }
    /// Series names in order of first appearance; grows as batches are read.
    var seriesNames: [String] { get }
    /// Category labels of x in order of first appearance (category x only); grows as batches are read.
    var categories: [String] { get }
    /// The path of the source file, for messages.
    var sourcePath: String { get }
    /// The next batch, or `nil` at the end. Throws a `ChartError` naming file, line and field.
    func next() throws -> ObservationBatch?
    /// Records read so far (data rows after the header, or JSON records), skipped ones included.
    var recordsRead: Int { get }
    /// Records skipped under `onError: skip`.
    var recordsSkipped: Int { get }
    /// Warnings gathered so far (for example the first positions of skipped rows).
    var warnings: [Diagnostic] { get }
}
