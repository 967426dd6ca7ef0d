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
