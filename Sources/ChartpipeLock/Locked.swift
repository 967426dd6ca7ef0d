#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value that threads share, every access to it under one lock: what `Synchronization.Mutex`
/// does, on a POSIX mutex.
///
/// Why not `Mutex`: on Linux it locks with futexes inside the toolchain's library, which
/// ThreadSanitizer does not see, so a value made on one thread and handed to another through a
/// `Mutex` (a cached formatter, say) reads as a data race. ThreadSanitizer intercepts
/// `pthread_mutex_lock`, so what this lock orders, `make sanitize` knows is ordered, and the races
/// it reports are real ones.
///
/// The value lives behind a pointer, not in a stored `var`: Swift's dynamic exclusivity checks of a
/// class's `var` are reported by ThreadSanitizer as accesses of their own, which for an empty value
/// (`Locked(())`) it placed outside the lock.
public final class Locked<Value>: @unchecked Sendable {  // unchecked: `value` is only touched while `mutex` is held
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let value: UnsafeMutablePointer<Value>

    public init(_ value: Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        // Fails only without memory for it (a default mutex takes no other resource).
        precondition(pthread_mutex_init(mutex, nil) == 0, "a mutex could not be made")
        self.value = .allocate(capacity: 1)
        self.value.initialize(to: value)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with the value, holding the lock; no other thread reads or writes it meanwhile.
    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}
