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

    /// The records of `records`: kept as a run when consecutive, else the array itself (shared,
    /// not copied: a two-million-point column is not built a second time beside it).
    public init(_ records: [Int]) {
        guard let first = records.first else { return }
        let consecutive = first <= Int.max - records.count
            && records.withUnsafeBufferPointer { r in r.indices.allSatisfy { r[$0] == first + $0 } }
        if consecutive {
            start = first
            run = records.count
        } else {
            listed = records
        }
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
