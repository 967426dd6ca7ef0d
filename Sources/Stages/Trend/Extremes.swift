import ChartpipeCore

/// Outliers by robust z-score (Iglewicz & Hoaglin 1993): `0.6745 (y - median) / MAD`.
/// When the MAD is 0 (more than half the values equal), the mean absolute deviation scaled by
/// 1.2533 stands in for it; when that is 0 too, the series is constant and has no outliers.
public enum RobustOutliers {
    /// Positions (into `y`, no gaps) and signed scores of the values whose |score| exceeds `threshold`.
    public static func find(_ y: [Double], threshold: Double) -> [(position: Int, score: Double)] {
        guard y.count >= 3, let median = MergeCount.median(y) else { return [] }
        let deviations = y.map { abs($0 - median) }
        let mad = MergeCount.median(deviations) ?? 0
        let scale: Double
        if mad > 0 {
            scale = mad / 0.6745
        } else {
            let meanDeviation = deviations.reduce(0, +) / Double(y.count)
            guard meanDeviation > 0 else { return [] }
            scale = 1.253_314 * meanDeviation
        }
        var found: [(position: Int, score: Double)] = []
        for (i, v) in y.enumerated() {
            let score = (v - median) / scale
            if abs(score) > threshold { found.append((i, score)) }
        }
        return found
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
