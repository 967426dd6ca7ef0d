/// M4 (Jugel et al. 2014): the first, last, smallest and largest point of each of `count / 4` bins
/// of equal width over x. Like tsdownsample's `M4Downsampler`, a bin of up to four points gives
/// all of them. The first and last points are kept by construction.
public enum M4 {
    /// Picked indices, ascending, without repeats. `y` holds no NaN.
    public static func indices(x: [Double], y: [Double], count: Int) -> [Int] { pick(x, y, count) }
    /// Picked indices, ascending, reading epoch-millisecond x in place.
    public static func indices(x: [Int64], y: [Double], count: Int) -> [Int] { pick(x, y, count) }

    static func pick<X: DownsampleCoordinate>(_ x: [X], _ y: [Double], _ count: Int) -> [Int] {
        withColumns(x, y) { xp, yp in range(xp, yp, 0, y.count, count, poll: {}) }
    }

    static func range<X: DownsampleCoordinate, E: Error>(_ x: UnsafePointer<X>, _ y: UnsafePointer<Double>, _ lo: Int, _ hi: Int,
                                                         _ count: Int, poll: () throws(E) -> Void) throws(E) -> [Int] {
        let n = hi - lo
        if n <= count || count < 4 { return n <= count ? Array(lo..<hi) : [lo, hi - 1] }
        var out: [Int] = []
        out.reserveCapacity(count)
        try forEachEqualWidthBin(x, lo, hi, bins: count / 4, poll: poll) { start, end in
            if end - start <= 4 {
                out.append(contentsOf: start..<end)
                return
            }
            let (mi, ma) = argMinMax(y, start, end)
            out.append(start)
            out.append(mi)
            out.append(ma)
            out.append(end - 1)
        }
        return sortedUnique(out)
    }
}
