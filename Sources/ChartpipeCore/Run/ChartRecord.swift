import ChartpipeJSON

/// One chart's entry in the manifest: how its last run went and the files it left.
public struct ChartRecord: Sendable, Equatable {
    public enum Status: String, Sendable { case ok, failed }

    public var id: String
    public var status: Status
    public var error: Diagnostic?
    public var warnings: [Diagnostic]
    /// Source records read and skipped, also for a chart that failed after reading.
    public var recordsRead: Int
    public var recordsSkipped: Int
    /// Points after the source (and fold), and after the last data stage, over all series.
    public var pointsInput: Int
    public var pointsOutput: Int
    public var artifacts: [ManifestArtifact]
    /// The digest of what the chart's files depend on (`InputsDigest`), recorded by `--incremental` runs.
    public var inputs: String?
    /// The names of the series the data held, as written there (what `strings lint` checks for
    /// translations when the data names the series).
    public var series: [String] = []
    /// The run the chart was compared with and what changed since (`comparison` in the manifest):
    /// nil without a baseline.
    public var comparison: JSONValue?

    public init(id: String, status: Status, error: Diagnostic? = nil, warnings: [Diagnostic] = [],
                recordsRead: Int = 0, recordsSkipped: Int = 0, pointsInput: Int = 0, pointsOutput: Int = 0,
                artifacts: [ManifestArtifact] = [], inputs: String? = nil) {
        self.id = id
        self.status = status
        self.error = error
        self.warnings = warnings
        self.recordsRead = recordsRead
        self.recordsSkipped = recordsSkipped
        self.pointsInput = pointsInput
        self.pointsOutput = pointsOutput
        self.artifacts = artifacts
        self.inputs = inputs
    }
}

/// A chart run now: its spec and its manifest entry, as observers (progress, logs) see it.
public struct ChartResult: Sendable {
    public var chart: ChartSpec
    public var record: ChartRecord

    /// Whether an `--incremental` run kept the chart's files instead of making them again.
    public var reused: Bool

    public init(chart: ChartSpec, record: ChartRecord, reused: Bool = false) {
        self.chart = chart
        self.record = record
        self.reused = reused
    }

    public var status: ChartRecord.Status { record.status }
    public var error: Diagnostic? { record.error }
    public var warnings: [Diagnostic] { record.warnings }
    public var artifacts: [ManifestArtifact] { record.artifacts }
}

/// How a run-level stage (such as `report`) went.
public struct RunStageRecord: Sendable, Equatable {
    /// The stage entry's key (its `id`, else its stage name).
    public var key: String
    public var stage: String
    public var status: ChartRecord.Status
    public var error: Diagnostic?

    public init(key: String, stage: String, status: ChartRecord.Status, error: Diagnostic? = nil) {
        self.key = key
        self.stage = stage
        self.status = status
        self.error = error
    }
}
