import ChartpipeJSON

/// What the next run compares a chart against (`history.json`): its full series as they entered
/// `downsample` (not only the charted points), and the verdicts a comparison reads — each series'
/// trend and its threshold crossings. Written compactly (version 2): a series' x and y are each one
/// `HistoryColumn`, a few bytes a point where version 1 wrote each number as JSON text; version 1
/// files (chartpipe before the compact form) are still read.
public struct ChartHistory: Sendable, Equatable {
    public struct Crossing: Sendable, Equatable, Hashable {
        public var threshold: String
        public var x: Double
        public var upward: Bool

        public init(threshold: String, x: Double, upward: Bool) {
            self.threshold = threshold
            self.x = x
            self.upward = upward
        }
    }

    public var xType: XType
    public var categories: [String]
    /// Full series: name, x and y (a gap is NaN); records are not kept.
    public var series: [Series]
    /// Each series' Mann-Kendall verdict, by name, when `trend` ran.
    public var trends: [String: MonotonicTrend]
    /// Each series' threshold crossings, by name.
    public var crossings: [String: [Crossing]]
    /// How `aggregate` folded the values, if it did: the words of a change name a bucket as the
    /// descriptions do ("the week of June 29"), also in `chartpipe diff`.
    public var aggregation: Aggregation?

    public init(xType: XType, categories: [String] = [], series: [Series], trends: [String: MonotonicTrend] = [:],
                crossings: [String: [Crossing]] = [:], aggregation: Aggregation? = nil) {
        self.xType = xType
        self.categories = categories
        self.series = series
        self.trends = trends
        self.crossings = crossings
        self.aggregation = aggregation
    }

    /// The full series as a set, as the stages that word the values take them.
    public var seriesSet: SeriesSet { SeriesSet(xType: xType, categories: categories, series: series) }

    /// The history of a chart's context: the full series and, when `trend` ran, its verdicts.
    public init(_ context: ChartContext) {
        let full = context.fullSeries
        var trends: [String: MonotonicTrend] = [:]
        var crossings: [String: [Crossing]] = [:]
        if let trend = context[TrendKey.self] {
            for s in trend.series {
                if let mk = s.mannKendall { trends[s.name] = mk.trend }
                crossings[s.name] = s.thresholdCrossings.map { Crossing(threshold: $0.threshold, x: $0.x, upward: $0.upward) }
            }
        }
        self.init(xType: full.xType, categories: full.categories,
                  series: full.series,
                  trends: trends, crossings: crossings, aggregation: context[AggregationKey.self])
    }

    // MARK: history.json

    /// The version `json` writes.
    public static let version = 2

    public var json: JSONValue { json(version: Self.version) }

    /// `history.json` as `version` writes it: 2, the compact columns; 1, arrays of numbers (kept
    /// so that the tests can write what an earlier chartpipe wrote).
    public func json(version: Int) -> JSONValue {
        var members: [(String, JSONValue)] = [("version", .int(version)), ("xType", .string(xType.rawValue))]
        if xType == .category { members.append(("categories", .array(categories.map { .string($0) }))) }
        members.append(("series", .array(series.map { s in
            let columns: [(String, JSONValue)] = version == 1
                ? [("x", .array(s.x.map { .double($0) })), ("y", .array(s.y.map { $0.isNaN ? .null : .double($0) }))]
                : [("count", .int(s.x.count)), ("x", HistoryColumn.json(s.x, delta: 2)), ("y", HistoryColumn.json(s.y, delta: 1))]
            return .object([("name", .string(s.name))] + columns + [
                ("trend", trends[s.name].map { .string($0.rawValue) } ?? .null),
                ("crossings", .array((crossings[s.name] ?? []).map { c in
                    .object([("threshold", .string(c.threshold)), ("x", .double(c.x)), ("direction", .string(c.upward ? "up" : "down"))])
                })),
            ])
        })))
        if let aggregation { members.append(("aggregation", Self.json(aggregation))) }
        return .object(members)
    }

    static func json(_ a: Aggregation) -> JSONValue {
        let bucket: JSONValue
        switch a.bucket {
        case let .calendar(unit): bucket = .string(unit)
        case let .width(width): bucket = .object([("width", .double(width))])
        case .category: bucket = "category"
        }
        return .object([("op", .string(a.op)), ("bucket", bucket), ("partialFirst", .bool(a.partialFirst)),
                        ("partialLast", .bool(a.partialLast))])
    }

    static func aggregation(_ json: JSONValue?) -> Aggregation? {
        guard let json, let op = json["op"]?.stringValue else { return nil }
        let bucket: Aggregation.Bucket
        if let width = json["bucket"]?["width"]?.doubleValue { bucket = .width(width) }
        else if let unit = json["bucket"]?.stringValue { bucket = unit == "category" ? .category : .calendar(unit) }
        else { return nil }
        return Aggregation(op: op, bucket: bucket, partialFirst: json["partialFirst"]?.boolValue ?? false,
                           partialLast: json["partialLast"]?.boolValue ?? false)
    }

    /// Reads either version; nil when the file is of another version or damaged.
    public init?(json: JSONValue) {
        guard let version = json["version"]?.intValue, version == 1 || version == 2,
              let type = json["xType"]?.stringValue.flatMap(XType.init(rawValue:)),
              let items = json["series"]?.arrayValue else { return nil }
        var series: [Series] = []
        var trends: [String: MonotonicTrend] = [:]
        var crossings: [String: [Crossing]] = [:]
        for item in items {
            guard let name = item["name"]?.stringValue, let (x, y) = Self.columns(item, version: version) else { return nil }
            series.append(Series(name: name, x: x, y: y, firstRecord: Array(repeating: -1, count: x.count),
                                 lastRecord: Array(repeating: -1, count: x.count)))
            if let t = item["trend"]?.stringValue.flatMap(MonotonicTrend.init(rawValue:)) { trends[name] = t }
            crossings[name] = (item["crossings"]?.arrayValue ?? []).compactMap { c in
                guard let threshold = c["threshold"]?.stringValue, let cx = c["x"]?.doubleValue else { return nil }
                return Crossing(threshold: threshold, x: cx, upward: c["direction"]?.stringValue == "up")
            }
        }
        self.init(xType: type, categories: json["categories"]?.arrayValue?.compactMap(\.stringValue) ?? [], series: series,
                  trends: trends, crossings: crossings, aggregation: Self.aggregation(json["aggregation"]))
    }

    /// A series' x and y: two arrays of numbers (version 1, a gap `null`) or two columns of `count` values.
    static func columns(_ item: JSONValue, version: Int) -> ([Double], [Double])? {
        if version == 1 {
            guard let xs = item["x"]?.arrayValue, let ys = item["y"]?.arrayValue, xs.count == ys.count else { return nil }
            let x = xs.compactMap(\.doubleValue)
            guard x.count == xs.count else { return nil }
            return (x, ys.map { $0.doubleValue ?? .nan })
        }
        guard let count = item["count"]?.intValue, let xc = item["x"], let yc = item["y"],
              let x = HistoryColumn.values(xc, count: count), let y = HistoryColumn.values(yc, count: count),
              !x.contains(where: \.isNaN) else { return nil }
        return (x, y)
    }
}
