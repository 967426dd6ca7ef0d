import Synchronization

/// Asked for when a run must stop (SIGINT, SIGTERM, `--fail-fast`): long work polls it and
/// throws `Cancelled`, so that a chart stops in the middle of a stage, not only between stages.
public final class Cancellation: Sendable {
    private let flag = Atomic<Bool>(false)

    public init() {}

    /// Asks every poller to stop. Safe from any thread.
    public func cancel() { flag.store(true, ordering: .releasing) }

    public var isCancelled: Bool { flag.load(ordering: .acquiring) }

    /// Throws `Cancelled` once the run has been asked to stop.
    public func check() throws(Cancelled) {
        if isCancelled { throw Cancelled() }
    }

    /// A handle that is never cancelled (one-off uses such as `chartpipe describe`).
    public static var never: Cancellation { Cancellation() }
}

/// Thrown by work that stopped because the run was cancelled: not a failure of the chart.
public struct Cancelled: Error, Sendable, Equatable {
    public init() {}
}
