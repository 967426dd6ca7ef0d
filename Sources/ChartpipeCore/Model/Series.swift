/// One series of points in columns, so that millions of points stay compact.
///
/// `y` holds `Double.nan` for a gap (a missing value); a gap is never zero.
/// `firstRecord[i]...lastRecord[i]` is the range of 0-based source records that point `i` came
/// from (equal for an unaggregated point).
public struct Series: Sendable, Equatable {
    public var name: String
    public var x: [Double]
    public var y: [Double]
    public var firstRecord: RecordColumn {
        get { first }
        set {
            // The last records stop being the first ones: they keep what they were.
            if last == nil { last = first }
            first = newValue
        }
    }
    public var lastRecord: RecordColumn {
        get { last ?? first }
        set { last = newValue }
    }
    private var first: RecordColumn
    /// nil while every point's last record is its first (an unaggregated series: one record a
    /// point), so that a million-point series keeps one column of records, not two (issue 12).
    private var last: RecordColumn?

    public init(name: String, x: [Double] = [], y: [Double] = [], firstRecord: [Int] = [], lastRecord: [Int] = []) {
        precondition(x.count == y.count && y.count == firstRecord.count && firstRecord.count == lastRecord.count,
                     "series columns must have equal lengths")
        self.name = name
        self.x = x
        self.y = y
        first = RecordColumn(firstRecord)
        last = lastRecord == firstRecord ? nil : RecordColumn(lastRecord)
    }

    public static func == (a: Series, b: Series) -> Bool {
        a.name == b.name && a.x == b.x && a.y == b.y && a.first == b.first && a.lastRecord == b.lastRecord
    }

    public var count: Int { y.count }

    /// Appends one point.
    public mutating func append(x: Double, y: Double, firstRecord: Int, lastRecord: Int) {
        self.x.append(x)
        self.y.append(y)
        if last == nil, lastRecord != firstRecord { last = first }
        first.append(firstRecord)
        last?.append(lastRecord)
    }

    /// The points at `indices`, in the order given.
    public func picking(_ indices: [Int]) -> Series {
        let firsts = indices.map { first[$0] }
        return Series(name: name, x: indices.map { x[$0] }, y: indices.map { y[$0] },
                      firstRecord: firsts, lastRecord: last.map { l in indices.map { l[$0] } } ?? firsts)
    }
}
