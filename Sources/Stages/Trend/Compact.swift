import ChartpipeCore
import ChartpipeJSON

/// A series without its gaps, x in the units slopes are measured in (days for time).
struct Compact {
    static let millisecondsPerDay = 86_400_000.0
    /// Positions of the kept points in the full series.
    var positions = Positions(kept: nil)
    var x: [Double] = []
    var y: [Double] = []
    let xType: XType

    /// Position `i` of the compact series in the full one: itself when the series has no gap
    /// (no array of a million positions is kept, and y is the series' own, shared: issue 12).
    struct Positions {
        let kept: [Int]?
        subscript(i: Int) -> Int { kept?[i] ?? i }
    }

    init(_ series: Series, xType: XType) {
        self.xType = xType
        let scale = xType == .time ? 1 / Compact.millisecondsPerDay : 1
        if !series.y.contains(where: { !$0.isFinite }), !series.x.contains(where: { !$0.isFinite }) {
            x = xType == .time ? series.x.map { $0 * scale } : series.x
            y = series.y
            return
        }
        var kept: [Int] = []
        kept.reserveCapacity(series.count)
        for i in 0..<series.count where series.y[i].isFinite && series.x[i].isFinite {
            kept.append(i)
            x.append(series.x[i] * scale)
            y.append(series.y[i])
        }
        positions = Positions(kept: kept)
    }

    /// An x in slope units back in the series' own units (epoch milliseconds for time).
    func rawX(_ value: Double) -> Double {
        xType == .time ? (value * Compact.millisecondsPerDay).rounded() : value
    }
}
