import ChartpipeCore
import Foundation

/// An option of a command: `--name VALUE` (or `--name=VALUE`), or a flag `--name`.
struct OptionSpec: Sendable {
    let name: String
    /// Name of the value in help (`N`, `DIR`); nil for a flag.
    let value: String?
    let help: String
}
