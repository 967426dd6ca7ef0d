import ChartpipeCore
import ChartpipeLock
import Foundation

/// The programs of `plugin` entries, by command, so that `--describe` runs once per command and
/// its persistent processes are shared by every chart.
final class ProgramCache: Sendable {
    private let programs = Locked<[[String]: Result<PluginProgram, ChartError>]>([:])

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
