import ChartpipeCore
import ChartpipeJSON

/// The `trend` stage: the statistics every description draws its numbers from (SPEC §4 trend.json).
///
/// Per series, on the full series as it enters `downsample` with gaps skipped: count, first, last,
/// extremes, mean, median, sample standard deviation, change, least squares, Mann-Kendall, Sen's
/// slope, segments, outliers, peaks and valleys, threshold crossings; across series, crossovers.
/// Slopes are per unit of x, where time is measured in days.
public struct Trend: ChartStage {
    public static let segments = Option<Int>("segments", doc: "Most segments to split each series into at its turning points.",
                                             default: 4, min: 1)
    public static let alpha = Option<Double>("alpha", doc: "Significance level of the two-sided Mann-Kendall test, such as 0.05.",
                                             default: 0.05, above: 0, below: 1)
    public static let outliers = Option<Double>("outliers", doc: "Robust z-score (median absolute deviation) of a value's difference from the cubic through the two values on each side above which a spike is an outlier; for a category x, of a value's difference from the median.",
                                                default: 3.5, above: 0)
    public static let crossoverSeries = Option<Int>("crossoverSeries", doc: "Most series a chart may have for its crossovers to be found (every pair is compared); a chart with more gets none, with a warning.",
                                                    default: 12, min: 0)

    public static let description = StageDescription(
        name: "trend",
        summary: "Statistics: Mann-Kendall and Sen's slope, least squares, change, extremes, segments, outliers, crossovers.",
        options: [segments, alpha, outliers, crossoverSeries],
        needs: [Need(.series)],
        adds: [.trend])

    /// A segment whose change is at most this share of the series' range (max − min) is `flat`.
    public static let flatShare = 0.05

    /// Most segments per series.
    public var segments: Int
    /// Significance level of the Mann-Kendall test.
    public var alpha: Double
    /// Robust z-score threshold for outliers.
    public var outlierThreshold: Double
    /// Most series whose pairs are compared for crossovers: the pairs grow as its square.
    public var crossoverSeries: Int

    public init(options: StageOptions) throws {
        segments = try options.value(Self.segments)
        alpha = try options.value(Self.alpha)
        outlierThreshold = try options.value(Self.outliers)
        crossoverSeries = try options.value(Self.crossoverSeries)
    }

    /// Whether the crossovers of `set` are looked for: not for categories, nor past `crossoverSeries`.
    public func findsCrossovers(_ set: SeriesSet) -> Bool {
        set.xType != .category && set.series.count <= crossoverSeries
    }

    public func run(_ context: inout ChartContext) throws {
        let cancellation = context.cancellation
        var result = try analyze(context.fullSeries, thresholds: context.chart.y.thresholds, poll: cancellation.check)
        result.zone = context.chart.x.zone == "UTC" ? nil : context.chart.x.zone
        context[TrendKey.self] = result
        if context.fullSeries.xType != .category && !findsCrossovers(context.fullSeries) {
            context.warn("the chart's \(context.fullSeries.series.count) series are more than 'crossoverSeries' (\(crossoverSeries)): "
                         + "trend looks for no crossovers between them; raise 'crossoverSeries' to have them",
                         code: .trendCrossovers)
        }
        context.emit(Artifact(path: "trend.json", kind: "trend", bytes: JSONWriter().bytes(result.json)))
    }

    /// Statistics of every series of `set`, and the crossovers between them.
    public func analyze(_ set: SeriesSet, thresholds: [(name: String, value: Double)] = []) -> TrendResult {
        analyze(set, thresholds: thresholds, poll: {})
    }

    /// As `analyze(_:thresholds:)`, calling `poll` (the run's cancellation check) between the steps of
    /// each series and between pairs of series, so that a long chart stops part way when asked to.
    public func analyze<E: Error>(_ set: SeriesSet, thresholds: [(name: String, value: Double)] = [],
                                  poll: () throws(E) -> Void) throws(E) -> TrendResult {
        var series: [SeriesTrend] = []
        for s in set.series { series.append(try analyze(s, xType: set.xType, thresholds: thresholds, poll: poll)) }
        var crossovers: [Crossover] = []
        let compact = findsCrossovers(set) ? set.series.map { Compact($0, xType: set.xType) } : []
        // Bars of categories do not cross: their order is the file's. Past `crossoverSeries` the
        // pairs (and their crossovers) would grow as the square of the series.
        for a in compact.indices where findsCrossovers(set) {
            for b in compact.indices where b > a {
                try poll()
                for c in Crossings.crossovers(ax: compact[a].x, ay: compact[a].y, bx: compact[b].x, by: compact[b].y) {
                    crossovers.append(Crossover(a: a, b: b, x: compact[a].rawX(c.x),
                                                indexA: compact[a].positions[c.positionA],
                                                indexB: compact[b].positions[c.positionB], above: c.aAbove ? a : b))
                }
            }
        }
        crossovers.sort { $0.x != $1.x ? $0.x < $1.x : ($0.a != $1.a ? $0.a < $1.a : $0.b < $1.b) }
        return TrendResult(xType: set.xType, categories: set.xType == .category ? set.categories : [],
                           series: series, crossovers: crossovers, alpha: alpha)
    }

    /// Statistics of one series.
    public func analyze(_ series: Series, xType: XType, thresholds: [(name: String, value: Double)] = []) -> SeriesTrend {
        analyze(series, xType: xType, thresholds: thresholds, poll: {})
    }

    /// As `analyze(_:xType:thresholds:)`, calling `poll` between its steps (each at most O(n log n)).
    public func analyze<E: Error>(_ series: Series, xType: XType, thresholds: [(name: String, value: Double)] = [],
                                  poll: () throws(E) -> Void) throws(E) -> SeriesTrend {
        try poll()
        let data = Compact(series, xType: xType)
        let y = data.y, x = data.x
        let n = y.count
        var result = SeriesTrend(name: series.name, n: n)
        guard n > 0 else { return result }
        func point(_ i: Int) -> TrendPoint { TrendPoint(index: data.positions[i], x: series.x[data.positions[i]], y: y[i]) }
        var low = 0, high = 0
        for i in 1..<n {
            if y[i] < y[low] { low = i }
            if y[i] > y[high] { high = i }
        }
        result.first = point(0)
        result.last = point(n - 1)
        result.min = point(low)
        result.max = point(high)
        // Scaled by the largest magnitude, so that values near 1e308 have a mean and a spread, not ∞.
        let scale = Swift.max(abs(y[low]), abs(y[high]))
        let unit = scale > 0 && scale.isFinite ? scale : 1
        let mean = y.reduce(0) { $0 + $1 / unit } / Double(n) * unit
        result.mean = mean
        try poll()
        if n >= 2 {
            // A difference that overflows (−1.8e308 − 4e307) is taken between the scaled values.
            let squares = y.reduce(0) { sum, v in
                let d = (v - mean).isFinite ? (v - mean) / unit : v / unit - mean / unit
                return sum + d * d
            }
            result.stdev = (squares / Double(n - 1)).squareRoot() * unit
        }
        result.change = TrendChange(from: y[0], to: y[n - 1])
        result.leastSquares = LeastSquares.fit(x: x, y: y)

        try poll()
        // Mann-Kendall (whose sort splits on its own) and the outliers take several columns of n
        // each: they run before the steps that run beside Sen's slope, which take one.
        result.mannKendall = MannKendall.test(y, alpha: alpha)
        try poll()
        // A category x orders its bars as the file does: what follows x (segments, spikes, peaks,
        // valleys, crossings) would describe that order, so a bar chart gets outliers among its values only.
        let outliers = xType == .category
            ? RobustOutliers.amongLevels(y, threshold: outlierThreshold)
            : RobustOutliers.find(y, threshold: outlierThreshold)
        result.outliers = outliers.map { TrendOutlier(point: point($0.position), score: $0.score) }
        // Each writes its own part; on a long series they run at once (`concurrentFrom`).
        var slope: Double?, medianX: Double?
        var peaks: [(position: Int, prominence: Double)] = [], valleys: [(position: Int, prominence: Double)] = []
        var steps: [() -> Void] = [
            { slope = SenSlope.medianSlope(x: x, y: y) },
            { (result.median, medianX) = (MergeCount.median(y), MergeCount.median(x)) },
        ]
        if xType != .category { steps += [{ peaks = Extremes.peaks(y) }, { valleys = Extremes.valleys(y) }] }
        if n >= Trend.concurrentFrom {
            try poll()
            WorkerBudget.split(steps.count) { steps[$0]() }
        } else {
            for step in steps {
                try poll()
                step()
            }
        }
        try poll()
        result.sen = SenSlope.estimate(slope: slope, medianX: medianX, medianY: result.median)
        if xType != .category, n >= 3, let original = result.mannKendall {
            try poll()
            let correlation = serialCorrelation(x: x, y: y, slope: slope)
            let spacing = CycleFinder.evenlySpaced(x)
            if let correlation, spacing != nil, let cycle = CycleFinder.find(acf: correlation.acf, n: n, alpha: alpha) {
                result.cycle = TrendCycle(lag: cycle.lag, period: Double(cycle.lag) * (spacing ?? 0), autocorrelation: cycle.r,
                                          lastPeak: CycleFinder.lastPeak(y, lag: cycle.lag).map(point))
            }
            // Serially correlated or cyclic values are not independent: the test takes Hamed and Rao's
            // correction of S's variance, which is never made smaller (a negative correlation does not
            // make a trend more certain than independent values would).
            if let correlation, correlation.serial || result.cycle != nil, correlation.factor > 1 {
                result.mannKendall = MannKendall.corrected(original, factor: correlation.factor, n: n, alpha: alpha)
            }
        }
        result.peaks = peaks.map { TrendExtreme(point: point($0.position), prominence: $0.prominence) }
        result.valleys = valleys.map { TrendExtreme(point: point($0.position), prominence: $0.prominence) }
        guard xType != .category else { return result }
        let range = y[high] - y[low]
        let bounds = Segmentation.boundaries(x: x, y: y, maxSegments: segments)
        try poll()
        if bounds.count >= 2 {
            for k in 0..<(bounds.count - 1) {
                let i = bounds[k], j = bounds[k + 1]
                let change = TrendChange(from: y[i], to: y[j])
                let direction: SegmentDirection = abs(change.absolute) <= Trend.flatShare * range
                    ? .flat : (change.absolute > 0 ? .rise : .fall)
                let slope = LeastSquares.fit(x: Array(x[i...j]), y: Array(y[i...j]))?.slope ?? 0
                result.segments.append(TrendSegment(from: data.positions[i], to: data.positions[j], direction: direction,
                                                    change: change, slope: slope))
            }
        }
        for threshold in thresholds {
            try poll()
            for c in Crossings.crossings(x: x, y: y, level: threshold.value) {
                result.thresholdCrossings.append(ThresholdCrossing(threshold: threshold.name, value: threshold.value,
                                                                   x: data.rawX(c.x), index: data.positions[c.position],
                                                                   upward: c.upward))
            }
        }
        result.thresholdCrossings.sort { $0.x < $1.x }
        return result
    }

    /// The autocorrelation of `y`'s ranks detrended by Sen's slope over the index, as pymannkendall
    /// detrends: evenly spaced points reuse the slope over x, others find their own.
    func serialCorrelation(x: [Double], y: [Double], slope: Double?) -> HamedRao.Correlation? {
        let indexSlope: Double?
        // Equal steps up to rounding (minutes as fractions of days) scale the slope over x exactly.
        if let slope, x.count >= 2, case let step = (x[x.count - 1] - x[0]) / Double(x.count - 1),
           zip(x.dropFirst(), x).allSatisfy({ abs($0 - $1 - step) <= 1e-9 * abs(step) }) {
            indexSlope = slope * step
        } else {
            indexSlope = SenSlope.medianSlope(x: y.indices.map(Double.init), y: y)
        }
        return HamedRao.correlation(y, indexSlope: indexSlope ?? 0, alpha: alpha)
    }

    /// Series of at least this many points run their independent steps at once, Sen's slope (the
    /// longest) first: outside a run, or with no processor idle, they run in that order.
    static let concurrentFrom = 65_536
}
