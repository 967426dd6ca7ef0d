import Foundation
import ChartpipeJSON

/// A named list of points a plugin adds to the chart's navigation lists (custom rotors).
public struct PluginNavigation: Sendable, Equatable {
    /// A stable identifier, unique within the plugin (`weekdayHighs`).
    public var name: String
    /// The list's name by locale.
    public var title: [String: String]
    public var entries: [PluginPoint]

    public init(name: String, title: [String: String], entries: [PluginPoint]) {
        self.name = name
        self.title = title
        self.entries = entries
    }
}
