import ChartpipeChartText
import ChartpipeCore
import ChartpipeText
import ChartpipeJSON

/// The files `describe` writes for one locale: `description.<locale>.json` and `.md`, and
/// `axchart.<locale>.json` shaped like AXChartDescriptor (SPEC §4). Each is written into its file
/// as it is made, point by point, when the runner writes it (issue 12: a million labelled points
/// are neither a `JSONValue` tree nor a whole file in memory); the bytes are those `JSONWriter`
/// writes for the same document.
struct DescriptionDocuments: Sendable {
    let description: ChartDescription
    let describer: ChartDescriber
    /// Labels of the drawn points (`ChartContext.data`), per series.
    let labels: PointLabels
    let isContinuous: Bool
    let fixedRange: ClosedRange<Double>?
    /// Sentences of plugins, by plugin: the `notes` layer.
    var notes: [(plugin: String, text: String)] = []

    private var x: XValueText { describer.x }
    private var y: YValueText { describer.y }

    /// How often the writers hand their buffer over (and poll the run's cancellation): every this many points.
    private static let pointsPerFlush = 4096
    /// Blocks of `pointsPerFlush` points of `axchart` written at once, on as many processors as are idle.
    private static let blocksPerWave = 16

    // MARK: description.<locale>.json

    /// Writes `description.<locale>.json` into `json`; `flush` is called every 4,096 points.
    func writeJSON(into json: inout JSONStream, flush: (inout JSONStream) throws -> Void) throws {
        let d = description
        json.beginObject()
        json.member("locale", .string(d.locale))
        json.member("chart", .string(d.chart))
        json.member("title", .string(d.title))
        json.member("summary", .string(d.summary))
        // Which layout the chart stage draws (issue 32); left out when the pipeline draws no chart.
        if let layout = d.layout {
            json.member("layout", .object([("drawn", .string(layout.drawn)), ("text", .string(layout.text))]))
        }
        // What changed since the run it was compared with; left out without one, or when nothing did.
        if !d.changes.isEmpty {
            json.member("changes", .array(d.changes.map { c in
                .object([("kind", .string(c.kind)), ("series", .string(c.series)), ("text", .string(c.text))])
            }))
        }
        json.member("axes", .array(d.axes.map { a in
            .object([("axis", .string(a.axis.rawValue)), ("title", .string(a.title)), ("text", .string(a.text))])
        }))
        json.member("statistics", .array(d.statistics.map(JSONValue.string)))
        json.key("series")
        json.beginArray(scalars: false)
        for s in d.series { try writeSeries(s, into: &json, flush: flush) }
        json.endArray()
        json.key("navigation")
        json.beginObject()
        for list in d.navigation { writeNavigation(list, into: &json) }
        json.endObject()
        if !notes.isEmpty {
            json.member("notes", .array(notes.map { .object([("plugin", .string($0.plugin)), ("text", .string($0.text))]) }))
        }
        json.endObject()
        json.finish()
    }

    private func writeSeries(_ s: SeriesDescription, into json: inout JSONStream, flush: (inout JSONStream) throws -> Void) throws {
        json.beginObject()
        json.member("name", .string(s.name))
        json.member("summary", .string(s.summary))
        json.member("braille", .string(s.braille))
        json.member("segments", .array(s.segments.map { g in
            .object([("from", .int(g.from)), ("to", .int(g.to)), ("label", .string(g.label))])
        }))
        json.key("points")
        json.beginArray(scalars: false)
        for (n, p) in s.points.enumerated() {
            if n % Self.pointsPerFlush == Self.pointsPerFlush - 1 { try flush(&json) }
            json.beginObject()
            json.key("index")
            json.int(p.index)
            json.member("x", x.json(p.x))
            json.key("y")
            if let v = p.y { json.double(v) } else { json.null() }
            json.key("label")
            json.string(p.label)
            json.endObject()
        }
        json.endArray()
        json.endObject()
    }

    /// One navigation list, written member by member (no tree of its entries).
    private func writeNavigation(_ list: NavigationList, into json: inout JSONStream) {
        let d = description
        json.key(list.name)
        json.beginObject()
        json.member("title", .string(list.title))
        json.key("entries")
        json.beginArray(scalars: false)
        for e in list.entries {
            json.beginObject()
            json.key("series")
            json.string(d.series.indices.contains(e.series) ? d.series[e.series].name : "")
            json.key("seriesIndex")
            json.int(e.series)
            json.key("index")
            json.int(e.index)
            json.member("x", x.json(e.x))
            json.key("y")
            json.double(e.y)
            json.key("label")
            json.string(e.label)
            json.endObject()
        }
        json.endArray()
        json.endObject()
    }

    // MARK: description.<locale>.md

    /// Writes the Markdown layers into `text`, lines joined by newlines; `flush` is called every
    /// 4,096 point labels.
    func writeMarkdown(into text: inout TextLines, heading: (String) -> String, flush: (inout TextLines) throws -> Void) throws {
        let d = description
        text.append(["# " + Markdown.text(d.title), "", Markdown.text(d.summary), ""])
        if let layout = d.layout { text.append([Markdown.text(layout.text), ""]) }
        if !d.changes.isEmpty {
            text.append(["## " + heading("changes"), ""] + d.changes.map { "- " + Markdown.text($0.text) } + [""])
        }
        text.append(["## " + heading("axes"), ""] + d.axes.map { "- " + Markdown.text($0.text) } + [""])
        if !d.statistics.isEmpty {
            text.append(["## " + heading("statistics"), ""] + d.statistics.map { "- " + Markdown.text($0) } + [""])
        }
        if !notes.isEmpty {
            text.append(["## " + heading("notes"), ""] + notes.map { "- " + Markdown.text($0.text) } + [""])
        }
        for s in d.series {
            text.append(["## " + Markdown.text(s.name), "", Markdown.text(s.summary), ""])
            if !s.braille.isEmpty {
                text.append(["### " + heading("braille"), "", s.braille, ""])
            }
            if !s.segments.isEmpty {
                text.append(["### " + heading("segments"), ""] + s.segments.map { "- " + Markdown.text($0.label) } + [""])
            }
            if !s.points.isEmpty {
                text.append(["### " + heading("points"), ""])
                for (i, p) in s.points.enumerated() {
                    if i % Self.pointsPerFlush == Self.pointsPerFlush - 1 { try flush(&text) }
                    text.append("- " + Markdown.text(p.label))
                }
                text.append("")
            }
        }
        if !d.navigation.isEmpty {
            text.append(["## " + heading("navigation"), ""])
            for list in d.navigation {
                text.append(["### " + Markdown.text(list.title), ""] + list.entries.map { "- " + Markdown.text($0.label) } + [""])
            }
        }
    }

    // MARK: axchart.<locale>.json

    /// Writes `axchart.<locale>.json` into `json`; `flush` is called every 4,096 points.
    func writeAXChart(into json: inout JSONStream, flush: (inout JSONStream) throws -> Void) throws {
        let d = description
        let xTitle = d.axes.first { $0.axis == .x }?.title ?? describer.xTitle
        let yTitle = d.axes.first { $0.axis == .y }?.title ?? describer.yTitle
        json.beginObject()
        json.member("title", .string(d.title))
        json.member("summary", .string(d.summary))
        json.member("xAxis", xAxis(title: xTitle))
        json.member("yAxis", yAxis(title: yTitle))
        json.key("series")
        json.beginArray(scalars: false)
        for k in describer.data.series.indices {
            let s = describer.data.series[k]
            json.beginObject()
            json.member("name", .string(d.series.indices.contains(k) ? d.series[k].name : s.name))
            json.member("isContinuous", .bool(isContinuous))
            json.key("dataPoints")
            json.beginArray(scalars: false)
            let seriesLabels = labels.indices.contains(k) ? labels[k] : nil
            // Blocks of points are made a wave at a time, on the processors the run has idle
            // (`WorkerBudget.map`; one, in order, when none is), and joined in order: the bytes
            // are those of writing them one after another. The wave made last is joined and
            // written while the next is made, by one of the same processors, so that none waits
            // for the file (every wave's blocks continue the array as it was begun: `base`).
            let block = Self.pointsPerFlush, blocks = (s.count + block - 1) / block
            let base = json
            var made: [JSONStream] = []
            var wave = 0
            while wave < blocks || !made.isEmpty {
                let count = Swift.min(Self.blocksPerWave, blocks - wave)
                let joining = made
                var failure: (any Error)?
                let pieces = WorkerBudget.map(count + 1) { w -> JSONStream? in
                    guard w > 0 else {
                        do {
                            for piece in joining {
                                json.append(piece)
                                try flush(&json)
                            }
                        } catch {
                            failure = error
                        }
                        return nil
                    }
                    let first = (wave + w - 1) * block
                    // About 150 bytes a point, the label most of them.
                    var piece = base.continuation(after: first, containers: true, capacity: block * 192)
                    for i in first..<Swift.min(first + block, s.count) {
                        piece.beginObject()
                        piece.member("x", axValue(s.x[i]))
                        piece.key("y")
                        if s.y[i].isFinite { piece.double(s.y[i]) } else { piece.null() }
                        piece.key("label")
                        piece.string(seriesLabels.flatMap { $0.indices.contains(i) ? $0[i] : nil } ?? "")
                        piece.endObject()
                    }
                    return piece
                }
                if let failure { throw failure }
                made = pieces.compactMap { $0 }
                wave += count
            }
            json.endArray()
            json.endObject()
        }
        json.endArray()
        json.endObject()
        json.finish()
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
