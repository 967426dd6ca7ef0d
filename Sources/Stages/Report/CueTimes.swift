/// When each point of a chart sounds in its audio graph, read from `audio.<locale>.vtt`: the cues
/// are named `series-K-point-I` after their first point (its position among the charted points of
/// series K) and are aligned to the audio to the sample (docs/output.md, "Audio and cues").
struct CueTimes: Equatable {
    struct Cue: Equatable {
        var series: Int
        /// Position of the cue's first point among the series' charted points.
        var position: Int
        var start: Double
        var end: Double
    }

    /// Cues by series, in order of position.
    private(set) var bySeries: [Int: [Cue]] = [:]

    init(cues: [Cue]) {
        for cue in cues { bySeries[cue.series, default: []].append(cue) }
        for key in bySeries.keys { bySeries[key]?.sort { $0.position < $1.position } }
    }

    /// The cues of a WebVTT file that chartpipe wrote; cues of another shape are skipped.
    init(webVTT text: String) {
        var cues: [Cue] = []
        var previous: Substring?
        // "\r\n" is one Character, a newline like "\n".
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            if let id = previous, let timing = Self.timing(line), let (series, position) = Self.name(id) {
                cues.append(Cue(series: series, position: position, start: timing.start, end: timing.end))
            }
            previous = line
        }
        self.init(cues: cues)
    }

    /// `series-K-point-I` as (K, I).
    static func name(_ line: Substring) -> (Int, Int)? {
        let parts = line.split(separator: "-")
        guard parts.count == 4, parts[0] == "series", parts[2] == "point",
              let series = Int(parts[1]), let position = Int(parts[3]) else { return nil }
        return (series, position)
    }

    /// `00:00:01.143 --> 00:00:01.495` (hours optional) as seconds.
    static func timing(_ line: Substring) -> (start: Double, end: Double)? {
        let parts = line.split(separator: " ")
        guard parts.count >= 3, parts[1] == "-->", let start = seconds(parts[0]), let end = seconds(parts[2]) else { return nil }
        return (start, end)
    }

    static func seconds(_ stamp: Substring) -> Double? {
        let fields = stamp.split(separator: ":")
        guard fields.count == 2 || fields.count == 3 else { return nil }
        var total = 0.0
        for field in fields {
            guard let value = Double(field), value >= 0 else { return nil }
            total = total * 60 + value
        }
        return total
    }

    /// When the charted point at `position` of `series` starts to sound: the start of the cue
    /// that holds it (the last cue starting at or before it).
    func start(series: Int, position: Int) -> Double? {
        guard let cues = bySeries[series] else { return nil }
        return cues.last { $0.position <= position }?.start ?? cues.first?.start
    }

    /// When the series stops sounding.
    func end(series: Int) -> Double? { bySeries[series]?.last?.end }

    var isEmpty: Bool { bySeries.isEmpty }
}
