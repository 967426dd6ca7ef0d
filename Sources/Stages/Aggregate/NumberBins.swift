/// Bins of a number x, `[k·w, (k+1)·w)`, as the pipeline's decimal `every` means them. In binary
/// floating point 0.3 / 0.1 is 2.9999999999999996, so flooring x / w puts a value written on a bin
/// edge ("0.3" with `every: 0.1`) into the bin below, and k·w writes the start as
/// 0.30000000000000004. When w is a decimal of at most 15 places, a bin's start is instead the
/// double nearest the decimal k·w (an integer quotient, correctly rounded), which is exactly the
/// double that the text "0.3" parses to; x belongs to bin k when start(k) ≤ x < start(k + 1).
///
/// With an `origin`, bins are `[origin + k·w, origin + (k+1)·w)`: x is binned as x − origin. An
/// origin that is a decimal of the same places as w (1952, 0.2) keeps starts exact decimals:
/// (origin·10^d + k·u) / 10^d, so 0.2 + 0.1 is 0.3, never 0.30000000000000004.
struct NumberBins: Sendable, Equatable {
    let width: Double
    let origin: Double
    /// w = units / scale with both integers, when w is such a decimal; else nil (plain k·w).
    private let units: Double?
    private let scale: Double
    /// origin = originUnits / scale, when it is a decimal of w's places (or fewer); else nil.
    private let originUnits: Double?

    init(width: Double, origin: Double = 0) {
        self.width = width
        self.origin = origin
        var scale = 1.0
        var units: Double?
        for _ in 0...15 {
            let u = (width * scale).rounded()
            if u != 0, abs(u) < 0x1p53, u / scale == width { units = u; break }
            scale *= 10
        }
        // An origin with more places than w (0.15 with w = 0.1) counts both in its places.
        var originUnits: Double?
        if var u = units {
            var s = scale
            for _ in 0...15 {
                let o = (origin * s).rounded()
                if abs(o) < 0x1p53, o / s == origin { originUnits = o; break }
                s *= 10
                u = (width * s).rounded()
                guard abs(u) < 0x1p53, u / s == width else { break }
            }
            if originUnits != nil { units = u; scale = s }
        }
        self.units = units
        self.scale = units == nil ? 1 : scale
        self.originUnits = originUnits
    }

    /// The start of bin `k` (an integer).
    func start(_ k: Double) -> Double {
        if let units, abs(k * units) < 0x1p53 {
            if let originUnits, abs(originUnits + k * units) < 0x1p53 { return (originUnits + k * units) / scale }
            return origin + k * units / scale
        }
        return origin + k * width
    }

    /// The bin number of `x`: the k with start(k) ≤ x < start(k + 1).
    func index(of x: Double) -> Double {
        var k = ((x - origin) / width).rounded(.down)
        // x / w is off by at most an ulp or two of the bin number: one step either way settles it.
        if start(k + 1) <= x { k += 1 } else if start(k) > x { k -= 1 }
        return k
    }

    /// The start of the bin that holds `x`.
    func binStart(of x: Double) -> Double { start(index(of: x)) }
}
