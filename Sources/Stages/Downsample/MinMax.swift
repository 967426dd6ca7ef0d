/// MinMax: the smallest and largest value of each of `count / 2` bins of equal width over x.
/// Like tsdownsample's `MinMaxDownsampler`, a bin of one or two points gives all of them; the
/// first and last points are added, so the result may hold two points more than `count`.
public enum MinMax {
    /// Picked indices, ascending. `y` holds no NaN (split gaps first, as `Downsample.indices` does).
    public static func indices(x: [Double], y: [Double], count: Int) -> [Int] { pick(x, y, count) }
    /// Picked indices, ascending, reading epoch-millisecond x in place.
    public static func indices(x: [Int64], y: [Double], count: Int) -> [Int] { pick(x, y, count) }

    static func pick<X: DownsampleCoordinate>(_ x: [X], _ y: [Double], _ count: Int) -> [Int] {
        withColumns(x, y) { xp, yp in range(xp, yp, 0, y.count, count, addEnds: true, poll: {}) }
    }

    /// MinMax over `lo..<hi`; with `addEnds`, the first and last points of the range are added.
    /// Without it, indices repeat where a bin's minimum and maximum coincide (MinMaxLTTB keeps them).
    static func range<X: DownsampleCoordinate, E: Error>(_ x: UnsafePointer<X>, _ y: UnsafePointer<Double>, _ lo: Int, _ hi: Int,
                                                         _ count: Int, addEnds: Bool, poll: () throws(E) -> Void) throws(E) -> [Int] {
        let n = hi - lo
        if n <= count || count < 2 { return n <= count ? Array(lo..<hi) : [lo, hi - 1] }
        var out: [Int] = []
        out.reserveCapacity(count + 2)
        if addEnds { out.append(lo) }
        try forEachEqualWidthBin(x, lo, hi, bins: count / 2, poll: poll) { start, end in
            if end - start <= 2 {
                out.append(start)
                if end - start == 2 { out.append(start + 1) }
                return
            }
            let (mi, ma) = argMinMax(y, start, end)
            out.append(Swift.min(mi, ma))
            out.append(Swift.max(mi, ma))
        }
        if addEnds {
            out.append(hi - 1)
            return sortedUnique(out)
        }
        return out
    }
}
