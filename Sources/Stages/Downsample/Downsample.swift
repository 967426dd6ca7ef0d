import ChartpipeCore
import Foundation

/// The `downsample` stage (SPEC §1, §3): reduces each series to about `points` points so that an
/// audio graph and a description stay short enough to be heard, while the shape survives.
///
/// The series as they entered stay in `context.fullData` (arrays are shared, not copied), because
/// statistics describe the full series. Gaps survive: each stretch of missing values keeps one gap
/// point, and the points are shared among the gap-free runs by their length.
/// Category x is kept as it is: dropping categories would drop bars, not detail. Bars over time
/// are never thinned either: too many are folded into calendar periods (`BarPeriods`).
public struct Downsample: ChartStage {
    /// A downsampling algorithm.
    public enum Method: String, Sendable, CaseIterable, OptionChoice {
        case lttb
        case minmaxLTTB = "minmax-lttb"
        case m4
        case minmax
        case none
    }

    /// The fewest points a stage may ask for: fewer would make the audio graph too sparse to follow.
    public static let minimumPoints = 20

    public static let method = Option<Method>(
        "method",
        doc: "Algorithm: 'lttb' (Steinarsson 2013), 'minmax-lttb' (Van Der Donckt et al. 2023), "
            + "'m4' (Jugel et al. 2014), 'minmax', or 'none' to keep every point.",
        default: .lttb)
    public static let points = Option<Int>(
        "points", doc: "Target number of points per series; a series with fewer points is kept as it is.",
        default: 60, min: minimumPoints, rationale: "audio graphs need at least 20 points to convey a shape")
    public static let ratio = Option<Int>("ratio", doc: "For 'minmax-lttb': candidates preselected by MinMax per output point.",
                                          default: 4, min: 2)

    public static let description = StageDescription(
        name: "downsample",
        summary: "Reduces each series to a target point count with LTTB, MinMaxLTTB, M4 or MinMax, keeping gaps.",
        options: [method, points, ratio],
        needs: [Need(.series)],
        adds: [.downsampled],
        // The point labels of `describe` name the points it saw: reducing them after makes the labels stale.
        invalidates: [.descriptions])

    public var method: Method
    public var points: Int
    public var ratio: Int

    public init(options: StageOptions) throws {
        method = try options.value(Self.method)
        points = try options.value(Self.points)
        ratio = try options.value(Self.ratio)
    }

    public func run(_ context: inout ChartContext) throws {
        let full = context.data
        context.fullData = full
        guard method != .none else { return }
        if full.xType == .category {
            if full.series.contains(where: { $0.count > points }) {
                context.warn("category x is kept whole (\(full.pointCount) points): dropping categories would drop bars",
                             code: .downsampleCategoryKept)
            }
            return
        }
        if context.chart.mark == .bar {
            try bucketBars(&context)
            return
        }
        var reduced = full
        let cancellation = context.cancellation
        for (k, series) in full.series.enumerated() where series.count > points {
            let picked = try Self.picks(method, series.x, series.y, points, ratio, poll: cancellation.check)
            reduced.series[k] = series.picking(Self.keepingExtremes(picked, of: series.y))
        }
        context.data = reduced
    }

    /// Bars are never thinned (`BarPeriods`): over time, more than `points` bars are folded into
    /// weeks, months, quarters or years; the fold is recorded as the chart's aggregation, so the
    /// axis and the description name it ("weekly mean"), and statistics describe the folded bars.
    func bucketBars(_ context: inout ChartContext) throws {
        let full = context.data
        guard full.series.contains(where: { $0.count > points }) else { return }
        let xs = full.series.flatMap { $0.x.filter(\.isFinite) }
        guard full.xType == .time, let low = xs.min(), let high = xs.max() else {
            context.warn("bars are kept whole (\(full.pointCount) bars): dropping bars would read as missing values; "
                         + "an 'aggregate' stage can fold them into wider bins", code: .downsampleBarsKept)
            return
        }
        try context.cancellation.check()
        let zone = TimeZone(identifier: context.chart.x.zone) ?? TimeZone(identifier: "UTC") ?? .current
        guard let periods = BarPeriods.unit(low: low, high: high, limit: points, zone: zone) else { return }
        let previous = context[AggregationKey.self]
        let op = BarPeriods.op(after: previous?.op)
        let folded = periods.fold(full, op: op)
        context.data = folded.set
        context.fullData = folded.set
        context[AggregationKey.self] = Aggregation(op: op, bucket: .calendar(periods.unit),
                                                   partialFirst: folded.partialFirst, partialLast: folded.partialLast)
        let sourceBars = full.series.map(\.count).max() ?? 0
        let bars = folded.set.series.map(\.count).max() ?? 0
        let sampling = BarPeriods.medianStep(xs).flatMap(BarPeriods.samplingUnit(step:))
        context[BarFoldKey.self] = BarFold(period: periods.unit, op: op, sampling: sampling, perBar: folded.perBar,
                                           sourceBars: sourceBars, bars: bars)
        context.warn("\(sourceBars) bars are more than 'points' (\(points)): each bar is now the \(op) of a \(periods.unit)"
                     + " (\(bars) bars); raise 'points' to \(sourceBars) to draw every bar, or fold them with an 'aggregate' stage",
                     code: .downsampleBarsFolded)
    }

    /// `picked` with the first index of the series' highest and of its lowest value added when no
    /// picked point has that value: the description names them (from the full series), so the chart, the audio graph
    /// and the AXChart points must hold them too. A run between gaps that gets one or two points
    /// keeps its ends, and the extremes between them were lost.
    static func keepingExtremes(_ picked: [Int], of y: [Double]) -> [Int] {
        var high: Int?, low: Int?
        for i in y.indices where y[i].isFinite {
            if high.map({ y[i] > y[$0] }) ?? true { high = i }
            if low.map({ y[i] < y[$0] }) ?? true { low = i }
        }
        // A series that reaches its extreme more than once (a sine) may draw any of those points.
        let missing = [high, low].compactMap { $0 }.filter { e in !picked.contains { y[$0] == y[e] } }
        return missing.isEmpty ? picked : Array(Set(picked + missing)).sorted()
    }

    /// The indices `method` keeps of a series whose `y` may hold gaps (NaN), ascending.
    ///
    /// Each stretch of NaN keeps its first index, so a gap stays a gap. The rest of `points` is
    /// shared among the gap-free runs by length (largest remainder, at least one point per run, so a
    /// series with more runs than points keeps more than `points`). `minmax` adds the first and last
    /// point of each run to its picks.
    public static func indices(method: Method, x: [Double], y: [Double], points: Int, ratio: Int = 4) -> [Int] {
        picks(method, x, y, points, ratio, poll: {})
    }

    /// As `indices(method:x:y:points:ratio:)`, reading epoch-millisecond x in place.
    public static func indices(method: Method, x: [Int64], y: [Double], points: Int, ratio: Int = 4) -> [Int] {
        picks(method, x, y, points, ratio, poll: {})
    }

    /// The picks, calling `poll` (the run's cancellation) between runs and every `pollEvery` points
    /// of the long ones.
    static func picks<X: DownsampleCoordinate, E: Error>(_ method: Method, _ x: [X], _ y: [Double], _ points: Int,
                                                         _ ratio: Int, poll: () throws(E) -> Void) throws(E) -> [Int] {
        let n = y.count
        if method == .none || n <= points { return Array(0..<n) }
        let (runs, gapMarks) = GapRuns.split(y)
        let shares = GapRuns.share(Swift.max(points - gapMarks.count, runs.count), among: runs.map(\.count))
        let picked = try withColumns(x, y) { (xp, yp) throws(E) -> [Int] in
            var out = gapMarks
            for (run, share) in zip(runs, shares) {
                try poll()
                let lo = run.lowerBound, hi = run.upperBound
                if hi - lo <= share {
                    out.append(contentsOf: run)
                    continue
                }
                switch share {
                case 1: out.append(lo)
                case 2: out.append(contentsOf: [lo, hi - 1])
                default:
                    switch method {
                    case .lttb: out.append(contentsOf: try LTTB.range(xp, yp, lo, hi, share, poll: poll))
                    case .minmaxLTTB: out.append(contentsOf: try MinMaxLTTB.range(xp, yp, lo, hi, share, ratio, poll: poll))
                    case .m4: out.append(contentsOf: try M4.range(xp, yp, lo, hi, share, poll: poll))
                    case .minmax: out.append(contentsOf: try MinMax.range(xp, yp, lo, hi, share, addEnds: true, poll: poll))
                    case .none: out.append(contentsOf: run)
                    }
                }
            }
            return out
        }
        return sortedUnique(picked)
    }
}
