import Synchronization

/// The processors a run may keep busy (`--jobs`), shared by its charts and the stages inside them:
/// each chart being run holds one, and a stage that can split its work (ingest of one large file)
/// borrows the idle ones, never waiting for them, so that charts in parallel and chunks in parallel
/// together stay within the budget. A worker that has no chart left gives its processor back.
public final class WorkerBudget: Sendable {
    private let idle: Mutex<Int>

    /// A budget with `idle` processors free to borrow.
    public init(idle: Int) {
        self.idle = Mutex(max(0, idle))
    }

    /// Takes up to `wanted` idle processors; returns how many it took (maybe 0).
    public func borrow(upTo wanted: Int) -> Int {
        idle.withLock { free in
            let taken = min(free, max(0, wanted))
            free -= taken
            return taken
        }
    }

    /// Returns processors taken with `borrow(upTo:)`, or a worker's own when it has no work left.
    public func giveBack(_ count: Int) {
        guard count > 0 else { return }
        idle.withLock { $0 += count }
    }

    /// Processors free now (for tests and progress).
    public var idleCount: Int { idle.withLock { $0 } }

    /// The budget of the run the current chart belongs to; nil outside a run (one processor).
    @TaskLocal public static var current: WorkerBudget?
}
