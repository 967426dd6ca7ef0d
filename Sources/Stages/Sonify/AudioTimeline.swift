import ChartpipeCore

/// Where every point of every series sounds, in sample frames. Synthesis and cues both read it,
/// so that a cue is aligned to its sound to the frame.
///
/// Series `k` owns the window that starts at frame `k × (framesPerSeries + gapFrames)`. Inside it
/// points are spread by their x position over the chart's whole x extent (as Apple's audio graphs
/// do), so uneven x spacing is heard as uneven timing and a series that covers part of the x axis
/// plays in that part of its window.
public struct AudioTimeline: Sendable, Equatable {
    /// Silence between two series, in seconds.
    public static let seriesGapSeconds = 0.7
    /// Longest discrete tone, in seconds.
    public static let longestToneSeconds = 0.25
    /// Shortest discrete tone, in seconds: shorter ones could not carry an audible pitch.
    public static let shortestToneSeconds = 0.03

    public var sampleRate: Int
    /// Length of each series' window (the `duration` option).
    public var framesPerSeries: Int
    /// Silence between two windows.
    public var gapFrames: Int
    /// Length of the whole audio graph: every window and the gaps between them.
    public var totalFrames: Int
    /// Glide (line, area) or one tone per point (bar, point).
    public var continuous: Bool
    public var series: [SeriesTimeline]

    /// Lays out `data` over `duration` seconds per series, `gapSeconds` apart.
    public init(data: SeriesSet, duration: Double, sampleRate: Int, continuous: Bool, gapSeconds: Double = seriesGapSeconds) {
        self.sampleRate = sampleRate
        self.continuous = continuous
        let window = max(1, Int((duration * Double(sampleRate)).rounded()))
        let gap = Int((gapSeconds * Double(sampleRate)).rounded())
        framesPerSeries = window
        gapFrames = gap
        totalFrames = data.series.isEmpty ? 0 : data.series.count * window + (data.series.count - 1) * gap

        var xLow = Double.infinity
        var xHigh = -Double.infinity
        for s in data.series {
            for x in s.x where x.isFinite {
                xLow = min(xLow, x)
                xHigh = max(xHigh, x)
            }
        }
        let xSpan = xHigh - xLow
        let rate = Double(sampleRate)
        let shortest = max(1, Int((Self.shortestToneSeconds * rate).rounded()))
        let longest = max(shortest, Int((Self.longestToneSeconds * rate).rounded()))

        series = data.series.enumerated().map { k, s in
            let start = k * (window + gap)
            let positions = s.x.map { x in xSpan > 0 && x.isFinite ? min(1, max(0, (x - xLow) / xSpan)) : 0.5 }
            // Tones follow the typical spacing of the series, so a dense series plays short notes.
            var steps = zip(positions.dropFirst(), positions).map { $0 - $1 }
            steps.sort()
            let typicalStep = steps.isEmpty ? 1 : steps[steps.count / 2]
            let lastTone = min(window, max(shortest, min(longest, Int((0.85 * typicalStep * Double(window)).rounded()))))
            let span = continuous ? window - 1 : window - lastTone
            let frames = positions.map { start + Int(($0 * Double(span)).rounded()) }
            let end = start + window
            let tones = frames.indices.map { i -> Int in
                let natural = i + 1 < frames.count
                    ? max(shortest, min(longest, Int((0.85 * Double(frames[i + 1] - frames[i])).rounded())))
                    : lastTone
                return max(1, min(natural, end - frames[i]))
            }
            return SeriesTimeline(startFrame: start, endFrame: end, pointFrames: frames, toneFrames: tones,
                                  positions: positions)
        }
    }

    /// Seconds from the start of the audio to `frame`.
    public func seconds(_ frame: Int) -> Double { Double(frame) / Double(sampleRate) }
}
