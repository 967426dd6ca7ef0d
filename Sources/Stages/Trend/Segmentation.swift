#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ChartpipeCore

/// Splits a series into at most `maxSegments` straight pieces at its turning points.
///
/// Method: optimal piecewise-linear segmentation by dynamic programming (Bellman 1961). Each piece
/// is fitted by least squares; consecutive pieces share their boundary point, so a V has two pieces
/// meeting at its vertex and a step has three (flat, the jump, flat). Among the best splits into
/// 1…`maxSegments` pieces the one with the lowest `SSE + pieces · λ` wins, where
/// `λ = 3 σ² ln n` (a BIC penalty of three parameters per piece: slope, level and boundary), and σ
/// is the noise level estimated robustly from second differences, `1.4826 · MAD(Δ²y) / √6`
/// (at least 1e-9 of the variance of y, so a noise-free series takes the fewest exact pieces).
///
/// Series longer than `resolution` points are first averaged into `resolution` buckets; the
/// boundaries found on the buckets are then moved, one at a time, to the best point within the
/// neighbouring buckets of the full series.
public enum Segmentation {
    /// Most points the dynamic program works on directly.
    public static let resolution = 400

    /// Boundaries of the pieces as positions into `x`/`y` (no gaps): `[0, b1, …, n-1]`; piece i
    /// runs from `bounds[i]` to `bounds[i+1]`, both included.
    public static func boundaries(x: [Double], y: [Double], maxSegments: Int) -> [Int] {
        let n = y.count
        guard n >= 3, maxSegments > 1 else { return n == 0 ? [] : (n == 1 ? [0] : [0, n - 1]) }
        if n <= resolution { return optimal(x: x, y: y, maxSegments: maxSegments) }
        // Averaging buckets: bucket b holds points starts[b]..<starts[b+1].
        let buckets = resolution
        let starts = (0...buckets).map { $0 * n / buckets }
        var bx: [Double] = [], by: [Double] = []
        for b in 0..<buckets {
            let range = starts[b]..<starts[b + 1]
            bx.append(range.reduce(0.0) { $0 + x[$1] } / Double(range.count))
            by.append(range.reduce(0.0) { $0 + y[$1] } / Double(range.count))
        }
        let coarse = optimal(x: bx, y: by, maxSegments: maxSegments)
        var bounds = coarse.map { b in b == 0 ? 0 : (b == buckets - 1 ? n - 1 : (starts[b] + starts[b + 1]) / 2) }
        // The sums the moves below read: at each boundary, and over the buckets a boundary may move in.
        var lengths = bounds.map { $0...($0 + 1) }
        for i in 1..<Swift.max(1, bounds.count - 1) {
            lengths.append(starts[Swift.max(coarse[i] - 1, 0)]...starts[Swift.min(coarse[i] + 2, buckets)])
        }
        let fit = PieceCost(x: x, y: y, at: lengths)
        for i in 1..<Swift.max(1, bounds.count - 1) {
            let b = coarse[i]
            let lower = Swift.max(bounds[i - 1] + 1, starts[Swift.max(b - 1, 0)])
            let upper = Swift.min(bounds[i + 1] - 1, starts[Swift.min(b + 2, buckets)] - 1)
            guard lower <= upper else { continue }
            var best = bounds[i], bestCost = Double.infinity
            for t in lower...upper {
                let cost = fit.sse(bounds[i - 1], t) + fit.sse(t, bounds[i + 1])
                if cost < bestCost { bestCost = cost; best = t }
            }
            bounds[i] = best
        }
        return bounds
    }

    /// The penalized optimal split of a short series.
    static func optimal(x: [Double], y: [Double], maxSegments: Int) -> [Int] {
        let n = y.count
        let fit = PieceCost(x: x, y: y)
        let k = Swift.min(maxSegments, n - 1)
        // best[s][j]: least SSE of s+1 pieces covering 0...j; from[s][j]: where the last piece starts.
        var best = [[Double]](repeating: [Double](repeating: .infinity, count: n), count: k)
        var from = [[Int]](repeating: [Int](repeating: 0, count: n), count: k)
        for j in 1..<n { best[0][j] = fit.sse(0, j) }
        if k > 1 {
            for s in 1..<k {
                for j in (s + 1)..<n {
                    var value = Double.infinity, arg = 0
                    for i in s..<j {
                        let c = best[s - 1][i] + fit.sse(i, j)
                        if c < value { value = c; arg = i }
                    }
                    best[s][j] = value
                    from[s][j] = arg
                }
            }
        }
        let lambda = 3 * noiseVariance(y) * log(Double(n))
        var pieces = 1, lowest = Double.infinity
        for s in 0..<k where best[s][n - 1].isFinite {
            let cost = Swift.max(best[s][n - 1], 0) + Double(s + 1) * lambda
            // Strictly lower only: ties keep the fewer pieces.
            if cost < lowest * (1 - 1e-12) - 1e-300 { lowest = cost; pieces = s + 1 }
        }
        var bounds = [n - 1]
        var j = n - 1
        for s in stride(from: pieces - 1, to: 0, by: -1) {
            j = from[s][j]
            bounds.append(j)
        }
        bounds.append(0)
        return bounds.reversed()
    }

    /// σ² of the noise from second differences, which vanish on straight pieces (so trends and
    /// turning points barely move it): `σ = 1.4826 · MAD(Δ²y) / √6`, floored by 1e-9 of var(y).
    static func noiseVariance(_ y: [Double]) -> Double {
        let n = y.count
        guard n >= 3 else { return 0 }
        var diffs: [Double] = []
        diffs.reserveCapacity(n - 2)
        for i in 2..<n {
            let bend: Double = y[i] - 2 * y[i - 1] + y[i - 2]
            diffs.append(bend)
        }
        let mid: Double = MergeCount.median(diffs) ?? 0
        let mad: Double = MergeCount.median(diffs.map { (d: Double) -> Double in abs(d - mid) }) ?? 0
        let sigma: Double = 1.4826 * mad / 6.0.squareRoot()
        let mean: Double = y.reduce(0, +) / Double(n)
        var spread = 0.0
        for v in y { spread += (v - mean) * (v - mean) }
        let variance: Double = spread / Double(n)
        return Swift.max(sigma * sigma, 1e-9 * variance, 1e-300)
    }
}
