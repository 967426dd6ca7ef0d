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
    /// Per series, how many points hold its lowest and highest values.
    let ties: [TiedExtremes]
    /// How `downsample` folded the bars, said in the summary (`ChartDescriber+BarFold`).
    let barFold: BarFold?
    /// The plain label of a point ("June 6, $1,950, 6 of 92") when this locale's text joins parts
    /// (`Phrasebook.fixed`), and each full series' count as it writes it: two million labels of a
    /// series render without a renderer each (issue 12).
    let pointPhrase: FixedPhrase?
    let countTexts: [String]
    /// Render problems met so far, for warnings. Kept in a sink, not in the describer, so that
    /// labelling a point copies nothing (a copy of the describer retains every field).
    let sink = ProblemSink()
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
        /// Per series, how many points hold its lowest and highest values.
        let ties: [TiedExtremes]

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
            ties = zip(context.fullSeries.series, trend.series).map { TiedExtremes($0.y, low: $1.min?.y, high: $1.max?.y) }
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
        ties = facts.ties
        barFold = context[BarFoldKey.self]
        x = XValueText(facts: facts.x, language: language, catalog: catalog)
        let yFacts = facts.y
        y = YValueText(facts: yFacts, language: language)
        aggregation = context[AggregationKey.self]
        kind = yFacts.kind(counted: aggregation?.op == "count", summed: aggregation?.op == "sum")
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

    func say(_ key: String, _ arguments: [TemplateArgument]) -> String {
        let rendering = phrases.rendering(key, arguments)
        note(rendering.problems, key: key)
        switch language.language {
        // Chinese "rose to" follows the quantity (counts and totals 增至/减至), and never sets the verb
        // 升 beside the unit 升.
        case "zh": return ChineseText.toVerbs(rendering.text, increase: kind == .count || kind == .total)
        // An English sentence starts with a capital, also where a name in running text does not ("the population").
        case "en":
            let sentence = EnglishText.sentenceCase(rendering.text)
            guard case let .text(subject)? = arguments.first else { return sentence }
            return EnglishText.agreeing(sentence, subject: subject)
        case "ja": return JapaneseText.withoutDoubleLine(rendering.text)
        default: return rendering.text
        }
    }

    /// Keeps the problems of rendering `describe.<key>`, for warnings.
    func note(_ problems: [String], key: String) {
        for problem in problems { sink.add("key 'describe.\(key)' [\(locale)]: \(problem)") }
    }

    func t(_ s: String) -> TemplateArgument { .text(s) }

    // MARK: Names

    var title: String { names.title }
    var xTitle: String { names.xTitle }
    var yTitle: String { names.yTitle }
    /// A series' name in running text: one named for the y axis reads as a noun ("the population
    /// increased"), a series the data names as written ("Seed 301", "North").
    func seriesName(_ k: Int) -> String { names.seriesIsTheYAxis ? language.running(names.seriesName(k)) : names.seriesName(k) }

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
            series.append(SeriesDescription(name: names.seriesName(k), summary: seriesSummary(k), segments: segments(k),
                                            points: points(series: k, chosen: chosen, labels: made),
                                            braille: BrailleSparkline.render(drawn)))
        }
        let description = ChartDescription(locale: locale, chart: chart.id, title: title, summary: summary, axes: axes,
                                           statistics: statistics, series: series, navigation: navigation())
        return (description, drawnLabels.map { PointLabels($0) } ?? pointLabels())
    }
}
