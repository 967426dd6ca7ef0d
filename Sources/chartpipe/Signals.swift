import ChartpipeCore
import Plugin
import Foundation
import Synchronization

/// SIGINT and SIGTERM for `run`, installed at process start so that a signal in the first
/// milliseconds is a clean interruption (130), not a kill (143). A plain handler only counts:
/// one atomic add is all a signal handler may safely do. A signal that the process inherited as
/// ignored (a background job, `nohup`-style launchers) stays ignored.
///
/// Once installed, the two signals are blocked in the main thread, and so in every thread started
/// after it (Dispatch's workers block them anyway): only the watcher thread unblocks them, so the
/// kernel delivers them there. A handler that ran on a thread blocked in `read` or `waitpid` can be
/// held back until that call returns (ThreadSanitizer defers it so; a plugin waiting on its input
/// never returns), and the first Ctrl-C would then not stop the run.
enum Signals {
    private static let count = Atomic<Int>(0)

    /// Signals counted, and those still pending on a thread that blocks them (before the watcher
    /// thread takes them), so a signal during start-up is seen however early it came.
    static var received: Int {
        if counted > 0 { return counted }
        var pending = sigset_t()
        sigpending(&pending)
        return handled.contains { sigismember(&pending, $0) == 1 } ? 1 : 0
    }

    /// Signals the handler has counted.
    static var counted: Int { count.load(ordering: .sequentiallyConsistent) }

    /// The signals this process handles: SIGINT and SIGTERM unless inherited as ignored.
    nonisolated(unsafe) private static var handled: [Int32] = []

    /// Installs the counting handler for each signal that is not inherited as ignored, takes one
    /// already pending (a launcher may hand the signals over blocked), then blocks them in this
    /// thread for the watcher thread to take.
    static func install() {
        handled = [SIGINT, SIGTERM].filter { !isIgnored($0) }
        for sig in handled {
            signal(sig) { _ in Signals.count.add(1, ordering: .sequentiallyConsistent) }
        }
        var set = signalSet()
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Lets the calling thread (the watcher) take the signals.
    static func unblockInThisThread() {
        var set = signalSet()
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// Gives the signals their default meaning back (those inherited as ignored stay so), and
    /// unblocks them in the calling thread.
    static func restore() {
        for sig in handled { signal(sig, SIG_DFL) }
        var set = signalSet()
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    private static func signalSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for sig in handled { sigaddset(&set, sig) }
        return set
    }

    /// Whether the signal's disposition is "ignore".
    private static func isIgnored(_ sig: Int32) -> Bool {
        var current = sigaction()
        sigaction(sig, nil, &current)
        return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }
}
