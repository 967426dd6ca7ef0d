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
        let span = domain.upperBound - domain.lowerBound
        guard span > 0 else { return (top + bottom) / 2 }
        return bottom - (v - domain.lowerBound) / span * (bottom - top)
    }
}

/// The x axis: a band per category, or a linear scale over time and numbers (with half a step of
/// room at each end for bars, so the first and last bars are whole).
struct PositionScale {
    enum Kind { case band(count: Int), linear(ClosedRange<Double>) }
    let kind: Kind
    /// Width of one bar group (bands and bars over time or numbers).
    let step: Double

    init(set: SeriesSet, bars: Bool, facts: XAxisFacts) {
        if set.xType == .category {
            kind = .band(count: max(set.categories.count, 1))
            step = 1
            return
        }
        let range = facts.range ?? 0...1
        // Bars are as wide as the usual step between points: downsampled points are unevenly spaced,
        // and the smallest step would make every bar a hairline.
        let smallest = facts.spacing ?? (set.xType == .time ? 86_400_000 : 1)
        let spacing = bars ? PositionScale.medianStep(set) ?? smallest : smallest
        var low = range.lowerBound, high = range.upperBound
        if bars || low == high {
            low -= spacing / 2
            high += spacing / 2
        }
        kind = .linear(low...high)
        step = spacing
    }

    /// The median step between consecutive x of the series; nil without two points.
    static func medianStep(_ set: SeriesSet) -> Double? {
        var steps: [Double] = []
        for s in set.series {
            let xs = s.x.filter(\.isFinite)
            for (a, b) in zip(xs, xs.dropFirst()) where b > a { steps.append(b - a) }
        }
        guard !steps.isEmpty else { return nil }
        steps.sort()
        return steps[steps.count / 2]
    }

    /// The horizontal position of x (a category's index for bands) in a plot from `left` to `right`.
    func position(_ x: Double, left: Double, right: Double) -> Double {
        switch kind {
        case let .band(count):
            return left + (x + 0.5) * (right - left) / Double(count)
        case let .linear(domain):
            let span = domain.upperBound - domain.lowerBound
            guard span > 0 else { return (left + right) / 2 }
            return left + (x - domain.lowerBound) / span * (right - left)
        }
    }

    /// The width of one band or step in a plot of `width`.
    func bandWidth(_ width: Double) -> Double {
        switch kind {
        case let .band(count): return width / Double(count)
        case let .linear(domain):
            let span = domain.upperBound - domain.lowerBound
            return span > 0 ? step / span * width : width
        }
    }
}
