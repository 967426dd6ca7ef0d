import ChartpipeChartText
import ChartpipeCore
import ChartpipeText
import ChartpipeJSON

/// The files `describe` writes for one locale: `description.<locale>.json` and `.md`, and
/// `axchart.<locale>.json` shaped like AXChartDescriptor (SPEC §4).
struct DescriptionDocuments {
    let description: ChartDescription
    let describer: ChartDescriber
    /// Labels of the drawn points (`ChartContext.data`), per series.
    let labels: [[String]]
    let isContinuous: Bool
    let fixedRange: ClosedRange<Double>?
    /// Sentences of plugins, by plugin: the `notes` layer.
    var notes: [(plugin: String, text: String)] = []

    private var x: XValueText { describer.x }
    private var y: YValueText { describer.y }

    // MARK: description.<locale>.json

    var json: JSONValue {
        let d = description
        var layers: [(String, JSONValue)] = [
            ("locale", .string(d.locale)),
            ("chart", .string(d.chart)),
            ("title", .string(d.title)),
            ("summary", .string(d.summary)),
        ]
        // What changed since the run it was compared with; left out without one, or when nothing did.
        if !d.changes.isEmpty {
            layers.append(("changes", .array(d.changes.map { c in
                .object([("kind", .string(c.kind)), ("series", .string(c.series)), ("text", .string(c.text))])
            })))
        }
        layers.append(("axes", .array(d.axes.map { a in
            .object([("axis", .string(a.axis.rawValue)), ("title", .string(a.title)), ("text", .string(a.text))])
        })))
        layers.append(("statistics", .array(d.statistics.map(JSONValue.string))))
        layers.append(("series", .array(d.series.map(seriesJSON))))
        layers.append(("navigation", .object(d.navigation.map { ($0.name, navigationJSON($0)) })))
        if !notes.isEmpty {
            layers.append(("notes", .array(notes.map { .object([("plugin", .string($0.plugin)), ("text", .string($0.text))]) })))
        }
        return .object(layers)
    }

    private func seriesJSON(_ s: SeriesDescription) -> JSONValue {
        let segments: [JSONValue] = s.segments.map { g in
            .object([("from", .int(g.from)), ("to", .int(g.to)), ("label", .string(g.label))])
        }
        let points: [JSONValue] = s.points.map { p in
            .object([("index", .int(p.index)), ("x", x.json(p.x)), ("y", p.y.map(JSONValue.double) ?? .null),
                     ("label", .string(p.label))])
        }
        return .object([("name", .string(s.name)), ("summary", .string(s.summary)), ("braille", .string(s.braille)),
                        ("segments", .array(segments)), ("points", .array(points))])
    }

    private func navigationJSON(_ list: NavigationList) -> JSONValue {
        let d = description
        let entries: [JSONValue] = list.entries.map { e in
            .object([("series", .string(d.series.indices.contains(e.series) ? d.series[e.series].name : "")),
                     ("seriesIndex", .int(e.series)), ("index", .int(e.index)), ("x", x.json(e.x)),
                     ("y", .double(e.y)), ("label", .string(e.label))])
        }
        return .object([("title", .string(list.title)), ("entries", .array(entries))])
    }

    // MARK: description.<locale>.md

    /// The Markdown layers; `poll` (the run's cancellation check) is called every 4,096 point labels.
    func markdown<E: Error>(heading: (String) -> String, poll: () throws(E) -> Void) throws(E) -> String {
        let d = description
        var lines: [String] = ["# " + Markdown.text(d.title), "", Markdown.text(d.summary), ""]
        if !d.changes.isEmpty {
            lines += ["## " + heading("changes"), ""] + d.changes.map { "- " + Markdown.text($0.text) } + [""]
        }
        lines += ["## " + heading("axes"), ""] + d.axes.map { "- " + Markdown.text($0.text) } + [""]
        if !d.statistics.isEmpty {
            lines += ["## " + heading("statistics"), ""] + d.statistics.map { "- " + Markdown.text($0) } + [""]
        }
        if !notes.isEmpty {
            lines += ["## " + heading("notes"), ""] + notes.map { "- " + Markdown.text($0.text) } + [""]
        }
        for s in d.series {
            lines += ["## " + Markdown.text(s.name), "", Markdown.text(s.summary), ""]
            if !s.braille.isEmpty {
                lines += ["### " + heading("braille"), "", s.braille, ""]
            }
            if !s.segments.isEmpty {
                lines += ["### " + heading("segments"), ""] + s.segments.map { "- " + Markdown.text($0.label) } + [""]
            }
            if !s.points.isEmpty {
                lines += ["### " + heading("points"), ""]
                for (i, p) in s.points.enumerated() {
                    if i & 4095 == 4095 { try poll() }
                    lines.append("- " + Markdown.text(p.label))
                }
                lines.append("")
            }
        }
        if !d.navigation.isEmpty {
            lines += ["## " + heading("navigation"), ""]
            for list in d.navigation {
                lines += ["### " + Markdown.text(list.title), ""] + list.entries.map { "- " + Markdown.text($0.label) } + [""]
            }
        }
        return lines.joined(separator: "\n")
    }

    // MARK: axchart.<locale>.json

    var axchart: JSONValue {
        let d = description
        let xTitle = d.axes.first { $0.axis == .x }?.title ?? describer.xTitle
        let yTitle = d.axes.first { $0.axis == .y }?.title ?? describer.yTitle
        let series: [JSONValue] = describer.data.series.indices.map { k in
            let s = describer.data.series[k]
            let names = d.series.indices.contains(k) ? d.series[k].name : s.name
            let seriesLabels = labels.indices.contains(k) ? labels[k] : []
            let points: [JSONValue] = s.x.indices.map { i in
                .object([("x", axValue(s.x[i])), ("y", s.y[i].isFinite ? .double(s.y[i]) : .null),
                         ("label", .string(seriesLabels.indices.contains(i) ? seriesLabels[i] : ""))])
            }
            return .object([("name", .string(names)), ("isContinuous", .bool(isContinuous)), ("dataPoints", .array(points))])
        }
        return .object([
            ("title", .string(d.title)),
            ("summary", .string(d.summary)),
            ("xAxis", xAxis(title: xTitle)),
            ("yAxis", yAxis(title: yTitle)),
            ("series", .array(series)),
        ])
    }

    private func xAxis(title: String) -> JSONValue {
        let set = describer.full
        if set.xType == .category {
            return .object([("title", .string(title)), ("categoryOrder", .array(set.categories.map(JSONValue.string)))])
        }
        var low = Double.infinity, high = -Double.infinity
        for s in set.series { for x in s.x where x.isFinite { low = min(low, x); high = max(high, x) } }
        guard low <= high else {
            return .object([("title", .string(title)), ("range", .null), ("gridlinePositions", .array([])),
                            ("valueDescriptions", .array([]))])
        }
        let grid: [Double]
        if set.xType == .time {
            // Gridlines at round calendar values (every January of even years), not at whichever
            // instants of the data fall near even fractions ("February 2004").
            grid = AxisTicks.calendar(low: low, high: high, zone: x.facts.zone)
        } else {
            grid = AxisTicks.nice(low: low, high: high).filter { $0 >= low && $0 <= high }
        }
        var members: [(String, JSONValue)] = [
            ("title", .string(title)),
            ("range", .object([("lowerBound", axValue(low)), ("upperBound", axValue(high))])),
            ("gridlinePositions", .array(grid.map(axValue))),
            // A gridline names its instant or number, not a bucket it happens to fall in.
            ("valueDescriptions", .array(grid.map { v in .object([("value", axValue(v)), ("description", .string(x.plain(v)))]) })),
        ]
        if set.xType == .time { members.insert(("valueKind", "date"), at: 1) }
        return .object(members)
    }

    /// x as AXChartDescriptor's numeric axis takes it: time as seconds since 1970 (what
    /// `Date.timeIntervalSince1970` gives, so an app maps it back to a `Date`), numbers as they are,
    /// categories as their labels.
    private func axValue(_ value: Double) -> JSONValue {
        describer.full.xType == .time ? .double(value / 1000) : x.json(value)
    }

    private func yAxis(title: String) -> JSONValue {
        var low = Double.infinity, high = -Double.infinity
        for s in describer.trend.series {
            if let v = s.min?.y { low = min(low, v) }
            if let v = s.max?.y { high = max(high, v) }
        }
        let bounds: (Double, Double)?
        let grid: [Double]
        if let fixed = fixedRange {
            bounds = (fixed.lowerBound, fixed.upperBound)
            grid = AxisTicks.nice(low: fixed.lowerBound, high: fixed.upperBound)
                .filter { $0 >= fixed.lowerBound && $0 <= fixed.upperBound }
        } else if low.isFinite {
            let ticks = AxisTicks.nice(low: low, high: high)
            bounds = (ticks.first ?? low, ticks.last ?? high)
            grid = ticks
        } else {
            bounds = nil
            grid = []
        }
        return .object([
            ("title", .string(title)),
            ("range", bounds.map { .object([("lowerBound", .double($0.0)), ("upperBound", .double($0.1))]) } ?? .null),
            ("gridlinePositions", .array(grid.map(JSONValue.double))),
            ("valueDescriptions", .array(grid.map { v in .object([("value", .double(v)), ("description", .string(y.text(v)))]) })),
        ])
    }
}
