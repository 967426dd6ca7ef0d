import ChartpipeCore
import Foundation

/// A time written to a custom pattern (slower than ISO 8601, still without a formatter per row).
enum PatternTime {
    private static let monthNames = ["january", "february", "march", "april", "may", "june", "july", "august",
                                     "september", "october", "november", "december"].map { Array($0.utf8) }
    private static let dayNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        .map { Array($0.utf8) }

    static func parse(_ p: UnsafePointer<UInt8>, _ n: Int, _ tokens: [TimeFormat.TimeToken]) -> ParsedTime {
        var year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0, milli = 0
        var pm: Bool?
        var offset: Int?
        var i = 0
        func number(_ minDigits: Int, _ maxDigits: Int) -> Int? {
            var v = 0, k = 0
            while k < maxDigits, i + k < n, p[i + k] &- 0x30 <= 9 { v = v * 10 + Int(p[i + k] &- 0x30); k += 1 }
            guard k >= minDigits else { return nil }
            i += k
            return v
        }
        func name(_ names: [[UInt8]]) -> Int? {
            for (index, full) in names.enumerated() {
                var k = 0
                while i + k < n, k < full.count, p[i + k] | 0x20 == full[k] { k += 1 }
                if k == full.count || (k == 3 && !(i + k < n && (p[i + k] | 0x20) >= 0x61 && (p[i + k] | 0x20) <= 0x7A)) {
                    i += k
                    if i < n, p[i] == 0x2E, k == 3 { i += 1 } // "Sept." style abbreviations
                    return index
                }
            }
            return nil
        }
        for token in tokens {
            var ok = true
            switch token {
            case let .year(minDigits, maxDigits): if let v = number(minDigits, maxDigits) { year = v } else { ok = false }
            case .twoDigitYear: if let v = number(2, 2) { year = v < 70 ? 2000 + v : 1900 + v } else { ok = false }
            case let .month(minDigits): if let v = number(minDigits, 2) { month = v } else { ok = false }
            case .monthName: if let v = name(monthNames) { month = v + 1 } else { ok = false }
            case let .day(minDigits): if let v = number(minDigits, 2) { day = v } else { ok = false }
            case let .hour(minDigits): if let v = number(minDigits, 2) { hour = v } else { ok = false }
            case let .hour12(minDigits): if let v = number(minDigits, 2), v >= 1, v <= 12 { hour = v % 12 } else { ok = false }
            case let .minute(minDigits): if let v = number(minDigits, 2) { minute = v } else { ok = false }
            case let .second(minDigits): if let v = number(minDigits, 2) { second = v } else { ok = false }
            case let .fraction(digits):
                let start = i
                if let v = number(digits, 9) {
                    let k = i - start
                    milli = k >= 3 ? v / Int(pow10(k - 3)) : v * Int(pow10(3 - k))
                } else { ok = false }
            case .amPm:
                if i + 1 < n, p[i + 1] | 0x20 == 0x6D, p[i] | 0x20 == 0x61 || p[i] | 0x20 == 0x70 {
                    pm = p[i] | 0x20 == 0x70
                    i += 2
                } else { ok = false }
            case .offset:
                if i < n, p[i] == 0x5A || p[i] == 0x7A { offset = 0; i += 1 } else if i < n, p[i] == 0x2B || p[i] == 0x2D {
                    let sign = p[i] == 0x2D ? -1 : 1
                    i += 1
                    if let h = number(2, 2) {
                        if i < n, p[i] == 0x3A { i += 1 }
                        let m = number(2, 2) ?? 0
                        offset = sign * (h * 3600 + m * 60)
                    } else { ok = false }
                } else { ok = false }
            case .weekdayName: if name(dayNames) == nil { ok = false }
            case let .literal(c):
                if i < n, p[i] == c { i += 1 } else if c == 0x20, i < n, p[i] == 0x09 { i += 1 } else { ok = false }
            }
            if !ok { return .invalid { _ in "" } }
        }
        guard i == n else { return .invalid { _ in "" } }
        if let pm { hour += pm ? 12 : 0 }
        let wall = CivilDate.millis(year: year, month: month, day: day, hour: hour, minute: minute, second: second, milli: milli)
        guard case let .local(ms) = wall else { return wall }
        if let offset { return .instant(Double(ms - Int64(offset) * 1000)) }
        return .local(ms)
    }

    private static func pow10(_ k: Int) -> Int {
        var v = 1
        for _ in 0..<k { v *= 10 }
        return v
    }
}
