import Dispatch
import Synchronization

/// The processors a run may keep busy (`--jobs`), shared by its charts and the stages inside them:
/// each chart being run holds one, and a stage that can split its work (ingest of one large file)
/// borrows the idle ones, never waiting for them, so that charts in parallel and chunks in parallel
/// together stay within the budget. A worker that has no chart left gives its processor back.
public final class WorkerBudget: Sendable {
    private let idle: Mutex<Int>
    private let lent = Atomic<Int>(0)

    /// A budget with `idle` processors free to borrow.
    public init(idle: Int) {
        self.idle = Mutex(max(0, idle))
    }

    /// Takes up to `wanted` idle processors; returns how many it took (maybe 0).
    public func borrow(upTo wanted: Int) -> Int {
        idle.withLock { free in
            let taken = min(free, max(0, wanted))
            free -= taken
            lent.add(taken, ordering: .relaxed)
            return taken
        }
    }

    /// Processors lent by `borrow(upTo:)` over the budget's life (for tests that check a split happened).
    public var lentCount: Int { lent.load(ordering: .relaxed) }

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

extension WorkerBudget {
    /// Runs `body(i)` for every `i` in `0..<count`: on this thread, and on idle processors of the
    /// current run's budget borrowed for the call and given back when it returns, each taking the
    /// next `i` (outside a run, or with no processor idle, in order on this thread). So a stage can
    /// split one large chart's work without taking processors that other charts hold (`--jobs`).
    /// `body` must be safe to run on several threads at once.
    public static func split(_ count: Int, _ body: (Int) -> Void) {
        let budget = count > 1 ? current : nil
        let borrowed = budget?.borrow(upTo: count - 1) ?? 0
        guard borrowed > 0 else {
            for i in 0..<count { body(i) }
            return
        }
        defer { budget?.giveBack(borrowed) }
        withoutActuallyEscaping(body) { body in
            let work = Work(body: body)
            DispatchQueue.concurrentPerform(iterations: borrowed + 1) { _ in
                while true {
                    let i = work.next.add(1, ordering: .relaxed).oldValue
                    guard i < count else { return }
                    work.body(i)
                }
            }
        }
    }

    /// What the threads of a split share: the body, whose safety on several threads is the
    /// caller's promise (`split`), and the next index to take.
    private final class Work: @unchecked Sendable {
        let body: (Int) -> Void
        let next = Atomic<Int>(0)
        init(body: @escaping (Int) -> Void) { self.body = body }
    }
}
