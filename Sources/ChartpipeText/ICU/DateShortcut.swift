import CICU

/// The text an ICU date formatter writes in UTC, written from its pattern without ICU: a tenth of
/// ICU's time, and every x label of a time axis goes through it.
///
/// It is made only for patterns of fields it writes as ICU does (years, months as numbers or
/// wide names, days, hours of either clock, minutes, seconds, milliseconds,
/// AM/PM) with the formatter's own month names and AM/PM markers, for Latin digits, and only
/// when it writes ICU's text of sample instants; it writes instants of whole milliseconds from
/// 1900 to 2199 (ICU's calendar is Julian before 1582), ICU the others.
struct DateShortcut: Sendable {
    private enum Part: Sendable {
        case literal([UInt8])
        case year(width: Int)
        case monthName
        case standaloneMonthName
        case month(width: Int)
        case day(width: Int)
        case hour24(width: Int)
        case hour12(width: Int)
        case minute(width: Int)
        case second(width: Int)
        case milliseconds
        case amPm
    }

    private let parts: [Part]
    private let months: [[UInt8]]
    private let standaloneMonths: [[UInt8]]
    private let amPm: [[UInt8]]

    /// 1900-01-01 and 2200-01-01 in milliseconds since 1970.
    static let range = -2_208_988_800_000.0 ..< 7_258_118_400_000.0

    /// A shortcut for `pattern` as `handle` formats it, checked against `icu`; nil when ICU must
    /// write the text.
    init?(pattern: String, handle: OpaquePointer, icu: (Double) -> String?) {
        guard let parts = Self.parse(pattern) else { return nil }
        self.parts = parts
        func symbol(_ kind: Int32, _ index: Int32) -> [UInt8]? {
            var status: Int32 = 0
            return takeString(cicu_date_symbol(handle, kind, index, &status)).map { Array($0.utf8) }
        }
        var months: [[UInt8]] = [], standaloneMonths: [[UInt8]] = []
        for i in 0..<12 {
            guard let name = symbol(0, Int32(i)), let standalone = symbol(2, Int32(i)) else { return nil }
            months.append(name)
            standaloneMonths.append(standalone)
        }
        guard let am = symbol(1, 0), let pm = symbol(1, 1) else { return nil }
        self.months = months
        self.standaloneMonths = standaloneMonths
        amPm = [am, pm]
        // Every month, both halves of the day, the hours either side of noon and midnight, a leap day, the ends.
        var samples: [Double] = [Self.range.lowerBound, Self.range.upperBound - 1, 951_782_400_000, 946_684_799_999]
        for month in 0..<12 {
            let day = Double(XValueText.daysFromCivil(2026, month + 1, month % 3 == 0 ? 1 : 28)) * 86_400_000
            for hour in [0, 1, 9, 11, 12, 13, 23] {
                samples.append(day + Double(hour) * 3_600_000 + Double(month * 5 % 60) * 60_000 + 7_123)
            }
        }
        for millis in samples {
            guard let text = icu(millis), text == format(millis: millis) else { return nil }
        }
    }

    /// The text of `millis`, or nil outside the shortcut's instants.
    func format(millis: Double) -> String? {
        guard Self.range.contains(millis), millis == millis.rounded(.down) else { return nil }
        let whole = Int64(millis)
        let days = whole >= 0 ? whole / 86_400_000 : (whole - 86_399_999) / 86_400_000
        let ofDay = Int(whole - days * 86_400_000)
        let (year, month, day) = Self.civil(days)
        let hour = ofDay / 3_600_000, minute = ofDay / 60_000 % 60, second = ofDay / 1000 % 60, milli = ofDay % 1000
        var out: [UInt8] = []
        out.reserveCapacity(32)
        func number(_ value: Int, _ width: Int) {
            var digits: [UInt8] = []
            var v = value
            repeat { digits.append(UInt8(v % 10) + 48); v /= 10 } while v > 0
            for _ in digits.count..<max(width, digits.count) { out.append(48) }
            out += digits.reversed()
        }
        for part in parts {
            switch part {
            case let .literal(bytes): out += bytes
            case let .year(width): number(year, width)
            case .monthName: out += months[month - 1]
            case .standaloneMonthName: out += standaloneMonths[month - 1]
            case let .month(width): number(month, width)
            case let .day(width): number(day, width)
            case let .hour24(width): number(hour, width)
            case let .hour12(width): number(hour % 12 == 0 ? 12 : hour % 12, width)
            case let .minute(width): number(minute, width)
            case let .second(width): number(second, width)
            case .milliseconds: number(milli, 3)
            case .amPm: out += amPm[hour < 12 ? 0 : 1]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The parts of an ICU date pattern (UTS #35 date field symbols, text in single quotes), or nil
    /// when it has a field the shortcut does not write.
    private static func parse(_ pattern: String) -> [Part]? {
        var parts: [Part] = []
        var literal: [UInt8] = []
        let scalars = Array(pattern.unicodeScalars)
        var i = 0
        func flush() {
            if !literal.isEmpty { parts.append(.literal(literal)); literal = [] }
        }
        while i < scalars.count {
            let c = scalars[i]
            if c == "'" {
                // '' is a quote; 'text' is text.
                if i + 1 < scalars.count, scalars[i + 1] == "'" { literal.append(UInt8(ascii: "'")); i += 2; continue }
                var j = i + 1
                while j < scalars.count {
                    if scalars[j] == "'" {
                        if j + 1 < scalars.count, scalars[j + 1] == "'" { literal.append(UInt8(ascii: "'")); j += 2; continue }
                        break
                    }
                    literal += Array(String(scalars[j]).utf8)
                    j += 1
                }
                guard j < scalars.count else { return nil }
                i = j + 1
                continue
            }
            guard c.properties.isAlphabetic, c.isASCII else {
                literal += Array(String(c).utf8)
                i += 1
                continue
            }
            var count = 1
            while i + count < scalars.count, scalars[i + count] == c { count += 1 }
            flush()
            switch (c, count) {
            case ("y", 1): parts.append(.year(width: 1))
            case ("y", 4): parts.append(.year(width: 4))
            case ("M", 1), ("M", 2): parts.append(.month(width: count))
            case ("M", 4): parts.append(.monthName)
            case ("L", 1), ("L", 2): parts.append(.month(width: count))
            case ("L", 4): parts.append(.standaloneMonthName)
            case ("d", 1), ("d", 2): parts.append(.day(width: count))
            case ("H", 1), ("H", 2): parts.append(.hour24(width: count))
            case ("h", 1), ("h", 2): parts.append(.hour12(width: count))
            case ("m", 1), ("m", 2): parts.append(.minute(width: count))
            case ("s", 1), ("s", 2): parts.append(.second(width: count))
            case ("S", 3): parts.append(.milliseconds)
            case ("a", 1): parts.append(.amPm)
            default: return nil
            }
            i += count
        }
        flush()
        return parts
    }

    /// Year, month and day of days since 1970-01-01, proleptic Gregorian (Howard Hinnant,
    /// "chrono-Compatible Low-Level Date Algorithms", civil_from_days).
    static func civil(_ z0: Int64) -> (Int, Int, Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (Int(yoe + era * 400 + (m <= 2 ? 1 : 0)), Int(m), Int(d))
    }
}
