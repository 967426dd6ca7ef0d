/// Hears of charts as they start and finish (progress bars, logs). Called from worker threads.
public protocol RunObserver: Sendable {
    func chartStarted(_ chart: ChartSpec, running: [String], done: Int, total: Int)
    /// `running` are the charts still running after this one.
    func chartFinished(_ result: ChartResult, seconds: Double, running: [String], done: Int, total: Int)
}
