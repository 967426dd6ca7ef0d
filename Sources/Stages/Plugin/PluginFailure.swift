import CProcess
import ChartpipeCore
import Foundation
import Synchronization

/// Why an exchange with a plugin did not give a reply.
enum PluginFailure: Error, Sendable {
    case cannotStart(String)
    case timedOut
    case replyTooLarge
    /// The process ended (with a non-zero status, by a signal, or before its reply was complete).
    case ended(code: Int32, signal: Int32)
}
