import ChartpipeCore

/// An order for `MergeCount.sort`: a type of its own, so that the sort is specialised for it and
/// `less` is inlined into its loops (a closure is called at every comparison).
protocol MergeOrder {
    associatedtype Element
    func less(_ a: Element, _ b: Element) -> Bool
}

/// Numbers from the smallest up.
struct Ascending: MergeOrder {
    @inline(__always) func less(_ a: Double, _ b: Double) -> Bool { a < b }
}

/// The order of a closure.
private struct ClosureOrder<Element>: MergeOrder {
    let closure: (Element, Element) -> Bool
    @inline(__always) func less(_ a: Element, _ b: Element) -> Bool { closure(a, b) }
}

/// Stable merge sort that counts inversions on the way (Knight 1966): the pairs `i < j` whose
/// order the sort reverses, that is `less(a[j], a[i])`. O(n log n) time, one scratch copy.
enum MergeCount {
    /// Runs shorter than this are insertion-sorted first; each shift there is one inversion.
    static let run = 24

    /// Below this many items a sort is not split between processors.
    static let splitAt = 1 << 18

    /// Sorts `a` by `less` (stable) and returns the number of inversions. A long array is sorted
    /// in two halves at once when the run has a processor idle (`WorkerBudget.split`), then
    /// merged, counting the inversions across the halves: the same order and count either way.
    /// `less` must be safe to call from two threads at once.
    static func sort<T>(_ a: inout [T], by less: (T, T) -> Bool) -> Int {
        withoutActuallyEscaping(less) { less in sort(&a, ClosureOrder(closure: less)) }
    }

    /// `sort(_:by:)` in `order`, which must be safe to use from two threads at once.
    static func sort<O: MergeOrder>(_ a: inout [O.Element], _ order: O) -> Int {
        let n = a.count
        guard n > 1 else { return 0 }
        var scratch = a
        return a.withUnsafeMutableBufferPointer { main in
            scratch.withUnsafeMutableBufferPointer { spare in
                guard n >= splitAt else { return sort(main, spare, 0..<n, order) }
                let mid = n / 2
                // Each thread sorts its own half of both buffers.
                let halves = WorkerBudget.map(2) { half in sort(main, spare, half == 0 ? 0..<mid : mid..<n, order) }
                // The halves lie sorted in `main`; merge them into `spare`, then copy back.
                let inversions = halves[0] + halves[1] + merge(main, into: spare, 0, mid, n, order)
                _ = main.update(fromContentsOf: spare)
                return inversions
            }
        }
    }

    /// Sorts `main[range]` (stable), with `spare[range]` as scratch, leaving the result in `main`;
    /// returns the number of inversions.
    private static func sort<O: MergeOrder>(_ main: UnsafeMutableBufferPointer<O.Element>, _ spare: UnsafeMutableBufferPointer<O.Element>,
                                            _ range: Range<Int>, _ order: O) -> Int {
        let first = range.lowerBound, n = range.upperBound
        var inversions = 0
        var start = first
        while start < n {
            let end = Swift.min(start + run, n)
            var i = start + 1
            while i < end {
                let v = main[i]
                var j = i
                while j > start && order.less(v, main[j - 1]) {
                    main[j] = main[j - 1]
                    j -= 1
                }
                inversions += i - j
                main[j] = v
                i += 1
            }
            start = end
        }
        passes(main, spare, range, width: run) { from, to, lo, mid, hi in
            inversions += merge(from, into: to, lo, mid, hi, order)
        }
        return inversions
    }

    /// Bottom-up merge passes over `main[range]`, whose runs of `width` are sorted: `merge(from,
    /// to, lo, mid, hi)` merges `from[lo..<mid]` and `from[mid..<hi]` into `to[lo..<hi]`, pass
    /// after pass, until one run is left; the result is left in `main` (`spare` is the scratch).
    @inline(__always)
    static func passes<T>(_ main: UnsafeMutableBufferPointer<T>, _ spare: UnsafeMutableBufferPointer<T>, _ range: Range<Int>,
                          width: Int, merge: (UnsafeMutableBufferPointer<T>, UnsafeMutableBufferPointer<T>, Int, Int, Int) -> Void) {
        let first = range.lowerBound, n = range.upperBound
        var from = main, to = spare
        var width = width
        while width < n - first {
            var lo = first
            while lo < n {
                let mid = Swift.min(lo + width, n), hi = Swift.min(lo + 2 * width, n)
                merge(from, to, lo, mid, hi)
                lo = hi
            }
            swap(&from, &to)
            width *= 2
        }
        if from.baseAddress != main.baseAddress {
            for i in range { main[i] = from[i] }
        }
    }

    /// Merges the sorted runs `from[lo..<mid]` and `from[mid..<hi]` into `to[lo..<hi]` (stable),
    /// returning the inversions across them: for each item taken from the right run, the items of
    /// the left run still waiting.
    @inline(__always)
    private static func merge<O: MergeOrder>(_ from: UnsafeMutableBufferPointer<O.Element>, into to: UnsafeMutableBufferPointer<O.Element>,
                                             _ lo: Int, _ mid: Int, _ hi: Int, _ order: O) -> Int {
        var inversions = 0
        merge(from, into: to, lo, mid, hi, less: order.less) { waiting, _ in inversions += waiting.count }
        return inversions
    }

    /// The stable merge of the sorted runs `from[lo..<mid]` and `from[mid..<hi]` into `to[lo..<hi]`,
    /// calling `crossed(waiting, item)` for each item taken from the right run with the positions
    /// of the left run's items still waiting, each of which makes an inversion with it.
    @inline(__always)
    static func merge<T>(_ from: UnsafeMutableBufferPointer<T>, into to: UnsafeMutableBufferPointer<T>, _ lo: Int, _ mid: Int,
                         _ hi: Int, less: (T, T) -> Bool, crossed: (Range<Int>, T) -> Void) {
        var i = lo, j = mid, k = lo
        while i < mid && j < hi {
            if less(from[j], from[i]) {
                crossed(i..<mid, from[j])
                to[k] = from[j]
                j += 1
            } else {
                to[k] = from[i]
                i += 1
            }
            k += 1
        }
        while i < mid { to[k] = from[i]; i += 1; k += 1 }
        while j < hi { to[k] = from[j]; j += 1; k += 1 }
    }

    /// The `k`-th smallest (0-based) of `a`, reordering `a` (Hoare's selection with median-of-three pivots).
    static func select(_ a: inout [Double], _ k: Int) -> Double {
        precondition(a.indices.contains(k), "rank out of range")
        return a.withUnsafeMutableBufferPointer { v in
            var lo = 0, hi = v.count - 1
            while lo < hi {
                let mid = lo + (hi - lo) / 2
                // Median of three keeps sorted and reversed inputs linear.
                if v[mid] < v[lo] { v.swapAt(mid, lo) }
                if v[hi] < v[lo] { v.swapAt(hi, lo) }
                if v[hi] < v[mid] { v.swapAt(hi, mid) }
                let pivot = v[mid]
                var i = lo, j = hi
                while i <= j {
                    while v[i] < pivot { i += 1 }
                    while pivot < v[j] { j -= 1 }
                    if i <= j {
                        v.swapAt(i, j)
                        i += 1
                        j -= 1
                    }
                }
                if k <= j { hi = j } else if k >= i { lo = i } else { return v[k] }
            }
            return v[k]
        }
    }

    /// The median of `values` (the mean of the two middle values for an even count), or `nil` when empty.
    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        var copy = values
        let n = copy.count
        let upper = select(&copy, n / 2)
        if n % 2 == 1 { return upper }
        // After selection everything below n/2 is ≤ upper; the lower middle is their maximum.
        let lower = copy[0..<(n / 2)].max() ?? upper
        let mean = (lower + upper) / 2
        return mean.isFinite ? mean : lower / 2 + upper / 2
    }
}
