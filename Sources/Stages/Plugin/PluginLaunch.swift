import CProcess
import ChartpipeCore
import Foundation
import Synchronization

/// How a plugin process starts: the program, its arguments and its whole environment. No shell is
/// involved; the working folder is a fresh temporary folder made for the process.
struct PluginLaunch: Sendable {
    /// Absolute path of the program.
    var executable: String
    /// Arguments after the program's name.
    var arguments: [String]
    var environment: [String: String]

    /// The command as messages show it.
    var display: String { ([executable] + arguments).joined(separator: " ") }
}
