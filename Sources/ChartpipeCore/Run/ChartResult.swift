import ChartpipeJSON

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
