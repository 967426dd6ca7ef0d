import Foundation
import ChartpipeJSON

/// The Mann-Kendall trend test (Mann 1945, Kendall 1975) as pymannkendall computes it: the
/// original test (`original_test`), or for a serially correlated series the test with Hamed and
/// Rao's (1998) variance correction (`hamed_rao_modification_test`).
public struct MannKendallResult: Sendable, Equatable {
    /// Concordant minus discordant pairs over time order.
    public var s: Int
    /// Variance of S corrected for tied values (and, by `hamedRao`, for serial correlation).
    public var varS: Double
    /// Continuity-corrected standard score.
    public var z: Double
    /// Two-sided p-value under the normal approximation.
    public var p: Double
    /// Kendall's tau-a: S / (n(n-1)/2).
    public var tau: Double
    public var trend: MonotonicTrend
    /// Which test gave `varS`, `z`, `p` and `trend`.
    public var test: MannKendallTest

    public init(s: Int, varS: Double, z: Double, p: Double, tau: Double, trend: MonotonicTrend,
                test: MannKendallTest = .original) {
        self.s = s
        self.varS = varS
        self.z = z
        self.p = p
        self.tau = tau
        self.trend = trend
        self.test = test
    }
}
