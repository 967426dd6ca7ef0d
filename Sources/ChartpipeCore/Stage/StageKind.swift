import ChartpipeJSON

/// How the runner calls a stage; derived from the protocol the stage conforms to.
public enum StageKind: String, Sendable {
    /// Opens the chart's data as a stream of observation batches (`SourceStage`). Must come first.
    case source
    /// Folds the stream into series as it is read (`FoldStage`). Must directly follow the source.
    case fold
    /// Works on one chart's context (`ChartStage`).
    case chart
    /// Runs once after every chart has finished, over every chart of the pipeline (`RunStage`).
    case run
}
