#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import ChartpipeCore

/// Raised-cosine attack at the start of `start..<end` and release at its end.
struct Envelope {
    let start: Int
    let end: Int
    let attack: Int
    let release: Int

    /// Frames at full gain, where the render loop need not call `gain(at:)`.
    var plainRange: Range<Int> { (start + attack)..<max(start + attack, end - release) }

    func gain(at frame: Int) -> Double {
        let fromStart = frame - start
        let toEnd = end - 1 - frame
        var g = 1.0
        if fromStart < attack { g = min(g, Self.ramp(Double(fromStart) / Double(attack))) }
        if toEnd < release { g = min(g, Self.ramp(Double(toEnd) / Double(release))) }
        return g
    }

    /// 0.5 − 0.5·cos(πt) for t in 0…1, through the folded sine.
    static func ramp(_ t: Double) -> Double {
        0.5 + 0.5 * FastSine.sinWrapped(Double.pi * min(1, max(0, t)) - Double.pi / 2)
    }
}
