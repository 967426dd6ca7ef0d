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
///   are the first and last source records in the bucket. An empty bucket between filled ones is a
///   gap point with records `-1` (it covers no record).
public struct Aggregate: FoldStage {
    /// How the values of one bucket become one value.
    public enum Op: String, Sendable, CaseIterable, OptionChoice {
        case sum, mean, median, min, max, count, first, last
    }

    public static let every = Option<BucketSize>(
        "every",
        doc: "Bucket size: 'hour', 'day', 'week' (ISO, Monday start), 'month', 'quarter' or 'year' "
            + "for time x; a bin width for number x. Required for time and number x; category x is "
            + "grouped by label.")
    public static let op = Option<Op>("op", doc: "How a bucket's values become one value; missing values are skipped.",
                                      default: .mean)
    public static let zone = Option<String>("zone", doc: "Time zone of calendar buckets; defaults to the chart's x zone.",
                                            shape: .string(pattern: nil, patternHelp: "an IANA time zone such as 'America/New_York'"))

    public static let description = StageDescription(
        name: "aggregate",
        summary: "Buckets the data by calendar unit or numeric bin and folds each bucket with one operation.",
        options: [every, op, zone],
        needs: [Need(.series)],
        adds: [.aggregated])

    /// The bucket size as written; nil when the option is absent.
    public var every: BucketSize?
    public var op: Op
    /// IANA zone; nil means the chart's `x.zone`.
    public var zone: String?

    public init(options: StageOptions) throws {
        self.init(every: try options.optionalValue(Self.every), op: try options.value(Self.op),
                  zone: try options.optionalValue(Self.zone))
    }

    public init(every: BucketSize?, op: Op = .mean, zone: String? = nil) {
        self.every = every
        self.op = op
        self.zone = zone
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
                             code: "aggregate.every", field: "every")
        case (.number, .width(let width)?):
            return .width(width)
        case (.number, _):
            throw ChartError("number x needs a bin width: set \"every\" to a number above 0.", code: "aggregate.every", field: "every")
        }
    }

    /// The bucketing must suit the chart's x, and a calendar needs a known zone.
    public func check(chart: ChartSpec) throws(ChartError) {
        if case .calendar = try bucketing(for: chart.x.type), TimeZone(identifier: zone ?? chart.x.zone) == nil {
            throw ChartError("unknown time zone '\(zone ?? chart.x.zone)'; use an IANA name such as 'America/New_York'.",
                             code: "aggregate.zone", field: "zone")
        }
    }

    /// Folds the stream; warns when the first or last bucket is only partly covered by the data
    /// (a week that starts before the first day), whose value then stands for less than the others.
    public func fold(_ stream: any ObservationStream, chart: ChartSpec, cancellation: Cancellation) throws -> FoldResult {
        let bucketing = try bucketing(for: stream.xType)
        let zoneName = zone ?? chart.x.zone
        var calendar: CalendarBuckets?
        if case .calendar(let unit) = bucketing {
            guard let tz = TimeZone(identifier: zoneName) else {
                throw ChartError("unknown time zone '\(zoneName)'; use an IANA name such as 'America/New_York'.",
                                 code: "aggregate.zone", at: chart.location, field: "zone")
            }
            calendar = CalendarBuckets(unit: unit, zone: tz)
        }
        var folds: [SeriesFold] = []
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
                case .width(let w): key = (x / w).rounded(.down) * w
                case .calendar: key = calendar?.start(of: x) ?? x
                }
                folds[s].add(bucket: key, x: x, y: batch.y[i], record: batch.record[i])
            }
        }
        let names = stream.seriesNames
        var series: [Series] = []
        for (s, name) in names.enumerated() {
            var out = Series(name: name)
            if s < folds.count {
                let buckets = folds[s].sortedBuckets()
                var previous: Double?
                for (key, bucket) in buckets {
                    if let p = previous {
                        // Empty buckets between filled ones become gaps (count: 0).
                        var next = nextStart(after: p, bucketing, &calendar)
                        while next < key {
                            out.append(x: next, y: op == .count ? 0 : .nan, firstRecord: -1, lastRecord: -1)
                            next = nextStart(after: next, bucketing, &calendar)
                        }
                    }
                    out.append(x: key, y: bucket.value(op), firstRecord: bucket.firstRecord, lastRecord: bucket.lastRecord)
                    previous = key
                }
            }
            series.append(out)
        }
        var edges = PartialEdges()
        if bucketing != .label, step.isFinite {
            edges = partialEdges(series, low: lowX, high: highX, step: step, bucketing, &calendar, chart: chart)
        }
        var result = FoldResult(data: SeriesSet(xType: stream.xType, categories: stream.categories, series: series),
                                warnings: edges.warnings)
        let bucket: Aggregation.Bucket
        switch bucketing {
        case .calendar(let unit): bucket = .calendar(unit.rawValue)
        case .width(let w): bucket = .width(w)
        case .label: bucket = .category
        }
        result[AggregationKey.self] = Aggregation(op: op.rawValue, bucket: bucket, partialFirst: edges.first, partialLast: edges.last)
        return result
    }

    /// Whether the first and last buckets are covered only in part, with a warning for each.
    struct PartialEdges {
        var first = false
        var last = false
        var warnings: [Diagnostic] = []
    }

    /// The first or last bucket that the data covers only in part.
    private func partialEdges(_ series: [Series], low: Double, high: Double, step: Double, _ bucketing: Bucketing,
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
        let zone = chart.x.type == .time ? TimeZone(identifier: zone ?? chart.x.zone) : nil
        func text(_ v: Double) -> String {
            chart.x.type == .time ? TimeText.iso8601(milliseconds: v, zone: zone) : JSONWriter.number(v)
        }
        // Tolerance of half a step: data a step apart fills a bucket it starts or ends in.
        if low - first >= step * 1.5 {
            edges.first = true
            edges.warnings.append(.warning("the first \(unit) (from \(text(first))) holds data only from \(text(low)); its \(op.rawValue) covers part of it",
                                           code: "aggregate.partial-bucket", at: at))
        }
        let end = nextStart(after: last, bucketing, &calendar)
        if end.isFinite, end - high >= step * 1.5, last > first {
            edges.last = true
            edges.warnings.append(.warning("the last \(unit) (from \(text(last))) holds data only until \(text(high)); its \(op.rawValue) covers part of it",
                                           code: "aggregate.partial-bucket", at: at))
        }
        return edges
    }

    private func nextStart(after start: Double, _ bucketing: Bucketing, _ calendar: inout CalendarBuckets?) -> Double {
        switch bucketing {
        case .label: return .infinity
        case .width(let w): return ((start / w).rounded() + 1) * w
        case .calendar: return calendar?.next(after: start) ?? .infinity
        }
    }
}

/// The running fold of one bucket.
struct Bucket {
    var count = 0
    /// The sum and its running error (Neumaier's compensated summation), so that a mean of the same
    /// values is the same double whatever their order, as pandas' means are.
    var sum = 0.0
    var compensation = 0.0
    var min = Double.infinity
    var max = -Double.infinity
    var firstX = Double.infinity, firstRecordOfValue = Int.max, firstValue = Double.nan
    var lastX = -Double.infinity, lastRecordOfValue = Int.min, lastValue = Double.nan
    var firstRecord = Int.max
    var lastRecord = Int.min
    /// Values, kept for `median` only.
    var values: [Double] = []

    mutating func add(x: Double, y: Double, record: Int, keepsValues: Bool) {
        firstRecord = Swift.min(firstRecord, record)
        lastRecord = Swift.max(lastRecord, record)
        guard !y.isNaN else { return }
        count += 1
        let total = sum + y
        // Neumaier (1974): keep the low-order bits that the addition loses.
        compensation += abs(sum) >= abs(y) ? (sum - total) + y : (y - total) + sum
        sum = total
        if y < min { min = y }
        if y > max { max = y }
        if x < firstX || (x == firstX && record < firstRecordOfValue) { firstX = x; firstRecordOfValue = record; firstValue = y }
        if x > lastX || (x == lastX && record > lastRecordOfValue) { lastX = x; lastRecordOfValue = record; lastValue = y }
        if keepsValues { values.append(y) }
    }

    func value(_ op: Aggregate.Op) -> Double {
        if op == .count { return Double(count) }
        guard count > 0 else { return .nan }
        switch op {
        case .sum: return sum + compensation
        case .mean: return (sum + compensation) / Double(count)
        case .min: return min
        case .max: return max
        case .first: return firstValue
        case .last: return lastValue
        case .count: return Double(count)
        case .median:
            let sorted = values.sorted()
            let mid = sorted.count / 2
            return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
        }
    }
}

/// The buckets of one series, keyed by bucket start, with the last one cached for runs of
/// observations in the same bucket.
struct SeriesFold {
    let keepsValues: Bool
    var index: [Double: Int] = [:]
    var buckets: [(key: Double, bucket: Bucket)] = []
    var lastKey = Double.nan
    var lastSlot = -1

    init(keepsValues: Bool) { self.keepsValues = keepsValues }

    mutating func add(bucket key: Double, x: Double, y: Double, record: Int) {
        let slot: Int
        if key == lastKey {
            slot = lastSlot
        } else if let found = index[key] {
            slot = found
        } else {
            slot = buckets.count
            index[key] = slot
            buckets.append((key, Bucket()))
        }
        lastKey = key
        lastSlot = slot
        buckets[slot].bucket.add(x: x, y: y, record: record, keepsValues: keepsValues)
    }

    func sortedBuckets() -> [(key: Double, bucket: Bucket)] {
        buckets.sorted { $0.key < $1.key }
    }
}
