/// A key for a typed value that a stage adds to a chart's context, such as the trend statistics.
/// The value type lives in the core when another stage reads it.
public protocol ContextKey {
    associatedtype Value: Sendable
}

/// A file a stage produces; the runner writes it atomically under the chart's folder.
public struct Artifact: Sendable, Equatable {
    /// Path relative to the chart's folder (`data.json`) or, for run stages, to the output folder.
    public var path: String
    /// What it is: `data`, `trend`, `description`, `axchart`, `audio`, `cues`, `table`, `chart`, `report`…
    public var kind: String
    public var locale: String?
    public var bytes: [UInt8]

    public init(path: String, kind: String, locale: String? = nil, bytes: [UInt8]) {
        self.path = path
        self.kind = kind
        self.locale = locale
        self.bytes = bytes
    }
}

/// What every chart of a run shares.
public struct RunInfo: Sendable {
    /// Locales to write, in order.
    public var locales: [String]
    /// String catalogs of the pipeline (absolute paths).
    public var strings: [String]
    /// Folder of the pipeline file; relative paths resolve against it.
    public var pipelineDirectory: String
    public var pipelineName: String

    public init(locales: [String], strings: [String] = [], pipelineDirectory: String, pipelineName: String) {
        self.locales = locales
        self.strings = strings
        self.pipelineDirectory = pipelineDirectory
        self.pipelineName = pipelineName
    }
}

/// Everything known about one chart as it moves through the stages.
public struct ChartContext: Sendable {
    public let chart: ChartSpec
    public let run: RunInfo
    /// The series as the last data stage left them.
    public var data: SeriesSet
    /// The series as they entered `downsample`, when it reduced them (arrays are shared, not copied).
    public var fullData: SeriesSet?
    public var artifacts: [Artifact] = []
    public var warnings: [String] = []
    public var recordsRead = 0
    public var recordsSkipped = 0
    /// Points after ingest or aggregate, over all series.
    public var pointsInput = 0
    private var values: [ObjectIdentifier: any Sendable] = [:]

    public init(chart: ChartSpec, run: RunInfo, data: SeriesSet) {
        self.chart = chart
        self.run = run
        self.data = data
        self.pointsInput = data.pointCount
    }

    /// The full series: statistics describe these, not the downsampled points.
    public var fullSeries: SeriesSet { fullData ?? data }

    public subscript<K: ContextKey>(key: K.Type) -> K.Value? {
        get { values[ObjectIdentifier(key)] as? K.Value }
        set { values[ObjectIdentifier(key)] = newValue }
    }

    public mutating func emit(_ artifact: Artifact) { artifacts.append(artifact) }
    public mutating func warn(_ message: String) { warnings.append(message) }
}

/// The result of one chart, as run stages (`report`) and the manifest see it.
public struct ChartResult: Sendable {
    public enum Status: String, Sendable { case ok, failed }
    public var chart: ChartSpec
    public var status: Status
    public var error: ChartError?
    /// The final context of a chart that succeeded.
    public var context: ChartContext?
    public var warnings: [String]
    public var artifacts: [ManifestArtifact]
    /// Source records read and skipped, also for a chart that failed after reading.
    public var recordsRead: Int
    public var recordsSkipped: Int
    /// Points after ingest or aggregate, and after the last data stage, over all series.
    public var pointsInput: Int
    public var pointsOutput: Int

    public init(chart: ChartSpec, status: Status, error: ChartError?, context: ChartContext?, warnings: [String],
                artifacts: [ManifestArtifact], recordsRead: Int = 0, recordsSkipped: Int = 0,
                pointsInput: Int = 0, pointsOutput: Int = 0) {
        self.chart = chart
        self.status = status
        self.error = error
        self.context = context
        self.warnings = warnings
        self.artifacts = artifacts
        self.recordsRead = recordsRead
        self.recordsSkipped = recordsSkipped
        self.pointsInput = pointsInput
        self.pointsOutput = pointsOutput
    }
}

/// What run stages see: every chart's result, in pipeline order.
public struct RunContext: Sendable {
    public let run: RunInfo
    public let charts: [ChartResult]
    /// Files for the output folder (paths relative to it).
    public var artifacts: [Artifact] = []

    public init(run: RunInfo, charts: [ChartResult]) {
        self.run = run
        self.charts = charts
    }
}

/// An artifact as recorded in the manifest.
public struct ManifestArtifact: Sendable, Equatable {
    /// Relative to the output folder.
    public var path: String
    public var kind: String
    public var locale: String?
    public var bytes: Int
    public var sha256: String

    public init(path: String, kind: String, locale: String?, bytes: Int, sha256: String) {
        self.path = path
        self.kind = kind
        self.locale = locale
        self.bytes = bytes
        self.sha256 = sha256
    }
}
