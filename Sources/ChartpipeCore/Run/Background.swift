import ChartpipeLock
import Dispatch

/// Work begun on another thread at once, its result taken when it is needed (`value`, which
/// waits for it). For the few independent reads and writes at a run's start and end (the previous
/// manifest and the run cache), each a visible part of an incremental run of many charts; only
/// where the run may use more than one processor (`--jobs` above 1). Synchronous code only: `value`
/// blocks its thread.
final class Background<Value: Sendable>: Sendable {
    private let result = Locked<Value?>(nil)
    private let done = DispatchSemaphore(value: 0)

    /// Runs `work` on another thread when `concurrently`, else here and now.
    init(concurrently: Bool, _ work: @escaping @Sendable () -> Value) {
        guard concurrently else {
            result.withLock { $0 = work() }
            done.signal()
            return
        }
        DispatchQueue.global().async { [self] in
            let value = work()
            result.withLock { $0 = value }
            done.signal()
        }
    }

    /// The result, once the work is done.
    var value: Value {
        done.wait()
        defer { done.signal() }
        return result.withLock { $0! }
    }
}
