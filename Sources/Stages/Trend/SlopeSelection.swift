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
    /// Most slopes in the bracket for which the last round's sample picks a narrower one and the
    /// slopes are counted and filtered by listing them once (`enumerated`), instead of one more round.
    var enumerateLimit: Int
    var random: SplitMix64
    /// Cuts made so far (each an O(n log n) sort), for tests that count the work.
    private(set) var cuts = 0

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
        enumerateLimit = 32 * listLimit
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
        /// The trial slope t.
        var at: Double
        /// Slopes ≤ t (inclusive cut) or < t (strict cut).
        var count: Int
        /// Base positions of the points in key order; empty for a cut at ±∞ not yet read (`ordered`).
        var order: [Int32]
    }

    /// `cut` with its order: the cuts at ±∞ that a search starts from are made without one, so
    /// that the first round's sample and cuts do not run beside two columns of n (issue 12: the
    /// trend of two million points ran within 150 MB only so).
    private func ordered(_ cut: Cut) -> Cut {
        cut.order.isEmpty && !x.isEmpty ? self.cut(at: cut.at, inclusive: true) : cut
    }

    /// The points ordered by `y - t·x`; equal keys of a pair with different x count as flipped
    /// (slope = t is ≤ t) when `inclusive`, as not flipped otherwise. A tie of keys is broken by x,
    /// read from the point (ties are rare), then by position.
    ///
    /// The positions are sorted, each compared by its key in a column of keys: 16 bytes a point
    /// with the sort's scratch copy, where sorting (key, position) records took 32 (issue 12: on
    /// two million points this cut was the peak of a run's memory).
    private mutating func counted(at t: Double, inclusive: Bool) -> Cut {
        cuts += 1
        return cut(at: t, inclusive: inclusive)
    }

    func cut(at t: Double, inclusive: Bool) -> Cut {
        let n = x.count
        if t == -.infinity { return Cut(at: t, count: 0, order: (0..<n).map { Int32($0) }) }
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
            return Cut(at: t, count: pairs, order: order)
        }
        let x0 = x0, y0 = y0
        // Each point is sorted as one word: its key rounded to a float (monotone, so a smaller
        // float is a smaller key) in the high half, its position in the low half. Two words of
        // different floats compare as integers, without reading a key; only equal floats (rare)
        // compute both keys exactly, then break the tie. The order and the count are those of
        // sorting positions by exact keys, at 16 bytes a point with the sort's scratch copy, as
        // that took (issue 12: reading each key from a column of two million at every comparison
        // of the merges was most of a cut's time).
        var words = [UInt64](repeating: 0, count: n)
        let flipped = x.withUnsafeBufferPointer { xs in
            y.withUnsafeBufferPointer { ys in
                let order = KeyOrder(xs: xs, ys: ys, x0: x0, y0: y0, t: t, inclusive: inclusive)
                words.withUnsafeMutableBufferPointer { w in
                    for p in 0..<n { w[p] = UInt64(Self.sortable(Float(order.key(p)))) << 32 | UInt64(p) }
                }
                return MergeCount.sort(&words, order)
            }
        }
        let order = words.map { Int32(truncatingIfNeeded: $0 & 0xFFFF_FFFF) }
        return Cut(at: t, count: flipped, order: order)
    }

    /// The order of a cut's words (`cut(at:inclusive:)`): by float, then by exact key, then by
    /// the tie order, x descending when inclusive (−(x − x0) ascending), else ascending, then position.
    private struct KeyOrder: MergeOrder {
        let xs: UnsafeBufferPointer<Double>
        let ys: UnsafeBufferPointer<Double>
        let x0: Double, y0: Double, t: Double
        let inclusive: Bool

        /// The exact key of point `p`: computed here only, so that every comparison sees the same.
        @inline(__always) func key(_ p: Int) -> Double { (ys[p] - y0) - t * (xs[p] - x0) }

        @inline(__always) func less(_ a: UInt64, _ b: UInt64) -> Bool {
            let fa = a >> 32, fb = b >> 32
            guard fa == fb else { return fa < fb }
            let pa = Int(truncatingIfNeeded: a & 0xFFFF_FFFF), pb = Int(truncatingIfNeeded: b & 0xFFFF_FFFF)
            let ka = key(pa), kb = key(pb)
            guard ka == kb else { return ka < kb }
            let ta = inclusive ? -(xs[pa] - x0) : xs[pa] - x0, tb = inclusive ? -(xs[pb] - x0) : xs[pb] - x0
            return ta < tb || (ta == tb && pa < pb)
        }
    }

    /// The bits of `f` as an unsigned integer in the order of the floats (−0 as +0, which equals it).
    @inline(__always) static func sortable(_ f: Float) -> UInt32 {
        let bits = (f == 0 ? 0 : f).bitPattern
        return bits & 0x8000_0000 != 0 ? ~bits : bits | 0x8000_0000
    }

    private func slope(_ p: Int, _ q: Int) -> Double {
        let (i, j) = p < q ? (p, q) : (q, p)
        return (y[j] - y[i]) / (x[j] - x[i])
    }

    /// The `low`-th and `high`-th smallest slopes (1-based, `low ≤ high`), found in one search.
    mutating func kth(_ low: Int, _ high: Int) -> (Double, Double) {
        var lo = Cut(at: -.infinity, count: 0, order: [])
        var hi = Cut(at: .infinity, count: pairs, order: [])
        var bounded = false
        var rounds = 0
        // The last round's sample: uniform over the bracket it was drawn from, so those of its
        // slopes inside the narrower bracket the round left are a uniform sample of that one.
        var previous: [Double] = []
        while hi.count - lo.count > listLimit && rounds < 64 {
            if hi.count - lo.count <= enumerateLimit {
                (lo, hi) = (ordered(lo), ordered(hi))
                let inside = previous.filter { $0 > lo.at && $0 <= hi.at }
                previous = []
                if let found = enumerated(lo, hi, low, high, sample: inside) { return found }
            }
            previous = []
            rounds += 1
            if bounded { (lo, hi) = (ordered(lo), ordered(hi)) }
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
                let below = counted(at: first, inclusive: false)
                if below.count >= high {
                    hi = below
                    continue
                }
                let atOrBelow = counted(at: first, inclusive: true)
                if below.count < low && atOrBelow.count >= high { return (first, first) }
                if atOrBelow.count < low {
                    lo = atOrBelow
                    continue
                }
                // The block holds one target but not the other: find each alone.
                return (kth(low, low).0, kth(high, high).0)
            }
            for t in [first, second].compactMap({ $0 }) {
                let c = counted(at: t, inclusive: true)
                if c.count < low && c.count > lo.count { lo = c } else if c.count >= high && c.count < hi.count { hi = c }
            }
            previous = sample
        }
        (lo, hi) = (ordered(lo), ordered(hi))
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
        let rank = ranks(hi)
        return lo.order.map { rank[Int($0)] }
    }

    /// Each point's position in the order of `cut`.
    private func ranks(_ cut: Cut) -> [Int32] {
        var rank = [Int32](repeating: 0, count: x.count)
        for (r, p) in cut.order.enumerated() { rank[Int(p)] = Int32(r) }
        return rank
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

    /// The `low`-th and `high`-th smallest slopes, found by listing the slopes in (lo, hi] once
    /// and keeping only those within a narrower bracket that `sample` (uniform slopes of (lo, hi])
    /// picks around the targets, counting those below it: the exact answer at the cost of about
    /// one cut, where a round costs a sample and two cuts. Nil when the sample is too small, the
    /// bracket would keep too many slopes, or it missed a target (rare, as a round's bracket does).
    private func enumerated(_ lo: Cut, _ hi: Cut, _ low: Int, _ high: Int, sample: [Double]) -> (Double, Double)? {
        var sample = sample
        let m = sample.count
        guard m >= 400 else { return nil }
        let span = Double(hi.count - lo.count)
        let delta = 1.5 * Double(m).squareRoot()
        let ia = Int((Double(low - lo.count) / span * Double(m) - delta).rounded(.down)) - 1
        let ib = Int((Double(high - lo.count) / span * Double(m) + delta).rounded(.up))
        // The slopes the bracket keeps, by the sample's share of it, with room to spare.
        let share = Double(Swift.min(ib, m) - Swift.max(ia, 0)) / Double(m)
        guard share * span <= Double(listLimit) else { return nil }
        let a = ia >= 0 ? MergeCount.select(&sample, ia) : -Double.infinity
        let b = ib < m ? MergeCount.select(&sample, ib) : Double.infinity
        guard var tally = tally(lo, hi, keeping: a, b, limit: listLimit) else { return nil }
        let first = low - lo.count - tally.below, second = high - lo.count - tally.below
        guard first >= 1, second <= tally.kept.count else { return nil }
        // Selected in place: a copy of the kept slopes would double them.
        return (MergeCount.select(&tally.kept, first - 1), MergeCount.select(&tally.kept, second - 1))
    }

    /// Every slope in (lo, hi].
    private func slopesBetween(_ lo: Cut, _ hi: Cut) -> [Double] {
        tally(lo, hi, keeping: -.infinity, .infinity, limit: .max)?.kept ?? []
    }

    /// The slopes of some pairs: how many fell below a bracket [a, b], and those within it.
    struct Tally {
        let a: Double, b: Double, limit: Int
        var below = 0
        var kept: [Double] = []
        /// More than `limit` slopes fell within the bracket (the rest were not kept).
        var overflow = false

        @inline(__always) mutating func add(_ s: Double) {
            if s < a {
                below += 1
            } else if s <= b {
                if kept.count < limit { kept.append(s) } else { overflow = true }
            }
        }

        mutating func absorb(_ other: Tally) {
            below += other.below
            overflow = overflow || other.overflow || kept.count + other.kept.count > limit
            kept += other.kept
        }
    }

    /// Every slope in (lo, hi] tallied against [a, b], keeping at most `limit` (nil past that).
    /// The slopes are the inversions of the crossing sequence, met by a merge sort of it; a long
    /// sequence is sorted in two halves at once on a processor the run has idle
    /// (`WorkerBudget.split`), then the inversions across the halves are met by one merge.
    private func tally(_ lo: Cut, _ hi: Cut, keeping a: Double, _ b: Double, limit: Int) -> Tally? {
        let n = x.count
        // The crossing sequence with each point beside its value; the ranks go before the scratch copy is made.
        var items: [Item] = []
        do {
            let rank = ranks(hi)
            items = lo.order.map { Item(value: rank[Int($0)], point: $0) }
        }
        var scratch = items
        let empty = Tally(a: a, b: b, limit: limit)
        var total = empty
        let mid = n / 2
        x.withUnsafeBufferPointer { xs in
            y.withUnsafeBufferPointer { ys in
                items.withUnsafeMutableBufferPointer { main in
                    scratch.withUnsafeMutableBufferPointer { spare in
                        let points = Points(x: xs, y: ys)
                        guard n >= MergeCount.splitAt else {
                            Self.sortCounting(main, spare, 0..<n, points, into: &total)
                            return
                        }
                        // Each thread sorts its own half of both buffers, into a tally of its own.
                        var halves = WorkerBudget.map(2) { h -> Tally in
                            var half = empty
                            Self.sortCounting(main, spare, h == 0 ? 0..<mid : mid..<n, points, into: &half)
                            return half
                        }
                        // Each half's slopes moved, not copied, into the total.
                        total = halves[0]
                        halves[0] = empty
                        total.absorb(halves[1])
                        halves = []
                        // The inversions across the sorted halves (merged into the scratch, which is not read again).
                        var across = empty
                        MergeCount.merge(main, into: spare, 0, mid, n, less: { $0.value < $1.value }) { waiting, item in
                            for l in waiting { across.add(points.slope(Int(main[l].point), Int(item.point))) }
                        }
                        total.absorb(across)
                    }
                }
            }
        }
        return total.overflow ? nil : total
    }

    /// A point of the crossing sequence: its position in the `hi` order, and which point it is.
    struct Item {
        var value: Int32
        var point: Int32
    }

    /// The points' coordinates, read by the threads tallying slopes.
    private struct Points {
        let x: UnsafeBufferPointer<Double>
        let y: UnsafeBufferPointer<Double>

        @inline(__always) func slope(_ p: Int, _ q: Int) -> Double {
            let (i, j) = p < q ? (p, q) : (q, p)
            return (y[j] - y[i]) / (x[j] - x[i])
        }
    }

    /// Sorts `main[range]` by value (bottom-up merges, `spare[range]` as scratch; the result left
    /// in `main`), tallying the slope of every inversion met.
    private static func sortCounting(_ main: UnsafeMutableBufferPointer<Item>, _ spare: UnsafeMutableBufferPointer<Item>,
                                     _ range: Range<Int>, _ points: Points, into tally: inout Tally) {
        MergeCount.passes(main, spare, range, width: 1) { from, to, lo, mid, hi in
            MergeCount.merge(from, into: to, lo, mid, hi, less: { $0.value < $1.value }) { waiting, item in
                for l in waiting { tally.add(points.slope(Int(from[l].point), Int(item.point))) }
            }
        }
    }
}
