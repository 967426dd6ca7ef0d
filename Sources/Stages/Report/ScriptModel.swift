import ChartpipeCore
import ChartpipeJSON
import ChartpipeText

/// What the page's script needs to step through one chart with the keyboard, as JSON: per series
/// its points (index into the full series, raw x and y, the localized label, when it sounds in the
/// audio graph), and the navigation lists it jumps along (the description's rotors). Labels are
/// the description's own, so a screen reader hears exactly what `describe` wrote.
///
/// ```
/// { "series": [ { "announce": "North, series 1 of 4", "end": 8.0, "braille": "⣀⣤⠶",
///                 "points": [ [index, x, y|null, "label", seconds|null, cell, "terse"], … ] } ],
///   "lists": { "peak": [ [series, index, x, y, "label", seconds|null, cell, "terse"], … ], "valley", "outlier",
///              "segment", "crossing" },
///   "sound": { "low": 130.81, "high": 1046.5, "y": [low, high]|null, "x": [low, high]|null },
///   "read": { "title": "title. summary", "x": "the x axis", "y": "the y axis" } }
/// ```
/// `sound` is the audio graph's mapping (`sonify`'s default pitches, its y domain, pan along x), so
/// the tone a key plays is the pitch and place the point has in the audio file. `cell` is the
/// point's cell in the series' braille line (the braille field's cursor), `terse` the short label
/// (x and value) of the terse verbosity.
struct ScriptModel {
    let description: ChartDescription
    let data: SeriesSet
    let cues: CueTimes?
    let words: ReportWords
    /// The chart's fixed y range, which the audio graph's pitch spans when there is one.
    var yRange: ClosedRange<Double>? = nil
    /// The terse label of a point: its x and value (nil: a gap), as the report's table writes them.
    var terse: ((Double, Double?) -> String)? = nil
    /// Every series' lists (`navigation.<locale>.json`); nil: the description's (capped per chart).
    var seriesLists: [NavigationList]? = nil

    /// Entries of one list of one series the page's model holds; the rest are in the page's
    /// `cp-more` element, read at the first jump along a list that has more (`more`).
    static let inlinePerSeries = 20

    /// The pitches of the bottom and top of the y domain: `sonify`'s defaults (C3, C6), kept equal
    /// by ReportScriptTests.
    static let lowPitch = 130.81, highPitch = 1046.5
    /// The playing speeds of the [ and ] keys, as the script's `SPEEDS` (1 at start).
    static let speeds = ["0.5", "1", "2", "4"]

    /// The description's lists the keys jump along, by the name the script uses; threshold
    /// crossings and series crossovers are one list in time order.
    static let lists: [(key: String, names: [String])] = [
        ("peak", ["peaks"]), ("valley", ["valleys"]), ("outlier", ["outliers"]), ("segment", ["segmentStarts"]),
        ("crossing", ["thresholdCrossings", "crossovers"]),
    ]

    var json: JSONValue {
        let count = description.series.count
        let series: [JSONValue] = description.series.enumerated().map { k, s in
            let points: [JSONValue] = s.points.map { p in
                .array([.int(p.index), .double(p.x), p.y.map(JSONValue.double) ?? .null, .string(p.label), seconds(series: k, x: p.x),
                        cell(series: k, x: p.x), .string(terse?(p.x, p.y) ?? p.label)])
            }
            return .object([
                ("announce", .string(words("report.series.position", [.text(s.name), .integer(k + 1), .integer(count)]))),
                ("end", cues?.end(series: k).map(JSONValue.double) ?? .null),
                ("braille", .string(s.braille)),
                // The tree's words for the series and each of its segments (from, to: full-series indices).
                ("tree", .string(words("report.tree.series", [.text(words("report.series.position", [.text(s.name), .integer(k + 1), .integer(count)])),
                                                               .text(s.summary)]))),
                ("segments", .array(s.segments.enumerated().map { j, g in
                    .array([.int(g.from), .int(g.to),
                            .string(words("report.tree.segment", [.text(String(j + 1)), .text(String(s.segments.count)), .text(g.label)]))])
                })),
                ("points", .array(points)),
            ])
        }
        var lists: [(String, JSONValue)] = [], more: [(String, JSONValue)] = []
        for (key, entries) in entries {
            var held: [Int: Int] = [:]
            let inline = entries.filter { e in
                held[e.series, default: 0] += 1
                return held[e.series, default: 0] <= Self.inlinePerSeries
            }
            lists.append((key, .array(inline.map(entry))))
            more.append((key, .bool(inline.count < entries.count)))
        }
        return .object([("series", .array(series)), ("lists", .object(lists)), ("more", .object(more)), ("sound", sound), ("read", read)])
    }

    /// The lists the keys jump along, whole, by the script's name: within a list, series after
    /// series; crossings (threshold crossings and crossovers) in time order.
    var entries: [(key: String, entries: [NavigationEntry])] {
        let source = seriesLists ?? description.navigation
        return Self.lists.map { key, names in
            var entries = source.filter { names.contains($0.name) }.flatMap(\.entries)
            if names.count > 1 { entries.sort { ($0.x, $0.series, $0.index) < ($1.x, $1.series, $1.index) } }
            return (key, entries)
        }
    }

    /// The lists with more entries than the model holds, whole: the page's `cp-more` element
    /// (nil when the model holds them all).
    var more: JSONValue? {
        let whole = entries
        let counts = whole.map { list in Dictionary(grouping: list.entries, by: \.series).values.map(\.count).max() ?? 0 }
        guard counts.contains(where: { $0 > Self.inlinePerSeries }) else { return nil }
        return .object(whole.map { ($0.key, .array($0.entries.map(entry))) })
    }

    func entry(_ e: NavigationEntry) -> JSONValue {
        .array([.int(e.series), .int(e.index), .double(e.x), .double(e.y), .string(e.label), seconds(series: e.series, x: e.x),
                cell(series: e.series, x: e.x), .string(terse.map { prefixed(e.series, $0(e.x, e.y)) } ?? e.label)])
    }

    /// The audio graph's mapping: pitch over the y domain (the fixed range, else every finite value
    /// of every series: PitchMap.domain), pan over the x extent of every series (AudioTimeline).
    var sound: JSONValue {
        func extent(_ values: [[Double]]) -> JSONValue {
            let finite = values.joined().filter(\.isFinite)
            guard let low = finite.min(), let high = finite.max() else { return .null }
            return .array([.double(low), .double(high)])
        }
        let y = yRange.map { JSONValue.array([.double($0.lowerBound), .double($0.upperBound)]) } ?? extent(data.series.map(\.y))
        return .object([("low", .double(Self.lowPitch)), ("high", .double(Self.highPitch)), ("y", y), ("x", extent(data.series.map(\.x)))])
    }

    /// What the reading keys say: the title with the summary, and each axis.
    var read: JSONValue {
        let axis = { (a: AxisDescription.Axis) in description.axes.filter { $0.axis == a }.map(\.text).joined(separator: words.language.sentenceSeparator) }
        return .object([("title", .string(words("report.read.title", [.text(description.title), .text(description.summary)]))),
                        ("x", .string(axis(.x))), ("y", .string(axis(.y)))])
    }

    /// When x of series `k` sounds: the cue of the last charted point at or before x (a point that
    /// downsampling left out sounds within its neighbour's cue).
    func seconds(series k: Int, x: Double) -> JSONValue {
        guard let cues, let position = position(series: k, x: x) else { return .null }
        return cues.start(series: k, position: position).map(JSONValue.double) ?? .null
    }

    /// The braille cell that draws x of series `k` (the description's braille line is of the
    /// charted points): that of the last charted point at or before x.
    func cell(series k: Int, x: Double) -> JSONValue {
        guard let position = position(series: k, x: x) else { return .null }
        return .int(BrailleSparkline.cell(position: position, count: data.series[k].y.count))
    }

    /// The position in `data.json`'s series `k` of the last charted point at or before x.
    func position(series k: Int, x: Double) -> Int? {
        guard data.series.indices.contains(k) else { return nil }
        let xs = data.series[k].x
        var low = 0, high = xs.count
        while low < high {
            let mid = (low + high) / 2
            if xs[mid] <= x { low = mid + 1 } else { high = mid }
        }
        return max(low - 1, 0)
    }

    /// A terse label with its series' name first, when the chart has several (as the lists' labels).
    func prefixed(_ k: Int, _ label: String) -> String {
        guard description.series.count > 1, description.series.indices.contains(k) else { return label }
        return words("describe.nav.seriesLabel", [.text(description.series[k].name), .text(label)])
    }
}
