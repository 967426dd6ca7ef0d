/// MinMaxLTTB (Van Der Donckt et al. 2023, "MinMaxLTTB: Leveraging MinMax-Preselection to Scale
/// LTTB"): MinMax first keeps `count · ratio` candidates from the inner points, then LTTB picks
/// `count` among the candidates and the first and last points. Below `ratio` points per output
/// point the preselection saves nothing and plain LTTB runs, as in tsdownsample.
public enum MinMaxLTTB {
    /// Picked indices, ascending. `y` holds no NaN.
    public static func indices(x: [Double], y: [Double], count: Int, ratio: Int = 4) -> [Int] { pick(x, y, count, ratio) }
    /// Picked indices, ascending, reading epoch-millisecond x in place.
    public static func indices(x: [Int64], y: [Double], count: Int, ratio: Int = 4) -> [Int] { pick(x, y, count, ratio) }

    static func pick<X: DownsampleCoordinate>(_ x: [X], _ y: [Double], _ count: Int, _ ratio: Int) -> [Int] {
        withColumns(x, y) { xp, yp in range(xp, yp, 0, y.count, count, ratio, poll: {}) }
    }

    static func range<X: DownsampleCoordinate, E: Error>(_ x: UnsafePointer<X>, _ y: UnsafePointer<Double>, _ lo: Int, _ hi: Int,
                                                         _ count: Int, _ ratio: Int, poll: () throws(E) -> Void) throws(E) -> [Int] {
        let n = hi - lo
        guard count >= 3, n > count, n / count > ratio, hi - lo - 2 > count * ratio else {
            return try LTTB.range(x, y, lo, hi, count, poll: poll)
        }
        var candidates = [lo]
        candidates.append(contentsOf: try MinMax.range(x, y, lo + 1, hi - 1, count * ratio, addEnds: false, poll: poll))
        candidates.append(hi - 1)
        let cx = candidates.map { x[$0].downsampleValue }
        let cy = candidates.map { y[$0] }
        let picked = try withColumns(cx, cy) { (xp, yp) throws(E) -> [Int] in
            try LTTB.range(xp, yp, 0, candidates.count, count, poll: poll)
        }
        return sortedUnique(picked.map { candidates[$0] })
    }
}
