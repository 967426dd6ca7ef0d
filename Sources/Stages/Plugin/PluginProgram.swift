import ChartpipeCore
import Foundation
import Synchronization

/// One plugin program as every chart of a run shares it: how to start it, what it declared, and
/// its persistent processes.
struct PluginProgram: Sendable {
    /// The stage name (`weekday`), or the `name` of a `plugin` entry.
    var name: String
    var launch: PluginLaunch
    var declaration: PluginDeclaration
    let pool: ProcessPool

    /// `plugin 'weekday'`, for messages.
    var label: String { "plugin '\(name)'" }
}

/// The idle processes of a persistent plugin. A chart takes one (or starts one) and gives it back
/// when it answered, so a run never has more processes of a plugin than charts running at once:
/// one per worker.
final class ProcessPool: Sendable {
    private let idle = Mutex<[PluginProcess]>([])

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

/// The programs of `plugin` entries, by command, so that `--describe` runs once per command and
/// its persistent processes are shared by every chart.
final class ProgramCache: Sendable {
    private let programs = Mutex<[[String]: Result<PluginProgram, ChartError>]>([:])

    /// The program for `argv`, made (and described) on first use.
    func program(for argv: [String], make: () -> Result<PluginProgram, ChartError>) throws(ChartError) -> PluginProgram {
        if let known = programs.withLock({ $0[argv] }) { return try known.get() }
        let made = make()
        let stored = programs.withLock { cache in
            if let known = cache[argv] { return known }
            cache[argv] = made
            return made
        }
        return try stored.get()
    }

    func release(grace: Double) {
        for result in programs.withLock({ Array($0.values) }) {
            if case let .success(program) = result { program.pool.release(grace: grace) }
        }
    }
}
