#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What writing a chart's x values needs to know about its axis, as plain values: each stage that
/// writes words (describe, table, chart, report) builds it from its own model.
public struct XAxisFacts: Sendable, Hashable {
    /// What an x value is.
    public enum Kind: Sendable, Hashable {
        /// Milliseconds since 1970-01-01T00:00:00Z.
        case time
        case number
        /// The index of a label in `categories`.
        case category
    }

    public var kind: Kind
    /// The IANA time zone dates are written in.
    public var zone: String
    /// The category labels, in order.
    public var categories: [String]
    /// The smallest step between consecutive x of one series; nil with no two distinct x.
    public var spacing: Double?
    /// The lowest and highest finite x; nil without one.
    public var range: ClosedRange<Double>?
    /// Every x is an integer from 1000 to 2999 on a number axis: years, written without grouping.
    public var isYearLike: Bool
    /// The unit of a number axis (SPEC §3 `x.unit`): `year` (x values are calendar years, and may
    /// carry a fraction of a year) or a CLDR unit id; nil for plain numbers.
    public var unit: String?
    /// The buckets `aggregate` folded the values into, if it did: an x then names its bucket ("the
    /// week of June 29", "1950–1959").
    public var bucket: AxisBucket?
    /// The x of buckets that hold data for only part of their span (the first or last).
    public var partialX: Set<Double>
    /// Number bins: the lowest and highest x with data in each, by bin start.
    public var binExtents: [Double: ClosedRange<Double>]
    /// Time axis: the instants whose wall-clock time in `zone` occurs twice, because the clocks
    /// move back over it when daylight saving ends; a time of day there is written with its
    /// offset ("2:00 AM GMT+2", "2:00 AM GMT+1"), else two points would read alike.
    public var repeatedSpans: [Range<Double>]

    /// The facts of an axis whose series have the x values `series` (in series order).
    public init(kind: Kind, zone: String = "UTC", categories: [String] = [], unit: String? = nil, bucket: AxisBucket? = nil,
                partialX: Set<Double> = [], binExtents: [Double: ClosedRange<Double>] = [:], series: [[Double]]) {
        self.binExtents = binExtents
        self.bucket = bucket
        self.partialX = partialX
        self.kind = kind
        self.zone = zone
        self.categories = categories
        self.unit = kind == .number ? unit : nil
        var spacing: Double?
        var low = Double.infinity, high = -Double.infinity
        var yearLike = kind == .number
        for xs in series {
            var previous: Double?
            for x in xs where x.isFinite {
                low = min(low, x)
                high = max(high, x)
                if let p = previous, x > p { spacing = min(spacing ?? .infinity, x - p) }
                previous = x
                if yearLike, x != x.rounded() || x < 1000 || x >= 3000 { yearLike = false }
            }
        }
        self.spacing = spacing
        range = low <= high ? low...high : nil
        isYearLike = yearLike && range != nil
        // Only an axis that writes times of day can write one twice.
        let timesOfDay = [.hour, .second, .millisecond].contains(TimeGranularity(spacing: spacing))
        repeatedSpans = kind == .time && zone != "UTC" && timesOfDay ? Self.repeatedSpans(in: range, zone: zone) : []
    }

    /// The spans of instants (milliseconds) within `range` whose wall-clock time repeats in `zone`:
    /// for each change that moves the clocks back by d, the d before it and the d after it.
    static func repeatedSpans(in range: ClosedRange<Double>?, zone: String) -> [Range<Double>] {
        guard let range, let timeZone = TimeZone(identifier: zone) else { return [] }
        var spans: [Range<Double>] = []
        var from = Date(timeIntervalSince1970: range.lowerBound / 1000 - 86_400)
        let end = Date(timeIntervalSince1970: range.upperBound / 1000 + 86_400)
        while let change = timeZone.nextDaylightSavingTimeTransition(after: from), change < end, change > from {
            let before = timeZone.secondsFromGMT(for: change.addingTimeInterval(-1)), after = timeZone.secondsFromGMT(for: change)
            if after < before {
                let at = change.timeIntervalSince1970 * 1000, back = Double(before - after) * 1000
                spans.append(at - back ..< at + back)
            }
            from = change
        }
        return spans
    }
}

extension XAxisFacts {
    /// Whether x values are calendar years (`x.unit` is `year`).
    public var isYears: Bool { kind == .number && unit == "year" }
}
