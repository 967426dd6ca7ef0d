#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ChartpipeCore

/// Sen's slope (Sen 1968): the median of the slopes `(y[j] - y[i]) / (x[j] - x[i])` over all pairs
/// with different x, and the intercept `median(y) - slope * median(x)` (Conover 1980), which for
/// x = 0, 1, 2, … is `pymannkendall.sens_slope`.
///
/// Up to `pairLimit` points every slope is computed and the median selected. Beyond that the
/// median is found without listing all n(n-1)/2 slopes, by randomized slope selection
/// (Matoušek 1991; Dillencourt, Mount & Netanyahu 1992), exact and O(n log n) expected:
/// the number of slopes ≤ t is the inversion count between x order and the order of `y - t·x`;
/// random slopes sampled from the current interval bracket the median ever more tightly, and
/// once the interval holds few slopes they are listed and the median is selected among them.
/// The answer is always one of the pairwise slopes (or the mean of two for an even count); the
/// only departure from exactness is floating-point rounding of `y - t·x` for slopes within about
/// 1e-15 (relative) of the bracket ends, which are far from the median by construction.
public enum SenSlope {
    /// Above this many points the median is selected without listing every slope.
    public static let pairLimit = 3000

    /// Sen's slope and intercept, or `nil` when no two points have different x.
    /// `x` must be nondecreasing; `y` has no gaps.
    public static func estimate(x: [Double], y: [Double]) -> SenEstimate? {
        estimate(slope: medianSlope(x: x, y: y), medianX: MergeCount.median(x), medianY: MergeCount.median(y))
    }

    /// The estimate from its parts, found apart (`Trend` finds the median of y once for both).
    static func estimate(slope: Double?, medianX: Double?, medianY: Double?) -> SenEstimate? {
        guard let slope, let medianX, let medianY else { return nil }
        return SenEstimate(slope: slope, intercept: medianY - slope * medianX)
    }

    /// The median pairwise slope, choosing the method by size.
    public static func medianSlope(x: [Double], y: [Double]) -> Double? {
        if x.count <= pairLimit { return medianSlopeByListing(x: x, y: y) }
        var selection = SlopeSelection(x: x, y: y)
        return selection?.median()
    }

    /// The median pairwise slope by computing every slope: O(n²) time and memory.
    public static func medianSlopeByListing(x: [Double], y: [Double]) -> Double? {
        precondition(x.count == y.count, "x and y must have equal lengths")
        let n = x.count
        var slopes: [Double] = []
        slopes.reserveCapacity(n * (n - 1) / 2)
        for i in 0..<n {
            for j in (i + 1)..<Swift.max(i + 1, n) where x[j] != x[i] {
                slopes.append((y[j] - y[i]) / (x[j] - x[i]))
            }
        }
        return MergeCount.median(slopes)
    }

    /// The median pairwise slope by randomized selection, with its tuning exposed for tests.
    /// `sampleSize` slopes are drawn per round; at most `listLimit` slopes are listed at the end.
    public static func medianSlopeBySelection(x: [Double], y: [Double], sampleSize: Int? = nil,
                                              listLimit: Int? = nil, seed: UInt64 = 0x5EED) -> Double? {
        guard var selection = SlopeSelection(x: x, y: y, seed: seed) else { return nil }
        if let sampleSize { selection.sampleSize = sampleSize }
        if let listLimit { selection.listLimit = listLimit }
        return selection.median()
    }
}
