import ChartpipeLock
import Dispatch
import XCTest

/// `Locked` orders what threads do with its value, and ThreadSanitizer sees that order (these run
/// under `make sanitize`'s ThreadSanitizer, `TSAN_TESTS`).
final class LockedTests: XCTestCase {
    /// A value made on one thread and used on others: with `Synchronization.Mutex`, ThreadSanitizer
    /// reported the fields written by the initializer and read by the other thread as a race.
    final class Made {
        var fields: [Int]
        init(_ n: Int) { fields = Array(0..<n) }
    }

    func testEveryIncrementFromManyThreadsCounts() {
        let count = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { count.withLock { $0 += 1 } }
        }
        XCTAssertEqual(count.withLock { $0 }, 80_000)
    }

    func testAValueMadeOnOneThreadIsWholeOnAnother() {
        let cache = Locked<[Int: Made]>([:])
        DispatchQueue.concurrentPerform(iterations: 64) { i in
            let key = i % 4
            // The first thread to ask makes the value outside the lock, as the formatter caches do.
            var made = cache.withLock { $0[key] }
            if made == nil {
                let fresh = Made(100 + key)
                made = cache.withLock { stored in
                    if let first = stored[key] { return first }
                    stored[key] = fresh
                    return fresh
                }
            }
            guard let made else { return XCTFail("no value for \(key)") }
            XCTAssertEqual(made.fields.count, 100 + key)
            XCTAssertEqual(made.fields.last, 99 + key)
        }
    }

    func testAThrowingBodyLeavesTheLockFree() {
        struct Refused: Error {}
        let value = Locked(1)
        XCTAssertThrowsError(try value.withLock { (v: inout Int) throws(Refused) in v = 2; throw Refused() })
        XCTAssertEqual(value.withLock { $0 }, 2)
    }
}
