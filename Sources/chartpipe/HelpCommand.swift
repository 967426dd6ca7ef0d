import BuiltinStages
import ChartpipeCore
import ChartpipeText
import Foundation
import ChartpipeJSON
import Plugin

enum HelpCommand {
    static let spec = CommandSpec(name: "help", summary: "Show the help of a command.", positionals: ["[COMMAND]"], options: [], discussion: "")

    static func run(_ parsed: ParsedArguments) throws(UsageError) -> Int32 {
        guard let name = parsed.positionals.first else { print(Chartpipe.overview, terminator: ""); return 0 }
        guard let command = Chartpipe.commands.first(where: { $0.name == name }) else {
            let hint = Suggestion.closest(to: name, in: Chartpipe.commands.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
            throw UsageError(message: "unknown command '\(name)'\(hint)", command: nil)
        }
        print(command.help, terminator: "")
        return 0
    }
}
