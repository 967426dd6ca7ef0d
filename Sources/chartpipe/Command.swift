import ChartpipeCore

/// A command of the CLI as a type: its declaration, which parsing, `--help`, the overview and
/// "did you mean" read, and what it does with what was parsed from it.
protocol Command {
    static var spec: CommandSpec { get }
    /// `arguments` are those after the command's name, for a command whose actions parse their own.
    static func run(_ parsed: ParsedArguments, arguments: [String]) throws(UsageError) -> ExitStatus
}
