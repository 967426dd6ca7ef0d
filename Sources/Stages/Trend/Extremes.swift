#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ChartpipeCore

/// Outliers judged against the series' own course, not its level:
///
/// - each value's residual is its difference from the cubic through the two values on each side
///   of it (`(−y[i−2] + 4y[i−1] + 4y[i+1] − y[i+2]) / 6`), which a trend or a season follows, so
///   they leave small residuals;
/// - its score is the residual over the robust spread of all residuals (the median absolute
///   residual ÷ 0.6745, Iglewicz & Hoaglin 1993), never below 1% of the series' range;
/// - an outlier's |score| exceeds the threshold, its |residual| exceeds its neighbours' (whose
///   cubics it pulls), and it is a spike: the lines through the two values before it and through
///   the two after it both miss it on the same side, the smaller miss too by more than the
///   threshold (a step or a sharp turn, where one side nearly agrees, is none; nor are the two
///   values at each end, which have no two values on one side);
/// - a positive series whose residuals grow with its level (the upper half's spread twice the
///   lower half's) is judged on its logarithms: a stock that rose 760% has no "outliers" in its
///   last months.
public enum RobustOutliers {
    /// Positions (into `y`, no gaps) and signed scores of the values whose |score| exceeds `threshold`.
    public static func find(_ y: [Double], threshold: Double) -> [(position: Int, score: Double)] {
        let n = y.count
        guard n >= 5, let low = y.min(), let high = y.max(), high > low else { return [] }
        var v = y
        var residuals = self.residuals(v)
        if low > 0, growsWithLevel(v, residuals) {
            v = y.map { log($0) }
            residuals = self.residuals(v)
        }
        let range = (v.max() ?? 0) - (v.min() ?? 0)
        let mad = MergeCount.median(Array(residuals[2..<(n - 2)]).map(abs)) ?? 0
        let scale = Swift.max(mad / 0.6745, 0.01 * range)
        var found: [(position: Int, score: Double)] = []
        for i in 2..<(n - 2) {
            let score = residuals[i] / scale
            guard abs(score) > threshold, abs(residuals[i]) > abs(residuals[i - 1]), abs(residuals[i]) > abs(residuals[i + 1]),
                  spike(v, at: i) / scale > threshold else { continue }
            found.append((i, score))
        }
        return found
    }

    /// Outliers among values with no order (the bars of a category x, where a value's neighbours are
    /// whatever the file put next to it): the modified z-score of each value against the median,
    /// 0.6745 (y − median) / MAD (Iglewicz & Hoaglin 1993, who flag |z| > 3.5); when more than half
    /// the values are equal (MAD 0), the mean absolute deviation × 1.2533 stands in for MAD / 0.6745.
    public static func amongLevels(_ y: [Double], threshold: Double) -> [(position: Int, score: Double)] {
        guard y.count >= 3, let median = MergeCount.median(y) else { return [] }
        let deviations = y.map { abs($0 - median) }
        let mad = MergeCount.median(deviations) ?? 0
        let meanDeviation = deviations.reduce(0, +) / Double(y.count)
        let scale = mad > 0 ? mad / 0.6745 : 1.2533 * meanDeviation
        guard scale > 0, scale.isFinite else { return [] }
        return y.indices.compactMap { i in
            let score = (y[i] - median) / scale
            return abs(score) > threshold ? (i, score) : nil
        }
    }

    /// Residuals from the cubic through the two values on each side (0 for the two at each end).
    static func residuals(_ y: [Double]) -> [Double] {
        var out = [Double](repeating: 0, count: y.count)
        guard y.count >= 5 else { return out }
        for i in 2..<(y.count - 2) { out[i] = y[i] - (-y[i - 2] + 4 * y[i - 1] + 4 * y[i + 1] - y[i + 2]) / 6 }
        return out
    }

    /// Whether the spread of residuals of the upper half of values is at least twice the lower half's.
    static func growsWithLevel(_ y: [Double], _ residuals: [Double]) -> Bool {
        guard y.count >= 10, let middle = MergeCount.median(y) else { return false }
        let inner = 2..<(y.count - 2)
        let lower = inner.filter { y[$0] <= middle }.map { abs(residuals[$0]) }
        let upper = inner.filter { y[$0] > middle }.map { abs(residuals[$0]) }
        guard let a = MergeCount.median(lower), let b = MergeCount.median(upper), a > 0 else { return false }
        return b >= 2 * a
    }

    /// How far the lines through the two values before `i` and through the two after it both miss
    /// it on the same side (the smaller miss), or 0 when one of them does not (a step or a turn).
    static func spike(_ y: [Double], at i: Int) -> Double {
        let left = y[i] - (2 * y[i - 1] - y[i - 2])
        let right = y[i] - (2 * y[i + 1] - y[i + 2])
        guard (left > 0 && right > 0) || (left < 0 && right < 0) else { return 0 }
        return Swift.min(abs(left), abs(right))
    }
}

/// Peaks and valleys: local extremes with enough topographic prominence.
///
/// A peak is a point higher than its left neighbour whose next different value to the right is
/// lower (a plateau counts once, at its first point); the ends of a series are never extremes.
/// Its prominence is its height above the higher of its two bases, where a base is the lowest
/// value between the peak and the nearest higher point on that side (or the end of the series),
/// as `scipy.signal.peak_prominences`. Kept: prominence ≥ `minimumProminence` × (max − min),
/// 10% by default, at most `limit` of them (the most prominent), in order of position.
/// Valleys are the peaks of −y.
public enum Extremes {
    /// Share of the series' range a peak must stand out by.
    public static let minimumProminence = 0.1
    /// Most peaks (and most valleys) kept per series.
    public static let limit = 100

    /// Positions (into `y`, no gaps) and prominences of the peaks of `y`.
    public static func peaks(_ y: [Double]) -> [(position: Int, prominence: Double)] {
        let n = y.count
        guard n >= 3, let low = y.min(), let high = y.max(), high > low else { return [] }
        let leftBase = bases(y, reversed: false)
        let rightBase = bases(y, reversed: true)
        let floor = minimumProminence * (high - low)
        var found: [(position: Int, prominence: Double)] = []
        var i = 1
        while i < n - 1 {
            guard y[i] > y[i - 1] else { i += 1; continue }
            var end = i
            while end + 1 < n && y[end + 1] == y[i] { end += 1 }
            if end + 1 < n && y[end + 1] < y[i] {
                let prominence = y[i] - Swift.max(leftBase[i], rightBase[end])
                if prominence >= floor { found.append((i, prominence)) }
            }
            i = end + 1
        }
        if found.count > limit {
            found = Array(found.sorted { $0.prominence != $1.prominence ? $0.prominence > $1.prominence : $0.position < $1.position }
                .prefix(limit)).sorted { $0.position < $1.position }
        }
        return found
    }

    /// Positions and prominences of the valleys of `y`.
    public static func valleys(_ y: [Double]) -> [(position: Int, prominence: Double)] {
        peaks(y.map { -$0 })
    }

    /// For each point, the lowest value between it and the nearest strictly higher point on one
    /// side (or that end), in O(n) with a stack of decreasing values and the minimum below each.
    static func bases(_ y: [Double], reversed: Bool) -> [Double] {
        let n = y.count
        var base = [Double](repeating: 0, count: n)
        var stack: [(value: Double, low: Double)] = []
        for step in 0..<n {
            let i = reversed ? n - 1 - step : step
            var low = y[i]
            while let top = stack.last, top.value <= y[i] {
                low = Swift.min(low, top.low)
                stack.removeLast()
            }
            base[i] = low
            stack.append((y[i], low))
        }
        return base
    }
}

/// Where lines cross: a series and a threshold, or two series.
public enum Crossings {
    /// Crossings of `level` by the polyline through (x, y): the interpolated x, the position of
    /// the first point on the new side, and whether it went up. Touching the level and turning
    /// back is not a crossing; running along it and leaving on the other side is one.
    public static func crossings(x: [Double], y: [Double], level: Double) -> [(x: Double, position: Int, upward: Bool)] {
        var found: [(x: Double, position: Int, upward: Bool)] = []
        var lastSide = 0, lastPosition = -1
        for i in y.indices {
            let side = y[i] > level ? 1 : (y[i] < level ? -1 : 0)
            guard side != 0 else { continue }
            if lastSide != 0 && side != lastSide {
                let p = lastPosition
                let at: Double
                if i == p + 1 {
                    at = x[p] + (level - y[p]) / (y[i] - y[p]) * (x[i] - x[p])
                } else {
                    // The series sat on the level between the two sides: it crossed where it left.
                    at = x[i - 1]
                }
                // The point named is the first on the new side, so its value is past the level.
                found.append((at, i, side > 0))
            }
            lastSide = side
            lastPosition = i
        }
        return found
    }

    /// Crossings of series a and b over the x range they share: their difference, with each
    /// series linearly interpolated at the other's x values, changes sign. Returns the x, the
    /// positions in a and b of their first points at or after the crossing, and whether a is
    /// above afterwards.
    public static func crossovers(ax: [Double], ay: [Double], bx: [Double], by: [Double])
        -> [(x: Double, positionA: Int, positionB: Int, aAbove: Bool)] {
        guard let a0 = ax.first, let a1 = ax.last, let b0 = bx.first, let b1 = bx.last else { return [] }
        let start = Swift.max(a0, b0), end = Swift.min(a1, b1)
        guard start < end else { return [] }
        // The merged x values in the shared range.
        var grid: [Double] = []
        var i = 0, j = 0
        while i < ax.count || j < bx.count {
            let v: Double
            if j >= bx.count || (i < ax.count && ax[i] <= bx[j]) {
                v = ax[i]; i += 1
            } else {
                v = bx[j]; j += 1
            }
            if v >= start && v <= end && grid.last != v { grid.append(v) }
        }
        var diff: [Double] = []
        var ia = 0, ib = 0
        for v in grid {
            while ia + 1 < ax.count && ax[ia + 1] <= v { ia += 1 }
            while ib + 1 < bx.count && bx[ib + 1] <= v { ib += 1 }
            diff.append(interpolate(ax, ay, ia, v) - interpolate(bx, by, ib, v))
        }
        return crossings(x: grid, y: diff, level: 0).map { c in
            (c.x, firstAtOrAfter(ax, c.x), firstAtOrAfter(bx, c.x), c.upward)
        }
    }

    private static func interpolate(_ x: [Double], _ y: [Double], _ i: Int, _ v: Double) -> Double {
        guard i + 1 < x.count, x[i] != v else { return y[i] }
        return y[i] + (v - x[i]) / (x[i + 1] - x[i]) * (y[i + 1] - y[i])
    }

    private static func firstAtOrAfter(_ x: [Double], _ v: Double) -> Int {
        var lo = 0, hi = x.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if x[mid] < v { lo = mid + 1 } else { hi = mid }
        }
        return Swift.min(lo, x.count - 1)
    }
}
