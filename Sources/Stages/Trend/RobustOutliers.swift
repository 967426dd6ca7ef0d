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
        let mad = MergeCount.median(residuals[2..<(n - 2)].map(abs)) ?? 0
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
        // One pass each, without a column of positions (issue 12: this ran beside Sen's slope).
        let lowerCount = inner.reduce(0) { y[$1] <= middle ? $0 + 1 : $0 }
        var lower: [Double] = [], upper: [Double] = []
        lower.reserveCapacity(lowerCount)
        upper.reserveCapacity(inner.count - lowerCount)
        for i in inner {
            if y[i] <= middle { lower.append(abs(residuals[i])) } else { upper.append(abs(residuals[i])) }
        }
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
