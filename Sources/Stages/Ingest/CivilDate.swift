import ChartpipeCalendar
import ChartpipeCore
import Foundation

/// Civil-calendar arithmetic shared by the time readers.
enum CivilDate {
    /// Days since 1970-01-01 of a proleptic Gregorian date (`CivilCalendar`, inlined here).
    @inline(__always)
    static func days(year: Int, month: Int, day: Int) -> Int64 { CivilCalendar.days(year: year, month: month, day: day) }

    /// Checks the fields of a date-time and turns them into milliseconds of a wall-clock time.
    static func millis(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, milli: Int) -> ParsedTime {
        guard month >= 1, month <= 12 else {
            return .invalid { "'\($0)' is not a valid date: there is no month \(month)" }
        }
        guard day >= 1, day <= CivilCalendar.daysInMonth(year: year, month: month) else {
            return .invalid { "'\($0)' is not a valid date: month \(month) of \(year) has no day \(day)" }
        }
        guard hour <= 24, minute <= 59, second <= 60, hour < 24 || (minute == 0 && second == 0 && milli == 0) else {
            return .invalid { "'\($0)' is not a valid time of day" }
        }
        // A leap second is read as the last millisecond of its minute, so order is kept.
        let sec = min(second, 59)
        let ms = second == 60 ? 999 : milli
        let total = days(year: year, month: month, day: day) * 86_400 + Int64(hour * 3600 + minute * 60 + sec)
        return .local(total * 1000 + Int64(ms))
    }
}
