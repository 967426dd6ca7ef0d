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

    /// A digest of everything the entry says but its comparison (which names the run it was
    /// compared with, so changes at every run): equal digests, same files and same outcome.
    /// Nil without `inputs` (a run without `--incremental` records none).
    public var outcomeDigest: String? {
        guard inputs != nil else { return nil }
        var record = self
        record.comparison = nil
        var stream = JSONStream(pretty: false, capacity: 4096)
        Manifest.write(chart: record, into: &stream)
        return SHA256.hex(stream.buffer)
    }

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
