import ChartpipeJSON

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
