import ChartpipeChartText
import ChartpipeCore
import ChartpipeText

/// Which points get labels in `description.points`.
public enum PointSelection: String, Sendable, CaseIterable, OptionChoice {
    /// Every point of the chart's data.
    case all
    /// First, last, extremes, peaks, valleys, outliers and segment starts.
    case notable
    case none
}

/// Writes the description layers of one chart in one locale from the trend statistics: every number
/// it says comes from `TrendResult` or the series themselves, never a statistic of its own.
struct ChartDescriber {
    let chart: ChartSpec
    /// The locale as the run asked for it; catalog lookups start from it.
    let locale: String
    let language: WrittenLanguage
    let catalog: Catalog
    let formats: LocaleFormats
    /// The series as they entered `downsample`: trend indices point here.
    let full: SeriesSet
    /// The series as drawn (after `downsample`).
    let data: SeriesSet
    let trend: TrendResult
    let x: XValueText
    let y: YValueText
    /// The chart's title, axis titles and series names, shared with the tables and SVG charts.
    let names: ChartNames
    /// Render problems met so far, for warnings.
    private(set) var problems: [String] = []

    init(context: ChartContext, trend: TrendResult, language: WrittenLanguage, catalog: Catalog) {
        chart = context.chart
        locale = language.requested
        self.language = language
        self.catalog = catalog
        formats = language.formats
        full = context.fullSeries
        data = context.data
        self.trend = trend
        x = XValueText(facts: XAxisFacts(full, zone: context.chart.x.zone), language: language, catalog: catalog)
        y = YValueText(facts: YAxisFacts(unit: context.chart.y.unit, series: full.series.map(\.y)), language: language)
        names = ChartNames(chart: context.chart, series: full, language: language, catalog: catalog)
    }


    // MARK: Rendering

    private mutating func say(_ key: String, _ arguments: [TemplateArgument]) -> String {
        let rendering = catalog.rendering("describe." + key, locale: locale, arguments)
        for problem in rendering.problems {
            let message = "key 'describe.\(key)' [\(locale)]: \(problem)"
            if !problems.contains(message) { problems.append(message) }
        }
        return rendering.text
    }

    private func t(_ s: String) -> TemplateArgument { .text(s) }

    // MARK: Amounts

    /// The size of a change without its sign; a change of a percentage is in percentage points.
    private mutating func size(_ change: TrendChange) -> String {
        y.unit == "percent" ? percentagePoints(abs(change.absolute)) : y.magnitude(change)
    }

    private mutating func signedSize(_ change: TrendChange) -> String {
        y.unit == "percent" ? percentagePoints(change.absolute) : y.signed(change)
    }

    private mutating func rate(_ value: Double) -> String {
        y.unit == "percent" ? percentagePoints(value, precision: YValueText.rateDigits(value)) : y.rate(value)
    }

    private mutating func percentagePoints(_ value: Double, precision: NumberPrecision = .maxFractionDigits(1)) -> String {
        let text = formats.number(value, precision: precision)
        // Only whether a fraction is shown matters to the plural ("1 percentage point", "1.5 percentage points").
        return say("percentPoints", [.number(text, value: value, fractionDigits: text.contains(".") ? 1 : 0)])
    }

    // MARK: Names

    var title: String { names.title }
    var xTitle: String { names.xTitle }
    var yTitle: String { names.yTitle }
    func seriesName(_ k: Int) -> String { names.seriesName(k) }

    // MARK: The whole description

    mutating func describe(points selection: PointSelection) -> (ChartDescription, labels: [[String]]) {
        let summary = self.summary()
        let axes = self.axes()
        let statistics = self.statistics()
        var labels: [[String]] = []
        var series: [SeriesDescription] = []
        for k in full.series.indices {
            let dataIndices = fullIndices(ofDataSeries: k)
            var labelCache: [Int: String] = [:]
            var seriesLabels: [String] = []
            seriesLabels.reserveCapacity(dataIndices.count)
            for i in dataIndices {
                let label = pointLabel(series: k, index: i)
                labelCache[i] = label
                seriesLabels.append(label)
            }
            labels.append(seriesLabels)
            let chosen: [Int]
            switch selection {
            case .all: chosen = dataIndices
            case .notable: chosen = notableIndices(series: k)
            case .none: chosen = []
            }
            let s = full.series[k]
            let points = chosen.map { i -> PointDescription in
                let label = labelCache[i] ?? pointLabel(series: k, index: i)
                return PointDescription(index: i, x: s.x[i], y: s.y[i].isFinite ? s.y[i] : nil, label: label)
            }
            series.append(SeriesDescription(name: seriesName(k), summary: seriesSummary(k),
                                            segments: segments(k), points: points))
        }
        let description = ChartDescription(locale: locale, chart: chart.id, title: title, summary: summary, axes: axes,
                                           statistics: statistics, series: series, navigation: navigation())
        return (description, labels)
    }

    // MARK: Summary

    private var stats: [SeriesTrend] { trend.series }

    /// First and last x and the lowest and highest values over every series.
    private var extent: (firstX: Double, lastX: Double, low: Double, high: Double)? {
        let present = stats.filter { $0.n > 0 }
        guard let firstX = present.compactMap({ $0.first?.x }).min(), let lastX = present.compactMap({ $0.last?.x }).max(),
              let low = present.compactMap({ $0.min?.y }).min(), let high = present.compactMap({ $0.max?.y }).max()
        else { return nil }
        return (firstX, lastX, low, high)
    }

    mutating func summary() -> String {
        guard let extent else { return say("overview.empty", [t(title)]) }
        let present = stats.indices.filter { stats[$0].n > 0 }
        if present.count == 1, let k = present.first, stats[k].n == 1, let p = stats[k].first {
            // Wide data without a y title names the one series that has the value, not "values".
            let what = chart.y.isWide && chart.y.title == nil ? seriesName(k) : yTitle
            return say("overview.single", [t(title), t(what), t(x.text(p.x)), t(y.text(p.y))])
        }
        if full.series.count == 1 {
            let overview = say("overview", [t(title), t(yTitle), t(xTitle)])
            return language.joining([overview, seriesSentence(0)])
        }
        let names = language.list(full.series.indices.map(seriesName))
        let overview = say("overview.series", [t(title), t(yTitle), t(names), t(x.text(extent.firstX)),
                                               t(x.text(extent.lastX)), t(y.text(extent.low)), t(y.text(extent.high))])
        return language.joining([overview, trendGroups(stats.indices.map { $0 })])
    }

    /// One sentence grouping the series by their Mann-Kendall verdict, each rise and fall with its size.
    private mutating func trendGroups(_ present: [Int]) -> String {
        var rose: [String] = [], fell: [String] = [], up: [String] = [], down: [String] = [], none: [String] = []
        var single: [String] = [], empty: [String] = []
        for k in present {
            let s = stats[k]
            // A series without values, or with one, has no trend to state: say what it has.
            if s.n == 0 { empty.append(seriesName(k)); continue }
            if s.n == 1 { single.append(seriesName(k)); continue }
            let verdict = direction(s)
            let name = seriesName(k)
            switch verdict {
            // "Rose" only when the trend and the change agree: a significant rise that ends below
            // its start is said as exactly that.
            case .increasing:
                if let change = s.change, change.absolute > 0 {
                    rose.append(say("summary.item", [t(name), t(size(change))]))
                } else {
                    up.append(name)
                }
            case .decreasing:
                if let change = s.change, change.absolute < 0 {
                    fell.append(say("summary.item", [t(name), t(size(change))]))
                } else {
                    down.append(name)
                }
            case .none:
                none.append(name)
            }
        }
        let groups = [("summary.rose", rose), ("summary.fell", fell), ("summary.trendUp", up), ("summary.trendDown", down),
                      ("summary.noTrend", none), ("summary.single", single), ("summary.noValues", empty)].filter { !$0.1.isEmpty }
        var clauses: [String] = []
        for (n, group) in groups.enumerated() {
            let key = n == groups.count - 1 ? group.0 : group.0 + ".then"
            clauses.append(say(key, [t(language.list(group.1))]))
        }
        return language.joining(clauses)
    }

    // MARK: Series

    /// The sentence that tells what a series did: a direction only when Mann-Kendall finds one.
    mutating func seriesSentence(_ k: Int) -> String {
        let s = stats[k]
        let name = seriesName(k)
        guard let first = s.first, let last = s.last, let low = s.min, let high = s.max else {
            return say("series.empty", [t(name)])
        }
        if s.n == 1 { return say("series.single", [t(name), t(x.text(first.x)), t(y.text(first.y))]) }
        let from = t(x.text(first.x)), to = t(x.text(last.x))
        if low.y == high.y { return say("series.constant", [t(name), from, to, t(y.text(first.y))]) }
        let extremes: [TemplateArgument] = [t(y.text(high.y)), t(x.text(high.x)), t(y.text(low.y)), t(x.text(low.x))]
        let change = s.change ?? TrendChange(from: first.y, to: last.y)
        switch direction(s) {
        case .increasing where change.absolute > 0:
            return say("series.rose", [t(name), from, to, t(size(change)), t(y.text(first.y)), t(y.text(last.y))] + extremes)
        case .decreasing where change.absolute < 0:
            return say("series.fell", [t(name), from, to, t(size(change)), t(y.text(first.y)), t(y.text(last.y))] + extremes)
        case .increasing:
            return say("series.trendUp", [t(name), from, to, t(y.text(first.y)), t(y.text(last.y))] + extremes)
        case .decreasing:
            return say("series.trendDown", [t(name), from, to, t(y.text(first.y)), t(y.text(last.y))] + extremes)
        case .none where full.xType == .category:
            // Categories have no order to follow: only the range and where its ends are.
            return say("series.categories", [t(name), t(y.text(low.y)), t(x.text(low.x)), t(y.text(high.y)), t(x.text(high.x))])
        case .none:
            return say("series.noTrend", [t(name), from, to, t(y.text(low.y)), t(x.text(low.x)), t(y.text(high.y)),
                                          t(x.text(high.x))])
        }
    }

    /// The direction a description may state: Mann-Kendall's verdict, and none for category x,
    /// whose order says nothing about a trend.
    private func direction(_ s: SeriesTrend) -> MonotonicTrend {
        full.xType == .category ? .none : (s.mannKendall?.trend ?? .none)
    }

    /// Values missing from a series (gaps), counted on the full series.
    private func gapCount(_ k: Int) -> Int { full.series[k].count - stats[k].n }

    mutating func seriesSummary(_ k: Int) -> String {
        var text = seriesSentence(k)
        let gaps = gapCount(k)
        if gaps > 0 && stats[k].n > 0 { text = language.joining([text, say("series.gaps", [t(seriesName(k)), .integer(gaps)])]) }
        return text
    }

    mutating func segmentLabel(series k: Int, _ segment: TrendSegment) -> String {
        let s = full.series[k]
        let arguments: [TemplateArgument] = [t(x.text(s.x[segment.from])), t(x.text(s.x[segment.to])),
                                             t(segment.direction == .flat ? signedSize(segment.change) : size(segment.change)),
                                             t(y.text(s.y[segment.from])), t(y.text(s.y[segment.to]))]
        if segment.direction == .flat {
            // A flat segment's ends may hide a swing between them: say the range it covered.
            let inside = s.y[segment.from...segment.to].filter(\.isFinite)
            let low = inside.min() ?? s.y[segment.from], high = inside.max() ?? s.y[segment.from]
            let range = (stats[k].max?.y ?? high) - (stats[k].min?.y ?? low)
            if low == high { return say("segment.steady", [arguments[0], arguments[1], arguments[3]]) }
            if high - low > 0.05 * range {
                return say("segment.flatRange", [arguments[0], arguments[1], arguments[3], arguments[4], t(y.text(low)), t(y.text(high))])
            }
        }
        switch segment.direction {
        case .rise: return say("segment.rise", arguments)
        case .fall: return say("segment.fall", arguments)
        case .flat: return say("segment.flat", arguments)
        }
    }

    /// Segments follow x; categories have no order for them to follow.
    mutating func segments(_ k: Int) -> [SegmentDescription] {
        guard full.xType != .category else { return [] }
        return stats[k].segments.map { SegmentDescription(from: $0.from, to: $0.to, label: segmentLabel(series: k, $0)) }
    }

    // MARK: Axes

    mutating func axes() -> [AxisDescription] {
        var xText: String
        switch full.xType {
        case .category:
            let labels = full.categories.map { catalog.text($0, locale: locale) }
            if labels.count <= 12 {
                xText = say("axis.x.categories", [t(xTitle), .integer(labels.count), t(language.list(labels))])
            } else {
                xText = say("axis.x.categoryRange", [t(xTitle), .integer(labels.count), t(labels.first ?? ""),
                                                     t(labels.last ?? "")])
            }
        case .time, .number:
            if let e = extent, e.firstX == e.lastX {
                xText = say("axis.x.single", [t(xTitle), t(x.text(e.firstX))])
            } else {
                let e = extent
                xText = say("axis.x", [t(xTitle), t(e.map { x.text($0.firstX) } ?? ""), t(e.map { x.text($0.lastX) } ?? "")])
            }
        }
        var axes = [AxisDescription(axis: .x, title: xTitle, text: xText)]
        if let range = chart.y.range {
            axes.append(AxisDescription(axis: .y, title: yTitle,
                                        text: say("axis.y", [t(yTitle), t(y.text(range.lowerBound)), t(y.text(range.upperBound))])))
        } else if let e = extent, e.low == e.high {
            axes.append(AxisDescription(axis: .y, title: yTitle, text: say("axis.y.single", [t(yTitle), t(y.text(e.low))])))
        } else if let e = extent {
            axes.append(AxisDescription(axis: .y, title: yTitle,
                                        text: say("axis.y", [t(yTitle), t(y.text(e.low)), t(y.text(e.high))])))
        }
        return axes
    }

    // MARK: Statistics

    mutating func statistics() -> [String] {
        var sentences: [String] = []
        for k in stats.indices {
            let s = stats[k]
            let name = t(seriesName(k))
            if s.n >= 2, let mean = s.mean, let median = s.median, let stdev = s.stdev {
                sentences.append(say("stat.center", [name, t(y.text(mean)), t(y.text(median)), t(y.text(stdev))]))
            }
            if let mk = s.mannKendall, full.xType != .category {
                let tau = t(formats.number(mk.tau, precision: .maxFractionDigits(2)))
                switch mk.trend {
                case .increasing: sentences.append(say("stat.mk.increasing", [name, t(pText(mk.p)), tau]))
                case .decreasing: sentences.append(say("stat.mk.decreasing", [name, t(pText(mk.p)), tau]))
                case .none: sentences.append(say("stat.mk.none", [name, t(pText(mk.p))]))
                }
                if mk.trend != .none, let sen = s.sen, let sentence = senSentence(name: name, slope: sen.slope) {
                    sentences.append(sentence)
                }
            }
            if !s.outliers.isEmpty {
                let items = s.outliers.map { say("valueAt", [t(y.text($0.point.y)), t(x.text($0.point.x))]) }
                sentences.append(say("stat.outliers", [name, .integer(items.count), t(language.list(items))]))
            }
            var thresholdNames: [String] = []
            for c in s.thresholdCrossings where !thresholdNames.contains(c.threshold) { thresholdNames.append(c.threshold) }
            for threshold in thresholdNames {
                let crossings = s.thresholdCrossings.filter { $0.threshold == threshold }
                guard let first = crossings.first else { continue }
                sentences.append(say("stat.threshold", [name, t(catalog.text(threshold, locale: locale)), t(y.text(first.value)),
                                                        .integer(crossings.count),
                                                        t(x.text(full.series[k].x[first.index]))]))
            }
            let gaps = gapCount(k)
            if gaps > 0 && s.n > 0 { sentences.append(say("series.gaps", [name, .integer(gaps)])) }
        }
        var pairs: [(Int, Int)] = []
        for c in trend.crossovers where !pairs.contains(where: { $0 == (c.a, c.b) }) { pairs.append((c.a, c.b)) }
        for (a, b) in pairs {
            let crossings = trend.crossovers.filter { $0.a == a && $0.b == b }
            guard let first = crossings.first else { continue }
            sentences.append(say("stat.crossovers", [t(seriesName(a)), t(seriesName(b)), .integer(crossings.count),
                                                     t(x.text(full.series[a].x[first.indexA]))]))
        }
        return sentences
    }

    /// "p = 0.012" or "p < 0.001": the notation is the same in every shipped locale.
    private func pText(_ p: Double) -> String {
        if p < 0.001 { return "p < " + formats.number(0.001) }
        return "p = " + formats.number(p, precision: .significantDigits(2))
    }

    /// Sen's slope per a calendar unit that suits the data's spacing (per hour, day, month, year).
    private mutating func senSentence(name: TemplateArgument, slope: Double) -> String? {
        switch full.xType {
        case .category: return nil
        case .number: return say("stat.sen.perX", [name, t(rate(slope)), t(xTitle)])
        case .time:
            // Slopes are per day (SPEC §4); a month is the Gregorian average of 30.436875 days.
            switch x.style {
            case .year: return say("stat.sen.perYear", [name, t(rate(slope * 365.2425))])
            case .yearMonth: return say("stat.sen.perMonth", [name, t(rate(slope * 30.436875))])
            case .monthDayTime, .yearMonthDayTime: return say("stat.sen.perHour", [name, t(rate(slope / 24))])
            default: return say("stat.sen.perDay", [name, t(rate(slope))])
            }
        }
    }

    // MARK: Points

    /// Positions in the full series of the points of `data.series[k]`: downsampling keeps a subset
    /// of the full points with their x, so each is found by its x.
    func fullIndices(ofDataSeries k: Int) -> [Int] {
        guard k < data.series.count else { return [] }
        let drawn = data.series[k], whole = full.series[k]
        if drawn.count == whole.count { return Array(0..<drawn.count) }
        var out: [Int] = []
        out.reserveCapacity(drawn.count)
        var j = 0
        for xv in drawn.x {
            while j < whole.count - 1 && whole.x[j] < xv { j += 1 }
            out.append(j)
        }
        return out
    }

    private func notableIndices(series k: Int) -> [Int] {
        let s = stats[k]
        var set = Set<Int>()
        for p in [s.first, s.last, s.min, s.max] { if let p { set.insert(p.index) } }
        for e in s.peaks { set.insert(e.point.index) }
        for e in s.valleys { set.insert(e.point.index) }
        for o in s.outliers { set.insert(o.point.index) }
        for g in s.segments { set.insert(g.from) }
        return set.sorted()
    }

    /// "June 6, $1,950, highest, 6 of 92": x, value, what is notable, position in the full series.
    mutating func pointLabel(series k: Int, index i: Int) -> String {
        let s = full.series[k]
        let position = Int64(i + 1), count = Int64(s.count)
        guard s.y[i].isFinite else {
            return say("point.missing", [t(x.text(s.x[i])), .integer(Int(position)), .integer(Int(count))])
        }
        let st = stats[k]
        var notes: [String] = []
        let isHighest = st.max?.index == i, isLowest = st.min?.index == i
        if isHighest && st.min?.y != st.max?.y { notes.append(say("note.highest", [])) }
        if isLowest && st.min?.y != st.max?.y { notes.append(say("note.lowest", [])) }
        if !isHighest && st.peaks.contains(where: { $0.point.index == i }) { notes.append(say("note.peak", [])) }
        if !isLowest && st.valleys.contains(where: { $0.point.index == i }) { notes.append(say("note.valley", [])) }
        if st.outliers.contains(where: { $0.point.index == i }) { notes.append(say("note.outlier", [])) }
        if notes.isEmpty {
            return say("point", [t(x.text(s.x[i])), t(y.text(s.y[i])), .integer(Int(position)), .integer(Int(count))])
        }
        return say("point.noted", [t(x.text(s.x[i])), t(y.text(s.y[i])), t(language.list(notes)), .integer(Int(position)),
                                   .integer(Int(count))])
    }

    // MARK: Navigation

    private mutating func prefixed(_ k: Int, _ label: String) -> String {
        full.series.count > 1 ? say("nav.seriesLabel", [t(seriesName(k)), t(label)]) : label
    }

    private mutating func pointEntry(_ k: Int, _ p: TrendPoint) -> NavigationEntry {
        let label = prefixed(k, say("nav.point", [t(x.text(p.x)), t(y.text(p.y))]))
        return NavigationEntry(series: k, index: p.index, x: p.x, y: p.y, label: label)
    }

    private mutating func segmentEntry(_ k: Int, _ g: TrendSegment) -> NavigationEntry {
        let s = full.series[k]
        return NavigationEntry(series: k, index: g.from, x: s.x[g.from], y: s.y[g.from],
                               label: prefixed(k, segmentLabel(series: k, g)))
    }

    mutating func navigation() -> [NavigationList] {
        var peaks: [NavigationEntry] = [], valleys: [NavigationEntry] = [], outliers: [NavigationEntry] = []
        var starts: [NavigationEntry] = [], rises: [NavigationEntry] = [], falls: [NavigationEntry] = []
        var thresholds: [NavigationEntry] = [], crossovers: [NavigationEntry] = []
        for k in stats.indices {
            let st = stats[k]
            let s = full.series[k]
            for e in st.peaks { peaks.append(pointEntry(k, e.point)) }
            for e in st.valleys { valleys.append(pointEntry(k, e.point)) }
            for o in st.outliers { outliers.append(pointEntry(k, o.point)) }
            // Segments, rises and falls follow x, which categories do not order.
            let segments = full.xType == .category ? [] : st.segments
            for g in segments { starts.append(segmentEntry(k, g)) }
            if let g = segments.filter({ $0.direction == .rise }).max(by: { $0.change.absolute < $1.change.absolute }) {
                rises.append(segmentEntry(k, g))
            }
            if let g = segments.filter({ $0.direction == .fall }).min(by: { $0.change.absolute < $1.change.absolute }) {
                falls.append(segmentEntry(k, g))
            }
            for c in st.thresholdCrossings {
                let arguments: [TemplateArgument] = [t(x.text(s.x[c.index])), t(seriesName(k)),
                                                     t(catalog.text(c.threshold, locale: locale)), t(y.text(c.value)),
                                                     t(y.text(s.y[c.index]))]
                let label = say(c.upward ? "nav.threshold.up" : "nav.threshold.down", arguments)
                thresholds.append(NavigationEntry(series: k, index: c.index, x: s.x[c.index], y: s.y[c.index], label: label))
            }
        }
        thresholds.sort { $0.x != $1.x ? $0.x < $1.x : $0.series < $1.series }
        for c in trend.crossovers where full.xType != .category {
            let k = c.above, other = c.above == c.a ? c.b : c.a
            let i = c.above == c.a ? c.indexA : c.indexB
            let s = full.series[k]
            let label = say("nav.crossover", [t(x.text(s.x[i])), t(seriesName(k)), t(seriesName(other))])
            crossovers.append(NavigationEntry(series: k, index: i, x: s.x[i], y: s.y[i], label: label))
        }
        let lists: [(String, [NavigationEntry])] = [
            ("peaks", peaks), ("valleys", valleys), ("outliers", outliers), ("segmentStarts", starts),
            ("largestRise", rises), ("largestFall", falls), ("thresholdCrossings", thresholds), ("crossovers", crossovers),
        ]
        var out: [NavigationList] = []
        for (name, entries) in lists where !entries.isEmpty {
            out.append(NavigationList(name: name, title: say("nav." + name, []), entries: entries))
        }
        return out
    }
}
