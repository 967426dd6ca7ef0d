import Synchronization

/// Asked for when a run must stop (SIGINT, SIGTERM, `--fail-fast`): long work polls it and
/// throws `Cancelled`, so that a chart stops in the middle of a stage, not only between stages.
public final class Cancellation: Sendable {
    private let flag = Atomic<Bool>(false)
    /// The check at which a counting handle cancels itself; nil for a handle that does not count.
    private let cancelsAtCheck: Int?
    private let checkCount = Atomic<Int>(0)

    public init() { cancelsAtCheck = nil }

    /// A handle that counts its checks and cancels itself at the `n`th (`Int.max`: never), so that a
    /// test can prove that work stops part way by counting, not by timing.
    package init(cancellingAtCheck n: Int) { cancelsAtCheck = n }

    /// How many times a counting handle was checked.
    package var checks: Int { checkCount.load(ordering: .relaxed) }

    /// Asks every poller to stop. Safe from any thread.
    public func cancel() { flag.store(true, ordering: .releasing) }

    public var isCancelled: Bool { flag.load(ordering: .acquiring) }

    /// Throws `Cancelled` once the run has been asked to stop.
    public func check() throws(Cancelled) {
        if let cancelsAtCheck, checkCount.add(1, ordering: .relaxed).newValue >= cancelsAtCheck { cancel() }
        if isCancelled { throw Cancelled() }
    }

    /// A handle that is never cancelled (one-off uses such as `chartpipe describe`).
    public static var never: Cancellation { Cancellation() }
}
