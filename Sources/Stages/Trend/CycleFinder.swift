/// Finds a series' dominant cycle from the autocorrelation r(k) of its detrended ranks (the ranks
/// `HamedRao` tests), by the correlogram reading of Box & Jenkins (1976, §2.1): a cycle of k points
/// makes r fall below zero and rise again to a maximum at lag k.
///
/// The candidate is the first local maximum after r first falls below zero, at a lag the series
/// covers at least three times (k ≤ n/3). It is a cycle when both that maximum and the lowest r
/// before it lie beyond ±Φ⁻¹(1 - α/2)·se(k), where se(k)² = (1 + 2 Σ_{j<k} r(j)²)/n is Bartlett's
/// (1946) variance of r(k) for a series whose correlation ends before k. On white noise, random
/// walks and AR(1) series this rule finds a cycle in under 1% of series (tested).
enum CycleFinder {
    /// The lag of the cycle and its autocorrelation, or nil. `acf` is r(0)…, `n` the series' length.
    static func find(acf: [Double], n: Int, alpha: Double) -> (lag: Int, r: Double)? {
        let limit = Swift.min(n / 3, acf.count - 2)
        guard limit >= 2, let firstNegative = (1...limit).first(where: { acf[$0] < 0 }) else { return nil }
        guard firstNegative + 1 <= limit,
              let k = ((firstNegative + 1)...limit).first(where: { acf[$0] > 0 && acf[$0] >= acf[$0 - 1] && acf[$0] >= acf[$0 + 1] })
        else { return nil }
        var squares = 0.0
        var trough = 0.0
        for j in 1..<k {
            squares += acf[j] * acf[j]
            trough = Swift.min(trough, acf[j])
        }
        let critical = NormalQuantile.of(1 - alpha / 2) * ((1 + 2 * squares) / Double(n)).squareRoot()
        guard acf[k] > critical, trough < -critical else { return nil }
        return (k, acf[k])
    }

    /// The position of the latest value that is the highest (its first occurrence) within `lag / 2`
    /// values on each side and is followed by at least one value: the cycle's last peak.
    static func lastPeak(_ y: [Double], lag: Int) -> Int? {
        let half = Swift.max(lag / 2, 1)
        var i = y.count - 2
        while i >= 0 {
            let lo = Swift.max(0, i - half), hi = Swift.min(y.count - 1, i + half)
            var isPeak = true
            for j in lo...hi where j != i && (y[j] > y[i] || (j < i && y[j] == y[i])) {
                isPeak = false
                break
            }
            if isPeak { return i }
            i -= 1
        }
        return nil
    }

    /// Whether the points are evenly spaced enough for a lag to be a length of x: every step within
    /// 15% of the mean step (months of 28 to 31 days pass; a gap does not).
    static func evenlySpaced(_ x: [Double]) -> Double? {
        guard x.count >= 2, let first = x.first, let last = x.last, last > first else { return nil }
        let mean = (last - first) / Double(x.count - 1)
        for i in 1..<x.count where abs(x[i] - x[i - 1] - mean) > 0.15 * mean { return nil }
        return mean
    }
}
