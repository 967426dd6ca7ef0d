import ChartpipeCore
import Foundation

enum HelpCommand: Command {
    static let spec = CommandSpec(name: "help", summary: "Show the help of a command.", positionals: ["[COMMAND]"], options: [], discussion: "")

    static func run(_ parsed: ParsedArguments, arguments _: [String]) throws(UsageError) -> ExitStatus {
        guard let name = parsed.positionals.first else { print(Chartpipe.overview, terminator: ""); return .success }
        guard let command = Chartpipe.command(named: name) else {
            let hint = Suggestion.closest(to: name, in: Chartpipe.commands.map { $0.spec.name }).map { "; did you mean '\($0)'?" } ?? ""
            throw UsageError(message: "unknown command '\(name)'\(hint)", command: nil)
        }
        print(command.spec.help, terminator: "")
        return .success
    }
}
