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
        // Near the largest double the range (high − low) or the steps past the ends overflow to ∞:
        // the ticks of the values scaled down by 10¹⁰, scaled back, with the ends kept finite.
        // Among subnormals the steps underflow to 0: the ticks of the values scaled up by 10²⁰.
        let magnitude = Swift.max(abs(low), abs(high))
        if magnitude > 0, magnitude < 1e-290 {
            let ticks = nice(low: low * 1e20, high: high * 1e20, count: count, includingZero: includingZero).map { $0 / 1e20 }
            return ticks.enumerated().filter { $0.offset == 0 || $0.element != ticks[$0.offset - 1] }.map(\.element)
        }
        if magnitude > Self.largeMagnitude {
            let ticks = nice(low: low / 1e10, high: high / 1e10, count: count, includingZero: includingZero)
                .map { Swift.min(Swift.max($0 * 1e10, -Double.greatestFiniteMagnitude), Double.greatestFiniteMagnitude) }
            return ticks.enumerated().filter { $0.offset == 0 || $0.element != ticks[$0.offset - 1] }.map(\.element)
        }
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

    /// Past this magnitude, ticks are placed on scaled values (`nice`).
    static let largeMagnitude = 1e300

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
        // A step near the smallest doubles (1e-310) needs a scale past the largest: keep v as it is.
        guard scale.isFinite, (v * scale).isFinite else { return v }
        return (v * scale).rounded() / scale
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension AxisTicks {
    /// Calendar units and the round multiples of them that gridlines of a time axis step by.
    static let calendarSteps: [(Calendar.Component, [Int])] = [
        (.year, [1, 2, 5, 10, 20, 50, 100]), (.month, [1, 2, 3, 6]), (.day, [1, 2, 7, 14]), (.hour, [1, 2, 3, 6, 12]),
        (.minute, [1, 5, 15, 30]), (.second, [1, 5, 15, 30]),
    ]

    /// At most `count` + 1 gridlines of a time axis at round calendar values in `zone`: January 1 of
    /// years divisible by the step (every January of even years), the first of months whose index
    /// the step divides (January, April, July, October), midnights, whole hours; never "February
    /// 2004". `low` and `high` are milliseconds since 1970; the ticks lie within them.
    public static func calendar(low: Double, high: Double, zone: String, count: Int = 5) -> [Double] {
        guard low.isFinite, high.isFinite, high > low else { return low.isFinite ? [low] : [] }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone) ?? TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        let start = Date(timeIntervalSince1970: low / 1000), end = Date(timeIntervalSince1970: high / 1000)
        // From the finest steps up: the first that leaves at most count + 1 ticks (and at least two) wins.
        for (unit, multiples) in calendarSteps.reversed() {
            for step in multiples {
                let ticks = calendarTicks(from: start, to: end, unit: unit, step: step, calendar: calendar, limit: count + 2)
                if ticks.count >= 2 && ticks.count <= count + 1 { return ticks.map { $0.timeIntervalSince1970 * 1000 } }
            }
        }
        return [low, high]
    }

    /// The instants from `start` to `end` at which `unit` is a multiple of `step` and every finer
    /// unit is at its start; nil past `limit` of them.
    static func calendarTicks(from start: Date, to end: Date, unit: Calendar.Component, step: Int, calendar: Calendar,
                              limit: Int) -> [Date] {
        let finer: [Calendar.Component] = [.year, .month, .day, .hour, .minute, .second]
        guard let index = finer.firstIndex(of: unit) else { return [] }
        var components = calendar.dateComponents(Set(finer[...index]), from: start)
        // Round the unit down to a multiple of the step (months and days count from 1).
        let offset = unit == .month || unit == .day ? 1 : 0
        let value = (components.value(for: unit) ?? offset) - offset
        components.setValue(value - ((value % step) + step) % step + offset, for: unit)
        guard var tick = calendar.date(from: components) else { return [] }
        var ticks: [Date] = []
        while tick <= end {
            if tick >= start { ticks.append(tick) }
            if ticks.count > limit { return ticks }
            guard let next = calendar.date(byAdding: unit, value: step, to: tick), next > tick else { break }
            // Days restart each month: keep day steps on days 1, 1 + step, … of the month.
            if unit == .day, step > 1, calendar.component(.month, from: next) != calendar.component(.month, from: tick) {
                var first = calendar.dateComponents([.year, .month], from: next)
                first.day = 1
                tick = calendar.date(from: first) ?? next
            } else {
                tick = next
            }
        }
        return ticks
    }
}
