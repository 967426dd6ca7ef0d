/// One series: its summary, the labels of its segments and of its points.
public struct SeriesDescription: Sendable, Equatable {
    /// The series name, translated.
    public var name: String
    public var summary: String
    public var segments: [SegmentDescription]
    /// The points the `points` option asked for (all, notable or none), labelled when read.
    public var points: PointList
    /// The shape of the drawn points as one line of Unicode braille (`BrailleSparkline`), empty
    /// when the series has no value.
    public var braille: String

    public init(name: String, summary: String, segments: [SegmentDescription], points: PointList, braille: String = "") {
        self.name = name
        self.summary = summary
        self.segments = segments
        self.points = points
        self.braille = braille
    }

    public init(name: String, summary: String, segments: [SegmentDescription], points: [PointDescription], braille: String = "") {
        self.init(name: name, summary: summary, segments: segments, points: PointList(points), braille: braille)
    }
}
