#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The Kruskal-Wallis H test (Kruskal & Wallis 1952) that groups come from one distribution, as
/// `scipy.stats.kruskal` computes it: average ranks over all values, H corrected for ties, and
/// p from the χ² distribution with (groups - 1) degrees of freedom.
enum KruskalWallis {
    /// H and p for values labelled by group (`group[i]` in 0..<groups); nil when fewer than two
    /// groups have values or every value is equal.
    static func test(values: [Double], group: [Int], groups: Int) -> (h: Double, p: Double)? {
        let n = values.count
        guard n == group.count, n >= 2 else { return nil }
        let order = values.indices.sorted { values[$0] < values[$1] }
        var rankSum = [Double](repeating: 0, count: groups), count = [Int](repeating: 0, count: groups)
        var ties = 0.0
        var i = 0
        while i < n {
            var j = i + 1
            while j < n && values[order[j]] == values[order[i]] { j += 1 }
            let rank = Double(i + j + 1) / 2
            let t = Double(j - i)
            ties += t * t * t - t
            for k in i..<j {
                rankSum[group[order[k]]] += rank
                count[group[order[k]]] += 1
            }
            i = j
        }
        let present = count.filter { $0 > 0 }.count
        let nd = Double(n)
        let correction = 1 - ties / (nd * nd * nd - nd)
        guard present >= 2, correction > 0 else { return nil }
        var sum = 0.0
        for g in 0..<groups where count[g] > 0 { sum += rankSum[g] * rankSum[g] / Double(count[g]) }
        let h = (12 / (nd * (nd + 1)) * sum - 3 * (nd + 1)) / correction
        return (h, chiSquareSurvival(h, degrees: Double(present - 1)))
    }

    /// P(χ²_k > x) = Q(k/2, x/2), the regularized upper incomplete gamma function: its series
    /// below a + 1, Lentz's continued fraction above (Press et al., Numerical Recipes, 3rd ed., §6.2).
    static func chiSquareSurvival(_ x: Double, degrees k: Double) -> Double {
        guard x > 0 else { return 1 }
        let a = k / 2, z = x / 2
        let prefix = exp(-z + a * log(z) - lgamma(a))
        if z < a + 1 {
            var term = 1 / a, sum = term, ap = a
            for _ in 0..<10_000 {
                ap += 1
                term *= z / ap
                sum += term
                if abs(term) < abs(sum) * 1e-16 { break }
            }
            return Swift.max(0, 1 - sum * prefix)
        }
        let tiny = 1e-300
        var b = z + 1 - a, c = 1 / tiny, d = 1 / b, h = d
        for i in 1...10_000 {
            let an = -Double(i) * (Double(i) - a)
            b += 2
            d = an * d + b
            if abs(d) < tiny { d = tiny }
            c = b + an / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let delta = d * c
            h *= delta
            if abs(delta - 1) < 1e-16 { break }
        }
        return h * prefix
    }
}
