import ChartpipeChartText
import ChartpipeCore
import ChartpipeText

/// Writes the description layers of one chart in one locale from the trend statistics: every number
/// it says comes from `TrendResult` or the series themselves, never a statistic of its own.
struct ChartDescriber {
    let chart: ChartSpec
    /// The locale as the run asked for it; catalog lookups start from it.
    let locale: String
    let language: WrittenLanguage
    let catalog: Catalog
    /// The catalog's `describe.` keys for the locale, found once for the run.
    let phrases: Phrasebook
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
    /// What the values are: it chooses the verbs of a change and whether values take a counter.
    let kind: QuantityKind
    /// How the values were folded by `aggregate`, if they were.
    let aggregation: Aggregation?
    /// How `downsample` folded the bars, said in the summary (`ChartDescriber+BarFold`).
    let barFold: BarFold?
    /// The key of a count's counter: the chart's own (`describe.count.<id>`) when a catalog has it.
    let countKey: String
    /// The last part of the verb keys: the chart's id when a catalog gives it its own verbs
    /// (`describe.verb.rise.<id>`: an index in points rises and falls as prices do), else the kind.
    let verbKind: String
    /// Each series' dominant cycle, if it has one (time x only).
    let seasons: [Season?]
    /// Per series, the points `trend` found notable, by index in the full series: 1 a peak, 2 a
    /// valley, 4 an outlier (a point's label looks itself up once, not in each list: a
    /// two-million-point series is labelled point by point).
    let marks: [[Int: UInt8]]
    /// Per series, its first value that is not missing, and whether one is missing (`Facts`).
    let firstFinite: [Double?]
    let hasGap: [Bool]
    /// Per series, what a point's label needs of its statistics (`Facts.LabelBasis`).
    let labelBasis: [Facts.LabelBasis]
    /// The plain label of a point ("June 6, $1,950, 6 of 92") when this locale's text joins parts
    /// (`Phrasebook.fixed`), and each full series' count as it writes it: two million labels of a
    /// series render without a renderer each (issue 12).
    private let pointPhrase: FixedPhrase?
    private let countTexts: [String]
    /// Render problems met so far, for warnings. Kept in a sink, not in the describer, so that
    /// labelling a point copies nothing (a copy of the describer retains every field).
    private let sink = ProblemSink()
    var problems: [String] { sink.problems }
    /// The run's: labelling every point of a long series polls it.
    let cancellation: Cancellation

    /// What the description of a chart says alike in every locale, found once for all of them:
    /// each series' cycle and the facts of the axes.
    struct Facts: Sendable {
        let seasons: [Season?]
        let x: XAxisFacts
        let y: YAxisFacts
        /// See `ChartDescriber.marks`.
        let marks: [[Int: UInt8]]
        /// Per series, its first value that is not missing, and whether one is missing.
        let firstFinite: [Double?]
        let hasGap: [Bool]
        let labelBasis: [LabelBasis]

        /// What a point's label needs of its series' statistics, without a reference to count:
        /// a label made two million times copies it, not the series' whole `SeriesTrend`.
        struct LabelBasis: Sendable {
            /// Full-series indices of the highest and lowest values.
            let highest: Int?
            let lowest: Int?
            /// The highest value is not the lowest.
            let varies: Bool
        }

        init(_ context: ChartContext, trend: TrendResult) {
            seasons = ChartDescriber.seasons(of: context, alpha: trend.alpha)
            firstFinite = context.fullSeries.series.map { $0.y.first(where: \.isFinite) }
            hasGap = context.fullSeries.series.map { $0.y.contains { !$0.isFinite } }
            marks = trend.series.map { s in
                var m: [Int: UInt8] = [:]
                for p in s.peaks { m[p.point.index, default: 0] |= 1 }
                for v in s.valleys { m[v.point.index, default: 0] |= 2 }
                for o in s.outliers { m[o.point.index, default: 0] |= 4 }
                return m
            }
            labelBasis = trend.series.map { LabelBasis(highest: $0.max?.index, lowest: $0.min?.index, varies: $0.min?.y != $0.max?.y) }
            x = XAxisFacts(context.fullSeries, zone: context.chart.x.zone, unit: context.chart.x.unit,
                           aggregation: context[AggregationKey.self])
            y = YAxisFacts(unit: context.chart.y.unit, series: context.fullSeries.series.map(\.y))
        }
    }

    /// `facts`: the chart's (`Facts(context, trend:)`), found once for every locale.
    init(context: ChartContext, trend: TrendResult, language: WrittenLanguage, catalog: Catalog, facts: Facts? = nil) {
        let facts = facts ?? Facts(context, trend: trend)
        chart = context.chart
        cancellation = context.cancellation
        locale = language.requested
        self.language = language
        self.catalog = catalog
        phrases = catalog.phrasebook(for: language.requested, prefix: "describe.")
        formats = language.formats
        full = context.fullSeries
        data = context.data
        self.trend = trend
        marks = facts.marks
        firstFinite = facts.firstFinite
        hasGap = facts.hasGap
        labelBasis = facts.labelBasis
        x = XValueText(facts: facts.x, language: language, catalog: catalog)
        let yFacts = facts.y
        y = YValueText(facts: yFacts, language: language)
        aggregation = context[AggregationKey.self]
        barFold = context[BarFoldKey.self]
        kind = yFacts.kind(counted: aggregation?.op == "count")
        countKey = catalog.entries["describe.count.\(context.chart.id)"] != nil ? "count.\(context.chart.id)" : "count"
        verbKind = catalog.entries["describe.verb.rise.\(context.chart.id)"] != nil ? context.chart.id : kind.rawValue
        seasons = facts.seasons
        names = ChartNames(chart: context.chart, series: full, language: language, catalog: catalog)
        let pointPhrase = phrases.fixed("point", kinds: [.text, .text, .integer, .integer])
        self.pointPhrase = pointPhrase
        countTexts = pointPhrase.map { phrase in context.fullSeries.series.map { phrase.integer($0.count) } } ?? []
    }


    /// Each series' dominant cycle (time x only); the same in every locale.
    static func seasons(of context: ChartContext, alpha: Double = 0.05) -> [Season?] {
        let zone = context.chart.x.zone
        return context.fullSeries.xType == .time
            ? context.fullSeries.series.map { Seasonality.find(x: $0.x, y: $0.y, zone: zone, alpha: alpha) } : []
    }

    // MARK: Rendering

    private func say(_ key: String, _ arguments: [TemplateArgument]) -> String {
        let rendering = phrases.rendering(key, arguments)
        note(rendering.problems, key: key)
        return rendering.text
    }

    /// Keeps the problems of rendering `describe.<key>`, for warnings.
    func note(_ problems: [String], key: String) {
        for problem in problems { sink.add("key 'describe.\(key)' [\(locale)]: \(problem)") }
    }

    private func t(_ s: String) -> TemplateArgument { .text(s) }

    // MARK: Values and amounts

    /// A value as a reader hears it: with its unit, and a count with the language's counter.
    func value(_ v: Double) -> String { value(v, amount: false) }

    /// A value; an `amount` (a threshold, a change, a bound the pipeline set) drops needless cents.
    func value(_ v: Double, amount: Bool) -> String {
        let text = y.text(v, trimmingCents: amount)
        guard kind == .count && v.isFinite else { return text }
        return counted(text)
    }

    /// A count with its counter: the chart's own (`describe.count.<id>`: "3,738회") or the language's
    /// general one, which Korean and Japanese leave out, as English does (a number of members is not
    /// "5개"); Chinese writes 个.
    private func counted(_ text: String) -> String {
        // Korean spaces a counter after a number written with Hangul units ("760만 1천 명", "3,738명").
        let spaced = language.language == "ko" && text.unicodeScalars.last.map { (0xAC00...0xD7A3).contains($0.value) } == true
        let out = say(countKey, [t(spaced ? text + " " : text)])
        return spaced && out.hasSuffix(" ") ? String(out.dropLast()) : out
    }

    /// A statistic of the values (mean, median): money without minor units keeps two decimals below 100.
    func statistic(_ v: Double) -> String {
        kind == .count ? value(v) : y.statistic(v)
    }

    /// The standard deviation: a spread of percentages is in percentage points, of temperatures in
    /// degrees (the scale was named with the mean: "표준편차는 9.47도", never "화씨 9.47도", which
    /// reads as a temperature), and of counts without the general counter ("标准差为2.8", not "2.8个").
    func spread(_ v: Double) -> String {
        switch kind {
        case .percentage: return percentagePoints(v)
        case .temperature: return degrees(v, precision: .maxFractionDigits(2))
        case .count where countKey == "count": return y.text(v)
        default: return statistic(v)
        }
    }

    /// A difference of temperatures in degrees, without the scale ("4 degrees", "4도", "4度").
    private func degrees(_ v: Double, precision: NumberPrecision) -> String {
        let text = formats.nonZeroNumber(v, precision: precision)
        return say("degrees", [.number(text, value: v, fractionDigits: text.contains(".") ? 1 : 0)])
    }

    /// An event's place on the x axis as a sentence says it: "in 2009", "on June 12", "at 5 hours".
    func when(_ xv: Double) -> String {
        say("when." + x.when.rawValue, [t(x.text(xv))])
    }

    /// The verb of a change of this chart's values: prices rise and fall, counts increase and decrease.
    func verb(rising: Bool) -> String {
        say("verb.\(rising ? "rise" : "fall").\(verbKind)", [])
    }

    /// The size of a change without its sign, or nil when it would only repeat the last value (a
    /// change from 0). A percentage changes by percentage points; a rise to three times or more
    /// is a multiple ("13.5-fold"), as newspapers write it.
    /// `standalone`: the amount stands alone, in brackets (a multiple as a noun: "3.5倍", not "3.5倍に").
    private func amount(_ change: TrendChange, from first: Double, to last: Double, standalone: Bool = false) -> String? {
        if kind == .percentage { return percentagePoints(abs(change.absolute)) }
        if let percent = change.percent, y.hasTrueZero {
            if percent >= 200, first > 0 {
                return say(standalone ? "multiple.noun" : "multiple", [t(formats.number(last / first, precision: .maxFractionDigits(1)))])
            }
            return formats.percent(abs(percent))
        }
        if first == 0 { return nil }
        // A change of temperature is in degrees: the scale was named with the values ("rose 4 degrees").
        if kind == .temperature { return degrees(abs(change.absolute), precision: .maxFractionDigits(2)) }
        return value(abs(change.absolute), amount: true)
    }

    /// A rate (a slope) without its sign.
    private func rate(_ value: Double) -> String {
        let size = abs(value)
        if kind == .percentage { return percentagePoints(size, precision: YValueText.rateDigits(size)) }
        // A rate of temperatures is a difference: in degrees, as changes are ("0.082 degrees per day").
        if kind == .temperature { return degrees(size, precision: YValueText.rateDigits(size)) }
        let text = y.rate(size)
        return kind == .count ? counted(text) : text
    }

    private func percentagePoints(_ value: Double, precision: NumberPrecision = .maxFractionDigits(1)) -> String {
        // A change that is not zero never reads as zero ("0.04 percentage points", never "0").
        let text = formats.nonZeroNumber(value, precision: precision)
        // Only whether a fraction is shown matters to the plural ("1 percentage point", "1.5 percentage points").
        return say("percentPoints", [.number(text, value: value, fractionDigits: text.contains(".") ? 1 : 0)])
    }

    // MARK: Names

    var title: String { names.title }
    var xTitle: String { names.xTitle }
    var yTitle: String { names.yTitle }
    func seriesName(_ k: Int) -> String { names.seriesName(k) }

    // MARK: The whole description

    /// `labelsAtOnce`: most drawn points whose labels are made here, not when read (a test sets it).
    func describe(points selection: PointSelection, labelsAtOnce: Int = ChartDescriber.labelsMadeAtOnce)
        throws(Cancelled) -> (ChartDescription, labels: PointLabels) {
        let summary = language.joining([self.summary()] + [barFoldSentence()].compactMap { $0 })
        let axes = self.axes()
        let statistics = self.statistics()
        // The drawn points' labels are read by every file and by later stages: a chart of a few
        // points makes them once, here; a large one when each reads them.
        let drawnLabels = drawnCount <= labelsAtOnce ? try self.drawnLabels() : nil
        var series: [SeriesDescription] = []
        for k in full.series.indices {
            try cancellation.check()
            // A translation that does not render for some point is met, and warned of, before any
            // file is written, though a large chart's labels are made only as files are written (issue 12).
            checkPointLabels(series: k)
            let chosen: [Int]?
            // Whether the points listed are the drawn points, whose labels may be made already.
            var listsDrawn = false
            switch selection {
            case .all: chosen = dataIndices(k); listsDrawn = true
            case .auto:
                listsDrawn = full.series.count <= PointSelection.allUpToSeries && drawnCount <= PointSelection.allUpToPoints
                chosen = listsDrawn ? dataIndices(k) : notableIndices(series: k)
            case .notable: chosen = notableIndices(series: k)
            case .none: chosen = []
            }
            // The shape as a braille display shows it: of the drawn points, as the chart draws them.
            let drawn = data.series.indices.contains(k) ? data.series[k].y : full.series[k].y
            let made = listsDrawn ? drawnLabels?[k] : nil
            series.append(SeriesDescription(name: seriesName(k), summary: seriesSummary(k), segments: segments(k),
                                            points: points(series: k, chosen: chosen, labels: made),
                                            braille: BrailleSparkline.render(drawn)))
        }
        let description = ChartDescription(locale: locale, chart: chart.id, title: title, summary: summary, axes: axes,
                                           statistics: statistics, series: series, navigation: navigation())
        return (description, drawnLabels.map { PointLabels($0) } ?? pointLabels())
    }

    // MARK: Summary

    var stats: [SeriesTrend] { trend.series }

    /// First and last x and the lowest and highest values over every series.
    private var extent: (firstX: Double, lastX: Double, low: Double, high: Double)? {
        let present = stats.filter { $0.n > 0 }
        guard let firstX = present.compactMap({ $0.first?.x }).min(), let lastX = present.compactMap({ $0.last?.x }).max(),
              let low = present.compactMap({ $0.min?.y }).min(), let high = present.compactMap({ $0.max?.y }).max()
        else { return nil }
        return (firstX, lastX, low, high)
    }

    func summary() -> String {
        guard let extent else { return say("overview.empty", [t(title)]) }
        let present = stats.indices.filter { stats[$0].n > 0 }
        if present.count == 1, let k = present.first, stats[k].n == 1, let p = stats[k].first {
            // Wide data without a y title names the one series that has the value, not "values".
            let what = chart.y.isWide && chart.y.title == nil ? seriesName(k) : yTitle
            return say("overview.single", [t(title), t(what), t(x.text(p.x, withYear: true)), t(value(p.y))])
        }
        if full.series.count == 1 {
            // "Battery level shows Battery level by Time" says the title twice: then it is said once.
            let overview = title == yTitle ? say("overview.sameTitle", [t(language.midSentence(yTitle)), t(language.midSentence(xTitle))])
                : say("overview", [t(title), t(language.midSentence(yTitle)), t(language.midSentence(xTitle))])
            return language.joining([overview, seriesSentence(0, inSummary: true)] + [seasonSentence(0)].compactMap { $0 })
        }
        let (from, to) = span(extent.firstX, extent.lastX, withYear: true)
        if isManySeries {
            // Two hundred names are no summary: count the series and name the few that matter.
            let overview = say("overview.many", [t(title), t(language.midSentence(yTitle)), .integer(full.series.count), t(from), t(to)]
                                   + fromTo(extent.low, extent.high))
            return language.joining([overview, manySummary()])
        }
        let names = language.list(full.series.indices.map(seriesName))
        let overview = say("overview.series", [t(title), t(language.midSentence(yTitle)), t(names), t(from), t(to)]
                               + fromTo(extent.low, extent.high))
        return language.joining([overview, trendGroups(stats.indices.map { $0 })])
    }

    /// Beyond this many series a summary counts them and names only the few that matter.
    static let handful = 8
    /// Most entries of a navigation list; its title says how many there are in all.
    static let navigationCap = 100

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

    var isManySeries: Bool { full.series.count > ChartDescriber.handful }

    /// The series that matter among many: the largest rise, the largest fall, the highest and the
    /// lowest value (each once, in series order).
    var notableSeries: [Int] {
        let present = stats.indices.filter { stats[$0].n >= 2 }
        func relative(_ k: Int) -> Double {
            guard let change = stats[k].change else { return 0 }
            return change.percent ?? change.absolute
        }
        var picks: [Int] = []
        if let k = present.filter({ relative($0) > 0 }).max(by: { relative($0) < relative($1) }) { picks.append(k) }
        if let k = present.filter({ relative($0) < 0 }).min(by: { relative($0) < relative($1) }) { picks.append(k) }
        if let k = stats.indices.filter({ stats[$0].max != nil }).max(by: { (stats[$0].max?.y ?? 0) < (stats[$1].max?.y ?? 0) }) { picks.append(k) }
        if let k = stats.indices.filter({ stats[$0].min != nil }).min(by: { (stats[$0].min?.y ?? 0) < (stats[$1].min?.y ?? 0) }) { picks.append(k) }
        return Array(Set(picks)).sorted()
    }

    /// The summary of many series: how many rose, fell or had no trend; which rose and fell the
    /// most; where the highest and lowest values are.
    private func manySummary() -> String {
        var rose = 0, fell = 0, none = 0
        for s in stats where s.n >= 2 {
            switch direction(s) {
            case .increasing: rose += 1
            case .decreasing: fell += 1
            case .none: none += 1
            }
        }
        var sentences = [manyCounts(rose: rose, fell: fell, none: none)]
        func relative(_ k: Int) -> Double {
            guard let change = stats[k].change else { return 0 }
            return change.percent ?? change.absolute
        }
        let present = stats.indices.filter { stats[$0].n >= 2 }
        for rising in [true, false] {
            let candidates = present.filter { rising ? relative($0) > 0 : relative($0) < 0 }
            guard let k = rising ? candidates.max(by: { relative($0) < relative($1) }) : candidates.min(by: { relative($0) < relative($1) }),
                  let first = stats[k].first, let last = stats[k].last, let change = stats[k].change else { continue }
            let size = amount(change, from: first.y, to: last.y, standalone: true)
                ?? say("summary.fromTo", [t(value(first.y)), t(value(last.y))])
            // "Increased the most" only where the test finds the rise; else what the ends say.
            let backed = direction(stats[k]) == (rising ? .increasing : .decreasing)
            sentences.append(backed ? say("summary.most", [t(seriesName(k)), t(verb(rising: rising)), t(size)])
                             : say(rising ? "summary.most.endedHigher" : "summary.most.endedLower", [t(seriesName(k)), t(size)]))
        }
        let withMax = stats.indices.filter { stats[$0].max != nil }
        if let hk = withMax.max(by: { (stats[$0].max?.y ?? 0) < (stats[$1].max?.y ?? 0) }),
           let lk = withMax.min(by: { (stats[$0].min?.y ?? 0) < (stats[$1].min?.y ?? 0) }),
           let high = stats[hk].max, let low = stats[lk].min {
            sentences.append(say("summary.highestLowest", [t(value(high.y)), t(seriesName(hk)), t(x.text(high.x)),
                                                            t(value(low.y)), t(seriesName(lk)), t(x.text(low.x))]))
        }
        return language.joining(sentences)
    }

    /// How many of many series rose, fell or had no trend, without a clause for a count of zero
    /// ("all 10 rose", never "10 rose, 0 fell and 0 showed no trend").
    private func manyCounts(rose: Int, fell: Int, none: Int) -> String {
        let up = t(verb(rising: true)), down = t(verb(rising: false))
        switch (rose, fell, none) {
        case (0, 0, _): return say("summary.many.noTrend", [.integer(none)])
        case (_, 0, 0): return say("summary.many.all", [.integer(rose), up])
        case (0, _, 0): return say("summary.many.all", [.integer(fell), down])
        case (_, _, 0): return say("summary.many.riseFall", [.integer(rose), .integer(fell), up, down])
        case (_, 0, _): return say("summary.many.oneWay", [.integer(rose), .integer(none), up])
        case (0, _, _): return say("summary.many.oneWay", [.integer(fell), .integer(none), down])
        default: return say("summary.many", [.integer(rose), .integer(fell), .integer(none), up, down])
        }
    }

    /// Sentences grouping the series by their Mann-Kendall verdict; each rise and fall is stated
    /// with its own amount ("North rose 67.7%, South 27.7%"), never bracketed, so that a change
    /// cannot be taken for a share.
    private func trendGroups(_ present: [Int]) -> String {
        var rose: [(name: String, amount: String)] = [], fell: [(name: String, amount: String)] = []
        var up: [String] = [], down: [String] = [], none: [String] = [], single: [String] = [], empty: [String] = []
        for k in present {
            let s = stats[k]
            // A series without values, or with one, has no trend to state: say what it has.
            if s.n == 0 { empty.append(seriesName(k)); continue }
            if s.n == 1 { single.append(seriesName(k)); continue }
            let name = seriesName(k)
            guard let first = s.first, let last = s.last else { continue }
            let change = s.change ?? TrendChange(from: first.y, to: last.y)
            let size = amount(change, from: first.y, to: last.y)
                ?? say("summary.fromTo", [t(value(first.y)), t(value(last.y))])
            switch direction(s) {
            // "Rose" only when the trend and the change agree: a significant rise that ends below
            // its start is said as exactly that.
            case .increasing where change.absolute > 0: rose.append((name, size))
            case .decreasing where change.absolute < 0: fell.append((name, size))
            case .increasing: up.append(name)
            case .decreasing: down.append(name)
            case .none: none.append(name)
            }
        }
        var sentences: [String] = []
        for (group, rising) in [(rose, true), (fell, false)] where !group.isEmpty {
            sentences.append(changeSentence(group, verb: verb(rising: rising)))
        }
        for (key, names) in [("summary.trendUp", up), ("summary.trendDown", down), ("summary.noTrend", none),
                             ("summary.single", single), ("summary.noValues", empty)] where !names.isEmpty {
            // The trend's words are the verbs of the quantity, as the statistics say them (하락 추세, never 감소 추세 beside 하락).
            let verbs = key == "summary.trendUp" ? [t(verb(rising: true))] : key == "summary.trendDown" ? [t(verb(rising: false))] : []
            sentences.append(say(key, [t(language.list(names))] + verbs))
        }
        return language.joining(sentences)
    }

    /// One sentence for series that changed the same way, each with its amount.
    private func changeSentence(_ group: [(name: String, amount: String)], verb: String) -> String {
        guard let lead = group.first else { return "" }
        if group.count == 1 { return say("summary.change.one", [t(lead.name), t(verb), t(lead.amount)]) }
        var pairs: [String] = []
        for item in group { pairs.append(say("summary.pair", [t(item.name), t(item.amount)])) }
        return say("summary.change", [t(verb), t(language.list(pairs)), t(language.enumeration(pairs)),
                                      t(language.list(group.map(\.name))), t(language.list(group.map(\.amount))),
                                      t(lead.name), t(lead.amount), t(language.list(Array(pairs.dropFirst())))])
    }

    // MARK: Series

    /// The sentence that tells what a series did: a direction only when Mann-Kendall finds one.
    /// The first and last x of a range; with `withYear`, the year is said once even when the axis
    /// leaves it out, where the language puts it (at the start in Korean, Chinese and Japanese).
    private func span(_ a: Double, _ b: Double, withYear: Bool) -> (String, String) {
        let yearLeads = language.yearLeads
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
        case .increasing:
            return say("series.trendUp", [t(name), from, to] + ends + extremes + [t(verb(rising: true))])
        case .decreasing:
            return say("series.trendDown", [t(name), from, to] + ends + extremes + [t(verb(rising: false))])
        case .none where full.xType == .category:
            // Categories have no order to follow: only the range and where its ends are.
            return say("series.categories", [t(name), t(value(low.y)), t(x.text(low.x)), t(value(high.y)), t(x.text(high.x))])
        case .none:
            let range = [t(name), from, to, t(value(low.y)), t(x.text(low.x)), t(value(high.y)), t(x.text(high.x))]
            if let noun = aggregatedNoun() { return say("series.noTrend.aggregated", range + [t(noun)]) }
            return say("series.noTrend", range)
        }
    }

    /// The ends of a change or a range, the unit said once where the language does ("from 67 to 68
    /// degrees Fahrenheit"); counts keep their counters on both.
    private func fromTo(_ a: Double, _ b: Double, amount: Bool = false) -> [TemplateArgument] {
        if amount { return [t(value(a, amount: amount)), t(value(b, amount: amount))] }
        // Two values that differ never read alike ("1.27亿" and "1.27亿"): each gets the digits that tell them apart.
        if kind == .count {
            let (first, second) = y.apart(a, b)
            return [t(a.isFinite ? counted(first) : first), t(b.isFinite ? counted(second) : second)]
        }
        let (first, second) = y.ends(a, b)
        return [t(first), t(second)]
    }

    /// The clause on a series' highest and lowest values that are not its first or last value
    /// (those were just said), or empty.
    private func innerExtremes(_ s: SeriesTrend) -> String {
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
            return say("extremes.both" + suffix, [t(value(high.y)), t(x.text(high.x)), t(value(low.y)), t(x.text(low.x))] + (noun ?? []))
        case (true, false): return say("extremes.highest" + suffix, [t(value(high.y)), t(x.text(high.x))] + (noun ?? []))
        case (false, true): return say("extremes.lowest" + suffix, [t(value(low.y)), t(x.text(low.x))] + (noun ?? []))
        case (false, false): return ""
        }
    }

    /// What an aggregated value is ("weekly mean", "주간 평균", "每周平均值", "週平均"), or nil.
    private func aggregatedNoun() -> String? {
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
    private func direction(_ s: SeriesTrend) -> MonotonicTrend {
        guard full.xType != .category else { return .none }
        if s.n >= 2 && s.n <= 3, let change = s.change, change.absolute != 0 {
            return change.absolute > 0 ? .increasing : .decreasing
        }
        return s.mannKendall?.trend ?? .none
    }

    /// Values missing from a series (gaps), counted on the full series.
    private func gapCount(_ k: Int) -> Int { full.series[k].count - stats[k].n }

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
    private func cycleLength(_ period: Double) -> String? {
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
    private func phaseText(_ span: Season.Span, _ period: Season.Period) -> String {
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

    // MARK: Axes

    func axes() -> [AxisDescription] {
        var xText: String
        switch full.xType {
        case .category:
            let labels = full.categories.map { catalog.text($0, locale: locale) }
            if labels.count <= 12 {
                xText = say("axis.x.categories", [t(language.midSentence(xTitle)), .integer(labels.count), t(language.list(labels))])
            } else {
                xText = say("axis.x.categoryRange", [t(language.midSentence(xTitle)), .integer(labels.count), t(labels.first ?? ""),
                                                     t(labels.last ?? "")])
            }
        case .time, .number:
            if let e = extent, e.firstX == e.lastX {
                xText = say("axis.x.single", [t(language.midSentence(xTitle)), t(x.text(e.firstX))])
            } else {
                let e = extent
                xText = say("axis.x", [t(language.midSentence(xTitle)), t(e.map { x.text($0.firstX) } ?? ""), t(e.map { x.text($0.lastX) } ?? "")])
            }
        }
        var axes = [AxisDescription(axis: .x, title: xTitle, text: xText)]
        if let range = chart.y.range {
            axes.append(AxisDescription(axis: .y, title: yTitle,
                                        text: say("axis.y", [t(language.midSentence(yTitle))] + fromTo(range.lowerBound, range.upperBound, amount: true))))
        } else if let e = extent, e.low == e.high {
            axes.append(AxisDescription(axis: .y, title: yTitle, text: say("axis.y.single", [t(language.midSentence(yTitle)), t(value(e.low))])))
        } else if let e = extent {
            axes.append(AxisDescription(axis: .y, title: yTitle,
                                        text: say("axis.y", [t(language.midSentence(yTitle))] + fromTo(e.low, e.high))))
        }
        return axes
    }

    // MARK: Statistics

    func statistics() -> [String] {
        var sentences: [String] = []
        // Of many series, the few that matter; the others have their own sections.
        for k in isManySeries ? notableSeries : Array(stats.indices) {
            let s = stats[k]
            let name = t(seriesName(k))
            if s.n >= 2, let mean = s.mean, let median = s.median, let stdev = s.stdev {
                sentences.append(say("stat.center", [name, t(statistic(mean)), t(statistic(median)), t(spread(stdev))]))
            }
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
                let crossings = s.thresholdCrossings.filter { $0.threshold == threshold }
                guard let first = crossings.first else { continue }
                let arguments = [name, t(catalog.text(threshold, locale: locale)), t(value(first.value, amount: true))]
                let at = t(when(full.series[k].x[first.index]))
                // One crossing is one event ("crossed once, on June 24"), not a series with a first.
                sentences.append(crossings.count == 1 ? say("stat.threshold.once", arguments + [at])
                                 : say("stat.threshold", arguments + [.integer(crossings.count), at]))
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
    private func pText(_ p: Double) -> String {
        if p < 0.001 { return "p < " + formats.number(0.001) }
        return "p = " + formats.number(p, precision: .significantDigits(2))
    }

    /// Sen's slope per a unit that suits the data (per hour, day, month, year, or x's own unit),
    /// signed by its verb; nil for a slope of 0, which has no direction to state.
    private func senSentence(name: TemplateArgument, slope: Double) -> String? {
        guard slope != 0, slope.isFinite else { return nil }
        let verb = t(verb(rising: slope > 0))
        switch full.xType {
        case .category: return nil
        case .number:
            if x.facts.isYears { return say("stat.sen.perYear", [name, verb, t(rate(slope))]) }
            if let unit = x.facts.unit {
                return say("stat.sen.perUnit", [name, verb, t(rate(slope)), t(formats.measure(1, unit: unit))])
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

    func notableIndices(series k: Int) -> [Int] {
        let s = stats[k]
        var set = Set<Int>()
        for p in [s.first, s.last, s.min, s.max] { if let p { set.insert(p.index) } }
        for e in s.peaks { set.insert(e.point.index) }
        for e in s.valleys { set.insert(e.point.index) }
        for o in s.outliers { set.insert(o.point.index) }
        for g in s.segments { set.insert(g.from) }
        return set.sorted()
    }

    /// "June 6, $1,950, highest, 6 of 92": x, value, what is notable, position in the full series;
    /// on a chart of several series it starts with the series ("South: June 1, $1,022, …").
    func pointLabel(series k: Int, index i: Int) -> String {
        prefixed(k, ownLabel(series: k, index: i))
    }

    private func ownLabel(series k: Int, index i: Int) -> String {
        // Read in place: a copy of the series or of its statistics would retain each of their arrays per label.
        let xi = full.series[k].x[i], yi = full.series[k].y[i]
        let position = i + 1, count = full.series[k].count
        guard yi.isFinite else {
            return say("point.missing", [t(x.text(xi)), .integer(position), .integer(count)])
        }
        var notes: [String] = []
        let basis = labelBasis[k]
        let isHighest = basis.highest == i, isLowest = basis.lowest == i
        if isHighest && basis.varies { notes.append(say("note.highest", [])) }
        if isLowest && basis.varies { notes.append(say("note.lowest", [])) }
        let mark = k < marks.count ? marks[k][i] ?? 0 : 0
        if !isHighest && mark & 1 != 0 { notes.append(say("note.peak", [])) }
        if !isLowest && mark & 2 != 0 { notes.append(say("note.valley", [])) }
        if mark & 4 != 0 { notes.append(say("note.outlier", [])) }
        if notes.isEmpty {
            if let pointPhrase {
                return pointPhrase.render { a in
                    switch a {
                    case 0: return x.text(xi)
                    case 1: return value(yi)
                    case 2: return pointPhrase.integer(position)
                    default: return countTexts[k]
                    }
                }
            }
            return say("point", [t(x.text(xi)), t(value(yi)), .integer(position), .integer(count)])
        }
        return say("point.noted", [t(x.text(xi)), t(value(yi)), t(language.list(notes)), .integer(position), .integer(count)])
    }

    // MARK: Navigation

    private func prefixed(_ k: Int, _ label: String) -> String {
        full.series.count > 1 ? say("nav.seriesLabel", [t(seriesName(k)), t(label)]) : label
    }

    private func pointEntry(_ k: Int, _ p: TrendPoint) -> NavigationEntry {
        let label = prefixed(k, say("nav.point", [t(x.text(p.x)), t(value(p.y))]))
        return NavigationEntry(series: k, index: p.index, x: p.x, y: p.y, label: label)
    }

    private func segmentEntry(_ k: Int, _ g: TrendSegment) -> NavigationEntry {
        let s = full.series[k]
        return NavigationEntry(series: k, index: g.from, x: s.x[g.from], y: s.y[g.from],
                               label: prefixed(k, segmentLabel(series: k, g)))
    }

    func navigation() -> [NavigationList] {
        let cap = ChartDescriber.navigationCap
        var peaks: [NavigationEntry] = [], valleys: [NavigationEntry] = [], outliers: [NavigationEntry] = []
        var starts: [NavigationEntry] = [], rises: [NavigationEntry] = [], falls: [NavigationEntry] = []
        var thresholds: [NavigationEntry] = [], crossovers: [NavigationEntry] = []
        // How many entries each list has in all; only the first `cap` are written (in series order,
        // thresholds and crossovers in x order).
        var totals: [String: Int] = [:]
        for k in stats.indices {
            let st = stats[k]
            let s = full.series[k]
            for e in st.peaks where peaks.count < cap { peaks.append(pointEntry(k, e.point)) }
            for e in st.valleys where valleys.count < cap { valleys.append(pointEntry(k, e.point)) }
            for o in st.outliers where outliers.count < cap { outliers.append(pointEntry(k, o.point)) }
            totals["peaks", default: 0] += st.peaks.count
            totals["valleys", default: 0] += st.valleys.count
            totals["outliers", default: 0] += st.outliers.count
            // Segments, rises and falls follow x, which categories do not order.
            let segments = full.xType == .category ? [] : st.segments
            for g in segments where starts.count < cap { starts.append(segmentEntry(k, g)) }
            totals["segmentStarts", default: 0] += segments.count
            if let g = segments.filter({ $0.direction == .rise }).max(by: { $0.change.absolute < $1.change.absolute }) {
                if rises.count < cap { rises.append(segmentEntry(k, g)) }
                totals["largestRise", default: 0] += 1
            }
            if let g = segments.filter({ $0.direction == .fall }).min(by: { $0.change.absolute < $1.change.absolute }) {
                if falls.count < cap { falls.append(segmentEntry(k, g)) }
                totals["largestFall", default: 0] += 1
            }
            for c in st.thresholdCrossings {
                let arguments: [TemplateArgument] = [t(x.text(s.x[c.index])), t(seriesName(k)),
                                                     t(catalog.text(c.threshold, locale: locale)), t(value(c.value, amount: true)),
                                                     t(value(s.y[c.index]))]
                let label = say(c.upward ? "nav.threshold.up" : "nav.threshold.down", arguments)
                thresholds.append(NavigationEntry(series: k, index: c.index, x: s.x[c.index], y: s.y[c.index], label: label))
            }
        }
        thresholds.sort { $0.x != $1.x ? $0.x < $1.x : $0.series < $1.series }
        totals["thresholdCrossings"] = thresholds.count
        thresholds = Array(thresholds.prefix(cap))
        if full.xType != .category {
            for c in trend.crossovers.prefix(cap) {
                let k = c.above, other = c.above == c.a ? c.b : c.a
                let i = c.above == c.a ? c.indexA : c.indexB
                let s = full.series[k]
                let label = say("nav.crossover", [t(x.text(s.x[i])), t(seriesName(k)), t(seriesName(other))])
                crossovers.append(NavigationEntry(series: k, index: i, x: s.x[i], y: s.y[i], label: label))
            }
            totals["crossovers"] = trend.crossovers.count
        }
        let lists: [(String, [NavigationEntry])] = [
            ("peaks", peaks), ("valleys", valleys), ("outliers", outliers), ("segmentStarts", starts),
            ("largestRise", rises), ("largestFall", falls), ("thresholdCrossings", thresholds), ("crossovers", crossovers),
        ]
        var out: [NavigationList] = []
        for (name, entries) in lists where !entries.isEmpty {
            let title = say("nav." + name, [])
            let total = totals[name] ?? entries.count
            // A capped list says how many there are in all.
            out.append(NavigationList(name: name, title: total > entries.count
                ? say("nav.capped", [t(title), .integer(entries.count), .integer(total)]) : title, entries: entries))
        }
        return out
    }
}
