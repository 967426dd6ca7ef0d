import ChartpipeCore

/// The timing of one series inside its window.
public struct SeriesTimeline: Sendable, Equatable {
    /// First frame of the series' window.
    public var startFrame: Int
    /// The frame after the window.
    public var endFrame: Int
    /// The frame at which each point sounds: a discrete tone's onset, or where a glide reaches the
    /// point's pitch.
    public var pointFrames: [Int]
    /// Length of each point's tone in frames (discrete series, and isolated points of continuous ones).
    public var toneFrames: [Int]
    /// Each point's x position over the chart's x extent, 0 (left) … 1 (right): also its stereo position.
    public var positions: [Double]
}
