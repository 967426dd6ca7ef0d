import ChartpipeCore
import Plugin
import Foundation
import Synchronization

/// SIGINT and SIGTERM for `run`, installed at process start so that a signal in the first
/// milliseconds is a clean interruption (130), not a kill (143). A plain handler only counts:
/// one atomic add is all a signal handler may safely do. A signal that the process inherited as
/// ignored (a background job, `nohup`-style launchers) stays ignored.
enum Signals {
    private static let count = Atomic<Int>(0)

    static var received: Int { count.load(ordering: .sequentiallyConsistent) }

    /// Installs the counting handler for each signal that is not inherited as ignored.
    static func install() {
        var handled = sigset_t()
        sigemptyset(&handled)
        for sig in [SIGINT, SIGTERM] where !isIgnored(sig) {
            signal(sig) { _ in Signals.count.add(1, ordering: .sequentiallyConsistent) }
            sigaddset(&handled, sig)
        }
        // A launcher may hand the signals over blocked; one already pending is delivered now.
        pthread_sigmask(SIG_UNBLOCK, &handled, nil)
    }

    /// Gives the signals their default meaning back (those inherited as ignored stay so).
    static func restore() {
        for sig in [SIGINT, SIGTERM] where !isIgnored(sig) { signal(sig, SIG_DFL) }
    }

    /// Whether the signal's disposition is "ignore".
    private static func isIgnored(_ sig: Int32) -> Bool {
        var current = sigaction()
        sigaction(sig, nil, &current)
        return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }
}

/// Turns the first SIGINT or SIGTERM into a graceful stop — no new chart starts and running charts
/// stop inside their current stage — and a second one into an exit at once. A small thread watches
/// the count: no Dispatch signal source, whose delivery on Linux depends on the signal being
/// blocked in every thread.
final class SignalWatch: Sendable {
    private let finished = Atomic<Bool>(false)

    init(runner: Runner, log: Log) {
        let thread = Thread { [self] in
            var seen = 0
            while !finished.load(ordering: .sequentiallyConsistent) {
                let count = Signals.received
                if count > seen {
                    // A second signal quits at once, plugins included; _exit runs no exit handlers under the workers' feet.
                    if count >= 2 {
                        LiveProcessGroups.shared.killAll()
                        _exit(130)
                    }
                    log.note("\nchartpipe: stopping: no new chart will start and running charts stop now; press Ctrl-C again to quit at once",
                             event: "stopping", [("reason", "signal")])
                    runner.interrupt()
                    seen = count
                }
                usleep(10_000)
            }
        }
        thread.start()
    }

    /// Stops watching and gives the signals their default meaning back.
    func stop() {
        finished.store(true, ordering: .sequentiallyConsistent)
        Signals.restore()
    }
}
