import Foundation
import ChartpipeJSON

/// The key under which plugins leave their notes, in the order the plugins ran.
public enum PluginNotesKey: ContextKey {
    public typealias Value = [PluginNote]
}
