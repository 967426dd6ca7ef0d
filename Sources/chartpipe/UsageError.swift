import ChartpipeCore
import Foundation

/// A mistake on the command line: exit status 2.
struct UsageError: Error, CustomStringConvertible {
    let message: String
    /// The command whose help to point at.
    let command: String?
    var description: String { message }
}
