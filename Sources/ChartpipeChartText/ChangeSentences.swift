import ChartpipeCore
import ChartpipeText

/// What changed in a chart since the run it is compared with, in words of one written language,
/// with the chart's real values, dates and units (SPEC §5). `describe` (the `changes` layer, and so
/// the report's "Since the last run") and `chartpipe diff` word changes through this one value.
public struct ChangeSentences {
    /// One worded change: which change it words, and the sentence.
    public struct Sentence: Sendable, Equatable {
        public var kind: Change.Kind
        public var series: String
        public var text: String
    }

    let chart: ChartSpec
    let history: ChartHistory
    let language: WrittenLanguage
    let catalog: Catalog
    let formats: LocaleFormats
    let names: ChartNames
    let x: XValueText
    let y: YValueText
    let kind: QuantityKind
    let countKey: String
    /// The last part of the verb keys, as `describe` chooses it: the chart's id when a catalog gives
    /// it its own verbs (`describe.verb.rise.<id>`), else the kind (prices rise, counts increase).
    let verbKind: String
    /// Render problems met so far, for warnings.
    public private(set) var problems: [String] = []

    /// The words of `chart`'s changes, whose values (of this run) are `history`.
    public init(chart: ChartSpec, history: ChartHistory, language: WrittenLanguage, catalog: Catalog) {
        self.chart = chart
        self.history = history
        self.language = language
        self.catalog = catalog
        formats = language.formats
        let set = history.seriesSet
        names = ChartNames(chart: chart, series: set, language: language, catalog: catalog)
        x = XValueText(facts: XAxisFacts(set, zone: chart.x.zone, unit: chart.x.unit, aggregation: history.aggregation),
                       language: language, catalog: catalog)
        let facts = YAxisFacts(chart, set)
        y = YValueText(facts: facts, language: language)
        kind = facts.kind(counted: history.aggregation?.op == "count", summed: history.aggregation?.op == "sum")
        countKey = catalog.entries["describe.count.\(chart.id)"] != nil ? "count.\(chart.id)" : "count"
        verbKind = catalog.entries["describe.verb.rise.\(chart.id)"] != nil ? chart.id : kind.rawValue
    }

    var locale: String { language.requested }

    /// The chart's title in this language.
    public var title: String { names.title }

    /// The sentences of `changes`, in their order. A change another sentence already says is left
    /// out: the latest value against the baseline's latest when new points compared it with the
    /// same point. Nothing is said when nothing changed.
    public mutating func sentences(_ changes: [Change]) -> [Sentence] {
        var out: [Sentence] = []
        for change in changes {
            if change.kind == .latestChanged {
                // The latest value revised in place is one of the revised values; against the same
                // point as the new points' sentence, it would be said twice.
                if change.x == change.previousX { continue }
                if changes.contains(where: { $0.kind == .newPoints && $0.series == change.series && $0.previousX == change.previousX }) { continue }
            }
            guard let text = sentence(change) else { continue }
            out.append(Sentence(kind: change.kind, series: change.series, text: language.typeset(text)))
        }
        return out
    }

    /// The sentence of one change; nil when its values are missing (a change read from a manifest
    /// of another version).
    public mutating func sentence(_ c: Change) -> String? {
        let name = t(seriesName(c.series))
        switch c.kind {
        case .newPoints:
            guard let count = c.count, let cx = c.x, let cy = c.y else { return nil }
            let added = say("change.newPoints", [name, .integer(count)])
            return language.joining([added, latest(name, cx, cy, previousX: c.previousX, previousY: c.previousY)])
        case .latestChanged:
            guard let cy = c.y, let px = c.previousX, let py = c.previousY else { return nil }
            // The last argument places the value by its x ("on June 30"), for languages that say it so.
            guard py != cy else { return say("change.sinceLast.same", [name, t(value(py)), t(x.text(px)), t(when(px))]) }
            return say(compared(cy > py ? "change.sinceLast.above" : "change.sinceLast.below"),
                       [name, t(difference(from: py, to: cy)), t(value(py)), t(x.text(px)), t(when(px))])
        case .newHigh, .newLow:
            guard let cx = c.x, let cy = c.y, let since = c.since, let extreme = c.previousY else { return nil }
            // A temperature drops to a new low (docs/localisation.md); a kind may have its own key.
            let key = c.kind == .newHigh ? "change.newHigh" : "change.newLow"
            return say(catalog.entries["describe.\(key).\(kind.rawValue)"] != nil ? "\(key).\(kind.rawValue)" : key,
                       [name, t(when(cx)), t(value(cy)), t(x.text(since)), t(value(extreme))])
        case .trendStarted, .trendStopped:
            guard let trend = c.trend, trend != .none else { return nil }
            let verdict = trend == .increasing ? "up" : "down"
            // The trend is named by the quantity's direction word: revenue rises (상승, 上涨, 上昇),
            // visits increase (증가, 增长, 増加), a temperature falls (하락, 下降, 低下).
            return say("change.\(c.kind == .trendStarted ? "trendStarted" : "trendStopped").\(verdict)",
                       [name, t(trendWord(rising: trend == .increasing))])
        case .newCrossing:
            guard let cx = c.x, let threshold = c.threshold, let upward = c.upward,
                  let level = chart.y.thresholds.first(where: { $0.name == threshold })?.value else { return nil }
            // The crossing's x is interpolated: the event is said at the first point on the new side, as `describe` says it.
            let after = history.series.first { $0.name == c.series }.flatMap { s in s.x.first { $0 >= cx } } ?? cx
            return say(upward ? "change.newCrossing.up" : "change.newCrossing.down",
                       [name, t(catalog.text(threshold, locale: locale)), t(value(level, amount: true)), t(when(after))])
        case .revised:
            guard let count = c.count, let cx = c.x else { return nil }
            let before = c.previousY.flatMap { $0.isFinite ? value($0) : nil }
            let after = c.y.flatMap { $0.isFinite ? value($0) : nil }
            let one = count == 1
            let place = t(x.text(cx)), at = t(when(cx))
            // A gap that now has a value, and a value that is now a gap, each have their own words.
            switch (before, after) {
            case let (before?, after?):
                return one ? say("change.revised.one", [name, place, t(before), t(after), at])
                    : say("change.revised", [.integer(count), name, place, t(before), t(after)])
            case let (nil, after?):
                return one ? say("change.revised.one.filled", [name, place, t(after), at])
                    : say("change.revised.filled", [.integer(count), name, place, t(after)])
            case let (before?, nil):
                return one ? say("change.revised.one.emptied", [name, place, t(before), at])
                    : say("change.revised.emptied", [.integer(count), name, place, t(before)])
            case (nil, nil):
                return nil
            }
        case .seriesAdded:
            guard let cx = c.x, let cy = c.y else { return say("change.seriesAdded.empty", [name]) }
            return say("change.seriesAdded", [name, t(value(cy)), t(x.text(cx))])
        case .seriesRemoved:
            return say("change.seriesRemoved", [name])
        }
    }

    /// The latest new value against the point before it, named by its x and its value ("Revenue on
    /// August 31 was $2,028.80, 4.1% above August 30 ($1,948.90)"). The last argument is the
    /// value's place by its x ("on August 31"), for languages that say it so.
    private mutating func latest(_ name: TemplateArgument, _ cx: Double, _ cy: Double, previousX: Double?, previousY: Double?) -> String {
        let now = [name, t(x.text(cx)), t(value(cy))], at = t(when(cx))
        guard let px = previousX, let py = previousY else { return say("change.latest", now + [at]) }
        guard py != cy else { return say("change.latest.same", now + [t(x.text(px)), at]) }
        return say(compared(cy > py ? "change.latest.above" : "change.latest.below"),
                   now + [t(difference(from: py, to: cy)), t(x.text(px)), t(value(py)), at])
    }

    // MARK: Values

    private mutating func say(_ key: String, _ arguments: [TemplateArgument]) -> String {
        catalog.describing(key, locale: locale, arguments, problems: &problems)
    }

    private func t(_ s: String) -> TemplateArgument { .text(s) }

    /// A series as the descriptions name it; one that is no longer in the data, by its own name.
    func seriesName(_ series: String) -> String {
        if let k = history.series.firstIndex(where: { $0.name == series }) { return names.seriesName(k) }
        return names.text(series)
    }

    /// A value with its unit, and a count with the language's counter (as `describe` says it).
    public mutating func value(_ v: Double, amount: Bool = false) -> String {
        var text = y.text(v, trimmingCents: amount)
        guard kind == .count && v.isFinite else { return text }
        if language.language == "ko", let last = text.unicodeScalars.last, (0xAC00...0xD7A3).contains(last.value) { text += " " }
        return say(countKey, [t(text)])
    }

    /// The verb of a change of this chart's values: prices rise and fall, counts increase and decrease.
    mutating func verb(rising: Bool) -> String {
        say("verb.\(rising ? "rise" : "fall").\(verbKind)", [])
    }

    /// The key of a comparison of two values of this chart: counts are more and fewer (많다/적다,
    /// 多/少), other quantities higher and lower (높다/낮다, 高/低), so a count has its own keys.
    func compared(_ key: String) -> String {
        kind == .count ? key + ".count" : key
    }

    /// The direction of a trend of this chart's values, as a trend's name puts it before 趋势,
    /// 추세, 傾向. Chinese names a trend with nouns of its own (上升趋势, 增长趋势, never 降低趋势 or
    /// 增加趋势), so the words are `describe.change.trend.*` by kind; a chart whose catalog gives
    /// it its own verbs (`describe.verb.rise.<id>`) and no trend words of its own keeps its verbs.
    mutating func trendWord(rising: Bool) -> String {
        let way = rising ? "rise" : "fall"
        if catalog.entries["describe.change.trend.\(way).\(chart.id)"] != nil { return say("change.trend.\(way).\(chart.id)", []) }
        if verbKind == chart.id { return verb(rising: rising) }
        return say("change.trend.\(way).\(kind.rawValue)", [])
    }

    /// An event's place on the x axis: "on June 12", "in 2009", "at 5 kilometers".
    mutating func when(_ xv: Double) -> String {
        say("when." + x.when.rawValue, [t(x.text(xv))])
    }

    /// The size of a change from `a` to `b`, without its sign: a percentage in percentage points, a
    /// temperature in degrees, a ratio of values as a percent, anything else as an amount.
    public mutating func difference(from a: Double, to b: Double) -> String {
        let size = abs(b - a)
        switch kind {
        case .percentage:
            let text = formats.number(size, precision: .maxFractionDigits(1))
            return say("percentPoints", [.number(text, value: size, fractionDigits: text.contains(".") ? 1 : 0)])
        case .temperature where !y.hasTrueZero:
            let text = formats.number(size, precision: .maxFractionDigits(2))
            return say("degrees", [.number(text, value: size, fractionDigits: text.contains(".") ? 1 : 0)])
        default:
            if y.hasTrueZero, a > 0, b >= 0 {
                // A change under a twentieth of a percent keeps two decimals ("0.02%", never "0%");
                // one that still rounds to nothing is said as the amount.
                let percent = size / a * 100
                if percent >= 0.05 { return formats.percent(percent) }
                if percent >= 0.005 { return formats.percent(percent, precision: .maxFractionDigits(2)) }
            }
            return value(size, amount: true)
        }
    }
}

extension Catalog {
    /// The sentence `describe.<key>` in `locale`; a problem rendering it is added to `problems`
    /// once, as a warning names it.
    public func describing(_ key: String, locale: String, _ arguments: [TemplateArgument], problems: inout [String]) -> String {
        let rendering = rendering("describe." + key, locale: locale, arguments)
        for problem in rendering.problems {
            let message = "key 'describe.\(key)' [\(locale)]: \(problem)"
            if !problems.contains(message) { problems.append(message) }
        }
        return rendering.text
    }
}
