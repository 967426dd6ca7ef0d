/// A stage that works on one chart. It must be a pure function of the context: charts run in
/// parallel. Long work polls `context.cancellation`.
public protocol ChartStage: Stage {
    func run(_ context: inout ChartContext) throws
    /// Says, before any stage of the chart runs, what this stage will do that earlier stages
    /// describe (the chart's layout, which describe says): called on every stage first, in order.
    func prepare(_ context: inout ChartContext)
}

extension ChartStage {
    /// Most stages have nothing to say ahead.
    public func prepare(_ context: inout ChartContext) {}
}
