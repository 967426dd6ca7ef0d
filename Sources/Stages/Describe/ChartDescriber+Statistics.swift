import ChartpipeCore
import ChartpipeText

/// The statistics layer: centre and spread, the trend test, Sen's slope, outliers, thresholds, crossovers.
extension ChartDescriber {
    /// Most outliers of a series a statistics sentence names.
    static let outliersNamed = 5

    /// The `limit` outliers with the largest |score| (the first by position among equal ones), in
    /// order of position; all of them when there are no more than `limit`.
    static func standingOutMost(_ outliers: [TrendOutlier], _ limit: Int) -> [TrendOutlier] {
        guard outliers.count > limit else { return outliers }
        return Array(outliers.enumerated()
            .sorted { abs($0.element.score) != abs($1.element.score) ? abs($0.element.score) > abs($1.element.score) : $0.offset < $1.offset }
            .prefix(limit))
            .sorted { $0.offset < $1.offset }
            .map(\.element)
    }

    // MARK: Statistics

    func statistics() -> [String] {
        var sentences: [String] = []
        // Of many series, the few that matter; the others have their own sections.
        for k in isManySeries ? notableSeries : Array(stats.indices) {
            let s = stats[k]
            let name = t(seriesName(k))
            if s.n >= 2, let mean = s.mean, let median = s.median, let stdev = s.stdev {
                // A mean and a median of temperatures name the scale once ("평균은 섭씨 36.86도, 중앙값은 36.87도").
                let center = kind == .temperature && language.language != "en" ? fromTo(mean, median) : [t(statistic(mean)), t(statistic(median))]
                sentences.append(centerSentence(k, center: center, stdev: stdev))
            }
            sentences += tieSentences(k)
            if let mk = s.mannKendall, full.xType != .category {
                let tau = t(formats.number(mk.tau, precision: .maxFractionDigits(2)))
                // A verdict of the corrected test says so (trend.json `mannKendall.test`).
                let test = mk.test == .hamedRao ? "stat.mk.corrected." : "stat.mk."
                switch mk.trend {
                case .increasing: sentences.append(say(test + "increasing", [name, t(pText(mk.p)), tau, t(verb(rising: true))]))
                case .decreasing: sentences.append(say(test + "decreasing", [name, t(pText(mk.p)), tau, t(verb(rising: false))]))
                case .none: sentences.append(say(test + "none", [name, t(pText(mk.p))]))
                }
                if mk.trend != .none, let sen = s.sen, let sentence = senSentence(name: name, slope: sen.slope) {
                    sentences.append(sentence)
                }
            }
            if !s.outliers.isEmpty {
                // Past a few, the sentence names those that stand out most (the largest scores, in
                // order of x) and how many there are: a series of 12,000 spikes made one sentence of
                // 475 KB. The navigation list `outliers` holds them, 100 at most with the count.
                let named = ChartDescriber.standingOutMost(s.outliers, ChartDescriber.outliersNamed)
                var items: [String] = []
                for outlier in named { items.append(say("valueAt", [t(value(outlier.point.y)), t(x.text(outlier.point.x))])) }
                if named.count == s.outliers.count {
                    sentences.append(say("stat.outliers", [name, .integer(items.count), t(language.list(items))]))
                } else {
                    sentences.append(say("stat.outliers.most", [name, .integer(s.outliers.count), t(language.list(items)), .integer(named.count)]))
                }
            }
            if let season = seasonSentence(k) { sentences.append(season) }
            var thresholdNames: [String] = []
            for c in s.thresholdCrossings where !thresholdNames.contains(c.threshold) { thresholdNames.append(c.threshold) }
            for threshold in thresholdNames {
                if let sentence = thresholdSentence(k, s.thresholdCrossings.filter { $0.threshold == threshold }) { sentences.append(sentence) }
            }
            let gaps = gapCount(k)
            if gaps > 0 && s.n > 0 { sentences.append(say("series.gaps", [name, .integer(gaps)])) }
        }
        if isManySeries {
            // Thousands of crossings are counted, not listed: the navigation has them.
            var pairs = Set<Int>()
            for c in trend.crossovers { pairs.insert(c.a * full.series.count + c.b) }
            if !trend.crossovers.isEmpty {
                sentences.append(say("stat.crossovers.many", [.integer(trend.crossovers.count), .integer(pairs.count)]))
            }
            return sentences
        }
        var pairs: [(Int, Int)] = []
        for c in trend.crossovers where !pairs.contains(where: { $0 == (c.a, c.b) }) { pairs.append((c.a, c.b)) }
        for (a, b) in pairs {
            let crossings = trend.crossovers.filter { $0.a == a && $0.b == b }
            guard let first = crossings.first else { continue }
            let at = t(when(full.series[a].x[first.indexA]))
            sentences.append(crossings.count == 1 ? say("stat.crossovers.once", [t(seriesName(a)), t(seriesName(b)), at])
                             : say("stat.crossovers", [t(seriesName(a)), t(seriesName(b)), .integer(crossings.count), at]))
        }
        return sentences
    }

    /// "p = 0.012" or "p < 0.001": the notation is the same in every shipped locale.
    func pText(_ p: Double) -> String {
        if p < 0.001 { return "p < " + formats.number(0.001) }
        return "p = " + formats.number(p, precision: .significantDigits(2))
    }

    /// Sen's slope per a unit that suits the data (per hour, day, month, year, or x's own unit),
    /// signed by its verb; nil for a slope of 0, which has no direction to state.
    func senSentence(name: TemplateArgument, slope: Double) -> String? {
        guard slope != 0, slope.isFinite else { return nil }
        let verb = t(verb(rising: slope > 0))
        switch full.xType {
        case .category: return nil
        case .number:
            if x.facts.isYears { return say("stat.sen.perYear", [name, verb, t(rate(slope))]) }
            if let unit = x.facts.unit {
                // An x of ages or other durations reads its rate as time does ("per year", "연간"), never "per 1 year".
                let periods = ["duration-year": "perYear", "duration-quarter": "perQuarter", "duration-month": "perMonth",
                               "duration-week": "perWeek", "duration-day": "perDay", "duration-hour": "perHour",
                               "duration-second": "perSecond"]
                if let period = periods[unit] { return say("stat.sen." + period, [name, verb, t(rate(slope))]) }
                return say("stat.sen.perUnit", [name, verb, t(rate(slope)), t(formats.unitName(one: unit))])
            }
            return say("stat.sen.perX", [name, verb, t(rate(slope)), t(xTitle)])
        case .time:
            // Slopes are per day (SPEC §4); a month is the Gregorian average of 30.436875 days.
            if case .calendar("week")? = aggregation?.bucket {
                return say("stat.sen.perWeek", [name, verb, t(rate(slope * 7))])
            }
            // Per the data's own period: a quarter of quarterly data, a second of data seconds apart.
            switch TimeGranularity(spacing: x.facts.spacing) {
            case .year: return say("stat.sen.perYear", [name, verb, t(rate(slope * 365.2425))])
            case .quarter: return say("stat.sen.perQuarter", [name, verb, t(rate(slope * 365.2425 / 4))])
            case .month: return say("stat.sen.perMonth", [name, verb, t(rate(slope * 30.436875))])
            case .day: return say("stat.sen.perDay", [name, verb, t(rate(slope))])
            case .hour: return say("stat.sen.perHour", [name, verb, t(rate(slope / 24))])
            case .second, .millisecond: return say("stat.sen.perSecond", [name, verb, t(rate(slope / 86_400))])
            }
        }
    }
}
