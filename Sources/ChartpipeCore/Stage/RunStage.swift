/// A stage that runs once after all charts, over every chart of the pipeline (`report`).
public protocol RunStage: Stage {
    func run(_ context: inout RunContext) throws
}
