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
    /// The layout the chart stage draws (overlay or small multiples), when the pipeline draws one.
    public var layout: LayoutDescription?

    public init(locale: String, chart: String, title: String, summary: String, axes: [AxisDescription],
                statistics: [String], series: [SeriesDescription], navigation: [NavigationList],
                changes: [ChangeDescription] = [], layout: LayoutDescription? = nil) {
        self.changes = changes
        self.layout = layout
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
