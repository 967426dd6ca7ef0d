#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ChartpipeCore

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
        extremes(y, negated: false)
    }

    /// Positions and prominences of the valleys of `y` (the peaks of −y, read in place).
    public static func valleys(_ y: [Double]) -> [(position: Int, prominence: Double)] {
        extremes(y, negated: true)
    }

    /// The peaks of `y`, or of −y when `negated`. The right bases are kept for every point (one
    /// column of n), the left ones are found as the scan reaches each point: issue 12, where two
    /// columns and a negated copy of two million values ran beside Sen's slope.
    private static func extremes(_ y: [Double], negated: Bool) -> [(position: Int, prominence: Double)] {
        let n = y.count
        guard n >= 3, let lowest = y.min(), let highest = y.max(), highest > lowest else { return [] }
        // −max and −min: exact, so the range below is the same in both directions.
        let (low, high) = negated ? (-highest, -lowest) : (lowest, highest)
        let floor = minimumProminence * (high - low)
        var found: [(position: Int, prominence: Double)] = []
        y.withUnsafeBufferPointer { raw in
            @inline(__always) func v(_ i: Int) -> Double { negated ? -raw[i] : raw[i] }
            var rightBase = [Double](repeating: 0, count: n)
            var right = BaseScan()
            for i in stride(from: n - 1, through: 0, by: -1) { rightBase[i] = right.base(v(i)) }
            var left = BaseScan()
            var leftBase = 0.0
            var scanned = 0
            var i = 1
            while i < n - 1 {
                guard v(i) > v(i - 1) else { i += 1; continue }
                var end = i
                while end + 1 < n && v(end + 1) == v(i) { end += 1 }
                if end + 1 < n && v(end + 1) < v(i) {
                    while scanned <= i {
                        leftBase = left.base(v(scanned))
                        scanned += 1
                    }
                    let prominence = v(i) - Swift.max(leftBase, rightBase[end])
                    if prominence >= floor { found.append((i, prominence)) }
                }
                i = end + 1
            }
        }
        if found.count > limit {
            found = Array(found.sorted { $0.prominence != $1.prominence ? $0.prominence > $1.prominence : $0.position < $1.position }
                .prefix(limit)).sorted { $0.position < $1.position }
        }
        return found
    }

    /// The base of each point on one side, met in order from that side: the lowest value between
    /// it and the nearest point at least as high (or the end), by a stack of the points not yet
    /// topped, each with the lowest value since the one below it.
    private struct BaseScan {
        private var stack: [(value: Double, low: Double)] = []

        mutating func base(_ value: Double) -> Double {
            var low = value
            while let top = stack.last, top.value <= value {
                low = Swift.min(low, top.low)
                stack.removeLast()
            }
            stack.append((value, low))
            return low
        }
    }
}
