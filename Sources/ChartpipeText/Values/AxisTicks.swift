#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Gridline positions for a numeric axis: round steps of 1, 2 or 5 times a power of ten that cover
/// the data ("Nice numbers for graph labels", Heckbert 1990, Graphics Gems). Descriptions, charts
/// and reports place their gridlines with it, so that all of them name the same values.
public enum AxisTicks {
    /// About `count` round positions from at or below `low` to at or above `high`; empty when
    /// either is not finite. `includingZero` widens the range to zero first, as bars need: a bar's
    /// length is its value only when it starts at zero.
    public static func nice(low: Double, high: Double, count: Int = 5, includingZero: Bool = false) -> [Double] {
        guard low.isFinite, high.isFinite else { return [] }
        if includingZero, low > 0 || high < 0 {
            return nice(low: min(low, 0), high: max(high, 0), count: count)
        }
        if includingZero, low == 0, high == 0 { return [0, 1] }
        if low == high {
            // One value: a step of a round size around it, so the axis still has a range.
            let step = niceNumber(abs(low) > 0 ? abs(low) / 2 : 1, round: true)
            return [low - step, low, low + step].map { clean($0, step: step) }
        }
        let range = niceNumber(high - low, round: false)
        let step = niceNumber(range / Double(max(count - 1, 1)), round: true)
        let first = (low / step).rounded(.down) * step
        let last = (high / step).rounded(.up) * step
        var ticks: [Double] = []
        var k = 0.0
        while first + k * step <= last + step / 2, ticks.count < 50 {
            ticks.append(clean(first + k * step, step: step))
            k += 1
        }
        return ticks
    }

    /// A round number near `x`: 1, 2, 5 or 10 times a power of ten; the nearest one when `round`,
    /// else the smallest at or above `x`.
    public static func niceNumber(_ x: Double, round: Bool) -> Double {
        guard x > 0 else { return 1 }
        let exponent = (log10(x)).rounded(.down)
        let power = pow(10, exponent)
        let fraction = x / power
        let nice: Double
        if round {
            nice = fraction < 1.5 ? 1 : fraction < 3 ? 2 : fraction < 7 ? 5 : 10
        } else {
            nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10
        }
        return nice * power
    }

    /// The number of fraction digits that writes every tick of `ticks` exactly (0 for 100, 1 for 0.5, 2 for 0.25).
    public static func fractionDigits(_ ticks: [Double]) -> Int {
        guard ticks.count > 1 else { return ticks.first.map { digits($0) } ?? 0 }
        return ticks.map(digits).max() ?? 0
    }

    private static func digits(_ v: Double) -> Int {
        var d = 0
        while d < 10, abs(v * Double.pow10(d) - (v * Double.pow10(d)).rounded()) > 1e-9 * max(1, abs(v * Double.pow10(d))) { d += 1 }
        return d
    }

    /// `v` without the binary noise of repeated addition (0.30000000000000004 → 0.3).
    private static func clean(_ v: Double, step: Double) -> Double {
        let digits = max(0, -Int((log10(step)).rounded(.down)))
        let scale = pow(10, Double(digits))
        return (v * scale).rounded() / scale
    }
}
