/// Hamed and Rao's (1998) correction of the Mann-Kendall variance for autocorrelated data, as
/// pymannkendall's `hamed_rao_modification_test` computes it with every lag: the series is
/// detrended by Sen's slope over its index, ranked, and the autocorrelations of the ranks that lie
/// outside ±Φ⁻¹(1 - α/2)/√n add to the effective-sample-size factor
/// n/n* = 1 + 2/(n(n-1)(n-2)) Σ (n-k)(n-k-1)(n-k-2) r(k).
enum HamedRao {
    /// The detrended ranks' autocorrelation and what it implies.
    struct Correlation {
        /// r(0)…r(n-1) of the ranks of `y[i] - slope·i`.
        var acf: [Double]
        /// The bound beyond which an autocorrelation is significant.
        var bound: Double
        /// n/n*: the factor on S's variance.
        var factor: Double
        /// Whether r(1) lies beyond `bound`: the series is serially correlated.
        var serial: Bool { acf.count > 1 && abs(acf[1]) > bound }
    }

    /// The correlation of `y` (no gaps, in time order, at least 3 values) detrended by
    /// `indexSlope` (Sen's slope per point), at significance `alpha`.
    static func correlation(_ y: [Double], indexSlope: Double, alpha: Double) -> Correlation? {
        let n = y.count
        guard n >= 3 else { return nil }
        let detrended = y.indices.map { y[$0] - Double($0 + 1) * indexSlope }
        let ranks = averageRanks(detrended)
        let acf = Autocorrelation.of(ranks, maxLag: n - 1)
        let nd = Double(n)
        let bound = NormalQuantile.of(1 - alpha / 2) / nd.squareRoot()
        var sum = 0.0
        for k in 1..<n where abs(acf[k]) > bound {
            let m = Double(n - k)
            sum += m * (m - 1) * (m - 2) * acf[k]
        }
        return Correlation(acf: acf, bound: bound, factor: 1 + 2 / (nd * (nd - 1) * (nd - 2)) * sum)
    }

    /// Ranks 1…n, tied values sharing the mean of their ranks (scipy's `rankdata`).
    static func averageRanks(_ v: [Double]) -> [Double] {
        let order = v.indices.sorted { v[$0] < v[$1] }
        var ranks = [Double](repeating: 0, count: v.count)
        var i = 0
        while i < order.count {
            var j = i + 1
            while j < order.count && v[order[j]] == v[order[i]] { j += 1 }
            let rank = Double(i + j + 1) / 2
            for k in i..<j { ranks[order[k]] = rank }
            i = j
        }
        return ranks
    }
}
