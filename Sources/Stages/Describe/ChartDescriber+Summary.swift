import ChartpipeCore
import ChartpipeText

/// The chart's summary: what it shows and what its series did, in one or two sentences.
extension ChartDescriber {
    // MARK: Summary

    var stats: [SeriesTrend] { trend.series }

    /// First and last x and the lowest and highest values over every series.
    var extent: (firstX: Double, lastX: Double, low: Double, high: Double)? {
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
            let overview = title == yTitle ? say("overview.sameTitle", [t(language.running(yTitle)), t(language.midSentence(xTitle))])
                : say("overview", [t(title), t(language.running(yTitle)), t(language.midSentence(xTitle))])
            return language.joining([overview, seriesSentence(0, inSummary: true)] + [seasonSentence(0)].compactMap { $0 })
        }
        let (from, to) = span(extent.firstX, extent.lastX, withYear: true)
        if isManySeries {
            // Two hundred names are no summary: count the series and name the few that matter.
            let overview = say("overview.many", [t(title), t(language.running(yTitle)), .integer(full.series.count), t(from), t(to)]
                                   + fromTo(extent.low, extent.high))
            return language.joining([overview, manySummary()])
        }
        let names = language.list(full.series.indices.map(seriesName))
        let overview = say("overview.series", [t(title), t(language.running(yTitle)), t(names), t(from), t(to)]
                               + fromTo(extent.low, extent.high))
        return language.joining([overview, trendGroups(stats.indices.map { $0 })])
    }

    /// Beyond this many series a summary counts them and names only the few that matter.
    static let handful = 8


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
    func manySummary() -> String {
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
            sentences += manyTieSentences(low: low.y, high: high.y)
        }
        return language.joining(sentences)
    }

    /// How many of many series rose, fell or had no trend, without a clause for a count of zero
    /// ("all 10 rose", never "10 rose, 0 fell and 0 showed no trend").
    func manyCounts(rose: Int, fell: Int, none: Int) -> String {
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
    func trendGroups(_ present: [Int]) -> String {
        var rose: [(name: String, amount: String)] = [], fell: [(name: String, amount: String)] = []
        var up: [String] = [], down: [String] = [], none: [String] = [], single: [String] = [], empty: [String] = []
        var multipleNames: Set<String> = []
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
            if isMultiple(change, from: first.y) { multipleNames.insert(name) }
            // "Rose" only when the trend and the change agree: a significant rise that ends below
            // its start is said as exactly that.
            switch direction(s) {
            case .increasing where change.absolute > 0: rose.append((name, size))
            case .decreasing where change.absolute < 0: fell.append((name, size))
            case .increasing: up.append(name)
            case .decreasing: down.append(name)
            case .none: none.append(name)
            }
        }
        var sentences: [String] = []
        for (group, rising) in [(rose, true), (fell, false)] where !group.isEmpty {
            // One list says its amounts in one form: multiples apart from percentages ("DAX and SMI rose
            // 3.4-fold and 4.6-fold. CAC rose 125.3%."), so that 125.3% is never read as a multiple.
            let multiples = group.filter { multipleNames.contains($0.name) }, others = group.filter { !multipleNames.contains($0.name) }
            for part in [multiples, others] where !part.isEmpty { sentences.append(changeSentence(part, verb: verb(rising: rising))) }
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
    func changeSentence(_ group: [(name: String, amount: String)], verb: String) -> String {
        guard let lead = group.first else { return "" }
        if group.count == 1 { return say("summary.change.one", [t(lead.name), t(verb), t(lead.amount)]) }
        var pairs: [String] = []
        for item in group { pairs.append(say("summary.pair", [t(item.name), t(item.amount)])) }
        return say("summary.change", [t(verb), t(language.list(pairs)), t(language.enumeration(pairs)),
                                      t(language.list(group.map(\.name))), t(language.list(group.map(\.amount))),
                                      t(lead.name), t(lead.amount), t(language.list(Array(pairs.dropFirst())))])
    }
}
