import ChartpipeCore
import Foundation

/// What the user typed, sorted by the command's spec.
struct ParsedArguments {
    var positionals: [String] = []
    var values: [String: String] = [:]
    var flags: Set<String> = []
    var help = false
    /// The command whose declaration reads these (for its options' defaults and messages).
    var command = ""

    /// The value given for `option`, else its declared default; a choice is checked when it is read,
    /// so that a command reports its mistakes in the order it reads its options.
    func value(_ option: OptionSpec) throws(UsageError) -> String? {
        guard let given = values[option.name] else { return option.defaultValue }
        return try option.checked(given, command: command)
    }

    /// The value as typed, without a default.
    func given(_ option: OptionSpec) -> String? { values[option.name] }

    func flag(_ option: OptionSpec) -> Bool { flags.contains(option.name) }
}
