import Foundation
import ChartpipeJSON

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
    /// The dominant cycle, when the autocorrelation shows one (`Trend`'s cycle rule).
    public var cycle: TrendCycle?

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
