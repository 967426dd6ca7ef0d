// The statistics the `trend` stage adds to a chart's context, as `describe` and `report` read them,
// and their encoding as `trend.json` (SPEC §4).

import Foundation
import ChartpipeJSON

/// The key under which `trend` stores its `TrendResult` in a chart's context.
public enum TrendKey: ContextKey {
    public typealias Value = TrendResult
}

/// One point of a series, named by its index into the full series (gaps included).
public struct TrendPoint: Sendable, Equatable {
    /// Index into the full series (`ChartContext.fullSeries`), gaps counted.
    public var index: Int
    public var x: Double
    public var y: Double

    public init(index: Int, x: Double, y: Double) {
        self.index = index
        self.x = x
        self.y = y
    }
}

/// Last value minus first value; the percent is `nil` (with a reason) when the first value is zero.
public struct TrendChange: Sendable, Equatable {
    public var absolute: Double
    /// `100 * absolute / |first|`, or `nil` when the first value is zero.
    public var percent: Double?
    /// Why `percent` is `nil`, for example "the first value is 0".
    public var percentReason: String?

    public init(absolute: Double, percent: Double?, percentReason: String? = nil) {
        self.absolute = absolute
        self.percent = percent
        self.percentReason = percentReason
    }

    /// The change from `first` to `last`.
    public init(from first: Double, to last: Double) {
        absolute = last - first
        if first == 0 {
            percent = nil
            percentReason = last == 0 ? "the first and last values are 0" : "the first value is 0"
        } else if first < 0 || last < 0 {
            // A percent of a negative start, or across zero, says nothing true ("fell 240% from 10 to -14").
            percent = nil
            percentReason = first < 0 ? "the first value is negative" : "the values change sign"
        } else {
            percent = 100 * (last - first) / abs(first)
            percentReason = nil
        }
    }
}

/// An ordinary least squares line `y = intercept + slope * x`.
public struct LinearFit: Sendable, Equatable {
    /// Per unit of x (per day for time x).
    public var slope: Double
    /// The fitted y at x = 0 (for time x: at 1970-01-01T00:00:00Z).
    public var intercept: Double
    /// Coefficient of determination; 0 when y is constant (as `scipy.stats.linregress`).
    public var r2: Double

    public init(slope: Double, intercept: Double, r2: Double) {
        self.slope = slope
        self.intercept = intercept
        self.r2 = r2
    }
}

/// The verdict of a two-sided Mann-Kendall test at the stage's `alpha`.
public enum MonotonicTrend: String, Sendable, Equatable, CaseIterable {
    case increasing, decreasing, none
}

/// The original Mann-Kendall test (Mann 1945, Kendall 1975), as `pymannkendall.original_test`.
public struct MannKendallResult: Sendable, Equatable {
    /// Concordant minus discordant pairs over time order.
    public var s: Int
    /// Variance of S corrected for tied values.
    public var varS: Double
    /// Continuity-corrected standard score.
    public var z: Double
    /// Two-sided p-value under the normal approximation.
    public var p: Double
    /// Kendall's tau-a: S / (n(n-1)/2).
    public var tau: Double
    public var trend: MonotonicTrend

    public init(s: Int, varS: Double, z: Double, p: Double, tau: Double, trend: MonotonicTrend) {
        self.s = s
        self.varS = varS
        self.z = z
        self.p = p
        self.tau = tau
        self.trend = trend
    }
}

/// Sen's slope (Sen 1968): the median of pairwise slopes over x, and the line through the medians.
public struct SenEstimate: Sendable, Equatable {
    /// Per unit of x (per day for time x).
    public var slope: Double
    /// `median(y) - slope * median(x)`.
    public var intercept: Double

    public init(slope: Double, intercept: Double) {
        self.slope = slope
        self.intercept = intercept
    }
}

/// Which way a segment goes.
public enum SegmentDirection: String, Sendable, Equatable, CaseIterable {
    case rise, fall, flat
}

/// A piece of a series between two turning points; consecutive segments share their boundary point.
public struct TrendSegment: Sendable, Equatable {
    /// First point (index into the full series).
    public var from: Int
    /// Last point (index into the full series); the next segment starts here.
    public var to: Int
    public var direction: SegmentDirection
    /// `y[to] - y[from]`, with the percent relative to `y[from]`.
    public var change: TrendChange
    /// Least squares slope of the segment's points, per unit of x.
    public var slope: Double

    public init(from: Int, to: Int, direction: SegmentDirection, change: TrendChange, slope: Double) {
        self.from = from
        self.to = to
        self.direction = direction
        self.change = change
        self.slope = slope
    }
}

/// A point whose robust z-score exceeds the stage's `outliers` threshold.
public struct TrendOutlier: Sendable, Equatable {
    public var point: TrendPoint
    /// Robust z-score (signed): `0.6745 (y - median) / MAD`.
    public var score: Double

    public init(point: TrendPoint, score: Double) {
        self.point = point
        self.score = score
    }
}

/// A peak or valley with its topographic prominence.
public struct TrendExtreme: Sendable, Equatable {
    public var point: TrendPoint
    /// Height above (peak) or depth below (valley) the higher of its two bases, always ≥ 0.
    public var prominence: Double

    public init(point: TrendPoint, prominence: Double) {
        self.point = point
        self.prominence = prominence
    }
}

/// Where a series crosses one of the chart's named thresholds.
public struct ThresholdCrossing: Sendable, Equatable {
    public var threshold: String
    public var value: Double
    /// Interpolated x of the crossing.
    public var x: Double
    /// The first point at or beyond the threshold on the new side (index into the full series).
    public var index: Int
    /// `true` when the series goes from below to above.
    public var upward: Bool

    public init(threshold: String, value: Double, x: Double, index: Int, upward: Bool) {
        self.threshold = threshold
        self.value = value
        self.x = x
        self.index = index
        self.upward = upward
    }
}

/// Where two series cross: their difference changes sign.
public struct Crossover: Sendable, Equatable {
    /// Index of the first series in `TrendResult.series`.
    public var a: Int
    /// Index of the second series.
    public var b: Int
    /// Interpolated x of the crossing.
    public var x: Double
    /// First point of series `a` at or after the crossing (index into its full series).
    public var indexA: Int
    /// First point of series `b` at or after the crossing.
    public var indexB: Int
    /// The series (`a` or `b`) that is above after the crossing.
    public var above: Int

    public init(a: Int, b: Int, x: Double, indexA: Int, indexB: Int, above: Int) {
        self.a = a
        self.b = b
        self.x = x
        self.indexA = indexA
        self.indexB = indexB
        self.above = above
    }
}

/// Statistics of one series, computed on its full points with gaps skipped.
///
/// Fields that need more points than the series has are `nil`: with one point there is no
/// standard deviation, regression or Mann-Kendall test; with none there is nothing but `n`.
public struct SeriesTrend: Sendable, Equatable {
    public var name: String
    /// Points that are not gaps.
    public var n: Int
    public var first: TrendPoint?
    public var last: TrendPoint?
    /// The smallest value (its first occurrence).
    public var min: TrendPoint?
    /// The largest value (its first occurrence).
    public var max: TrendPoint?
    public var mean: Double?
    public var median: Double?
    /// Sample standard deviation (n - 1 in the denominator).
    public var stdev: Double?
    public var change: TrendChange?
    public var leastSquares: LinearFit?
    public var mannKendall: MannKendallResult?
    public var sen: SenEstimate?
    public var segments: [TrendSegment]
    public var outliers: [TrendOutlier]
    public var peaks: [TrendExtreme]
    public var valleys: [TrendExtreme]
    public var thresholdCrossings: [ThresholdCrossing]

    public init(name: String, n: Int, first: TrendPoint? = nil, last: TrendPoint? = nil, min: TrendPoint? = nil,
                max: TrendPoint? = nil, mean: Double? = nil, median: Double? = nil, stdev: Double? = nil,
                change: TrendChange? = nil, leastSquares: LinearFit? = nil, mannKendall: MannKendallResult? = nil,
                sen: SenEstimate? = nil, segments: [TrendSegment] = [], outliers: [TrendOutlier] = [],
                peaks: [TrendExtreme] = [], valleys: [TrendExtreme] = [], thresholdCrossings: [ThresholdCrossing] = []) {
        self.name = name
        self.n = n
        self.first = first
        self.last = last
        self.min = min
        self.max = max
        self.mean = mean
        self.median = median
        self.stdev = stdev
        self.change = change
        self.leastSquares = leastSquares
        self.mannKendall = mannKendall
        self.sen = sen
        self.segments = segments
        self.outliers = outliers
        self.peaks = peaks
        self.valleys = valleys
        self.thresholdCrossings = thresholdCrossings
    }
}

/// Everything `trend` found for one chart.
public struct TrendResult: Sendable, Equatable {
    public var xType: XType
    /// Category labels (category x), so that x values can be shown as labels.
    public var categories: [String]
    /// One entry per series, in series order.
    public var series: [SeriesTrend]
    /// Crossings between every pair of series, in order of x.
    public var crossovers: [Crossover]
    /// IANA zone in which time x is written (the chart's), or nil for UTC.
    public var zone: String?

    public init(xType: XType, categories: [String] = [], series: [SeriesTrend], crossovers: [Crossover] = [],
                zone: String? = nil) {
        self.xType = xType
        self.categories = categories
        self.series = series
        self.crossovers = crossovers
        self.zone = zone == "UTC" ? nil : zone
    }

    /// An x value as trend.json writes it: ISO 8601 text for time (in the chart's zone, as data.json), the label for category
    /// (an interpolated category x takes the label of the next category), a number otherwise.
    public func xJSON(_ x: Double) -> JSONValue {
        switch xType {
        case .time: return .string(TimeText.iso8601(milliseconds: x.rounded(), zone: zone.flatMap(TimeZone.init(identifier:))))
        case .number: return .double(x)
        case .category:
            let i = Int(x.rounded(.up))
            return categories.indices.contains(i) ? .string(categories[i]) : .double(x)
        }
    }

    /// The `trend.json` document (SPEC §4).
    public var json: JSONValue {
        .object([
            ("series", .array(series.map(json))),
            ("crossovers", .array(crossovers.map { c in
                .object([
                    ("a", .string(series[c.a].name)), ("b", .string(series[c.b].name)),
                    ("x", xJSON(c.x)), ("indexA", .int(c.indexA)), ("indexB", .int(c.indexB)),
                    ("above", .string(series[c.above].name)),
                ])
            })),
        ])
    }

    private func json(_ p: TrendPoint?) -> JSONValue {
        guard let p else { return .null }
        return .object([("index", .int(p.index)), ("x", xJSON(p.x)), ("y", .double(p.y))])
    }

    private func json(_ d: Double?) -> JSONValue { d.map(JSONValue.double) ?? .null }

    private func json(_ c: TrendChange?) -> JSONValue {
        guard let c else { return .null }
        var members: [(String, JSONValue)] = [("absolute", .double(c.absolute)), ("percent", json(c.percent))]
        if let reason = c.percentReason { members.append(("percentReason", .string(reason))) }
        return .object(members)
    }

    private func json(_ s: SeriesTrend) -> JSONValue {
        .object([
            ("name", .string(s.name)), ("n", .int(s.n)),
            ("first", json(s.first)), ("last", json(s.last)), ("min", json(s.min)), ("max", json(s.max)),
            ("mean", json(s.mean)), ("median", json(s.median)), ("stdev", json(s.stdev)),
            ("change", json(s.change)),
            ("leastSquares", s.leastSquares.map { f in
                .object([("slope", .double(f.slope)), ("intercept", .double(f.intercept)), ("r2", .double(f.r2))])
            } ?? .null),
            ("mannKendall", s.mannKendall.map { m in
                .object([("s", .int(m.s)), ("varS", .double(m.varS)), ("z", .double(m.z)), ("p", .double(m.p)),
                         ("tau", .double(m.tau)), ("trend", .string(m.trend.rawValue))])
            } ?? .null),
            ("sen", s.sen.map { e in .object([("slope", .double(e.slope)), ("intercept", .double(e.intercept))]) } ?? .null),
            ("segments", .array(s.segments.map { g in
                .object([("from", .int(g.from)), ("to", .int(g.to)), ("direction", .string(g.direction.rawValue)),
                         ("change", json(g.change)), ("slope", .double(g.slope))])
            })),
            ("outliers", .array(s.outliers.map { o in
                .object([("index", .int(o.point.index)), ("x", xJSON(o.point.x)), ("y", .double(o.point.y)),
                         ("score", .double(o.score))])
            })),
            ("peaks", .array(s.peaks.map(json))),
            ("valleys", .array(s.valleys.map(json))),
            ("thresholdCrossings", .array(s.thresholdCrossings.map { t in
                .object([("threshold", .string(t.threshold)), ("value", .double(t.value)), ("x", xJSON(t.x)),
                         ("index", .int(t.index)), ("direction", .string(t.upward ? "up" : "down"))])
            })),
        ])
    }

    private func json(_ e: TrendExtreme) -> JSONValue {
        .object([("index", .int(e.point.index)), ("x", xJSON(e.point.x)), ("y", .double(e.point.y)),
                 ("prominence", .double(e.prominence))])
    }
}
