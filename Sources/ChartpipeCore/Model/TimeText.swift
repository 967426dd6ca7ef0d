import ChartpipeCalendar
import Foundation

/// ISO 8601 text of instants, for data files and messages (not for descriptions: those use the
/// locale's date formats).
public enum TimeText {
    /// `2026-06-01T00:00:00Z` in UTC, or with the zone's offset (`2026-03-08T03:00:00-04:00`);
    /// milliseconds appear only when not zero.
    public static func iso8601(milliseconds ms: Double, zone: TimeZone? = nil) -> String {
        // Beyond ±2^53 ms (about 285,000 years) a Double is no instant anyone charts: no text, not a trap.
        guard ms.isFinite, abs(ms) < 9.0e15, let whole = Int64(exactly: ms.rounded(.down)) else { return "" }
        var seconds = Int64((Double(whole) / 1000).rounded(.down))
        let millis = Int(whole - seconds * 1000)
        var offset = 0
        if let zone, zone.identifier != "UTC", zone.identifier != "GMT" {
            offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))
        }
        seconds += Int64(offset)
        let days = Int64((Double(seconds) / 86_400).rounded(.down))
        let secondOfDay = Int(seconds - days * 86_400)
        let (y, m, d) = civil(fromDays: days)
        let utc = zone == nil || offset == 0 && (zone?.identifier == "UTC" || zone?.identifier == "GMT")
        // Written into one buffer (every x of every data file and description comes here): at most
        // 7 year digits and a sign, 20 more bytes with milliseconds, 6 for an offset.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { out -> String in
            var n = 0
            // `v` as `String(v)` writes it, with zeros before it up to `width` characters.
            func put(_ v: Int, _ width: Int) {
                var magnitude = v.magnitude, digits = 0
                repeat { digits += 1; magnitude /= 10 } while magnitude > 0
                let length = digits + (v < 0 ? 1 : 0)
                for _ in length..<max(width, length) { out[n] = 0x30; n += 1 }
                if v < 0 { out[n] = UInt8(ascii: "-"); n += 1 }
                magnitude = v.magnitude
                for i in stride(from: digits - 1, through: 0, by: -1) { out[n + i] = UInt8(magnitude % 10) + 0x30; magnitude /= 10 }
                n += digits
            }
            func byte(_ b: UInt8) { out[n] = b; n += 1 }
            put(y, 4); byte(UInt8(ascii: "-")); put(m, 2); byte(UInt8(ascii: "-")); put(d, 2); byte(UInt8(ascii: "T"))
            put(secondOfDay / 3600, 2); byte(UInt8(ascii: ":")); put(secondOfDay / 60 % 60, 2); byte(UInt8(ascii: ":"))
            put(secondOfDay % 60, 2)
            if millis != 0 { byte(UInt8(ascii: ".")); put(millis, 3) }
            if utc {
                byte(UInt8(ascii: "Z"))
            } else {
                let a = abs(offset)
                byte(offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
                put(a / 3600, 2); byte(UInt8(ascii: ":")); put(a / 60 % 60, 2)
            }
            return String(decoding: UnsafeBufferPointer(rebasing: out[..<n]), as: UTF8.self)
        }
    }

    /// The instant of text that `iso8601(milliseconds:zone:)` wrote (`2026-06-01T00:00:00Z`,
    /// `2026-03-08T03:00:00.250-04:00`), in milliseconds since 1970; nil for any other text.
    public static func milliseconds(iso8601 text: String) -> Double? {
        let b = Array(text.utf8)
        func digits(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= b.count else { return nil }
            var v = 0
            for i in from..<(from + count) {
                guard b[i] >= 0x30, b[i] <= 0x39 else { return nil }
                v = v * 10 + Int(b[i] - 0x30)
            }
            return v
        }
        func byte(_ i: Int, _ c: Character) -> Bool { i < b.count && b[i] == c.asciiValue }
        guard let y = digits(0, 4), byte(4, "-"), let mo = digits(5, 2), byte(7, "-"), let d = digits(8, 2), byte(10, "T"),
              let h = digits(11, 2), byte(13, ":"), let mi = digits(14, 2), byte(16, ":"), let s = digits(17, 2),
              (1...12).contains(mo), (1...31).contains(d), h < 24, mi < 60, s < 60 else { return nil }
        var i = 19
        var millis = 0
        if byte(i, ".") {
            guard let m = digits(i + 1, 3) else { return nil }
            millis = m
            i += 4
        }
        var offset = 0
        if byte(i, "Z") {
            i += 1
        } else if byte(i, "+") || byte(i, "-") {
            guard let oh = digits(i + 1, 2), byte(i + 3, ":"), let om = digits(i + 4, 2) else { return nil }
            offset = (oh * 3600 + om * 60) * (byte(i, "-") ? -1 : 1)
            i += 6
        } else {
            return nil
        }
        guard i == b.count else { return nil }
        let seconds = days(year: y, month: mo, day: d) * 86_400 + Int64(h * 3600 + mi * 60 + s - offset)
        return Double(seconds) * 1000 + Double(millis)
    }

    /// Seconds since 1970 of ISO 8601 text as `iso8601(milliseconds:)` writes it.
    public static func epochSeconds(iso8601 text: String) -> Int64? {
        milliseconds(iso8601: text).map { Int64(($0 / 1000).rounded(.down)) }
    }

    /// Year, month and day of a count of days since 1970-01-01 (`CivilCalendar`).
    @inlinable
    public static func civil(fromDays days: Int64) -> (year: Int, month: Int, day: Int) { CivilCalendar.civil(fromDays: days) }

    /// Days since 1970-01-01 of a proleptic Gregorian date (`CivilCalendar`).
    @inlinable
    public static func days(year: Int, month: Int, day: Int) -> Int64 { CivilCalendar.days(year: year, month: month, day: day) }

}
