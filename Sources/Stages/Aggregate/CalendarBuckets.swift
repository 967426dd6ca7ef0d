import Foundation
import ChartpipeCore
import ChartpipeJSON

/// The calendar intervals of one unit in one time zone, as epoch milliseconds.
///
/// Foundation's calendar handles daylight-saving changes (a 23- or 25-hour day) and ISO weeks
/// (Monday start, week 53). A calendar call per observation would be too slow for millions, so
/// the last interval is cached and reused while observations fall inside it.
struct CalendarBuckets {
    let unit: CalendarUnit
    let calendar: Calendar
    private var cachedStart = Double.infinity
    private var cachedEnd = -Double.infinity

    init(unit: CalendarUnit, zone: TimeZone) {
        self.unit = unit
        // ISO 8601 weeks start on Monday and week 1 holds the first Thursday.
        var calendar = Calendar(identifier: unit == .week ? .iso8601 : .gregorian)
        calendar.timeZone = zone
        if unit == .week {
            calendar.firstWeekday = 2
            calendar.minimumDaysInFirstWeek = 4
        }
        self.calendar = calendar
    }

    /// The start of the bucket holding `ms`, in epoch milliseconds.
    mutating func start(of ms: Double) -> Double {
        if ms >= cachedStart && ms < cachedEnd { return cachedStart }
        let (start, end) = interval(containing: ms)
        cachedStart = start
        cachedEnd = end
        return start
    }

    /// The start of the bucket after the one starting at `start`.
    mutating func next(after start: Double) -> Double {
        interval(containing: start).end
    }

    /// `[start, end)` of the bucket holding `ms`, in epoch milliseconds.
    func interval(containing ms: Double) -> (start: Double, end: Double) {
        let date = Date(timeIntervalSince1970: ms / 1000)
        let start: Date
        let end: Date
        switch unit {
        case .hour, .day, .week:
            let component: Calendar.Component = unit == .hour ? .hour : unit == .day ? .day : .weekOfYear
            guard let interval = calendar.dateInterval(of: component, for: date) else { return fallback(ms) }
            start = interval.start
            end = interval.end
        case .month, .quarter, .year:
            let parts = calendar.dateComponents([.year, .month], from: date)
            guard let year = parts.year, let month = parts.month else { return fallback(ms) }
            let firstMonth = unit == .month ? month : unit == .quarter ? (month - 1) / 3 * 3 + 1 : 1
            let months = unit == .month ? 1 : unit == .quarter ? 3 : 12
            guard let s = calendar.date(from: DateComponents(year: year, month: firstMonth, day: 1)),
                  let e = calendar.date(byAdding: .month, value: months, to: s) else { return fallback(ms) }
            start = s
            end = e
        }
        return ((start.timeIntervalSince1970 * 1000).rounded(), (end.timeIntervalSince1970 * 1000).rounded())
    }

    /// A fixed-length bucket, used only if the calendar cannot answer (which it always should).
    private func fallback(_ ms: Double) -> (start: Double, end: Double) {
        let length: Double = unit == .hour ? 3_600_000 : 86_400_000
        let start = (ms / length).rounded(.down) * length
        return (start, start + length)
    }
}
