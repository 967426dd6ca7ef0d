import Foundation
import ChartpipeJSON

/// Everything `trend` found for one chart.
public struct TrendResult: Sendable, Equatable {
    public var xType: XType
    /// Category labels (category x), so that x values can be shown as labels.
    public var categories: [String]
    /// One entry per series, in series order.
    public var series: [SeriesTrend]
    /// Crossings between every pair of series, in order of x.
    public var crossovers: [Crossover]
    /// IANA zone in which time x is written (the chart's), or nil for UTC.
    public var zone: String?
    /// The significance level the stage tested at (not written to trend.json): a description's
    /// other tests (the Kruskal-Wallis test of a season) use it too.
    public var alpha: Double

    public init(xType: XType, categories: [String] = [], series: [SeriesTrend], crossovers: [Crossover] = [],
                zone: String? = nil, alpha: Double = 0.05) {
        self.alpha = alpha
        self.xType = xType
        self.categories = categories
        self.series = series
        self.crossovers = crossovers
        self.zone = zone == "UTC" ? nil : zone
    }

    /// An x value as trend.json writes it: ISO 8601 text for time (in the chart's zone, as data.json), the label for category
    /// (an interpolated category x takes the label of the next category), a number otherwise.
    public func xJSON(_ x: Double) -> JSONValue {
        switch xType {
        case .time: return .string(TimeText.iso8601(milliseconds: x.rounded(), zone: zone.flatMap(TimeZone.init(identifier:))))
        case .number: return .double(x)
        case .category:
            let i = Int(x.rounded(.up))
            return categories.indices.contains(i) ? .string(categories[i]) : .double(x)
        }
    }

    /// The `trend.json` document (SPEC §4).
    public var json: JSONValue {
        .object([
            ("series", .array(series.map(json))),
            ("crossovers", .array(crossovers.map { c in
                .object([
                    ("a", .string(series[c.a].name)), ("b", .string(series[c.b].name)),
                    ("x", xJSON(c.x)), ("indexA", .int(c.indexA)), ("indexB", .int(c.indexB)),
                    ("above", .string(series[c.above].name)),
                ])
            })),
        ])
    }

    private func json(_ p: TrendPoint?) -> JSONValue {
        guard let p else { return .null }
        return .object([("index", .int(p.index)), ("x", xJSON(p.x)), ("y", .double(p.y))])
    }

    private func json(_ d: Double?) -> JSONValue { d.map(JSONValue.double) ?? .null }

    private func json(_ c: TrendChange?) -> JSONValue {
        guard let c else { return .null }
        var members: [(String, JSONValue)] = [("absolute", .double(c.absolute)), ("percent", json(c.percent))]
        if let reason = c.percentReason { members.append(("percentReason", .string(reason))) }
        return .object(members)
    }

    private func json(_ s: SeriesTrend) -> JSONValue {
        .object([
            ("name", .string(s.name)), ("n", .int(s.n)),
            ("first", json(s.first)), ("last", json(s.last)), ("min", json(s.min)), ("max", json(s.max)),
            ("mean", json(s.mean)), ("median", json(s.median)), ("stdev", json(s.stdev)),
            ("change", json(s.change)),
            ("leastSquares", s.leastSquares.map { f in
                .object([("slope", .double(f.slope)), ("intercept", .double(f.intercept)), ("r2", .double(f.r2))])
            } ?? .null),
            ("mannKendall", json(s.mannKendall)),
            ("sen", s.sen.map { e in .object([("slope", .double(e.slope)), ("intercept", .double(e.intercept))]) } ?? .null),
            ("segments", .array(s.segments.map { g in
                .object([("from", .int(g.from)), ("to", .int(g.to)), ("direction", .string(g.direction.rawValue)),
                         ("change", json(g.change)), ("slope", .double(g.slope))])
            })),
            ("outliers", .array(s.outliers.map { o in
                .object([("index", .int(o.point.index)), ("x", xJSON(o.point.x)), ("y", .double(o.point.y)),
                         ("score", .double(o.score))])
            })),
            ("peaks", .array(s.peaks.map(json))),
            ("valleys", .array(s.valleys.map(json))),
            ("thresholdCrossings", .array(s.thresholdCrossings.map { t in
                .object([("threshold", .string(t.threshold)), ("value", .double(t.value)), ("x", xJSON(t.x)),
                         ("index", .int(t.index)), ("direction", .string(t.upward ? "up" : "down"))])
            })),
            ("cycle", json(s.cycle)),
        ])
    }

    private func json(_ m: MannKendallResult?) -> JSONValue {
        guard let m else { return .null }
        let members: [(String, JSONValue)] = [("s", .int(m.s)), ("varS", .double(m.varS)), ("z", .double(m.z)), ("p", .double(m.p)),
                                              ("tau", .double(m.tau)), ("trend", .string(m.trend.rawValue)), ("test", .string(m.test.rawValue))]
        return .object(members)
    }

    private func json(_ c: TrendCycle?) -> JSONValue {
        guard let c else { return .null }
        let members: [(String, JSONValue)] = [("lag", .int(c.lag)), ("period", .double(c.period)),
                                              ("autocorrelation", .double(c.autocorrelation)), ("lastPeak", json(c.lastPeak))]
        return .object(members)
    }

    private func json(_ e: TrendExtreme) -> JSONValue {
        .object([("index", .int(e.point.index)), ("x", xJSON(e.point.x)), ("y", .double(e.point.y)),
                 ("prominence", .double(e.prominence))])
    }
}
