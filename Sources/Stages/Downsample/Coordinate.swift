/// An x coordinate the downsamplers read in place: epoch milliseconds as `Int64`, or any `Double`.
/// The algorithms compute in `Double`, as tsdownsample does, so an `Int64` column needs no copy.
public protocol DownsampleCoordinate: Sendable {
    var downsampleValue: Double { get }
}

extension Double: DownsampleCoordinate {
    @inlinable public var downsampleValue: Double { self }
}

extension Int64: DownsampleCoordinate {
    @inlinable public var downsampleValue: Double { Double(self) }
}

/// The first index of the smallest and of the largest value of `y[lo..<hi]` (which holds no NaN).
///
/// Scans blocks with four-lane min/max and remembers only the block where the running extreme last
/// improved, then finds the first matching index inside it: one vectorised pass plus two short scans.
@inline(__always)
func argMinMax(_ y: UnsafePointer<Double>, _ lo: Int, _ hi: Int) -> (min: Int, max: Int) {
    let block = 512
    var minValue = y[lo], maxValue = y[lo]
    var minBlock = -1, maxBlock = -1
    var i = lo
    while i + block <= hi {
        // Four independent lanes let the compiler keep the comparisons in vector registers.
        var l0 = y[i], l1 = y[i + 1], l2 = y[i + 2], l3 = y[i + 3]
        var h0 = l0, h1 = l1, h2 = l2, h3 = l3
        var k = i + 4
        let stop = i + block
        while k < stop {
            let a = y[k], b = y[k + 1], c = y[k + 2], d = y[k + 3]
            l0 = a < l0 ? a : l0; l1 = b < l1 ? b : l1; l2 = c < l2 ? c : l2; l3 = d < l3 ? d : l3
            h0 = a > h0 ? a : h0; h1 = b > h1 ? b : h1; h2 = c > h2 ? c : h2; h3 = d > h3 ? d : h3
            k += 4
        }
        let blockMin = Swift.min(Swift.min(l0, l1), Swift.min(l2, l3))
        let blockMax = Swift.max(Swift.max(h0, h1), Swift.max(h2, h3))
        if blockMin < minValue { minValue = blockMin; minBlock = i }
        if blockMax > maxValue { maxValue = blockMax; maxBlock = i }
        i += block
    }
    var minIndex = lo, maxIndex = lo
    // The tail after the last whole block is scanned element by element.
    var tailMin = -1, tailMax = -1
    var j = i
    while j < hi {
        let v = y[j]
        if v < minValue { minValue = v; tailMin = j }
        if v > maxValue { maxValue = v; tailMax = j }
        j += 1
    }
    if tailMin >= 0 {
        minIndex = tailMin
    } else if minBlock >= 0 {
        var k = minBlock
        while y[k] != minValue { k += 1 }
        minIndex = k
    }
    if tailMax >= 0 {
        maxIndex = tailMax
    } else if maxBlock >= 0 {
        var k = maxBlock
        while y[k] != maxValue { k += 1 }
        maxIndex = k
    }
    return (minIndex, maxIndex)
}

/// How many points the algorithms read between two polls of the run's cancellation: a poll costs
/// an atomic load, a point a few nanoseconds.
let pollEvery = 1 << 16

/// Bins of equal width over x (Jugel et al. 2014): bin `b` holds the points with
/// `x0 + b·step < x ≤ x0 + (b+1)·step`, the first bin also `x0`, the last also every point to the end.
/// Calls `body(lo, hi)` for every bin that holds a point, in order, and `poll` between bins once
/// per `pollEvery` points at most.
@inline(__always)
func forEachEqualWidthBin<X: DownsampleCoordinate, E: Error>(_ x: UnsafePointer<X>, _ lo: Int, _ hi: Int, bins: Int,
                                                             poll: () throws(E) -> Void,
                                                             _ body: (Int, Int) -> Void) throws(E) {
    let x0 = x[lo].downsampleValue
    let step = (x[hi - 1].downsampleValue - x0) / Double(bins)
    var start = lo
    var polled = lo
    for b in 1...bins {
        var end = hi
        if b < bins {
            let edge = x0 + step * Double(b)
            // First index in [start, hi) whose x exceeds the edge (x is sorted).
            var l = start, r = hi
            while l < r {
                let m = (l + r) >> 1
                if x[m].downsampleValue <= edge { l = m + 1 } else { r = m }
            }
            end = l
        }
        if end > start {
            body(start, end)
            start = end
        }
        if start - polled >= pollEvery {
            polled = start
            try poll()
        }
    }
}

/// Sorted indices without repeats.
func sortedUnique(_ indices: [Int]) -> [Int] {
    var sorted = indices
    sorted.sort()
    var out: [Int] = []
    out.reserveCapacity(sorted.count)
    for i in sorted where out.last != i { out.append(i) }
    return out
}

/// Runs `body` over the first elements of `x` and `y` (of equal length), so that the algorithms read
/// both columns in place; empty columns give `[]` without calling it.
@inline(__always)
func withColumns<X: DownsampleCoordinate, E: Error>(_ x: [X], _ y: [Double],
                                                    _ body: (UnsafePointer<X>, UnsafePointer<Double>) throws(E) -> [Int]) throws(E) -> [Int] {
    precondition(x.count == y.count, "x and y must have equal lengths")
    return try x.withUnsafeBufferPointer { (xb) throws(E) -> [Int] in
        try y.withUnsafeBufferPointer { (yb) throws(E) -> [Int] in
            guard let xp = xb.baseAddress, let yp = yb.baseAddress else { return [] }
            return try body(xp, yp)
        }
    }
}
