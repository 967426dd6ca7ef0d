/// Everything known about one chart as it moves through the stages.
public struct ChartContext: Sendable {
    public let chart: ChartSpec
    public let run: RunInfo
    /// Polled by long work; a cancelled run throws `Cancelled` out of the stage.
    public let cancellation: Cancellation
    /// The series as the last data stage left them.
    public var data: SeriesSet
    /// The series as they entered `downsample`, when it reduced them (arrays are shared, not copied).
    public var fullData: SeriesSet?
    public var artifacts: [Artifact] = []
    public var warnings: [Diagnostic] = []
    public var recordsRead = 0
    public var recordsSkipped = 0
    /// Points after the source (and fold), over all series.
    public var pointsInput = 0
    private var values: [ObjectIdentifier: any Sendable] = [:]

    public init(chart: ChartSpec, run: RunInfo, data: SeriesSet, cancellation: Cancellation = .never) {
        self.chart = chart
        self.run = run
        self.data = data
        self.cancellation = cancellation
        self.pointsInput = data.pointCount
    }

    /// The full series: statistics describe these, not the downsampled points.
    public var fullSeries: SeriesSet { fullData ?? data }

    public subscript<K: ContextKey>(key: K.Type) -> K.Value? {
        get { values[ObjectIdentifier(key)] as? K.Value }
        set { values[ObjectIdentifier(key)] = newValue }
    }

    /// Takes over the values a fold set.
    mutating func adopt(_ fold: FoldResult) {
        for (k, v) in fold.values { values[k] = v }
    }

    public mutating func emit(_ artifact: Artifact) { artifacts.append(artifact) }

    /// Records something a reader of the output should know; it reaches the log and the manifest.
    /// Without a location, the chart's data file is named.
    public mutating func warn(_ message: String, code: DiagnosticCode, at location: SourceLocation? = nil, field: String? = nil) {
        warnings.append(.warning(message, code: code, at: location ?? SourceLocation(path: chart.source.displayPath), field: field))
    }
}
