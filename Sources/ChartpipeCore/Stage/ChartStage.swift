/// A stage that works on one chart. It must be a pure function of the context: charts run in
/// parallel. Long work polls `context.cancellation`.
public protocol ChartStage: Stage {
    func run(_ context: inout ChartContext) throws
}
