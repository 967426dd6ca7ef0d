import ChartpipeCore
import Plugin
import Foundation
import Synchronization

/// Turns the first SIGINT or SIGTERM into a graceful stop — no new chart starts and running charts
/// stop inside their current stage — and a second one into an exit at once. A small thread watches
/// the count: no Dispatch signal source, whose delivery on Linux depends on the signal being
/// blocked in every thread.
final class SignalWatch: Sendable {
    private let finished = Atomic<Bool>(false)

    init(runner: Runner, log: Log) {
        let thread = Thread { [self] in
            Signals.unblockInThisThread()
            var seen = 0
            while !finished.load(ordering: .sequentiallyConsistent) {
                let count = Signals.counted
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
