import ChartpipeCore
import ChartpipeJSON
import ChartpipeText

/// The navigation lists found per series, for the report's keys (issue 34): the description's
/// lists hold at most 100 entries per chart (a rotor of a screen reader stays short), so in a chart
/// of many series "next peak" found nothing in the later series. Here every series keeps up to
/// `perSeries` entries of each list, labelled as the description labels them, written to
/// `navigation.<locale>.json` (docs/output.md).
struct SeriesNavigation {
    let describer: ChartDescriber

    /// Most entries of one list of one series (trend.json's peaks and valleys stop at 100 a series).
    static let perSeries = 1_000

    /// The lists by name (`peaks`, `valleys`, `outliers`, `segmentStarts`, `thresholdCrossings`,
    /// `crossovers`), each in series order, then by position; crossings by x.
    var lists: [(name: String, entries: [NavigationEntry])] {
        let d = describer, cap = Self.perSeries
        var peaks: [NavigationEntry] = [], valleys: [NavigationEntry] = [], outliers: [NavigationEntry] = []
        var starts: [NavigationEntry] = [], thresholds: [NavigationEntry] = [], crossovers: [NavigationEntry] = []
        for k in d.stats.indices {
            let st = d.stats[k], s = d.full.series[k]
            peaks += st.peaks.prefix(cap).map { d.pointEntry(k, $0.point) }
            valleys += st.valleys.prefix(cap).map { d.pointEntry(k, $0.point) }
            outliers += st.outliers.prefix(cap).map { d.pointEntry(k, $0.point) }
            // Segments follow x, which categories do not order.
            if d.full.xType != .category { starts += st.segments.prefix(cap).map { d.segmentEntry(k, $0) } }
            // As ChartDescriber.navigation() labels a threshold crossing.
            thresholds += st.thresholdCrossings.prefix(cap).map { c in
                let arguments: [TemplateArgument] = [d.t(d.x.text(s.x[c.index])), d.t(d.seriesName(k)),
                                                     d.t(d.catalog.text(c.threshold, locale: d.locale)), d.t(d.value(c.value, amount: true)),
                                                     d.t(d.value(s.y[c.index]))]
                return NavigationEntry(series: k, index: c.index, x: s.x[c.index], y: s.y[c.index],
                                       label: d.say(c.upward ? "nav.threshold.up" : "nav.threshold.down", arguments))
            }
        }
        if d.full.xType != .category {
            var count: [Int: Int] = [:]
            for c in d.trend.crossovers {
                let k = c.above, other = c.above == c.a ? c.b : c.a
                guard count[k, default: 0] < cap, d.full.series.indices.contains(k) else { continue }
                count[k, default: 0] += 1
                let i = c.above == c.a ? c.indexA : c.indexB
                let s = d.full.series[k]
                crossovers.append(NavigationEntry(series: k, index: i, x: s.x[i], y: s.y[i],
                                                  label: d.say("nav.crossover", [d.t(d.x.text(s.x[i])), d.t(d.seriesName(k)), d.t(d.seriesName(other))])))
            }
        }
        thresholds.sort { ($0.x, $0.series) < ($1.x, $1.series) }
        return [("peaks", peaks), ("valleys", valleys), ("outliers", outliers), ("segmentStarts", starts),
                ("thresholdCrossings", thresholds), ("crossovers", crossovers)]
    }

    /// `{ "lists": { "peaks": [ [series, index, x, y, "label"], … ], … } }`, x written as the
    /// description writes it.
    var json: JSONValue {
        .object([("lists", .object(lists.map { list in
            (list.name, .array(list.entries.map { e in
                .array([.int(e.series), .int(e.index), describer.x.json(e.x), .double(e.y), .string(e.label)])
            }))
        }))])
    }
}
