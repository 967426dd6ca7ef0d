/// The points a series' description lists (`SeriesDescription.points`), each with its label made
/// when it is read: `points: all` on a million-point series keeps a function, not a million
/// labels, and the description files write them one by one (issue 12).
public struct PointList: Sendable, RandomAccessCollection, Equatable, ExpressibleByArrayLiteral {
    public let count: Int
    private let point: @Sendable (Int) -> PointDescription

    /// `count` points, the `n`th made by `point(n)`.
    public init(count: Int, point: @escaping @Sendable (Int) -> PointDescription) {
        self.count = count
        self.point = point
    }

    /// Points already made (read back from a description file, say).
    public init(_ points: [PointDescription]) {
        self.init(count: points.count) { points[$0] }
    }

    public init(arrayLiteral points: PointDescription...) { self.init(points) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }
    public subscript(n: Int) -> PointDescription {
        precondition(n >= 0 && n < count, "no point \(n) in a list of \(count)")
        return point(n)
    }

    public static func == (a: PointList, b: PointList) -> Bool { a.elementsEqual(b) }
}
