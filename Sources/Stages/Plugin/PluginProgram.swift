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
