import ChartpipeLock
import Dispatch
import Foundation
import Synchronization

/// The processors a run may keep busy (`--jobs`), shared by its charts and the stages inside them:
/// each chart being run holds one, and a stage that can split its work (ingest of one large file,
/// `split`) borrows the idle ones, never waiting for them, so that charts in parallel and chunks in
/// parallel together stay within the budget. A worker that has no chart left gives its processor
/// back. One exception: a `split` lends its caller's processor while the caller waits and takes it
/// back after even if it was lent on (`reclaim`), so the run may then be one over until someone
/// gives one back; it lends none meanwhile.
public final class WorkerBudget: Sendable {
    private let idle: Locked<Int>
    private let lent = Atomic<Int>(0)

    /// A budget with `idle` processors free to borrow.
    public init(idle: Int) {
        self.idle = Locked(max(0, idle))
    }

    /// Takes up to `wanted` idle processors; returns how many it took (maybe 0).
    public func borrow(upTo wanted: Int) -> Int {
        idle.withLock { free in
            let taken = max(0, min(free, wanted))
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

    /// Takes back a processor lent while its thread waited (`split`), even when none is idle:
    /// the budget is then one short until a processor is given back, and lends none meanwhile.
    public func reclaim() {
        idle.withLock { $0 -= 1 }
    }

    /// Processors free now (for tests and progress).
    public var idleCount: Int { idle.withLock { $0 } }

    /// The budget of the run the current chart belongs to; nil outside a run (one processor).
    @TaskLocal public static var current: WorkerBudget?
}

extension WorkerBudget {
    /// Runs `body(i)` for every `i` in `0..<count`: on this thread, and on idle processors of the
    /// current run's budget borrowed for the call, each taking the next `i` (outside a run, or with
    /// no processor idle, in order on this thread). A borrowed processor is given back as soon as
    /// its thread finds nothing left to take, so a split inside a long `body` can borrow it. So a
    /// stage can split one large chart's work without taking processors that other charts hold
    /// (`--jobs`). `body` must be safe to run on several threads at once.
    ///
    /// A borrowed processor runs a thread of its own, not a Dispatch worker: Dispatch runs an
    /// apply nested in another one's worker on one thread, and a queued block may wait for a
    /// pool thread that the waiting caller holds.
    public static func split(_ count: Int, _ body: (Int) -> Void) {
        let budget = count > 1 ? current : nil
        let borrowed = budget?.borrow(upTo: count - 1) ?? 0
        guard let budget, borrowed > 0 else {
            for i in 0..<count { body(i) }
            return
        }
        withoutActuallyEscaping(body) { body in
            let work = Work(body: body, count: count, budget: budget)
            let done = DispatchSemaphore(value: 0)
            var started = 0
            for _ in 0..<borrowed {
                // A thread the system refuses (thread or process limits) gives its processor back
                // at once and is not waited for.
                if startThread({ work.run(); budget.giveBack(1); done.signal() }) { started += 1 } else { budget.giveBack(1) }
            }
            let borrowed = started
            work.run()
            // Nothing left to take: this thread's own processor is lent while it waits (a thread
            // still writing a long piece may split it), and taken back after. `body` does not
            // outlive the call: every borrowed thread is done with it.
            budget.giveBack(1)
            for _ in 0..<borrowed { done.wait() }
            // A finished thread may still hold `work` for a moment: it must not hold `body` too.
            work.body = nil
            budget.reclaim()
        }
    }

    /// `split`, keeping what `body(i)` returns for each `i`, in order: each result is stored by the
    /// thread that made it, into a slot of its own, and read after every thread is done.
    public static func map<T>(_ count: Int, _ body: (Int) -> T) -> [T] {
        guard count > 0 else { return [] }
        let slots = UnsafeMutableBufferPointer<T?>.allocate(capacity: count)
        slots.initialize(repeating: nil)
        defer {
            slots.deinitialize()
            slots.deallocate()
        }
        split(count) { i in slots[i] = body(i) }
        return slots.map { $0! }
    }

    /// Starts a detached thread running `body`; false when the system cannot make one.
    private static func startThread(_ body: @escaping @Sendable () -> Void) -> Bool {
        let box = Unmanaged.passRetained(ThreadBody(body))
        var thread = pthread_t()
        let made = pthread_create(&thread, nil, { raw in
            guard let raw else { return nil }
            Unmanaged<ThreadBody>.fromOpaque(raw).takeRetainedValue().body()
            return nil
        }, box.toOpaque())
        guard made == 0 else {
            box.release()
            return false
        }
        pthread_detach(thread)
        return true
    }

    private final class ThreadBody: Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// What the threads of a split share: the body, whose safety on several threads is the
    /// caller's promise (`split`), and the next index to take.
    private final class Work: @unchecked Sendable {
        /// Cleared by the caller once every thread is done (the threads only read it before that).
        var body: ((Int) -> Void)?
        let count: Int
        let budget: WorkerBudget
        let next = Atomic<Int>(0)

        init(body: @escaping (Int) -> Void, count: Int, budget: WorkerBudget) {
            self.body = body
            self.count = count
            self.budget = budget
        }

        /// Takes the next index until none is left; on a borrowed thread too the budget is the
        /// run's, so a split inside `body` borrows from it.
        func run() {
            WorkerBudget.$current.withValue(budget) {
                while true {
                    let i = next.add(1, ordering: .relaxed).oldValue
                    guard i < count, let body else { return }
                    body(i)
                }
            }
        }
    }
}
