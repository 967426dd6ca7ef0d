import ChartpipeText

/// A timed text cue of the audio graph: the label of the point (or points) sounding.
public struct AudioCue: Sendable, Equatable {
    /// `series-K-point-I`, 0-based like the points of the description, naming the first point.
    public var identifier: String
    /// First frame of the cue.
    public var start: Int
    /// The frame after the cue.
    public var end: Int
    public var series: Int
    /// The points the cue speaks for.
    public var points: Range<Int>
    /// The cue's text, not yet escaped.
    public var text: String
}
