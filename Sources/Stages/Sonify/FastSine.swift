#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import ChartpipeCore

/// A sine for synthesis: a polynomial after folding the argument into −π/2…π/2, so the render
/// loops stay free of libm calls and can be vectorised.
enum FastSine {
    /// sin(x) for x in −π…π; absolute error below 1e-7 (Taylor series to x¹³ on the folded range).
    @inline(__always)
    static func sinWrapped(_ x: Double) -> Double {
        let halfPi = Double.pi / 2
        let folded = x > halfPi ? Double.pi - x : (x < -halfPi ? -Double.pi - x : x)
        let x2 = folded * folded
        // Horner form of x − x³/3! + x⁵/5! − … + x¹³/13!
        var p = 1.0 / 6_227_020_800
        p = p * x2 - 1.0 / 39_916_800
        p = p * x2 + 1.0 / 362_880
        p = p * x2 - 1.0 / 5_040
        p = p * x2 + 1.0 / 120
        p = p * x2 - 1.0 / 6
        return folded + folded * x2 * p
    }

    /// sin(x) for any finite x.
    static func sin(_ x: Double) -> Double {
        let twoPi = 2 * Double.pi
        let wrapped = x - twoPi * (x / twoPi).rounded()
        return sinWrapped(wrapped)
    }
}
