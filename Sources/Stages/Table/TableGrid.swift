import ChartpipeCore
import ChartpipeJSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The wide layout of a chart's series: one row per distinct x of any series, in order, and one
/// column of values per series. A series without a point at a row's x, and a gap, are both an
/// empty cell (`nan`).
struct TableGrid: Sendable {
    let set: SeriesSet
    /// The distinct x of every series, ascending (category x: in the order of the labels).
    let xs: [Double]
    /// `values[k][row]`: series k's value at row's x, or nan.
    let values: [[Double]]
    /// `rawValues[k][row]`: that value as the data files write it (nil for an empty cell), written
    /// once for every file and locale that shows it.
    let rawValues: [[String?]]

    init(_ set: SeriesSet, cancellation: Cancellation = .never) throws {
        self.set = set
        var all: [Double] = []
        all.reserveCapacity(set.pointCount)
        for s in set.series { all += s.x.filter(\.isFinite) }
        all.sort()
        var xs: [Double] = []
        xs.reserveCapacity(all.count)
        for x in all where xs.last != x { xs.append(x) }
        try cancellation.check()
        var values: [[Double]] = []
        for s in set.series {
            var column = [Double](repeating: .nan, count: xs.count)
            // Series are sorted by x (the runner sorts them), so one pass with a moving row finds
            // each point's row; a binary search covers any that are not.
            var row = 0
            for (x, y) in zip(s.x, s.y) where x.isFinite {
                if row >= xs.count || xs[row] > x { row = TableGrid.index(of: x, in: xs) }
                while row < xs.count, xs[row] < x { row += 1 }
                if row < xs.count, xs[row] == x { column[row] = y }
            }
            values.append(column)
        }
        self.xs = xs
        self.values = values
        rawValues = values.map { column in column.map(TableGrid.rawY) }
    }

    var rowCount: Int { xs.count }

    /// The first position in `xs` whose value is not below `x`.
    private static func index(of x: Double, in xs: [Double]) -> Int {
        var low = 0, high = xs.count
        while low < high {
            let mid = (low + high) / 2
            if xs[mid] < x { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The distinct x of `set` without building the grid, to check a size limit first.
    static func rowCount(of set: SeriesSet) -> Int {
        if set.series.count == 1 { return set.series[0].x.filter(\.isFinite).count }
        var seen = Set<Double>()
        for s in set.series { for x in s.x where x.isFinite { seen.insert(x) } }
        return seen.count
    }

    /// Row `row`'s x as the data files write it: ISO 8601 text in the chart's zone, a number, or the
    /// category label (as `data.json`).
    func rawX(_ row: Int, zone: TimeZone?) -> JSONValue { DataFile.x(xs[row], data: set, zone: zone) }

    /// A value as the data files write it; nil for an empty cell.
    static func rawY(_ y: Double) -> String? { y.isFinite ? JSONWriter.number(y) : nil }
}
