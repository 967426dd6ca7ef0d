import ChartpipeLock

/// The render problems one chart's description met, each once, in the order met. Shared by the
/// copies of a describer; labels made later, while files are written, may add to it from the
/// runner's threads.
final class ProblemSink: Sendable {
    private let list = Locked<[String]>([])

    func add(_ problem: String) {
        list.withLock { if !$0.contains(problem) { $0.append(problem) } }
    }

    var problems: [String] { list.withLock { $0 } }
}
