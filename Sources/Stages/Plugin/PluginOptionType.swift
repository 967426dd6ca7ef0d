import ChartpipeCore
import ChartpipeJSON

/// The JSON types a plugin's options may have.
enum PluginOptionType: String, Sendable, CaseIterable {
    case string, integer, number, boolean, strings, any
}
