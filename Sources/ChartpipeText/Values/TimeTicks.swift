#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Gridline positions for a time axis at calendar boundaries in the chart's zone: whole seconds,
/// minutes or hours in steps that divide the next unit, days, ISO weeks (Mondays), months,
/// quarters, half years, and years in 1–2–5 steps. The unit and step are the finest of the ladder
/// that gives at most `count` ticks over the range (as multi-scale time axes do, e.g. d3-time).
public struct TimeTicks: Sendable, Equatable {
    public enum Unit: String, Sendable, CaseIterable {
        case second, minute, hour, day, week, month, year

        /// The unit's usual length in milliseconds, for choosing a step (a month is the
        /// Gregorian average; calendar arithmetic places the ticks).
        var milliseconds: Double {
            switch self {
            case .second: return 1000
            case .minute: return 60_000
            case .hour: return 3_600_000
            case .day: return 86_400_000
            case .week: return 7 * 86_400_000
            case .month: return 30.436875 * 86_400_000
            case .year: return 365.2425 * 86_400_000
            }
        }
    }

    public let unit: Unit
    /// How many units lie between two ticks.
    public let step: Int
    /// Instants of the ticks, in milliseconds since 1970-01-01T00:00:00Z, ascending.
    public let values: [Double]
    /// How each tick is labelled: the coarser parts of a date only where they change (a year at
    /// the first tick and at January, a date at the first tick and at midnight).
    public let styles: [DateStyle]

    /// Sub-year steps, finest first; years continue in 1–2–5 steps.
    static let ladder: [(Unit, Int)] = [
        (.second, 1), (.second, 2), (.second, 5), (.second, 10), (.second, 15), (.second, 30),
        (.minute, 1), (.minute, 2), (.minute, 5), (.minute, 10), (.minute, 15), (.minute, 30),
        (.hour, 1), (.hour, 2), (.hour, 3), (.hour, 6), (.hour, 12),
        (.day, 1), (.day, 2), (.week, 1), (.week, 2),
        (.month, 1), (.month, 2), (.month, 3), (.month, 6),
    ]

    /// At most `count` ticks (and at least one when the range holds a boundary) from `low` to
    /// `high` inclusive, in `zone` (IANA; UTC if unknown).
    public static func nice(from low: Double, to high: Double, zone: String, count: Int = 6) -> TimeTicks {
        let calendar = TimeTicks.calendar(zone)
        guard low.isFinite, high.isFinite, low <= high else { return TimeTicks(unit: .day, step: 1, values: [], styles: []) }
        let span = max(high - low, 1000)
        let wanted = Double(max(count, 2))
        var choice: (Unit, Int)? = ladder.first { span / ($0.0.milliseconds * Double($0.1)) <= wanted }
        if choice == nil {
            var years = 1.0
            while span / (Unit.year.milliseconds * years) > wanted { years = AxisTicks.niceNumber(years * 1.5, round: false) }
            choice = (.year, Int(years))
        }
        let (unit, step) = choice ?? (.year, 1)
        let values = positions(unit: unit, step: step, low: low, high: high, calendar: calendar)
        return TimeTicks(unit: unit, step: step, values: values, styles: labelStyles(values, unit: unit, calendar: calendar))
    }

    static func calendar(_ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone) ?? TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        calendar.firstWeekday = 2
        calendar.minimumDaysInFirstWeek = 4
        return calendar
    }

    private static func date(_ millis: Double) -> Date { Date(timeIntervalSince1970: millis / 1000) }
    private static func millis(_ date: Date) -> Double { (date.timeIntervalSince1970 * 1000).rounded() }

    /// The boundaries of `unit` every `step` units from `low` to `high`.
    static func positions(unit: Unit, step: Int, low: Double, high: Double, calendar: Calendar) -> [Double] {
        var out: [Double] = []
        func keep(_ d: Date?) {
            guard let d else { return }
            let m = millis(d)
            if m >= low && m <= high && out.last.map({ m > $0 }) ?? true { out.append(m) }
        }
        let start = calendar.dateComponents([.year, .month, .day], from: date(low))
        switch unit {
        case .second, .minute:
            // Offsets from UTC are whole minutes in every current zone, so local alignment is arithmetic.
            let size = unit.milliseconds * Double(step)
            let offset = Double(calendar.timeZone.secondsFromGMT(for: date(low))) * 1000
            var t = ((low + offset) / size).rounded(.up) * size - offset
            while t <= high, out.count < 1000 { keep(date(t)); t += size }
        case .hour:
            // Each local day's hours 0, step, 2·step…, so ticks stay on round hours across DST changes.
            var day = calendar.startOfDay(for: date(low))
            while millis(day) <= high, out.count < 1000 {
                let parts = calendar.dateComponents([.year, .month, .day], from: day)
                for hour in stride(from: 0, to: 24, by: step) {
                    keep(calendar.date(from: DateComponents(year: parts.year, month: parts.month, day: parts.day, hour: hour)))
                }
                guard let next = calendar.date(byAdding: .day, value: 1, to: day) else { break }
                day = next
            }
        case .day:
            // Days 1, 1 + step, … of each month, so that ticks keep their place when the range moves.
            var day = calendar.startOfDay(for: date(low))
            while millis(day) <= high, out.count < 1000 {
                if (calendar.component(.day, from: day) - 1) % step == 0 { keep(day) }
                guard let next = calendar.date(byAdding: .day, value: 1, to: day) else { break }
                day = next
            }
        case .week:
            var day = calendar.startOfDay(for: date(low))
            while calendar.component(.weekday, from: day) != 2, let next = calendar.date(byAdding: .day, value: 1, to: day) { day = next }
            while millis(day) <= high, out.count < 1000 {
                keep(day)
                guard let next = calendar.date(byAdding: .day, value: 7 * step, to: day) else { break }
                day = next
            }
        case .month:
            var month = calendar.date(from: DateComponents(year: start.year, month: start.month, day: 1))
            while let m = month, millis(m) <= high, out.count < 1000 {
                if (calendar.component(.month, from: m) - 1) % step == 0 { keep(m) }
                month = calendar.date(byAdding: .month, value: 1, to: m)
            }
        case .year:
            let first = ((start.year ?? 1970) / step) * step
            var year = first
            while let y = calendar.date(from: DateComponents(year: year, month: 1, day: 1)), millis(y) <= high, out.count < 1000 {
                keep(y)
                year += step
            }
        }
        return out
    }

    /// Each tick's label style: the finest part the unit needs, with the coarser parts where they change.
    static func labelStyles(_ values: [Double], unit: Unit, calendar: Calendar) -> [DateStyle] {
        var styles: [DateStyle] = []
        var previous: DateComponents?
        for (i, v) in values.enumerated() {
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date(v))
            let newYear = i == 0 || parts.year != previous?.year
            let newDay = newYear || parts.month != previous?.month || parts.day != previous?.day
            let midnight = parts.hour == 0 && parts.minute == 0 && parts.second == 0
            switch unit {
            case .year:
                styles.append(.year)
            case .month:
                styles.append(.skeleton(newYear || parts.month == 1 ? "yMMM" : "MMM"))
            case .week, .day:
                styles.append(.skeleton(newYear ? "yMMMd" : "MMMd"))
            case .hour, .minute, .second:
                let time = unit == .second ? "jmmss" : "jmm"
                if midnight && i > 0 {
                    styles.append(.skeleton(newYear ? "yMMMd" : "MMMd"))
                } else if newDay {
                    styles.append(.skeleton((newYear && i > 0 ? "yMMMd" : "MMMd") + time))
                } else {
                    styles.append(.skeleton(time))
                }
            }
            previous = parts
        }
        return styles
    }
}
