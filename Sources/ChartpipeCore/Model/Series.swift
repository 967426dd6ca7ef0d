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
