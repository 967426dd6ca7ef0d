import ChartpipeJSON

/// The run a chart is compared with: its history, and when and from which pipeline file it came.
public struct Baseline: Sendable, Equatable {
    public var history: ChartHistory
    /// Seconds since 1970 of the baseline run (its manifest's `generatedAt`).
    public var generatedAt: Int64
    /// The SHA-256 of the baseline run's pipeline file.
    public var pipelineDigest: String?

    public init(history: ChartHistory, generatedAt: Int64, pipelineDigest: String?) {
        self.history = history
        self.generatedAt = generatedAt
        self.pipelineDigest = pipelineDigest
    }
}
