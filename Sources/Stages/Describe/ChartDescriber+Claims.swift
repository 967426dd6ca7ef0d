import ChartpipeCore
import ChartpipeText

/// Claims of the statistics layer that must hold on real data (issue 31): statistics of aggregated
/// values named as such, crossings of a threshold counted as episodes, ties counted, the zone of
/// the hours an axis names.
extension ChartDescriber {
    /// Renders `describe.<key>`, keeping its problems for warnings.
    private func claim(_ key: String, _ arguments: [TemplateArgument]) -> String {
        let rendering = phrases.rendering(key, arguments)
        note(rendering.problems, key: key)
        return rendering.text
    }

    /// What aggregated values are, as a plural noun ("daily means", "일별 평균", "每日平均值"), or nil.
    func aggregatedValues() -> String? {
        guard let aggregation else { return nil }
        let op = claim("op." + aggregation.op, [])
        switch aggregation.bucket {
        case let .calendar(unit): return claim("aggregate.values", [.text(claim("bucket." + unit, [])), .text(op)])
        case .width: return claim("aggregate.values", [.text(claim("bucket.bin", [])), .text(op)])
        case .category: return claim("aggregate.values.label", [.text(op)])
        }
    }

    /// Mean, median and spread; of an aggregated series, of its aggregated values, said so ("Of the
    /// daily means of Delay, the median is 7.98 minutes"): the median daily mean is not the median flight.
    func centerSentence(_ k: Int, center: [TemplateArgument], stdev: Double) -> String {
        let arguments: [TemplateArgument] = [.text(seriesName(k))] + center + [.text(spread(stdev))]
        guard let values = aggregatedValues() else { return say("stat.center", arguments) }
        return say("stat.center.aggregated", arguments + [.text(values)])
    }

    /// A series' crossings of one threshold as episodes on the side it went to: crossings alternate,
    /// so a series that starts below and spends one day above "rose above it once", not "crossed it twice".
    func thresholdSentence(_ k: Int, _ crossings: [ThresholdCrossing]) -> String? {
        guard let first = crossings.first else { return nil }
        let side = first.upward ? "above" : "below"
        let episodes = (crossings.count + 1) / 2
        let arguments: [TemplateArgument] = [.text(seriesName(k)), .text(language.midSentence(catalog.text(first.threshold, locale: locale))),
                                             .text(value(first.value, amount: true))]
        let at = TemplateArgument.text(when(full.series[k].x[first.index]))
        return episodes == 1 ? say("stat.threshold.\(side).once", arguments + [at])
            : say("stat.threshold.\(side)", arguments + [.integer(episodes), at])
    }

    /// The lowest and highest values that more than one point holds, with how many and where first.
    func tieSentences(_ k: Int) -> [String] {
        guard k < ties.count, let low = stats[k].min, let high = stats[k].max, low.y != high.y else { return [] }
        var out: [String] = []
        for (key, count, point) in [("stat.tie.lowest", ties[k].lowest, low), ("stat.tie.highest", ties[k].highest, high)] where count > 1 {
            out.append(say(key, [.text(seriesName(k)), .text(value(point.y)), .integer(count), .text(when(point.x))]))
        }
        return out
    }

    /// Of many series, the lowest and highest values that more than one point holds, over every
    /// series: "The lowest 1 (AS, November 6)" named one of 40 tied days.
    func manyTieSentences(low: Double, high: Double) -> [String] {
        guard low != high else { return [] }
        var lows = 0, highs = 0
        for k in stats.indices where k < ties.count {
            if stats[k].min?.y == low { lows += ties[k].lowest }
            if stats[k].max?.y == high { highs += ties[k].highest }
        }
        var out: [String] = []
        for (key, count, v) in [("summary.tie.lowest", lows, low), ("summary.tie.highest", highs, high)] where count > 1 {
            out.append(say(key, [.text(value(v)), .integer(count)]))
        }
        return out
    }

    /// Whether the x values are written with their time of day: then the axis names the zone.
    var namesHours: Bool {
        guard full.xType == .time else { return false }
        switch TimeGranularity(spacing: x.facts.spacing) {
        case .hour, .second, .millisecond: return true
        case .year, .quarter, .month, .day: return false
        }
    }

    /// The x axis of a time axis whose values name hours, with their zone ("(times in UTC)").
    func zonedAxis(title: String, from: String, to: String) -> String {
        say("axis.x.zone", [.text(title), .text(from), .text(to), .text(chart.x.zone)])
    }
}

extension ChartDescriber {
    /// Which layout the chart stage draws ("overlay", "small-multiples"), in words; nil when the
    /// pipeline draws no chart (issue 32).
    func layoutDescription(_ drawn: String?) -> LayoutDescription? {
        guard let drawn else { return nil }
        let count = data.series.count
        let key = drawn == "small-multiples" ? "layout.smallMultiples" : count > 1 ? "layout.overlay" : "layout.overlay.one"
        let rendering = phrases.rendering(key, count > 1 || drawn == "small-multiples" ? [.integer(count)] : [])
        note(rendering.problems, key: key)
        return LayoutDescription(drawn: drawn, text: rendering.text)
    }
}
