import ChartpipeCore
import ChartpipeText

/// The x axis: a band per category, or a linear scale over time and numbers (with half a step of
/// room at each end for bars, so the first and last bars are whole). Bars over bins of a number x
/// (`bin`, an aggregate's width) stand for [x, x + bin): the axis runs from the first bin's start
/// to the last one's end, and a bar is drawn `shift` (half a bin) right of its x.
struct PositionScale {
    enum Kind { case band(count: Int), linear(ClosedRange<Double>) }
    let kind: Kind
    /// Width of one bar group (bands and bars over time or numbers).
    let step: Double
    /// How far right of its x a mark is drawn: half a bin for bins, else 0.
    var shift = 0.0

    init(set: SeriesSet, bars: Bool, facts: XAxisFacts, bin: Double? = nil) {
        if set.xType == .category {
            kind = .band(count: max(set.categories.count, 1))
            step = 1
            return
        }
        if let bin, bin > 0, bin.isFinite, let range = facts.range {
            kind = .linear(range.lowerBound...(range.upperBound + bin))
            step = bin
            shift = bin / 2
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
            // Halves, so that a domain past the largest double keeps its positions.
            let span = domain.upperBound / 2 - domain.lowerBound / 2
            guard span > 0 else { return (left + right) / 2 }
            return left + (x / 2 - domain.lowerBound / 2) / span * (right - left)
        }
    }

    /// The width of one band or step in a plot of `width`.
    func bandWidth(_ width: Double) -> Double {
        switch kind {
        case let .band(count): return width / Double(count)
        case let .linear(domain):
            let span = domain.upperBound / 2 - domain.lowerBound / 2
            return span > 0 ? step / 2 / span * width : width
        }
    }
}
