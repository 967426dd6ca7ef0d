import ChartpipeJSON

/// One thing that changed in a chart since the run it is compared with, with the real values a
/// sentence needs. The manifest lists them per chart, so that a nightly job can alert on them
/// (`--fail-on-change KIND,…`); descriptions and the report put them into words.
public struct Change: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        /// Points after the baseline's last x: `count`, the latest (`x`, `y`) and the one before (`previousX`, `previousY`).
        case newPoints = "new-points"
        /// The latest value against the baseline's latest (`previousX`, `previousY`).
        case latestChanged = "latest-changed"
        /// A value above every value of the baseline: `x`, `y`, and the first x of the series (`since`).
        case newHigh = "new-high"
        /// A value below every value of the baseline.
        case newLow = "new-low"
        /// The trend test now finds a trend (`trend`) it did not find before.
        case trendStarted = "trend-started"
        /// The trend test no longer finds the trend it found before (`trend`: the one it found).
        case trendStopped = "trend-stopped"
        /// A threshold crossing the baseline did not have: `threshold`, `x`, `upward`.
        case newCrossing = "new-crossing"
        /// Values for x that both runs have, changed: `count`, and the largest (`x`, `previousY` → `y`);
        /// a gap filled (no `previousY`) or emptied (`y` NaN) only when no value moved between two numbers.
        case revised
        case seriesAdded = "series-added"
        case seriesRemoved = "series-removed"
    }

    public var kind: Kind
    /// The series it concerns (all kinds name one).
    public var series: String
    public var count: Int?
    public var x: Double?
    public var y: Double?
    public var previousX: Double?
    public var previousY: Double?
    public var since: Double?
    public var trend: MonotonicTrend?
    public var threshold: String?
    public var upward: Bool?

    public init(kind: Kind, series: String, count: Int? = nil, x: Double? = nil, y: Double? = nil, previousX: Double? = nil,
                previousY: Double? = nil, since: Double? = nil, trend: MonotonicTrend? = nil, threshold: String? = nil,
                upward: Bool? = nil) {
        self.kind = kind
        self.series = series
        self.count = count
        self.x = x
        self.y = y
        self.previousX = previousX
        self.previousY = previousY
        self.since = since
        self.trend = trend
        self.threshold = threshold
        self.upward = upward
    }

    /// The change as the manifest and `chartpipe diff --format json` write it; x values as the
    /// chart's files write them (`xJSON`).
    public func json(x xJSON: (Double) -> JSONValue) -> JSONValue {
        var m: [(String, JSONValue)] = [("kind", .string(kind.rawValue)), ("series", .string(series))]
        if let count { m.append(("count", .int(count))) }
        if let x { m.append(("x", xJSON(x))) }
        if let y { m.append(("y", .double(y))) }
        if let previousX { m.append(("previousX", xJSON(previousX))) }
        if let previousY { m.append(("previousY", .double(previousY))) }
        if let since { m.append(("since", xJSON(since))) }
        if let trend { m.append(("trend", .string(trend.rawValue))) }
        if let threshold { m.append(("threshold", .string(threshold))) }
        if let upward { m.append(("direction", .string(upward ? "up" : "down"))) }
        return .object(m)
    }

    /// Reads what `json(x:)` wrote.
    public init?(json: JSONValue, x readX: (JSONValue) -> Double?) {
        guard let kind = json["kind"]?.stringValue.flatMap(Kind.init(rawValue:)), let series = json["series"]?.stringValue else { return nil }
        self.init(kind: kind, series: series, count: json["count"]?.intValue, x: json["x"].flatMap(readX), y: json["y"]?.doubleValue,
                  previousX: json["previousX"].flatMap(readX), previousY: json["previousY"]?.doubleValue,
                  since: json["since"].flatMap(readX), trend: json["trend"]?.stringValue.flatMap(MonotonicTrend.init(rawValue:)),
                  threshold: json["threshold"]?.stringValue, upward: json["direction"]?.stringValue.map { $0 == "up" })
    }
}

extension ChartContext {
    /// What changed since the run this chart is compared with; nil without one (a first run,
    /// `--no-compare`). The stages that word it and the runner that records it ask the same function.
    public var changes: [Change]? {
        self[BaselineKey.self].map { Comparison.changes(from: $0.history, to: ChartHistory(self)) }
    }
}
