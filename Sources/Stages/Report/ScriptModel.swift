import ChartpipeCore
import ChartpipeJSON
import ChartpipeText

/// What the page's script needs to step through one chart with the keyboard, as JSON: per series
/// its points (index into the full series, raw x and y, the localized label, when it sounds in the
/// audio graph), and the navigation lists it jumps along (the description's rotors). Labels are
/// the description's own, so a screen reader hears exactly what `describe` wrote.
///
/// ```
/// { "series": [ { "announce": "North, series 1 of 4", "end": 8.0,
///                 "points": [ [index, x, y|null, "label", seconds|null], … ] } ],
///   "lists": { "peak": [ [series, index, x, y, "label", seconds|null], … ], "valley", "outlier",
///              "segment", "crossing" } }
/// ```
struct ScriptModel {
    let description: ChartDescription
    let data: SeriesSet
    let cues: CueTimes?
    let words: ReportWords

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
                .array([.int(p.index), .double(p.x), p.y.map(JSONValue.double) ?? .null, .string(p.label), seconds(series: k, x: p.x)])
            }
            return .object([
                ("announce", .string(words("report.series.position", [.text(s.name), .integer(k + 1), .integer(count)]))),
                ("end", cues?.end(series: k).map(JSONValue.double) ?? .null),
                ("points", .array(points)),
            ])
        }
        var lists: [(String, JSONValue)] = []
        for (key, names) in Self.lists {
            var entries = description.navigation.filter { names.contains($0.name) }.flatMap(\.entries)
            if names.count > 1 { entries.sort { ($0.x, $0.series, $0.index) < ($1.x, $1.series, $1.index) } }
            lists.append((key, .array(entries.map { e in
                .array([.int(e.series), .int(e.index), .double(e.x), .double(e.y), .string(e.label), seconds(series: e.series, x: e.x)])
            })))
        }
        return .object([("series", .array(series)), ("lists", .object(lists))])
    }

    /// When x of series `k` sounds: the cue of the last charted point at or before x (a point that
    /// downsampling left out sounds within its neighbour's cue).
    func seconds(series k: Int, x: Double) -> JSONValue {
        guard let cues, data.series.indices.contains(k) else { return .null }
        let xs = data.series[k].x
        var low = 0, high = xs.count
        while low < high {
            let mid = (low + high) / 2
            if xs[mid] <= x { low = mid + 1 } else { high = mid }
        }
        return cues.start(series: k, position: max(low - 1, 0)).map(JSONValue.double) ?? .null
    }
}
