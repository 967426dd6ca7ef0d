import ChartpipeCore
import ChartpipeLock
import Foundation
import Synchronization
import XCTest

/// `WorkerBudget.split` lends a run's idle processors to one call: every index runs once, a
/// processor comes back as soon as its thread has nothing left, and a split inside a long piece
/// borrows what the others gave back (issue 12: one large chart on the processors no chart holds).
final class WorkerBudgetTests: XCTestCase {
    /// Every index runs exactly once, on up to `idle + 1` threads, and the budget is whole after.
    func testEveryIndexRunsOnceAndTheBudgetIsWholeAfter() {
        let budget = WorkerBudget(idle: 3)
        let runs = Locked([Int](repeating: 0, count: 1000))
        let threads = Locked(Set<UInt64>())
        WorkerBudget.$current.withValue(budget) {
            WorkerBudget.split(1000) { i in
                runs.withLock { $0[i] += 1 }
                threads.withLock { _ = $0.insert(UInt64(pthread_self())) }
            }
        }
        XCTAssertEqual(runs.withLock { $0 }, [Int](repeating: 1, count: 1000))
        XCTAssertEqual(budget.idleCount, 3)
        XCTAssertEqual(budget.lentCount, 3)
        XCTAssertLessThanOrEqual(threads.withLock { $0.count }, 4)
    }

    /// Outside a run, and with no processor idle, the indices run in order on the caller's thread.
    func testWithoutIdleProcessorsTheIndicesRunInOrderHere() {
        let me = pthread_self()
        for budget in [nil, WorkerBudget(idle: 0)] {
            var order: [Int] = []
            WorkerBudget.$current.withValue(budget) {
                WorkerBudget.split(50) { i in
                    XCTAssertTrue(pthread_equal(pthread_self(), me) != 0)
                    order.append(i)
                }
            }
            XCTAssertEqual(order, Array(0..<50))
            XCTAssertEqual(budget?.lentCount ?? 0, 0)
        }
    }

    /// Two pieces on two processors: the short one's thread gives its processor back when it is
    /// done, so a split inside the long one borrows it (its threads really run at once: each
    /// waits until the other has started). The budget is whole after.
    func testASplitInsideALongPieceBorrowsTheProcessorAShortOneGaveBack() {
        let budget = WorkerBudget(idle: 1)
        let inner = Locked<Int?>(nil)
        WorkerBudget.$current.withValue(budget) {
            WorkerBudget.split(2) { piece in
                guard piece == 1 else { return }
                // Waits (does not time) until the other thread has finished and given its processor back.
                var waited = 0
                while budget.idleCount < 1, waited < 10_000 { usleep(1_000); waited += 1 }
                let lentBefore = budget.lentCount
                let started = Atomic<Int>(0)
                WorkerBudget.split(2) { _ in
                    started.add(1, ordering: .relaxed)
                    var spins = 0
                    while started.load(ordering: .relaxed) < 2, spins < 10_000 { usleep(1_000); spins += 1 }
                }
                inner.withLock { $0 = budget.lentCount - lentBefore }
                XCTAssertEqual(started.load(ordering: .relaxed), 2)
            }
        }
        XCTAssertEqual(inner.withLock { $0 }, 1, "the inner split borrowed the processor given back")
        XCTAssertEqual(budget.idleCount, 1)
    }

    /// A processor taken back while none is idle leaves the budget one short until one is given back.
    func testReclaimGoesBelowZeroAndLendsNothingMeanwhile() {
        let budget = WorkerBudget(idle: 0)
        budget.reclaim()
        XCTAssertEqual(budget.idleCount, -1)
        XCTAssertEqual(budget.borrow(upTo: 2), 0)
        budget.giveBack(2)
        XCTAssertEqual(budget.borrow(upTo: 2), 1)
    }
}
