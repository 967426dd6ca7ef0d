import ChartpipeCore
import Foundation

/// How the x values of a time chart are written (SPEC §3 `x.format`).
enum TimeFormat: Equatable {
    /// ISO 8601 dates and date-times, with or without an offset.
    case iso8601
    case epochSeconds
    case epochMillis
    /// A date pattern in the Unicode (CLDR) letters, such as `yyyy/MM/dd HH:mm` or `MMM d yyyy`.
    case pattern([TimeToken], text: String)

    enum TimeToken: Equatable {
        case year(minDigits: Int, maxDigits: Int)
        case twoDigitYear
        case month(minDigits: Int)
        case monthName
        case day(minDigits: Int)
        case hour(minDigits: Int)
        case hour12(minDigits: Int)
        case minute(minDigits: Int)
        case second(minDigits: Int)
        case fraction(digits: Int)
        case amPm
        case offset
        case weekdayName
        case literal(UInt8)
    }

    /// The format for `x.format`, or a problem message when the pattern has an unknown letter.
    static func parse(_ format: String?) -> Result<TimeFormat, ChartError> {
        guard let format else { return .success(.iso8601) }
        switch format {
        case "iso8601", "ISO8601", "iso-8601": return .success(.iso8601)
        case "epoch-seconds": return .success(.epochSeconds)
        case "epoch-millis": return .success(.epochMillis)
        default: break
        }
        var tokens: [TimeToken] = []
        let bytes = Array(format.utf8)
        var i = 0
        while i < bytes.count {
            let c = bytes[i]
            if c == 0x27 { // 'quoted literal'
                i += 1
                while i < bytes.count, bytes[i] != 0x27 { tokens.append(.literal(bytes[i])); i += 1 }
                i += 1
                continue
            }
            let isLetter = (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
            guard isLetter else { tokens.append(.literal(c)); i += 1; continue }
            var run = 1
            while i + run < bytes.count, bytes[i + run] == c { run += 1 }
            let token: TimeToken
            switch Character(Unicode.Scalar(c)) {
            case "y", "u": token = run == 2 ? .twoDigitYear : .year(minDigits: run >= 4 ? 4 : 1, maxDigits: run >= 4 ? max(4, run) : 4)
            case "M", "L": token = run >= 3 ? .monthName : .month(minDigits: run)
            case "d": token = .day(minDigits: run)
            case "H": token = .hour(minDigits: run)
            case "h": token = .hour12(minDigits: run)
            case "m": token = .minute(minDigits: run)
            case "s": token = .second(minDigits: run)
            case "S": token = .fraction(digits: run)
            case "a": token = .amPm
            case "X", "x", "Z": token = .offset
            case "E": token = .weekdayName
            default:
                return .failure(ChartError(
                    "unknown letter '\(Character(Unicode.Scalar(c)))' in the time format '\(format)'; use yyyy, MM, MMM, dd, HH, hh, mm, ss, SSS, a, XXX and quote literal text ('T')",
                    field: "x.format"))
            }
            tokens.append(token)
            i += run
        }
        return .success(.pattern(tokens, text: format))
    }
}

/// Reads times as milliseconds since 1970 UTC, on raw bytes, in the chart's zone where a value has no offset.
struct TimeReader {
    let format: TimeFormat
    private var zone: ZoneOffsets
    /// A wall-clock time repeated when daylight saving ends (`x.ambiguous`).
    let ambiguous: AmbiguousTime
    /// A wall-clock time skipped when daylight saving starts (`x.nonexistent`).
    let nonexistent: NonexistentTime
    /// Under `ambiguous: order`, the later instant of the last value read when it was a repeated
    /// wall-clock time (the value itself is the earlier one); nan otherwise. The record decides
    /// which it is, by whether its series has had that time already (`RecordAssembly`).
    private(set) var repeatedLater = Double.nan

    init(format: TimeFormat, zone: ZoneOffsets, ambiguous: AmbiguousTime = .order, nonexistent: NonexistentTime = .error) {
        self.format = format
        self.zone = zone
        self.ambiguous = ambiguous
        self.nonexistent = nonexistent
    }

    /// Whether numbers (not strings) are the expected JSON type.
    var takesNumbers: Bool { format == .epochSeconds || format == .epochMillis }

    @inline(__always)
    mutating func decode(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Decoded {
        repeatedLater = .nan
        guard var p = start, count > 0 else { return .gap }
        var n = count
        while n > 0, p[0] == 0x20 || p[0] == 0x09 { p += 1; n -= 1 }
        while n > 0, p[n - 1] == 0x20 || p[n - 1] == 0x09 || p[n - 1] == 0x0D { n -= 1 }
        switch format {
        case .iso8601:
            switch ISO8601Time.parse(p, n) {
            case let .instant(ms): return .value(ms)
            case let .local(ms): return local(ms, p, n)
            case let .invalid(reason):
                if DecimalNumber.isGapWord(p, n) { return .gap }
                return .problem(reason(text(p, n)))
            }
        case .epochSeconds, .epochMillis:
            if let v = DecimalNumber.parse(p, n) {
                let ms = number(v)
                return Self.representable.contains(ms) ? .value(ms) : .problem(outOfRange(text(p, n)))
            }
            if DecimalNumber.isGapWord(p, n) { return .gap }
            let unit = format == .epochSeconds ? "seconds" : "milliseconds"
            return .problem("'\(text(p, n))' is not a number of \(unit) since 1970; check x.format")
        case let .pattern(tokens, pattern):
            switch PatternTime.parse(p, n, tokens) {
            case let .instant(ms): return .value(ms)
            case let .local(ms): return local(ms, p, n)
            case let .invalid(reason):
                if DecimalNumber.isGapWord(p, n) { return .gap }
                let because = reason(text(p, n))
                return .problem(because.isEmpty
                                ? "'\(text(p, n))' does not match the time format '\(pattern)'; check x.format"
                                : because)
            }
        }
    }

    /// A wall-clock time in the chart's zone as an instant. A time the clocks skipped (the hour
    /// lost when daylight saving starts) is a problem unless `nonexistent: shift` moves it forward
    /// by the gap; a time they repeated (when it ends) follows `ambiguous`.
    @inline(__always)
    private mutating func local(_ ms: Int64, _ p: UnsafePointer<UInt8>, _ n: Int) -> Decoded {
        let v = zone.utc(fromLocalMillis: ms)
        if v.isNaN { return unusual(ms, p, n) }
        return .value(v)
    }

    /// A wall-clock time in a gap or an overlap of the zone (off the hot path).
    private mutating func unusual(_ ms: Int64, _ p: UnsafePointer<UInt8>, _ n: Int) -> Decoded {
        switch zone.placement(ofLocalMillis: ms) {
        case let .unique(v): return .value(v)
        case let .gap(shifted):
            if nonexistent == .shift { return .value(shifted) }
            return .problem("'\(text(p, n))' does not exist in \(zone.name): the clocks moved forward over it; write the time with its offset or in another zone, or set \"nonexistent\": \"shift\" in x to move it forward by the gap")
        case let .overlap(earlier, later):
            switch ambiguous {
            case .order:
                repeatedLater = later
                return .value(earlier)
            case .earlier: return .value(earlier)
            case .later: return .value(later)
            case .error:
                return .problem("'\(text(p, n))' occurs twice in \(zone.name): the clocks moved back over it; write the time with its offset, or set \"ambiguous\" in x to \"order\" (the first is the earlier instant, the repeat the later one), \"earlier\" or \"later\"")
            }
        }
    }

    /// A JSON number as a time (epoch formats only).
    func number(_ v: Double) -> Double {
        format == .epochSeconds ? (v * 1000).rounded() : v
    }

    /// Instants ISO 8601 can write with four-digit years: 0001-01-01 to 9999-12-31 (milliseconds since 1970).
    static let representable: ClosedRange<Double> = -62_135_596_800_000 ... 253_402_300_799_999

    /// Why an epoch value is refused: it lies outside the years 0001 to 9999.
    func outOfRange(_ text: String) -> String {
        let unit = format == .epochSeconds ? "seconds" : "milliseconds"
        return "'\(text)' \(unit) since 1970 is outside the years 0001 to 9999; check x.format"
    }

    private func text(_ p: UnsafePointer<UInt8>, _ n: Int) -> String {
        let s = String(decoding: UnsafeBufferPointer(start: p, count: min(n, 60)), as: UTF8.self)
        return n > 60 ? s + "…" : s
    }
}

/// The outcome of reading one time: an instant, a local wall-clock time still to place in a zone, or why not.
enum ParsedTime {
    case instant(Double)
    case local(Int64)
    case invalid((String) -> String)
}

/// Civil-calendar arithmetic shared by the time readers.
enum CivilDate {
    /// Days since 1970-01-01 of a proleptic Gregorian date (the core's days_from_civil, inlined here).
    @inline(__always)
    static func days(year: Int, month: Int, day: Int) -> Int64 { TimeText.days(year: year, month: month, day: day) }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Checks the fields of a date-time and turns them into milliseconds of a wall-clock time.
    static func millis(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, milli: Int) -> ParsedTime {
        guard month >= 1, month <= 12 else {
            return .invalid { "'\($0)' is not a valid date: there is no month \(month)" }
        }
        guard day >= 1, day <= daysInMonth(year: year, month: month) else {
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

/// UTC offsets of one IANA zone, for wall-clock times that carry no offset.
///
/// Offsets come from Foundation's `TimeZone`; a small cache per local hour keeps that off the hot path.
struct ZoneOffsets {
    private let zone: TimeZone?
    private var cacheHour = [Int64](repeating: .min, count: 64)
    private var cacheOffset = [Int64](repeating: 0, count: 64)

    /// Nil zone means UTC.
    init(zone: TimeZone?) {
        self.zone = zone.flatMap { $0.identifier == "UTC" || $0.identifier == "GMT" ? nil : $0 }
    }

    /// The zone's identifier, for messages.
    var name: String { zone?.identifier ?? "UTC" }

    /// The zone named `identifier`, or an error with a suggestion.
    static func named(_ identifier: String) -> Result<ZoneOffsets, ChartError> {
        if identifier == "UTC" || identifier == "Etc/UTC" || identifier == "GMT" { return .success(ZoneOffsets(zone: nil)) }
        guard let zone = TimeZone(identifier: identifier) else {
            let hint = Suggestion.didYouMean(identifier, in: TimeZone.knownTimeZoneIdentifiers)
            return .failure(ChartError("unknown time zone '\(identifier)'; use an IANA name such as 'Europe/Berlin'\(hint)",
                                       field: "x.zone"))
        }
        return .success(ZoneOffsets(zone: zone))
    }

    /// The instant of a wall-clock time, from the cache of its local hour; nan when the hour holds
    /// a change of offset, so that `placement` decides (the hot path never meets a change).
    @inline(__always)
    mutating func utc(fromLocalMillis local: Int64) -> Double {
        guard zone != nil else { return Double(local) }
        let seconds = local >= 0 ? local / 1000 : (local - 999) / 1000
        let hour = seconds >= 0 ? seconds / 3600 : (seconds - 3599) / 3600
        let slot = Int(hour & 63)
        if cacheHour[slot] == hour { return Double(local - cacheOffset[slot] * 1000) }
        if case let .unique(first) = offsets(forLocal: hour * 3600), case let .unique(last) = offsets(forLocal: hour * 3600 + 3599),
           first == last {
            cacheHour[slot] = hour
            cacheOffset[slot] = first
            return Double(local - first * 1000)
        }
        return .nan
    }

    /// Where a wall-clock time falls: one instant, two (an overlap, when the clocks move back), or
    /// none (a gap, when they move forward), with the instant the gap shifts it to.
    enum Placement: Equatable {
        case unique(Double)
        case overlap(earlier: Double, later: Double)
        case gap(shifted: Double)
    }

    func placement(ofLocalMillis local: Int64) -> Placement {
        let seconds = local >= 0 ? local / 1000 : (local - 999) / 1000
        switch offsets(forLocal: seconds) {
        case let .unique(o): return .unique(Double(local - o * 1000))
        case let .overlap(high, low): return .overlap(earlier: Double(local - high * 1000), later: Double(local - low * 1000))
        case let .gap(before): return .gap(shifted: Double(local - before * 1000))
        }
    }

    private enum Offsets {
        case unique(Int64)
        /// Two offsets fit: the larger gives the earlier instant.
        case overlap(high: Int64, low: Int64)
        /// None fits; the offset in force before the gap.
        case gap(before: Int64)
    }

    /// The offsets that place a wall-clock time `local` (seconds): those `o` for which the zone's
    /// offset at `local - o` is `o`. The candidates are the offsets a day before and a day after
    /// (a zone changes at most once in two days), and those around `local` read as UTC.
    private func offsets(forLocal local: Int64) -> Offsets {
        let before = offset(atUTC: local - 86_400), after = offset(atUTC: local + 86_400)
        let a = offset(atUTC: local)
        var fits: [Int64] = []
        for o in [before, after, a, offset(atUTC: local - a)] where !fits.contains(o) && offset(atUTC: local - o) == o {
            fits.append(o)
        }
        guard let high = fits.max(), let low = fits.min() else { return .gap(before: before) }
        return high == low ? .unique(high) : .overlap(high: high, low: low)
    }

    private func offset(atUTC seconds: Int64) -> Int64 {
        guard let zone else { return 0 }
        return Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds))))
    }
}
