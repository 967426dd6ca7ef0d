import ChartpipeCore
import ChartpipeText

/// The navigation lists an app turns into rotors: peaks, valleys, outliers, segments, crossings.
extension ChartDescriber {
    /// Most entries of a navigation list; its title says how many there are in all.
    static let navigationCap = 100

    // MARK: Navigation

    func prefixed(_ k: Int, _ label: String) -> String {
        full.series.count > 1 ? say("nav.seriesLabel", [t(seriesName(k)), t(label)]) : label
    }

    func pointEntry(_ k: Int, _ p: TrendPoint) -> NavigationEntry {
        let label = prefixed(k, say("nav.point", [t(x.text(p.x)), t(value(p.y))]))
        return NavigationEntry(series: k, index: p.index, x: p.x, y: p.y, label: label)
    }

    func segmentEntry(_ k: Int, _ g: TrendSegment) -> NavigationEntry {
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
                                                     t(language.midSentence(catalog.text(c.threshold, locale: locale))), t(value(c.value, amount: true)),
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
