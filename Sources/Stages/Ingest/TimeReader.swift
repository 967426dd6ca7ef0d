import ChartpipeCore
import Foundation

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
    /// The last value read was an ISO 8601 leap second (`23:59:60`), read as the last millisecond
    /// of its minute (`23:59:59.999`): the reader warns about it.
    private(set) var leapSecond = false

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
        leapSecond = false
        guard var p = start, count > 0 else { return .gap }
        var n = count
        while n > 0, p[0] == 0x20 || p[0] == 0x09 { p += 1; n -= 1 }
        while n > 0, p[n - 1] == 0x20 || p[n - 1] == 0x09 || p[n - 1] == 0x0D { n -= 1 }
        switch format {
        case .iso8601:
            // YYYY-MM-DDTHH:MM:60: the seconds sit at 17 and 18.
            leapSecond = n >= 19 && p[16] == 0x3A && p[17] == 0x36 && p[18] == 0x30
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
    /// The warning for a leap second read at `location`.
    static func leapSecondWarning(at location: SourceLocation?, field: String) -> Diagnostic {
        .warning("a leap second (:60) is read as the last millisecond of its minute (:59.999), so that the order of the values is kept",
                 code: .ingestLeapSecond, at: location, field: field)
    }

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
