import ChartpipeCore
import ChartpipeText

/// A series' own summary and segments: its change, extremes, cycle and gaps.
extension ChartDescriber {
    // MARK: Series

    /// The sentence that tells what a series did: a direction only when Mann-Kendall finds one.
    /// The first and last x of a range; with `withYear`, the year is said once even when the axis
    /// leaves it out, where the language puts it (at the start in Korean, Chinese and Japanese).
    func span(_ a: Double, _ b: Double, withYear: Bool) -> (String, String) {
        let yearLeads = language.yearLeads
        // A range within one day names the day once, at its start ("12월 12일 08:40부터 11:00까지",
        // "From December 12 at 8:40 AM to 11:00 AM"); times alone name it in a summary.
        if x.writesTimes, x.sameDay(a, b) {
            return (withYear ? x.text(a, withYear: true) : x.text(a), x.timeOfDay(b))
        }
        // A range within one year whose dates carry it says it once ("2026년 6월부터 7월까지").
        if x.sameYear(a, b), x.text(a) != x.textWithoutYear(a) {
            return yearLeads ? (x.text(a), x.textWithoutYear(b)) : (x.textWithoutYear(a), x.text(b))
        }
        guard withYear else { return (x.text(a), x.text(b)) }
        return (x.text(a, withYear: yearLeads), x.text(b, withYear: !yearLeads))
    }

    func seriesSentence(_ k: Int, inSummary: Bool = false) -> String {
        let s = stats[k]
        let name = seriesName(k)
        guard let first = s.first, let last = s.last, let low = s.min, let high = s.max else {
            return say("series.empty", [t(name)])
        }
        if s.n == 1 { return say("series.single", [t(name), t(x.text(first.x, withYear: inSummary)), t(value(first.y))]) }
        let (fromText, toText) = span(first.x, last.x, withYear: inSummary)
        let from = t(fromText), to = t(toText)
        if low.y == high.y { return say("series.constant", [t(name), from, to, t(value(first.y))]) }
        let extremes: [TemplateArgument] = [t(value(high.y)), t(x.text(high.x)), t(value(low.y)), t(x.text(low.x))]
        let change = s.change ?? TrendChange(from: first.y, to: last.y)
        let ends = fromTo(first.y, last.y)
        switch direction(s) {
        case .increasing where change.absolute > 0, .decreasing where change.absolute < 0:
            let rising = change.absolute > 0
            let inner = innerExtremes(s)
            guard let size = amount(change, from: first.y, to: last.y) else {
                return say("series.change.noAmount", [t(name), from, to, t(verb(rising: rising))] + ends + [t(inner)])
            }
            return say(rising ? "series.rose" : "series.fell", [t(name), from, to, t(verb(rising: rising)), t(size)] + ends + [t(inner)])
        // A significant rise that ends lower than it began says both plainly, as the other way round.
        case .increasing:
            return say(change.absolute < 0 ? "series.trendUp.endedLower" : "series.trendUp", [t(name), from, to] + ends + extremes + [t(verb(rising: true))])
        case .decreasing:
            return say(change.absolute > 0 ? "series.trendDown.endedHigher" : "series.trendDown", [t(name), from, to] + ends + extremes + [t(verb(rising: false))])
        case .none where full.xType == .category:
            // Categories have no order to follow: only the range and where its ends are.
            return say("series.categories", [t(name), t(value(low.y)), t(x.text(low.x)), t(value(high.y)), t(x.text(high.x))])
        case .none:
            // The bounds are a pair: the scale is said once ("섭씨 36.33도(…)에서 37.53도(…)까지").
            let bounds = kind == .temperature && language.language != "en" ? fromTo(low.y, high.y) : [t(value(low.y)), t(value(high.y))]
            let range = [t(name), from, to, bounds[0], t(x.text(low.x)), bounds[1], t(x.text(high.x))]
            if let noun = aggregatedNoun() { return say("series.noTrend.aggregated", range + [t(noun)]) }
            return say("series.noTrend", range)
        }
    }



    /// The clause on a series' highest and lowest values that are not its first or last value
    /// (those were just said), or empty.
    func innerExtremes(_ s: SeriesTrend) -> String {
        guard let first = s.first, let last = s.last, let low = s.min, let high = s.max else { return "" }
        let ends: Set<Int> = [first.index, last.index]
        // An extreme equal to an end value is that value again, wherever it falls.
        let showHigh = !ends.contains(high.index) && high.y != first.y && high.y != last.y
        let showLow = !ends.contains(low.index) && low.y != first.y && low.y != last.y
        // An aggregated value is said as what it is: "the highest weekly mean".
        let noun = aggregatedNoun().map { [t($0)] }
        let suffix = noun == nil ? "" : ".aggregated"
        switch (showHigh, showLow) {
        case (true, true):
            let pair = kind == .temperature && language.language != "en" ? fromTo(high.y, low.y) : [t(value(high.y)), t(value(low.y))]
            return say("extremes.both" + suffix, [pair[0], t(x.text(high.x)), pair[1], t(x.text(low.x))] + (noun ?? []))
        case (true, false): return say("extremes.highest" + suffix, [t(value(high.y)), t(x.text(high.x))] + (noun ?? []))
        case (false, true): return say("extremes.lowest" + suffix, [t(value(low.y)), t(x.text(low.x))] + (noun ?? []))
        case (false, false): return ""
        }
    }

    /// What an aggregated value is ("weekly mean", "주간 평균", "每周平均值", "週平均"), or nil.
    func aggregatedNoun() -> String? {
        guard let aggregation else { return nil }
        let op = say("op." + aggregation.op, [])
        switch aggregation.bucket {
        case let .calendar(unit): return say("aggregate.value", [t(say("bucket." + unit, [])), t(op)])
        case .width: return say("aggregate.value", [t(say("bucket.bin", [])), t(op)])
        case .category: return op
        }
    }

    /// The direction a description may state: Mann-Kendall's verdict, and none for category x,
    /// whose order says nothing about a trend.
    /// Two or three values cannot make a trend significant: their change is what they say.
    func direction(_ s: SeriesTrend) -> MonotonicTrend {
        guard full.xType != .category else { return .none }
        if s.n >= 2 && s.n <= 3, let change = s.change, change.absolute != 0 {
            return change.absolute > 0 ? .increasing : .decreasing
        }
        return s.mannKendall?.trend ?? .none
    }

    /// Values missing from a series (gaps), counted on the full series.
    func gapCount(_ k: Int) -> Int { full.series[k].count - stats[k].n }

    /// The series' dominant cycle with real values ("highest in July–August (a mean of 61.6 °F)"),
    /// or nil when it has none (see `Seasonality`).
    /// A calendar cycle is said by the means of its phases, which a Kruskal-Wallis test supports;
    /// the hours of a daily one name their zone. Without one, a cycle of any length (`TrendCycle`).
    func seasonSentence(_ k: Int) -> String? {
        guard full.xType == .time, k < seasons.count, let season = seasons[k] else { return cycleSentence(k) }
        let zone: [TemplateArgument] = season.period == .day ? [t(chart.x.zone)] : []
        return say("season." + season.period.rawValue + ".means",
                   [t(seriesName(k)), t(phaseText(season.high, season.period)), t(value(season.highMean)),
                    t(phaseText(season.low, season.period)), t(value(season.lowMean))] + zone)
    }

    /// "Sunspots rises and falls in a cycle of about 11 years; the last peak was in 1979 (190.2)."
    func cycleSentence(_ k: Int) -> String? {
        guard k < stats.count, let cycle = stats[k].cycle, let length = cycleLength(cycle.period) else { return nil }
        guard let peak = cycle.lastPeak else { return say("cycle.noPeak", [t(seriesName(k)), t(length)]) }
        return say("cycle", [t(seriesName(k)), t(length), t(when(peak.x)), t(value(peak.y))])
    }

    /// A cycle's length in the largest unit of which it is at least about one (two for months and
    /// weeks), whole from three up; nil on a number axis that is not years.
    func cycleLength(_ period: Double) -> String? {
        let days: Double
        switch full.xType {
        case .time: days = period
        case .number where x.facts.isYears: days = period * 365.2425
        default: return nil
        }
        let units: [(String, Double)] = [("years", 365.2425), ("months", 30.436875), ("weeks", 7), ("days", 1), ("hours", 1.0 / 24)]
        let (key, size) = units.first { days >= ($0.0 == "years" || $0.0 == "days" ? 0.95 : 1.9) * $0.1 } ?? ("hours", 1.0 / 24)
        let amount = days / size
        let shown = amount >= 3 ? amount.rounded() : (amount * 10).rounded() / 10
        let text = formats.number(shown, precision: .maxFractionDigits(1))
        return say("cycle." + key, [.number(text, value: shown, fractionDigits: text.contains(".") ? 1 : 0)])
    }

    /// A month, weekday or hour of a cycle, or two adjacent ones, in the language's words.
    func phaseText(_ span: Season.Span, _ period: Season.Period) -> String {
        let names = span.phases.map { phase -> String in
            let day = 86_400_000.0
            // 2001-01-01 was a Monday; the 15th of a month of 2001 names that month.
            switch period {
            case .year:
                let millis = Double(TimeText.days(year: 2001, month: phase + 1, day: 15)) * day
                return language.typeset(formats.date(millis: millis, style: .skeleton(language.language == "en" ? "MMMM" : "M"), zone: "UTC"))
            case .week:
                // Chinese writes weekdays as 周一…周日, as its press (and the weekday plugin) does, not 星期一.
                return formats.date(millis: Double(TimeText.days(year: 2001, month: 1, day: 1 + phase)) * day,
                                    style: .skeleton(language.language == "zh" ? "EEE" : "EEEE"), zone: "UTC")
            case .day:
                return formats.date(millis: Double(TimeText.days(year: 2001, month: 1, day: 1)) * day + Double(phase) * 3_600_000,
                                    style: .skeleton("j"), zone: "UTC")
            }
        }
        return names.count == 2 ? say("season.span", [t(names[0]), t(names[1])]) : names.first ?? ""
    }

    func seriesSummary(_ k: Int) -> String {
        var text = seriesSentence(k)
        if let season = seasonSentence(k) { text = language.joining([text, season]) }
        let gaps = gapCount(k)
        if gaps > 0 && stats[k].n > 0 { text = language.joining([text, say("series.gaps", [t(seriesName(k)), .integer(gaps)])]) }
        return text
    }

    func segmentLabel(series k: Int, _ segment: TrendSegment) -> String {
        let s = full.series[k]
        // A segment within one year names the year once ("1933년 6월부터 12월까지", "From June to December 1933").
        let (fromText, toText) = span(s.x[segment.from], s.x[segment.to], withYear: false)
        let fromX = t(fromText), toX = t(toText)
        let first = s.y[segment.from], last = s.y[segment.to]
        if segment.direction == .flat {
            // A flat segment's ends may hide a swing between them: say the range it covered.
            let inside = s.y[segment.from...segment.to].filter(\.isFinite)
            let low = inside.min() ?? first, high = inside.max() ?? first
            let range = (stats[k].max?.y ?? high) - (stats[k].min?.y ?? low)
            if low == high { return say("segment.steady", [fromX, toX, t(value(first))]) }
            // Back where it began: "ranged between 56 and 74, ending where it began", never "went from 67 to 67".
            // The bounds are a pair: the scale is said once ("화씨 56도와 74도 사이", "華氏56度から74度").
            if first == last { return say("segment.roundTrip", [fromX, toX, t(value(first))] + fromTo(low, high)) }
            if high - low > 0.05 * range {
                return say("segment.flatRange", [fromX, toX] + fromTo(first, last) + fromTo(low, high))
            }
        }
        // A small change is still a rise or a fall, said by its verb ("fell 0.2 percentage points").
        let rising = last > first
        let verb = t(verb(rising: rising))
        guard let size = amount(segment.change, from: first, to: last) else {
            return say("segment.change.noAmount", [fromX, toX, verb] + fromTo(first, last))
        }
        return say(rising ? "segment.rise" : "segment.fall", [fromX, toX, verb, t(size)] + fromTo(first, last))
    }

    /// Segments follow x; categories have no order for them to follow.
    func segments(_ k: Int) -> [SegmentDescription] {
        guard full.xType != .category else { return [] }
        return stats[k].segments.map { SegmentDescription(from: $0.from, to: $0.to, label: segmentLabel(series: k, $0)) }
    }
}
