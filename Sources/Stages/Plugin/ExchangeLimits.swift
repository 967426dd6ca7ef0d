import CProcess
import ChartpipeCore
import Foundation
import Synchronization

/// How long a plugin may take and how much it may print.
struct ExchangeLimits: Sendable {
    /// Seconds for the whole exchange, from the first byte of the request to the last of the reply.
    var timeout: Double
    /// Bytes of stdout beyond which the plugin is stopped.
    var maxReply: Int
    /// Seconds between SIGTERM and SIGKILL, and for draining pipes that a process left behind holds.
    var grace: Double
}
