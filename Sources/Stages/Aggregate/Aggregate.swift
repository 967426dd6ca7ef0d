import Foundation
import ChartpipeCore
import ChartpipeJSON

/// The `aggregate` stage (SPEC §1, §3): folds ingest's batches into buckets as they stream, so
/// memory is bounded by the number of buckets, not the number of records.
///
/// - `every`: a calendar unit (`hour` … `year`, in `zone`, across daylight-saving changes; weeks
///   are ISO weeks starting Monday) for time x, or a bin width for number x. A category x is
///   grouped by label and needs no `every`.
/// - `op`: `sum`, `mean`, `median`, `min`, `max`, `count`, `first`, `last`. Missing values are
///   skipped; a bucket with none left is a gap (for `count`, 0). `first` and `last` follow x, then
///   the record order. `median` keeps the values of each bucket (the only op that does).
/// - A point's x is its bucket's start (epoch ms for time, bin start for numbers); its records
///   are the first and last source records in the bucket.
/// - `empty`: a bucket that no row falls in (between filled ones) is left out (`skip`), a gap point
///   (`gap`) or 0 (`zero`), with records `-1` (it covers no record). Missing values are only empty
///   cells, `NA`, `null` and NaN: a bucket whose rows are all missing is a gap whatever `empty` says.
/// - `maxBuckets` bounds the points the stage makes over all series, so that sparse x (`0, 1, 2,
///   1e12` in bins of 1) fails with a message instead of filling memory.
public struct Aggregate: FoldStage {
    /// How the values of one bucket become one value.
    public enum Op: String, Sendable, CaseIterable, OptionChoice {
        case sum, mean, median, min, max, count, first, last
    }

    /// What a bucket that no row falls in becomes.
    public enum EmptyBuckets: String, Sendable, CaseIterable, OptionChoice {
        /// Left out: the series has no point there.
        case skip
        /// A gap point (a missing value), which charts and audio show as a break.
        case gap
        /// A point of value 0.
        case zero
    }

    /// The default of `maxBuckets`: five times a million-point chart.
    public static let defaultMaxBuckets = 5_000_000

    public static let every = Option<BucketSize>(
        "every",
        doc: "Bucket size: 'hour', 'day', 'week' (ISO, Monday start), 'month', 'quarter' or 'year' "
            + "for time x; a bin width for number x. Required for time and number x; category x is "
            + "grouped by label. 'none' leaves aggregation off: a chart's override keeps its points as read.")
    public static let op = Option<Op>("op", doc: "How a bucket's values become one value; missing values are skipped.",
                                      default: .mean)
    public static let zone = Option<String>("zone", doc: "Time zone of calendar buckets; defaults to the chart's x zone.",
                                            shape: .string(pattern: nil, patternHelp: "an IANA time zone such as 'America/New_York'"))

    public static let origin = Option<Double>(
        "origin", doc: "Number x: where bins are counted from, so that bins are [origin + k·every, origin + (k+1)·every); "
            + "when absent, the first x read, so that bins start at the data (years from 1952 in fives: 1952–1956, 1957–1961, …). "
            + "A bin is named by the data it holds, never beyond it.")
    public static let empty = Option<EmptyBuckets>(
        "empty", doc: "A bucket that no row falls in: 'skip' leaves it out, 'gap' makes a gap point, 'zero' a point of 0. "
            + "A bucket whose rows are all missing (empty, NA, null, NaN) is a gap either way.",
        default: .skip)
    public static let maxBuckets = Option<Int>(
        "maxBuckets", doc: "Most points the stage makes over all series, empty buckets included; raise it for a chart "
            + "that truly needs more.",
        default: defaultMaxBuckets, min: 1)

    public static let description = StageDescription(
        name: "aggregate",
        summary: "Buckets the data by calendar unit or numeric bin and folds each bucket with one operation.",
        options: [every, op, zone, origin, empty, maxBuckets],
        needs: [Need(.series)],
        adds: [.aggregated])

    /// The bucket size as written; nil when the option is absent.
    public var every: BucketSize?
    public var op: Op
    /// IANA zone; nil means the chart's `x.zone`.
    public var zone: String?
    public var empty: EmptyBuckets
    public var maxBuckets: Int
    /// Where number bins are counted from; nil: from the first x read (bins start at the data).
    public var origin: Double?

    public init(options: StageOptions) throws {
        every = try options.optionalValue(Self.every)
        op = try options.value(Self.op)
        zone = try options.optionalValue(Self.zone)
        empty = try options.value(Self.empty)
        maxBuckets = try options.value(Self.maxBuckets)
        origin = try options.optionalValue(Self.origin)
    }

    /// How this stage buckets the x of `chart`, or why it cannot.
    public func bucketing(for xType: XType) throws(ChartError) -> Bucketing {
        switch (xType, every) {
        case (.category, _):
            return .label
        case (.time, .calendar(let unit)?):
            return .calendar(unit)
        case (.time, _):
            throw ChartError("time x needs a calendar unit: set \"every\" to 'hour', 'day', 'week', 'month', 'quarter' or 'year'.",
                             code: .aggregateEvery, field: "every")
        case (.number, .width(let width)?):
            return .width(width)
        case (.number, _):
            throw ChartError("number x needs a bin width: set \"every\" to a number above 0.", code: .aggregateEvery, field: "every")
        }
    }

    /// The bucketing must suit the chart's x, and a calendar needs a known zone.
    public func check(chart: ChartSpec) throws(ChartError) {
        if every == BucketSize.none { return }
        if case .calendar = try bucketing(for: chart.x.type), TimeZone(identifier: zone ?? chart.x.zone) == nil {
            throw ChartError("unknown time zone '\(zone ?? chart.x.zone)'; use an IANA name such as 'America/New_York'.",
                             code: .aggregateZone, field: "zone")
        }
    }

    /// Folds the stream; warns when the first or last bucket is only partly covered by the data
    /// (a week that starts before the first day), whose value then stands for less than the others.
    public func fold(_ stream: any ObservationStream, chart: ChartSpec, cancellation: Cancellation) throws -> FoldResult {
        // Aggregation left off: the points as read, as a pipeline without the stage collects them.
        if every == BucketSize.none {
            let (data, warnings) = try SeriesCollector.collect(stream, chart: chart, cancellation: cancellation)
            return FoldResult(data: data, warnings: warnings)
        }
        let bucketing = try bucketing(for: stream.xType)
        let zoneName = zone ?? chart.x.zone
        var calendar: CalendarBuckets?
        if case .calendar(let unit) = bucketing {
            guard let tz = TimeZone(identifier: zoneName) else {
                throw ChartError("unknown time zone '\(zoneName)'; use an IANA name such as 'America/New_York'.",
                                 code: .aggregateZone, at: chart.location, field: "zone")
            }
            calendar = CalendarBuckets(unit: unit, zone: tz)
        }
        var bins = NumberBins(width: 1)
        if case .width(let w) = bucketing { bins = NumberBins(width: w, origin: origin ?? 0) }
        // Without an origin, bins start at the first x read: 1952, 1957, … for years from 1952.
        var binsStarted = origin != nil
        var folds: [SeriesFold] = []
        var bucketCount = 0
        // The data's own extent and finest spacing, to tell a partly covered edge bucket.
        var lowX = Double.infinity, highX = -Double.infinity, step = Double.infinity
        var previousX: [Double] = []
        while let batch = try stream.next() {
            try cancellation.check()
            for i in 0..<batch.count {
                let s = Int(batch.series[i])
                while folds.count <= s { folds.append(SeriesFold(keepsValues: op == .median)) }
                let x = batch.x[i]
                lowX = Swift.min(lowX, x)
                highX = Swift.max(highX, x)
                while previousX.count <= s { previousX.append(.nan) }
                if x > previousX[s] { step = Swift.min(step, x - previousX[s]) }
                previousX[s] = x
                let key: Double
                switch bucketing {
                case .label: key = x
                case .width(let w):
                    if !binsStarted, x.isFinite {
                        bins = NumberBins(width: w, origin: x)
                        binsStarted = true
                    }
                    let bin = (x - bins.origin) / w
                    guard abs(bin) < Self.binLimit else {
                        throw widthTooSmall(w, x: x, chart: chart, at: SourceLocation(path: stream.sourcePath, line: Int(batch.line[i])))
                    }
                    key = bins.binStart(of: x)
                case .calendar: key = calendar?.start(of: x) ?? x
                }
                if folds[s].add(bucket: key, x: x, y: batch.y[i], record: batch.record[i]) {
                    bucketCount += 1
                    if bucketCount > maxBuckets { throw tooManyBuckets("the data falls into more than \(maxBuckets) buckets") }
                }
            }
        }
        let names = stream.seriesNames
        var series: [Series] = []
        var points = 0
        // How far into its bucket a typical bucket's data begins, and how far before its end it stops.
        var leads: [Double] = [], trails: [Double] = []
        // The lowest and highest x with a value in each number bin, over every series: what a bin is named by.
        var extents: [Double: ClosedRange<Double>] = [:]
        for (s, name) in names.enumerated() {
            var out = Series(name: name)
            let buckets = s < folds.count ? folds[s].sortedBuckets() : []
            if empty != .skip, let first = buckets.first?.key, let last = buckets.last?.key {
                let spanned = spannedBuckets(from: first, to: last, bucketing, bins)
                if points + spanned > maxBuckets {
                    var atLeast = "at least "
                    if case .width = bucketing { atLeast = "" }
                    throw tooManyBuckets("with \"empty\": \"\(empty.rawValue)\", the buckets from \(xText(first, chart: chart)) to \(xText(last, chart: chart)) make \(atLeast)\(spanned) points, more than \(maxBuckets)")
                }
            }
            var previous: Double?
            for (position, (key, bucket)) in buckets.enumerated() {
                if case .width = bucketing, bucket.count > 0 {
                    let held = bucket.firstX...bucket.lastX
                    extents[key] = extents[key].map { Swift.min($0.lowerBound, held.lowerBound)...Swift.max($0.upperBound, held.upperBound) } ?? held
                }
                if bucketing != .label, position > 0, position < buckets.count - 1, position <= Self.typicalSample, bucket.count > 0 {
                    leads.append(bucket.firstX - key)
                    trails.append(nextStart(after: key, bucketing, bins, &calendar) - bucket.lastX)
                }
                if empty != .skip, let p = previous {
                    var next = nextStart(after: p, bucketing, bins, &calendar)
                    while next < key {
                        points += 1
                        if points & 0xFFFF == 0 { try cancellation.check() }
                        if points > maxBuckets {
                            throw tooManyBuckets("with \"empty\": \"\(empty.rawValue)\", the buckets make more than \(maxBuckets) points")
                        }
                        out.append(x: next, y: empty == .zero ? 0 : .nan, firstRecord: -1, lastRecord: -1)
                        next = nextStart(after: next, bucketing, bins, &calendar)
                    }
                }
                points += 1
                out.append(x: key, y: bucket.value(op), firstRecord: bucket.firstRecord, lastRecord: bucket.lastRecord)
                previous = key
            }
            series.append(out)
        }
        var edges = PartialEdges()
        if bucketing != .label, step.isFinite {
            edges = partialEdges(series, low: lowX, high: highX, step: step, typical: (Self.median(leads), trails.isEmpty ? step : Self.median(trails)), bins: bins,
                                 bucketing, &calendar, chart: chart)
        }
        var result = FoldResult(data: SeriesSet(xType: stream.xType, categories: stream.categories, series: series),
                                warnings: edges.warnings)
        let bucket: Aggregation.Bucket
        switch bucketing {
        case .calendar(let unit): bucket = .calendar(unit.rawValue)
        case .width(let w): bucket = .width(w)
        case .label: bucket = .category
        }
        result[AggregationKey.self] = Aggregation(op: op.rawValue, bucket: bucket, partialFirst: edges.first, partialLast: edges.last,
                                                  binExtents: extents)
        return result
    }

    /// The interior buckets of each series whose coverage makes the typical one (the first ones).
    static let typicalSample = 4096

    /// The median, or 0 for none.
    static func median(_ v: [Double]) -> Double {
        guard !v.isEmpty else { return 0 }
        let sorted = v.sorted(), mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }

    /// The largest bin number (x / every) that bins keep apart: below 2^50, consecutive bin starts
    /// are distinct doubles and x / every rounds back to its bin exactly.
    static let binLimit = 0x1p50

    /// How many buckets lie from the one starting at `first` to the one starting at `last`: exact for
    /// bins, a lower bound for calendar units (from their longest length), so no calendar is walked.
    private func spannedBuckets(from first: Double, to last: Double, _ bucketing: Bucketing, _ bins: NumberBins) -> Int {
        let span: Double
        switch bucketing {
        case .label: return 0
        case .width:
            span = bins.index(of: last) - bins.index(of: first)
        case .calendar(let unit): span = ((last - first) / Self.longestLength(unit)).rounded(.down)
        }
        return span < Double(Int.max / 2) ? Int(span) + 1 : Int.max / 2
    }

    /// The longest a calendar bucket lasts, in milliseconds, across daylight-saving and calendar changes.
    private static func longestLength(_ unit: CalendarUnit) -> Double {
        let hour = 3_600_000.0, day = 24 * hour
        switch unit {
        case .hour: return 2 * hour
        case .day: return 2 * day
        case .week: return 8 * day
        case .month: return 32 * day
        case .quarter: return 93 * day
        case .year: return 367 * day
        }
    }

    private func tooManyBuckets(_ what: String) -> ChartError {
        let skip = empty == .skip ? "" : ", \"empty\": \"skip\" to leave empty buckets out"
        return ChartError("\(what), the limit of 'maxBuckets'; use a larger 'every'\(skip), or raise 'maxBuckets' in the aggregate stage's options if the chart is right",
                          code: .aggregateTooManyBuckets, field: "maxBuckets")
    }

    private func widthTooSmall(_ width: Double, x: Double, chart: ChartSpec, at location: SourceLocation) -> ChartError {
        let least = abs(x) / Self.binLimit
        return ChartError("'every' \(JSONWriter.number(width)) is too small for the x value \(JSONWriter.number(x)): x divided by 'every' must stay below 2^50 (about 1.1e15) for its bin to have a start of its own; set 'every' to at least \(JSONWriter.number(least))",
                          code: .aggregateWidthTooSmall, at: location, field: chart.x.field)
    }

    /// An x value as messages show it: ISO 8601 for time (in the buckets' zone), else the number.
    private func xText(_ v: Double, chart: ChartSpec) -> String {
        guard chart.x.type == .time else { return JSONWriter.number(v) }
        return TimeText.iso8601(milliseconds: v, zone: TimeZone(identifier: zone ?? chart.x.zone))
    }

    /// Whether the first and last buckets are covered only in part, with a warning for each.
    struct PartialEdges {
        var first = false
        var last = false
        var warnings: [Diagnostic] = []
    }

    /// The first or last bucket that the data covers only in part.
    private func partialEdges(_ series: [Series], low: Double, high: Double, step: Double,
                              typical: (lead: Double, trail: Double), bins: NumberBins, _ bucketing: Bucketing,
                              _ calendar: inout CalendarBuckets?, chart: ChartSpec) -> PartialEdges {
        let keys = series.flatMap(\.x)
        var edges = PartialEdges()
        guard let first = keys.min(), let last = keys.max() else { return edges }
        let at = SourceLocation(path: chart.source.displayPath)
        let unit: String
        switch bucketing {
        case .calendar(let u): unit = u.rawValue
        default: unit = "bin"
        }
        func text(_ v: Double) -> String { xText(v, chart: chart) }
        // A reading stands for the step that starts at it, with half a step of tolerance: a first
        // bucket is partial when its start lies more than half a step further before the first
        // reading than a typical (median interior) bucket's start lies before its first reading
        // (daily data from Tuesday leaves Monday out of its week; flights that start at 05:00 every
        // day leave no day partial), a last one when its end lies more than half a step further after
        // the last reading than a typical bucket's end after its last (without one, a step after it).
        if low - first - typical.lead > step * 0.5 {
            edges.first = true
            edges.warnings.append(.warning("the first \(unit) (from \(text(first))) holds data only from \(text(low)); its \(op.rawValue) covers part of it",
                                           code: .aggregatePartialBucket, at: at))
        }
        let end = nextStart(after: last, bucketing, bins, &calendar)
        if end.isFinite, end - high - typical.trail > step * 0.5, last > first {
            edges.last = true
            edges.warnings.append(.warning("the last \(unit) (from \(text(last))) holds data only until \(text(high)); its \(op.rawValue) covers part of it",
                                           code: .aggregatePartialBucket, at: at))
        }
        return edges
    }

    private func nextStart(after start: Double, _ bucketing: Bucketing, _ bins: NumberBins, _ calendar: inout CalendarBuckets?) -> Double {
        switch bucketing {
        case .label: return .infinity
        case .width:
            return bins.start(bins.index(of: start) + 1)
        case .calendar: return calendar?.next(after: start) ?? .infinity
        }
    }
}
