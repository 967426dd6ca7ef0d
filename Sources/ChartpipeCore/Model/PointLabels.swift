/// The labels of the points of `ChartContext.data` in one locale, per series, each made when it is
/// read: a chart of two million points holds no two million strings while it moves through the
/// stages (issue 12); a stage that reads every label (the audio cues) makes each once.
public struct PointLabels: Sendable, RandomAccessCollection, Equatable {
    /// The labels of one series.
    public struct Series: Sendable, RandomAccessCollection, Equatable {
        public let series: Int
        public let count: Int
        fileprivate let label: @Sendable (_ series: Int, _ point: Int) -> String

        public var startIndex: Int { 0 }
        public var endIndex: Int { count }
        public subscript(point: Int) -> String {
            precondition(point >= 0 && point < count, "no point \(point) in a series of \(count)")
            return label(series, point)
        }

        public static func == (a: Series, b: Series) -> Bool { a.elementsEqual(b) }
    }

    /// Points per series.
    public let counts: [Int]
    private let label: @Sendable (_ series: Int, _ point: Int) -> String

    /// Labels made by `label(series, point)` for series of `counts` points.
    public init(counts: [Int], label: @escaping @Sendable (_ series: Int, _ point: Int) -> String) {
        self.counts = counts
        self.label = label
    }

    /// Labels already made.
    public init(_ labels: [[String]]) {
        self.init(counts: labels.map(\.count)) { k, i in labels[k][i] }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { counts.count }
    public subscript(series: Int) -> Series { Series(series: series, count: counts[series], label: label) }

    public static func == (a: PointLabels, b: PointLabels) -> Bool { a.elementsEqual(b) }
}
