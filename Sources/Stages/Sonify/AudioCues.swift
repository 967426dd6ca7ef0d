import ChartpipeCore
import ChartpipeText

/// The WebVTT cues of an audio graph in one locale.
///
/// One cue per point; points that follow one another within `groupingSeconds` share a cue (a
/// segment), so captions stay readable. A segment of up to `listedLabels` points lists every
/// label, one per line; a longer one shows its first and last labels around an ellipsis.
public enum AudioCues {
    /// Points closer than this (from the first point of a cue) share the cue.
    public static let groupingSeconds = 0.25
    /// Most labels a segment cue lists in full.
    public static let listedLabels = 3

    /// The cues for `timeline`, with `labels[series][point]` as text.
    public static func cues(timeline: AudioTimeline, labels: PointLabels) -> [AudioCue] {
        let grouping = Int((groupingSeconds * Double(timeline.sampleRate)).rounded())
        var cues: [AudioCue] = []
        for (k, lane) in timeline.series.enumerated() {
            let frames = lane.pointFrames
            let names = k < labels.count ? labels[k] : nil
            // The last point of a series sounds at its very end; its cue stays up for the grouping
            // time into the pause after it, so that it can be read at all.
            let nextSeries = k + 1 < timeline.series.count ? timeline.series[k + 1].pointFrames.first ?? Int.max : Int.max
            var i = 0
            while i < frames.count {
                var j = i + 1
                while j < frames.count, frames[j] - frames[i] < grouping { j += 1 }
                let end = j < frames.count ? frames[j] : min(max(lane.endFrame, frames[i] + grouping), nextSeries)
                // Labels are made when read: only those the cue shows.
                let label = { (n: Int) in names.flatMap { n < $0.count ? oneLine($0[n]) : nil } ?? "" }
                let text = j - i <= listedLabels
                    ? (i..<j).map(label).joined(separator: "\n")
                    : [label(i), "…", label(j - 1)].joined(separator: "\n")
                cues.append(AudioCue(identifier: "series-\(k)-point-\(i)", start: frames[i], end: end, series: k,
                                     points: i..<j, text: text))
                i = j
            }
        }
        // The last cue ends with the audio, not past it; to stay readable for the grouping time it
        // starts earlier, taking that time from the cue before it.
        if let last = cues.indices.last, cues[last].end > timeline.totalFrames {
            cues[last].end = timeline.totalFrames
            if cues[last].end - cues[last].start < grouping {
                // The cue before keeps the grouping time too, or half of what the two have.
                let before = last > 0 ? cues[last - 1].start : 0
                let start = max(cues[last].end - grouping, min(before + grouping, (before + cues[last].end) / 2))
                if last > 0 && cues[last - 1].end > start { cues[last - 1].end = start }
                cues[last].start = min(cues[last].start, start)
            }
        }
        return cues
    }

    /// A label on one line: line breaks separate the labels of a segment cue.
    static func oneLine(_ label: String) -> String {
        String(String.UnicodeScalarView(label.unicodeScalars.map { "\n\r\u{2028}\u{2029}".unicodeScalars.contains($0) ? " " : $0 }))
    }

    /// The WebVTT document of `cues`. Times round to the nearest millisecond, the same way for
    /// starts and ends, so a cue ends exactly where the next one starts (no overlap for players
    /// to show two cues at once).
    public static func webVTT(_ cues: [AudioCue], sampleRate: Int) -> String {
        var out = "WEBVTT\n"
        for cue in cues {
            let start = (cue.start * 1000 + sampleRate / 2) / sampleRate
            let end = max(start + 1, (cue.end * 1000 + sampleRate / 2) / sampleRate)
            out += "\n" + cue.identifier + "\n" + timestamp(milliseconds: start) + " --> " + timestamp(milliseconds: end) + "\n"
            let lines = cue.text.split(separator: "\n", omittingEmptySubsequences: false).map { WebVTT.cueText(String($0)) }
            // A blank line would end the cue early, so empty lines become a single space.
            out += lines.map { $0.isEmpty ? " " : $0 }.joined(separator: "\n") + "\n"
        }
        return out
    }

    /// `hh:mm:ss.ttt`.
    static func timestamp(milliseconds: Int) -> String {
        let ms = milliseconds % 1000
        let totalSeconds = milliseconds / 1000
        return pad(totalSeconds / 3600, 2) + ":" + pad(totalSeconds / 60 % 60, 2) + ":" + pad(totalSeconds % 60, 2)
            + "." + pad(ms, 3)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
