#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ChartpipeCore

/// Selection among the pairwise slopes of points sorted by x (see `SenSlope`).
struct SlopeSelection {
    /// x and y in base order: x ascending, then y ascending (equal x never pair).
    let x: [Double]
    let y: [Double]
    /// The centre the `y - t·x` keys are taken from (`y - y0 - t·(x - x0)`), which keeps their
    /// rounding small; computed per key, not kept as centred copies of x and y (issue 12).
    let x0: Double
    let y0: Double
    /// Pairs with different x.
    let pairs: Int
    /// Base order positions where a new x value starts; nil when every x differs (each point starts one).
    let groupStarts: [Int]?
    var sampleSize: Int
    var listLimit: Int
    var random: SplitMix64

    init?(x rawX: [Double], y rawY: [Double], seed: UInt64 = 0x5EED) {
        precondition(rawX.count == rawY.count, "x and y must have equal lengths")
        let n = rawX.count
        if zip(rawX, rawX.dropFirst()).allSatisfy({ $0 < $1 }) {
            // Already in base order (no equal x): the arrays are shared, not copied.
            x = rawX
            y = rawY
        } else {
            var order = Array(0..<n)
            order.sort { rawX[$0] != rawX[$1] ? rawX[$0] < rawX[$1] : (rawY[$0] != rawY[$1] ? rawY[$0] < rawY[$1] : $0 < $1) }
            x = order.map { rawX[$0] }
            y = order.map { rawY[$0] }
        }
        var starts: [Int] = []
        var samePairs = 0
        var i = 0
        while i < n {
            var j = i + 1
            while j < n && x[j] == x[i] { j += 1 }
            starts.append(i)
            samePairs += (j - i) * (j - i - 1) / 2
            i = j
        }
        groupStarts = starts.count == n ? nil : starts
        pairs = n * (n - 1) / 2 - samePairs
        guard pairs > 0 else { return nil }
        x0 = x[n / 2]
        y0 = y[n / 2]
        // A round of m samples leaves about 3/√m of the bracket: m = n/2 takes two or three rounds
        // to bring n² pairs under n, in memory of a few bytes a point (issue 12: 2 million points
        // with 2n samples and 4n listed slopes took more than 300 MB).
        sampleSize = Swift.min(Swift.max(n / 2, 20_000), 1_000_000)
        listLimit = Swift.max(n, 200_000)
        random = SplitMix64(seed: seed)
    }

    /// The median slope: the mean of the two middle slopes for an even count, as numpy's median.
    mutating func median() -> Double {
        let (lower, upper) = pairs % 2 == 1 ? kth(pairs / 2 + 1, pairs / 2 + 1) : kth(pairs / 2, pairs / 2 + 1)
        let mean = (lower + upper) / 2
        return mean.isFinite ? mean : lower / 2 + upper / 2
    }

    /// An order of the points by `y - t·x`, and how many slopes it places at or below `t`.
    struct Cut {
        /// Slopes ≤ t (inclusive cut) or < t (strict cut).
        var count: Int
        /// Base positions of the points in key order.
        var order: [Int32]
    }

    /// The points ordered by `y - t·x`; equal keys of a pair with different x count as flipped
    /// (slope = t is ≤ t) when `inclusive`, as not flipped otherwise. A tie of keys is broken by x,
    /// read from the point (ties are rare), then by position.
    ///
    /// The positions are sorted, each compared by its key in a column of keys: 16 bytes a point
    /// with the sort's scratch copy, where sorting (key, position) records took 32 (issue 12: on
    /// two million points this cut was the peak of a run's memory).
    func cut(at t: Double, inclusive: Bool) -> Cut {
        let n = x.count
        if t == -.infinity { return Cut(count: 0, order: (0..<n).map { Int32($0) }) }
        if t == .infinity {
            var order: [Int32] = []
            order.reserveCapacity(n)
            if let groupStarts {
                for g in groupStarts.indices.reversed() {
                    let end = g + 1 < groupStarts.count ? groupStarts[g + 1] : n
                    for p in groupStarts[g]..<end { order.append(Int32(p)) }
                }
            } else {
                for p in (0..<n).reversed() { order.append(Int32(p)) }
            }
            return Cut(count: pairs, order: order)
        }
        let x0 = x0, y0 = y0
        var keys = [Double](repeating: 0, count: n)
        var order = (0..<n).map { Int32($0) }
        let flipped = x.withUnsafeBufferPointer { xs in
            y.withUnsafeBufferPointer { ys in
                keys.withUnsafeMutableBufferPointer { k in
                    for p in 0..<n { k[p] = (ys[p] - y0) - t * (xs[p] - x0) }
                }
                return keys.withUnsafeBufferPointer { u in
                    // The tie order: x descending when inclusive (−(x − x0) ascending), else ascending.
                    func tie(_ p: Int) -> Double { inclusive ? -(xs[p] - x0) : xs[p] - x0 }
                    return MergeCount.sort(&order) { a, b in
                        let ua = u[Int(a)], ub = u[Int(b)]
                        guard ua == ub else { return ua < ub }
                        let ta = tie(Int(a)), tb = tie(Int(b))
                        return ta < tb || (ta == tb && a < b)
                    }
                }
            }
        }
        return Cut(count: flipped, order: order)
    }

    private func slope(_ p: Int, _ q: Int) -> Double {
        let (i, j) = p < q ? (p, q) : (q, p)
        return (y[j] - y[i]) / (x[j] - x[i])
    }

    /// The `low`-th and `high`-th smallest slopes (1-based, `low ≤ high`), found in one search.
    mutating func kth(_ low: Int, _ high: Int) -> (Double, Double) {
        var lo = cut(at: -.infinity, inclusive: true)
        var hi = cut(at: .infinity, inclusive: true)
        var bounded = false
        var rounds = 0
        while hi.count - lo.count > listLimit && rounds < 64 {
            rounds += 1
            var sample = bounded ? sampleBetween(lo, hi) : sampleAll()
            guard !sample.isEmpty else { break }
            let m = Double(sample.count)
            let span = Double(hi.count - lo.count)
            // Three standard deviations of a sample rank on each side (sd ≤ √m / 2): two rounds
            // with 2n samples usually leave fewer than 4n slopes to list.
            let delta = 1.5 * m.squareRoot()
            let ia = Int((Double(low - lo.count) / span * m - delta).rounded(.down)) - 1
            let ib = Int((Double(high - lo.count) / span * m + delta).rounded(.up))
            let first = ia >= 0 ? MergeCount.select(&sample, ia) : nil
            let second = ib < sample.count ? MergeCount.select(&sample, ib) : nil
            bounded = true
            if let first, let second, first == second {
                // A block of equal slopes spans the targets: test whether the answer is that value.
                let below = cut(at: first, inclusive: false)
                if below.count >= high {
                    hi = below
                    continue
                }
                let atOrBelow = cut(at: first, inclusive: true)
                if below.count < low && atOrBelow.count >= high { return (first, first) }
                if atOrBelow.count < low {
                    lo = atOrBelow
                    continue
                }
                // The block holds one target but not the other: find each alone.
                return (kth(low, low).0, kth(high, high).0)
            }
            for t in [first, second].compactMap({ $0 }) {
                let c = cut(at: t, inclusive: true)
                if c.count < low && c.count > lo.count { lo = c } else if c.count >= high && c.count < hi.count { hi = c }
            }
        }
        var listed = slopesBetween(lo, hi)
        guard !listed.isEmpty else {
            let fallback = slope(Int(lo.order[0]), Int(lo.order[lo.order.count - 1]))
            return (fallback, fallback)
        }
        let last = listed.count - 1
        let a = MergeCount.select(&listed, Swift.min(Swift.max(low - lo.count - 1, 0), last))
        let b = MergeCount.select(&listed, Swift.min(Swift.max(high - lo.count - 1, 0), last))
        return (a, b)
    }

    /// Uniform random slopes over all pairs with different x.
    private mutating func sampleAll() -> [Double] {
        let n = UInt64(x.count)
        var out: [Double] = []
        out.reserveCapacity(sampleSize)
        var attempts = 0
        while out.count < sampleSize && attempts < 20 * sampleSize {
            attempts += 1
            let p = Int(random.next() % n), q = Int(random.next() % n)
            if x[p] != x[q] { out.append(slope(p, q)) }
        }
        return out
    }

    /// The sequence whose inversions are the pairs with a slope in (lo, hi]: the points in `lo`
    /// order, each valued by its position in `hi` order.
    private func crossing(_ lo: Cut, _ hi: Cut) -> [Int32] {
        var rankInHi = [Int32](repeating: 0, count: x.count)
        for (r, p) in hi.order.enumerated() { rankInHi[Int(p)] = Int32(r) }
        return lo.order.map { rankInHi[Int($0)] }
    }

    /// Uniform random slopes among those in (lo, hi]: a pair is an inversion (a, b) of the
    /// crossing sequence, drawn by picking b with weight "inversions ending at b", then one of them.
    private mutating func sampleBetween(_ lo: Cut, _ hi: Cut) -> [Double] {
        let s = crossing(lo, hi)
        let n = s.count
        var tree = Fenwick(count: n)
        // Fewer than n inversions end at each b: 4 bytes each.
        var ending = [Int32](repeating: 0, count: n)
        for b in 0..<n {
            ending[b] = Int32(b - tree.prefix(Int(s[b])))
            tree.add(Int(s[b]))
        }
        let total = ending.reduce(0) { $0 + Int($1) }
        guard total > 0 else { return [] }
        let draws = sortedDraws(sampleSize, below: total)
        var out: [Double] = []
        out.reserveCapacity(draws.count)
        tree.reset()
        var d = 0
        var before = 0
        for b in 0..<n {
            let smaller = tree.prefix(Int(s[b]))
            while d < draws.count && draws[d] < before + Int(ending[b]) {
                // The (offset+1)-th larger value seen before b, i.e. the (smaller+offset+1)-th smallest.
                let value = tree.kth(smaller + draws[d] - before + 1)
                out.append(slope(Int(hi.order[value]), Int(lo.order[b])))
                d += 1
            }
            before += Int(ending[b])
            tree.add(Int(s[b]))
        }
        return out
    }

    /// `count` uniform integers in 0..<bound, in ascending order, in O(count): the order statistics
    /// of uniforms are cumulative sums of exponential gaps, normalised (Devroye 1986, §V.3).
    /// Two passes over the same random numbers — the total first, then the normalised sums — so
    /// that no column of sums is kept beside the draws.
    private mutating func sortedDraws(_ count: Int, below bound: Int) -> [Int] {
        // A uniform in (0, 1] from the top 53 bits, so the logarithm is finite.
        func uniform() -> Double { (Double(random.next() >> 11) + 1) * 0x1p-53 }
        let start = random
        var total = 0.0
        for _ in 0...count { total -= log(uniform()) }
        random = start
        let scale = Double(bound) / total
        var out: [Int] = []
        out.reserveCapacity(count)
        var sum = 0.0
        for _ in 0..<count {
            sum -= log(uniform())
            out.append(Swift.min(Int(sum * scale), bound - 1))
        }
        // The generator ends where the first pass left it.
        _ = uniform()
        return out
    }

    /// Every slope in (lo, hi], listed by a merge sort of the crossing sequence.
    private func slopesBetween(_ lo: Cut, _ hi: Cut) -> [Double] {
        let values = crossing(lo, hi)
        let n = values.count
        var items = (0..<n).map { (value: values[$0], point: lo.order[$0]) }
        var scratch = items
        var out: [Double] = []
        out.reserveCapacity(hi.count - lo.count)
        var width = 1
        while width < n {
            var start = 0
            while start < n {
                let mid = Swift.min(start + width, n), end = Swift.min(start + 2 * width, n)
                var i = start, j = mid, k = start
                while i < mid && j < end {
                    if items[j].value < items[i].value {
                        for l in i..<mid { out.append(slope(Int(items[l].point), Int(items[j].point))) }
                        scratch[k] = items[j]
                        j += 1
                    } else {
                        scratch[k] = items[i]
                        i += 1
                    }
                    k += 1
                }
                while i < mid { scratch[k] = items[i]; i += 1; k += 1 }
                while j < end { scratch[k] = items[j]; j += 1; k += 1 }
                start = end
            }
            swap(&items, &scratch)
            width *= 2
        }
        return out
    }
}
