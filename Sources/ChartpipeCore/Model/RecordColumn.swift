/// The 0-based source records of a series' points, one number a point (`Series.firstRecord`,
/// `lastRecord`). Consecutive records, as an unaggregated series read in order has them, are kept
/// as the first and how many, not as a column of millions of numbers (issue 12: 16 MB of a
/// two-million-point chart); the column is listed from the first record that breaks the run.
public struct RecordColumn: Sendable, Equatable, RandomAccessCollection, ExpressibleByArrayLiteral {
    /// While `listed` is nil: the records `start`, `start + 1`, … (`run` of them).
    private var start = 0
    private var run = 0
    private var listed: [Int]?

    public init() {}

    public init(_ records: some Sequence<Int>) {
        for record in records { append(record) }
    }

    public init(arrayLiteral records: Int...) { self.init(records) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { listed?.count ?? run }

    public subscript(i: Int) -> Int {
        if let listed { return listed[i] }
        precondition(i >= 0 && i < run, "no record \(i) in a column of \(run)")
        return start + i
    }

    public mutating func append(_ record: Int) {
        if listed == nil {
            if run == 0 {
                start = record
                run = 1
                return
            }
            if start < Int.max - run, record == start + run {
                run += 1
                return
            }
            listed = Array(start..<(start + run))
        }
        listed!.append(record)
    }

    public static func == (a: RecordColumn, b: RecordColumn) -> Bool {
        a.count == b.count && a.elementsEqual(b)
    }
}
