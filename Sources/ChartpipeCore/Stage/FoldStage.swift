/// A stage that folds the source's batches into series as they stream (`aggregate`).
public protocol FoldStage: Stage {
    /// The series, and what a reader should know about them (a partly covered first bucket, say).
    /// Long folds poll `cancellation`.
    func fold(_ stream: any ObservationStream, chart: ChartSpec, cancellation: Cancellation) throws -> FoldResult
}
