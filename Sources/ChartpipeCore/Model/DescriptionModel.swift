// The description layers the `describe` stage adds to a chart's context, per locale, so that the
// CLI's `chartpipe describe`, the report and sonify can read them (SPEC §4 description.<locale>.json).

/// The key under which `describe` stores its descriptions: one `ChartDescription` per locale of the run.
public enum DescriptionsKey: ContextKey {
    public typealias Value = [String: ChartDescription]
}

/// Everything a screen reader user can hear about one chart, in one locale, from the summary down
/// to single points.
public struct ChartDescription: Sendable, Equatable {
    /// The locale as the run asked for it (`en`, `zh-Hans`, `ko-KR`…).
    public var locale: String
    /// The chart's id.
    public var chart: String
    /// The chart title, translated through the run's catalogs.
    public var title: String
    /// One or two sentences that stand alone: what is shown, over what x range, the change, the extremes.
    public var summary: String
    /// The x axis first, then the y axis.
    public var axes: [AxisDescription]
    /// Statistics as sentences, in series order.
    public var statistics: [String]
    public var series: [SeriesDescription]
    /// Lists an app can turn into custom rotors; lists without entries are left out.
    public var navigation: [NavigationList]
    /// What changed since the run the chart was compared with, as sentences (`ChangeSentences`);
    /// empty without a baseline or when nothing changed.
    public var changes: [ChangeDescription]

    public init(locale: String, chart: String, title: String, summary: String, axes: [AxisDescription],
                statistics: [String], series: [SeriesDescription], navigation: [NavigationList],
                changes: [ChangeDescription] = []) {
        self.changes = changes
        self.locale = locale
        self.chart = chart
        self.title = title
        self.summary = summary
        self.axes = axes
        self.statistics = statistics
        self.series = series
        self.navigation = navigation
    }
}

/// One change since the run a chart was compared with, in words: its kind (as the manifest names
/// it, `new-points`…), the series, and the sentence.
public struct ChangeDescription: Sendable, Equatable {
    public var kind: String
    public var series: String
    public var text: String

    public init(kind: String, series: String, text: String) {
        self.kind = kind
        self.series = series
        self.text = text
    }
}

/// One axis: what it represents and its range, as a sentence.
public struct AxisDescription: Sendable, Equatable {
    public enum Axis: String, Sendable { case x, y }
    public var axis: Axis
    /// The axis title, translated.
    public var title: String
    public var text: String

    public init(axis: Axis, title: String, text: String) {
        self.axis = axis
        self.title = title
        self.text = text
    }
}

/// One series: its summary, the labels of its segments and of its points.
public struct SeriesDescription: Sendable, Equatable {
    /// The series name, translated.
    public var name: String
    public var summary: String
    public var segments: [SegmentDescription]
    /// The points the `points` option asked for (all, notable or none).
    public var points: [PointDescription]
    /// The shape of the drawn points as one line of Unicode braille (`BrailleSparkline`), empty
    /// when the series has no value.
    public var braille: String

    public init(name: String, summary: String, segments: [SegmentDescription], points: [PointDescription], braille: String = "") {
        self.name = name
        self.summary = summary
        self.segments = segments
        self.points = points
        self.braille = braille
    }
}

/// A segment between two turning points ("From June 1 to June 15: rose 62.5% from $1,200 to $1,950").
public struct SegmentDescription: Sendable, Equatable {
    /// First point, as an index into the full series (as trend.json).
    public var from: Int
    /// Last point, as an index into the full series.
    public var to: Int
    public var label: String

    public init(from: Int, to: Int, label: String) {
        self.from = from
        self.to = to
        self.label = label
    }
}

/// One point with its label.
public struct PointDescription: Sendable, Equatable {
    /// Index into the full series (as trend.json); equal to the position in `ChartContext.data` when
    /// nothing was downsampled.
    public var index: Int
    /// Raw x: epoch milliseconds for time, the category's index for category x.
    public var x: Double
    /// `nil` for a gap.
    public var y: Double?
    public var label: String

    public init(index: Int, x: Double, y: Double?, label: String) {
        self.index = index
        self.x = x
        self.y = y
        self.label = label
    }
}

/// A named list of points to jump between: peaks, valleys, outliers, segment starts, largest rise,
/// largest fall, threshold crossings, series crossovers.
public struct NavigationList: Sendable, Equatable {
    /// A stable identifier (`peaks`, `largestRise`, `crossovers`…).
    public var name: String
    /// The list's name in the locale, for a rotor.
    public var title: String
    public var entries: [NavigationEntry]

    public init(name: String, title: String, entries: [NavigationEntry]) {
        self.name = name
        self.title = title
        self.entries = entries
    }
}

/// A point of a series that a navigation list leads to.
public struct NavigationEntry: Sendable, Equatable {
    /// Index of the series in the chart.
    public var series: Int
    /// Index into the full series (as trend.json).
    public var index: Int
    public var x: Double
    public var y: Double
    public var label: String

    public init(series: Int, index: Int, x: Double, y: Double, label: String) {
        self.series = series
        self.index = index
        self.x = x
        self.y = y
        self.label = label
    }
}
