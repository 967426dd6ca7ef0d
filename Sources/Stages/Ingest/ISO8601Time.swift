import ChartpipeCore
import Foundation

/// ISO 8601 extended format: `YYYY-MM-DD[(T| )HH:MM[:SS[(.|,)fraction]]][Z|±HH[:MM]]`.
enum ISO8601Time {
    @inline(__always)
    private static func two(_ p: UnsafePointer<UInt8>, _ i: Int) -> Int? {
        let a = p[i] &- 0x30, b = p[i + 1] &- 0x30
        guard a <= 9, b <= 9 else { return nil }
        return Int(a) * 10 + Int(b)
    }

    static func parse(_ p: UnsafePointer<UInt8>, _ n: Int) -> ParsedTime {
        let hint = "; write ISO 8601 such as 2024-06-01 or 2024-06-01T13:45:00Z, or set x.format to the pattern of the data (for example 'yyyy/MM/dd')"
        guard n >= 10, p[4] == 0x2D, p[7] == 0x2D, let y1 = two(p, 0), let y2 = two(p, 2),
              let month = two(p, 5), let day = two(p, 8) else {
            return .invalid { "'\($0)' is not an ISO 8601 date\(hint)" }
        }
        let year = y1 * 100 + y2
        var hour = 0, minute = 0, second = 0, milli = 0
        var i = 10
        var offsetSeconds: Int?
        if i < n {
            guard p[i] == 0x54 || p[i] == 0x74 || p[i] == 0x20, n >= i + 6, p[i + 3] == 0x3A,
                  let h = two(p, i + 1), let m = two(p, i + 4) else {
                return .invalid { "'\($0)' is not an ISO 8601 date-time\(hint)" }
            }
            hour = h; minute = m
            i += 6
            if i < n, p[i] == 0x3A {
                guard n >= i + 3, let s = two(p, i + 1) else {
                    return .invalid { "'\($0)' is not an ISO 8601 date-time: the seconds need two digits" }
                }
                second = s
                i += 3
                if i < n, p[i] == 0x2E || p[i] == 0x2C {
                    i += 1
                    var digits = 0
                    while i < n, p[i] &- 0x30 <= 9 {
                        if digits < 3 { milli = milli * 10 + Int(p[i] &- 0x30) }
                        digits += 1
                        i += 1
                    }
                    guard digits > 0 else {
                        return .invalid { "'\($0)' is not an ISO 8601 date-time: digits must follow the decimal point" }
                    }
                    var scaled = digits
                    while scaled < 3 { milli *= 10; scaled += 1 }
                }
            }
            if i < n {
                if p[i] == 0x5A || p[i] == 0x7A {
                    offsetSeconds = 0
                    i += 1
                } else if p[i] == 0x2B || p[i] == 0x2D {
                    let sign = p[i] == 0x2D ? -1 : 1
                    guard n >= i + 3, let oh = two(p, i + 1) else {
                        return .invalid { "'\($0)' has an offset that is not ±HH:MM" }
                    }
                    var om = 0
                    i += 3
                    if i < n, p[i] == 0x3A { i += 1 }
                    if i < n {
                        guard n >= i + 2, let m = two(p, i) else {
                            return .invalid { "'\($0)' has an offset that is not ±HH:MM" }
                        }
                        om = m
                        i += 2
                    }
                    guard oh <= 18, om <= 59 else { return .invalid { "'\($0)' has an offset out of range" } }
                    offsetSeconds = sign * (oh * 3600 + om * 60)
                }
            }
        }
        guard i == n else {
            return .invalid { "'\($0)' is not an ISO 8601 date-time: unexpected text after the time\(hint)" }
        }
        let wall = CivilDate.millis(year: year, month: month, day: day, hour: hour, minute: minute, second: second, milli: milli)
        guard case let .local(ms) = wall else { return wall }
        if let offsetSeconds { return .instant(Double(ms - Int64(offsetSeconds) * 1000)) }
        return .local(ms)
    }
}
