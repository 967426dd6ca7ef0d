import Foundation
import ChartpipeJSON

/// The original Mann-Kendall test (Mann 1945, Kendall 1975), as `pymannkendall.original_test`.
public struct MannKendallResult: Sendable, Equatable {
    /// Concordant minus discordant pairs over time order.
    public var s: Int
    /// Variance of S corrected for tied values.
    public var varS: Double
    /// Continuity-corrected standard score.
    public var z: Double
    /// Two-sided p-value under the normal approximation.
    public var p: Double
    /// Kendall's tau-a: S / (n(n-1)/2).
    public var tau: Double
    public var trend: MonotonicTrend

    public init(s: Int, varS: Double, z: Double, p: Double, tau: Double, trend: MonotonicTrend) {
        self.s = s
        self.varS = varS
        self.z = z
        self.p = p
        self.tau = tau
        self.trend = trend
    }
}
