import ChartpipeCore
import ChartpipeLock
import Foundation

/// The idle processes of a persistent plugin. A chart takes one (or starts one) and gives it back
/// when it answered, so a run never has more processes of a plugin than charts running at once:
/// one per worker.
final class ProcessPool: Sendable {
    private let idle = Locked<[PluginProcess]>([])

    /// An idle process that still runs, or a new one.
    func take(_ launch: PluginLaunch) throws(PluginFailure) -> PluginProcess {
        while let process = idle.withLock({ $0.popLast() }) {
            if process.isRunning { return process }
            process.stop(grace: 0)
        }
        return try PluginProcess.start(launch)
    }

    func giveBack(_ process: PluginProcess) {
        idle.withLock { $0.append(process) }
    }

    /// Ends every idle process: EOF first, then the group is stopped after `grace` seconds.
    func release(grace: Double) {
        let all = idle.withLock { list -> [PluginProcess] in
            defer { list = [] }
            return list
        }
        for process in all { process.finish(grace: grace) }
    }
}
