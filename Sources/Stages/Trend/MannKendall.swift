#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ChartpipeCore

/// The original Mann-Kendall trend test (Mann 1945; Kendall 1975) as `pymannkendall.original_test`
/// computes it: S over time order, tie-corrected variance, continuity-corrected z, two-sided p
/// from the normal distribution, tau = S / (n(n-1)/2).
///
/// S and the tie correction take O(n log n) time (Knight 1966): S = P - Q where Q, the pairs that
/// fall over time, is the inversion count of a merge sort, and the sorted values give the ties.
public enum MannKendall {
    /// S and the tie terms of `y` (no gaps; in time order).
    public struct Score: Sendable, Equatable {
        /// Rising pairs minus falling pairs.
        public var s: Int
        /// Σ t(t-1)(2t+5) over groups of t equal values.
        public var tieTerm: Double
    }

    /// S and the tie terms in O(n log n).
    public static func score(_ y: [Double]) -> Score {
        var sorted = y
        let falling = MergeCount.sort(&sorted, Ascending())
        var tiedPairs = 0
        var tieTerm = 0.0
        sorted.withUnsafeBufferPointer { v in
            var i = 0
            while i < v.count {
                var j = i + 1
                while j < v.count && v[j] == v[i] { j += 1 }
                let t = j - i
                if t > 1 {
                    tiedPairs += t * (t - 1) / 2
                    let td = Double(t)
                    tieTerm += td * (td - 1) * (2 * td + 5)
                }
                i = j
            }
        }
        let n = y.count
        let pairs = n * (n - 1) / 2
        // Every pair rises, falls or ties: P = pairs - Q - T, so S = P - Q.
        return Score(s: pairs - tiedPairs - 2 * falling, tieTerm: tieTerm)
    }

    /// `v` rounded to 14 significant digits: what decides whether two values tie. Means of the same
    /// numbers summed in another order can differ in the last bits (pandas leaves one of four weekly
    /// means of 51.1 at 51.10000000000001); a tie the data has must not depend on them.
    public static func tieKey(_ v: Double) -> Double {
        guard v != 0, v.isFinite else { return v }
        let exponent = Int(log10(abs(v)).rounded(.down))
        guard (-280...280).contains(exponent) else { return v }
        let digits = 13 - exponent
        let scale = pow(10, Double(abs(digits)))
        return digits >= 0 ? (v * scale).rounded() / scale : (v / scale).rounded() * scale
    }

    /// The test on `y` (no gaps; in time order) at significance `alpha`; `nil` with fewer than two
    /// values. Ties are decided on `tieKey`.
    public static func test(_ y: [Double], alpha: Double = 0.05) -> MannKendallResult? {
        let n = y.count
        guard n >= 2 else { return nil }
        let score = score(y.map(tieKey))
        let nd = Double(n)
        let varS = (nd * (nd - 1) * (2 * nd + 5) - score.tieTerm) / 18
        return result(s: score.s, varS: varS, n: n, alpha: alpha, test: .original)
    }

    /// `original` with S's variance multiplied by Hamed and Rao's `factor` (n/n*).
    public static func corrected(_ original: MannKendallResult, factor: Double, n: Int, alpha: Double) -> MannKendallResult {
        result(s: original.s, varS: original.varS * factor, n: n, alpha: alpha, test: .hamedRao)
    }

    static func result(s: Int, varS: Double, n: Int, alpha: Double, test: MannKendallTest) -> MannKendallResult {
        let nd = Double(n)
        let z: Double
        if s > 0 {
            z = Double(s - 1) / varS.squareRoot()
        } else if s < 0 {
            z = Double(s + 1) / varS.squareRoot()
        } else {
            z = 0
        }
        // 2(1 - Φ(|z|)) = erfc(|z|/√2), without the cancellation of 1 - Φ in the tail.
        let p = erfc(abs(z) / 2.0.squareRoot())
        let trend: MonotonicTrend = p < alpha ? (z > 0 ? .increasing : .decreasing) : .none
        let tau = Double(s) / (0.5 * nd * (nd - 1))
        return MannKendallResult(s: s, varS: varS, z: z, p: p, tau: tau, trend: trend, test: test)
    }
}
