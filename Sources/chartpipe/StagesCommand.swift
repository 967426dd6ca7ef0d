import BuiltinStages
import ChartpipeCore
import ChartpipeText
import Foundation
import ChartpipeJSON
import Plugin

enum StagesCommand: Command {
    static let pipeline = OptionSpec("pipeline", value: "PIPELINE", help: "Also list the plugins in the 'plugins' folder beside this pipeline file.")

    static let spec = CommandSpec(
        name: "stages", summary: "List the stages and their options.", positionals: ["[NAME]"],
        options: [pipeline],
        discussion: """
        Plugins are the executables named chartpipe-stage-NAME in a pipeline's 'plugins' folder and on
        PATH; each is asked 'NAME --describe' for its options (docs/plugins.md).
        """)

    static func run(_ parsed: ParsedArguments, arguments _: [String]) throws(UsageError) -> ExitStatus {
        let registry = parsed.given(Self.pipeline).map(Chartpipe.registry(forPipelineAt:)) ?? Chartpipe.registry()
        guard let name = parsed.positionals.first else {
            print(StageListing.list(registry), terminator: "")
            return .success
        }
        guard let d = registry.description(named: name) else {
            let hint = Suggestion.closest(to: name, in: registry.descriptions.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
            throw UsageError(message: "unknown stage '\(name)'\(hint)", command: "stages")
        }
        print(StageListing.detail(d, registry: registry), terminator: "")
        return .success
    }
}
