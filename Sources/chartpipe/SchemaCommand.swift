import BuiltinStages
import ChartpipeCore
import ChartpipeText
import Foundation
import ChartpipeJSON
import Plugin

enum SchemaCommand: Command {
    static let spec = CommandSpec(
        name: "schema", summary: "Print a JSON Schema: of pipeline files, or of the plugin protocol.", positionals: ["[NAME]"], options: [],
        discussion: """
        NAME is 'pipeline' (the default), or 'plugin-describe', 'plugin-request' or 'plugin-response'
        for the documents of the plugin protocol (docs/plugins.md). Each comes from the same
        declarations that chartpipe checks against; copies ship as schema/NAME.schema.json for editors.
        """)

    static func run(_ parsed: ParsedArguments, arguments _: [String]) throws(UsageError) -> ExitStatus {
        let name = parsed.positionals.first ?? "pipeline"
        let schema: JSONValue
        if name == "pipeline" {
            schema = PipelineSchema.make(registry: Chartpipe.registry(discover: false))
        } else if let plugin = PluginProtocol.schema(named: name) {
            schema = plugin
        } else {
            let names = ["pipeline"] + PluginProtocol.schemaNames
            let hint = Suggestion.closest(to: name, in: names).map { "; did you mean '\($0)'?" } ?? ""
            throw UsageError(message: "unknown schema '\(name)'\(hint); schemas: \(names.joined(separator: ", "))", command: "schema")
        }
        print(JSONWriter().string(schema), terminator: "")
        return .success
    }
}
