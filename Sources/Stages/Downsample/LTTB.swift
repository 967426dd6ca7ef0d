/// Largest-Triangle-Three-Buckets (Steinarsson 2013, "Downsampling Time Series for Visual
/// Representation"): keeps the first and last points and, from each of `count - 2` buckets of equal
/// point count, the point that makes the largest triangle with the previous pick and the next
/// bucket's centre.
///
/// As tsdownsample's `LTTBDownsampler` does, the centre of the next bucket is the mean of its y and
/// the midpoint of its first and last x; areas are computed in `Double`.
public enum LTTB {
    /// Picked indices, ascending. `y` holds no NaN (split gaps first, as `Downsample.indices` does).
    public static func indices(x: [Double], y: [Double], count: Int) -> [Int] { pick(x, y, count) }
    /// Picked indices, ascending, reading epoch-millisecond x in place.
    public static func indices(x: [Int64], y: [Double], count: Int) -> [Int] { pick(x, y, count) }

    static func pick<X: DownsampleCoordinate>(_ x: [X], _ y: [Double], _ count: Int) -> [Int] {
        withColumns(x, y) { xp, yp in range(xp, yp, 0, y.count, count, poll: {}) }
    }

    /// LTTB over `lo..<hi`, calling `poll` every `pollEvery` points or so.
    static func range<X: DownsampleCoordinate, E: Error>(_ x: UnsafePointer<X>, _ y: UnsafePointer<Double>, _ lo: Int, _ hi: Int,
                                                         _ count: Int, poll: () throws(E) -> Void) throws(E) -> [Int] {
        let n = hi - lo
        if n <= count || count < 3 { return n <= count ? Array(lo..<hi) : [lo, hi - 1] }
        let every = Double(n - 2) / Double(count - 2)
        var out = [Int](repeating: 0, count: count)
        out[0] = lo
        out[count - 1] = hi - 1
        var a = lo
        var bucketStart = lo + 1
        var polled = lo
        for i in 0..<(count - 2) {
            let bucketEnd = lo + Int(every * Double(i + 1)) + 1
            let cx: Double, cy: Double
            if i < count - 3 {
                let nextEnd = Swift.min(lo + Int(every * Double(i + 2)) + 1, hi)
                cx = (x[bucketEnd].downsampleValue + x[nextEnd - 1].downsampleValue) / 2
                cy = mean(y, bucketEnd, nextEnd)
            } else {
                cx = x[hi - 1].downsampleValue
                cy = y[hi - 1]
            }
            let ax = x[a].downsampleValue, ay = y[a]
            let dx = ax - cx, dy = cy - ay
            a = argMaxArea(x, y, bucketStart, bucketEnd, ax: ax, ay: ay, dx: dx, dy: dy)
            out[i + 1] = a
            bucketStart = bucketEnd
            if bucketStart - polled >= pollEvery {
                polled = bucketStart
                try poll()
            }
        }
        return out
    }

    /// The first index of `lo..<hi` with the largest triangle area. Blocks take the maximum in four
    /// lanes, then the winning block is scanned again for the first index with that area (the same
    /// expression gives the same bits).
    @inline(__always)
    static func argMaxArea<X: DownsampleCoordinate>(_ x: UnsafePointer<X>, _ y: UnsafePointer<Double>, _ lo: Int, _ hi: Int,
                                                    ax: Double, ay: Double, dx: Double, dy: Double) -> Int {
        @inline(__always) func area(_ j: Int) -> Double { abs(dx * (y[j] - ay) - (ax - x[j].downsampleValue) * dy) }
        let block = 256
        var best = -1.0, bestBlock = -1
        var i = lo
        while i + block <= hi {
            var m0 = area(i), m1 = area(i + 1), m2 = area(i + 2), m3 = area(i + 3)
            var k = i + 4
            let stop = i + block
            while k < stop {
                let a = area(k), b = area(k + 1), c = area(k + 2), d = area(k + 3)
                m0 = a > m0 ? a : m0; m1 = b > m1 ? b : m1; m2 = c > m2 ? c : m2; m3 = d > m3 ? d : m3
                k += 4
            }
            let blockMax = Swift.max(Swift.max(m0, m1), Swift.max(m2, m3))
            if blockMax > best { best = blockMax; bestBlock = i }
            i += block
        }
        var bestIndex = lo
        var tail = -1
        while i < hi {
            let v = area(i)
            if v > best { best = v; tail = i }
            i += 1
        }
        if tail >= 0 {
            bestIndex = tail
        } else if bestBlock >= 0 {
            var k = bestBlock
            while area(k) != best { k += 1 }
            bestIndex = k
        }
        return bestIndex
    }

    /// Mean of `y[lo..<hi]`, summed in four lanes (tsdownsample's sum is not sequential either; the
    /// fixtures check that the picks agree).
    @inline(__always)
    static func mean(_ y: UnsafePointer<Double>, _ lo: Int, _ hi: Int) -> Double {
        var s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0
        var j = lo
        while j + 4 <= hi {
            s0 += y[j]; s1 += y[j + 1]; s2 += y[j + 2]; s3 += y[j + 3]
            j += 4
        }
        while j < hi { s0 += y[j]; j += 1 }
        return ((s0 + s1) + (s2 + s3)) / Double(hi - lo)
    }
}
