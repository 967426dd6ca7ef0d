import ChartpipeCore
import ChartpipeJSON

/// A series without its gaps, x in the units slopes are measured in (days for time).
struct Compact {
    static let millisecondsPerDay = 86_400_000.0
    /// Positions of the kept points in the full series.
    var positions: [Int] = []
    var x: [Double] = []
    var y: [Double] = []
    let xType: XType

    init(_ series: Series, xType: XType) {
        self.xType = xType
        let scale = xType == .time ? 1 / Compact.millisecondsPerDay : 1
        positions.reserveCapacity(series.count)
        for i in 0..<series.count where series.y[i].isFinite && series.x[i].isFinite {
            positions.append(i)
            x.append(series.x[i] * scale)
            y.append(series.y[i])
        }
    }

    /// An x in slope units back in the series' own units (epoch milliseconds for time).
    func rawX(_ value: Double) -> Double {
        xType == .time ? (value * Compact.millisecondsPerDay).rounded() : value
    }
}
