import ChartpipeJSON

/// Reading `trend.json` back (for run-level stages such as the report): the inverse of
/// `TrendResult.json`, given what the file does not repeat (the x type, category labels, zone).
extension TrendResult {
    public init?(json: JSONValue, xType: XType, categories: [String], zone: String?) {
        guard let items = json["series"]?.arrayValue else { return nil }
        func x(_ v: JSONValue?) -> Double? { v.flatMap { XValue.read($0, xType: xType, categories: categories) } }
        func point(_ v: JSONValue?) -> TrendPoint?? {
            guard let v, v != .null else { return .some(nil) }
            guard let i = v["index"]?.intValue, let px = x(v["x"]), let py = v["y"]?.doubleValue else { return nil }
            return .some(TrendPoint(index: i, x: px, y: py))
        }
        func change(_ v: JSONValue?) -> TrendChange? {
            guard let v, let a = v["absolute"]?.doubleValue else { return nil }
            return TrendChange(absolute: a, percent: v["percent"]?.doubleValue, percentReason: v["percentReason"]?.stringValue)
        }
        var series: [SeriesTrend] = []
        for s in items {
            guard let name = s["name"]?.stringValue, let n = s["n"]?.intValue,
                  case let .some(first) = point(s["first"]), case let .some(last) = point(s["last"]),
                  case let .some(min) = point(s["min"]), case let .some(max) = point(s["max"]) else { return nil }
            var t = SeriesTrend(name: name, n: n, first: first, last: last, min: min, max: max,
                                mean: s["mean"]?.doubleValue, median: s["median"]?.doubleValue, stdev: s["stdev"]?.doubleValue,
                                change: change(s["change"]))
            if let f = s["leastSquares"], let slope = f["slope"]?.doubleValue, let intercept = f["intercept"]?.doubleValue,
               let r2 = f["r2"]?.doubleValue {
                t.leastSquares = LinearFit(slope: slope, intercept: intercept, r2: r2)
            }
            if let m = s["mannKendall"], let sv = m["s"]?.intValue, let varS = m["varS"]?.doubleValue, let z = m["z"]?.doubleValue,
               let p = m["p"]?.doubleValue, let tau = m["tau"]?.doubleValue,
               let trend = m["trend"]?.stringValue.flatMap(MonotonicTrend.init(rawValue:)) {
                let test = m["test"]?.stringValue.flatMap(MannKendallTest.init(rawValue:)) ?? .original
                t.mannKendall = MannKendallResult(s: sv, varS: varS, z: z, p: p, tau: tau, trend: trend, test: test)
            }
            if let e = s["sen"], let slope = e["slope"]?.doubleValue, let intercept = e["intercept"]?.doubleValue {
                t.sen = SenEstimate(slope: slope, intercept: intercept)
            }
            for g in s["segments"]?.arrayValue ?? [] {
                guard let from = g["from"]?.intValue, let to = g["to"]?.intValue,
                      let direction = g["direction"]?.stringValue.flatMap(SegmentDirection.init(rawValue:)),
                      let c = change(g["change"]), let slope = g["slope"]?.doubleValue else { return nil }
                t.segments.append(TrendSegment(from: from, to: to, direction: direction, change: c, slope: slope))
            }
            for o in s["outliers"]?.arrayValue ?? [] {
                guard case let .some(p?) = point(o), let score = o["score"]?.doubleValue else { return nil }
                t.outliers.append(TrendOutlier(point: p, score: score))
            }
            for (key, isPeak) in [("peaks", true), ("valleys", false)] {
                for e in s[key]?.arrayValue ?? [] {
                    guard case let .some(p?) = point(e), let prominence = e["prominence"]?.doubleValue else { return nil }
                    let extreme = TrendExtreme(point: p, prominence: prominence)
                    if isPeak { t.peaks.append(extreme) } else { t.valleys.append(extreme) }
                }
            }
            for c in s["thresholdCrossings"]?.arrayValue ?? [] {
                guard let threshold = c["threshold"]?.stringValue, let value = c["value"]?.doubleValue, let cx = x(c["x"]),
                      let index = c["index"]?.intValue, let direction = c["direction"]?.stringValue else { return nil }
                t.thresholdCrossings.append(ThresholdCrossing(threshold: threshold, value: value, x: cx, index: index,
                                                              upward: direction == "up"))
            }
            if let c = s["cycle"], let lag = c["lag"]?.intValue, let period = c["period"]?.doubleValue,
               let r = c["autocorrelation"]?.doubleValue, case let .some(peak) = point(c["lastPeak"]) {
                t.cycle = TrendCycle(lag: lag, period: period, autocorrelation: r, lastPeak: peak)
            }
            series.append(t)
        }
        let names = series.map(\.name)
        var crossovers: [Crossover] = []
        for c in json["crossovers"]?.arrayValue ?? [] {
            guard let a = c["a"]?.stringValue.flatMap(names.firstIndex(of:)), let b = c["b"]?.stringValue.flatMap(names.firstIndex(of:)),
                  let cx = x(c["x"]), let ia = c["indexA"]?.intValue, let ib = c["indexB"]?.intValue,
                  let above = c["above"]?.stringValue.flatMap(names.firstIndex(of:)) else { return nil }
            crossovers.append(Crossover(a: a, b: b, x: cx, indexA: ia, indexB: ib, above: above))
        }
        self.init(xType: xType, categories: categories, series: series, crossovers: crossovers, zone: zone)
    }
}
