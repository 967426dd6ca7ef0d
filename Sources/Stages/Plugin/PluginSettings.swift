import ChartpipeCore
import ChartpipeJSON
import Foundation

/// What every external stage of a run shares.
struct PluginSettings: Sendable {
    /// Seconds between SIGTERM and SIGKILL.
    var grace: Double
    /// Seconds `--describe` may take.
    var describeTimeout: Double
    var translate: PluginProvider.Translation
}
