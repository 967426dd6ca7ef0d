import ChartpipeCore
import ChartpipeText

/// The value axis: its range and round ticks. A fixed `y.range` is kept as the chart says; a
/// dynamic one runs from tick to tick around the data and the reference lines, and for bars and
/// areas it includes zero, since their size is their value.
struct ValueScale {
    let domain: ClosedRange<Double>
    let ticks: [Double]
    /// Where bars and areas start: zero when the range holds it, else the range's edge nearest zero.
    let baseline: Double

    init(values: [Double], thresholds: [Double], fixed: ClosedRange<Double>?, fromZero: Bool) {
        if let fixed {
            let inside = AxisTicks.nice(low: fixed.lowerBound, high: fixed.upperBound)
                .filter { $0 >= fixed.lowerBound - 1e-9 * abs(fixed.upperBound - fixed.lowerBound) && $0 <= fixed.upperBound + 1e-9 * abs(fixed.upperBound - fixed.lowerBound) }
            domain = fixed
            ticks = inside.count >= 2 ? inside : [fixed.lowerBound, fixed.upperBound]
        } else {
            let finite = (values + thresholds).filter(\.isFinite)
            let low = finite.min() ?? 0, high = finite.max() ?? 1
            var nice = AxisTicks.nice(low: low, high: high, count: 5, includingZero: fromZero)
            if nice.count < 2 { nice = [low - 1, high + 1] }
            ticks = nice
            domain = (nice.first ?? 0)...(nice.last ?? 1)
        }
        baseline = min(max(0, domain.lowerBound), domain.upperBound)
    }

    /// The vertical position of `v` in a plot from `top` to `bottom`.
    func position(_ v: Double, top: Double, bottom: Double) -> Double {
        // Halves, so that a domain past the largest double (upper − lower = ∞) keeps its positions.
        let span = domain.upperBound / 2 - domain.lowerBound / 2
        guard span > 0 else { return (top + bottom) / 2 }
        return bottom - (v / 2 - domain.lowerBound / 2) / span * (bottom - top)
    }
}
