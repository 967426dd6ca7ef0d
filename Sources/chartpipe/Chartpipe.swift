import BuiltinStages
import ChartpipeCore
import ChartpipeText
import Foundation
import ChartpipeJSON
import Plugin

/// The command-line interface: a thin layer over ChartpipeCore and the stages.
@main
struct Chartpipe {
    static let commands: [CommandSpec] = [RunCommand.spec, MergeCommand.spec, DiffCommand.spec, ValidateCommand.spec, StagesCommand.spec, DescribeCommand.spec, StringsCommand.spec, PluginCommand.spec, SchemaCommand.spec, HelpCommand.spec]

    /// The stages a pipeline in `directory` can use: the built-ins, the `plugin` stage, and the
    /// plugins found in the pipeline's `plugins/` folder and on `PATH` (unless `discover` is false,
    /// as for the shipped schema, which must not depend on the machine).
    static func registry(pipelineDirectory directory: String? = nil, discover: Bool = true) -> StageRegistry {
        let plugins = PluginProvider(discover: discover) { text, locale, catalogs in
            (try? Catalog.forRun(paths: catalogs))?.text(text, locale: locale) ?? text
        }
        return StageRegistry(providers: [BuiltinStages.all, plugins], pipelineDirectory: directory)
    }

    /// The registry for the pipeline file at `path`.
    static func registry(forPipelineAt path: String) -> StageRegistry {
        registry(pipelineDirectory: URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path)
    }

    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        // Before anything else: a signal during start-up must already be an interruption.
        if arguments.first == RunCommand.spec.name { Signals.install() }
        exit(run(arguments))
    }

    static func run(_ arguments: [String]) -> Int32 {
        guard let first = arguments.first else {
            print(overview, terminator: "")
            return 0
        }
        switch first {
        case "--version", "-V": print("\(Manifest.toolName) \(Manifest.toolVersion)"); return 0
        case "--help", "-h": print(overview, terminator: ""); return 0
        default: break
        }
        do throws(UsageError) {
            guard let command = commands.first(where: { $0.name == first }) else {
                let hint = Suggestion.closest(to: first, in: commands.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
                throw UsageError(message: first.hasPrefix("-") ? "unknown option '\(first)'\(hint)" : "unknown command '\(first)'\(hint)", command: nil)
            }
            // `strings ACTION` and `plugin ACTION` parse the action's own options themselves.
            if command.name == StringsCommand.spec.name, arguments.count > 1, !arguments[1].hasPrefix("-") {
                return try StringsCommand.run(ParsedArguments(positionals: [arguments[1]]), arguments: Array(arguments.dropFirst()))
            }
            if command.name == PluginCommand.spec.name, arguments.count > 1, !arguments[1].hasPrefix("-") {
                return try PluginCommand.run(ParsedArguments(positionals: [arguments[1]]), arguments: Array(arguments.dropFirst()))
            }
            let parsed = try ArgumentParser.parse(Array(arguments.dropFirst()), for: command)
            if parsed.help { print(command.help, terminator: ""); return 0 }
            switch command.name {
            case RunCommand.spec.name: return try RunCommand.run(parsed)
            case MergeCommand.spec.name: return try MergeCommand.run(parsed)
            case DiffCommand.spec.name: return try DiffCommand.run(parsed)
            case ValidateCommand.spec.name: return ValidateCommand.run(parsed)
            case StagesCommand.spec.name: return try StagesCommand.run(parsed)
            case SchemaCommand.spec.name: return try SchemaCommand.run(parsed)
            case DescribeCommand.spec.name: return try DescribeCommand.run(parsed)
            case StringsCommand.spec.name: return try StringsCommand.run(parsed, arguments: Array(arguments.dropFirst()))
            case PluginCommand.spec.name: return try PluginCommand.run(parsed, arguments: Array(arguments.dropFirst()))
            default: return try HelpCommand.run(parsed)
            }
        } catch {
            // With --log-format json every line on stderr is a JSON object, usage errors too.
            if wantsJSONLog(arguments) {
                Log(format: .json, quiet: false).diagnostic(Diagnostic(error.message, code: "usage"))
                return 2
            }
            Console.error("chartpipe: error: \(error.message)")
            Console.error(error.command.map { "Run 'chartpipe help \($0)' for its usage." } ?? "Run 'chartpipe --help' for the commands.")
            return 2
        }
    }

    /// Whether the arguments ask for `--log-format json`, even where they cannot be parsed.
    static func wantsJSONLog(_ arguments: [String]) -> Bool {
        for (i, a) in arguments.enumerated() {
            if a == "--log-format=json" || a == "--log-format" && arguments.indices.contains(i + 1) && arguments[i + 1] == "json" {
                return true
            }
        }
        return false
    }

    static var overview: String {
        var text = """
        chartpipe turns data files into accessible chart reports: descriptions in several
        languages, audio graphs, data tables and HTML.

        Usage: chartpipe COMMAND [options]

        Commands:

        """
        let width = (commands.map(\.name.count).max() ?? 0) + 2
        for c in commands { text += "  " + c.name + String(repeating: " ", count: width - c.name.count) + c.summary + "\n" }
        text += """

        Options:
          --version  Print the version.
          --help     Show this help. 'chartpipe help COMMAND' or 'chartpipe COMMAND --help' shows a command's.

        Exit status: 0 every chart succeeded; 1 some chart failed (the others are complete);
        2 usage error, invalid pipeline, or an output folder chartpipe may not write into (nothing
        was written); 3 a chart changed in a way 'run --fail-on-change' names; 4 the output's disk
        is full; 130 interrupted.

        """
        return text
    }
}

/// Writes to stderr.
enum Console {
    /// One line; what it quotes from data or pipelines is shown safely (`TerminalText`).
    static func error(_ line: String) {
        FileHandle.standardError.write(Data((TerminalText.safe(line) + "\n").utf8))
    }
}

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

enum SchemaCommand {
    static let spec = CommandSpec(
        name: "schema", summary: "Print a JSON Schema: of pipeline files, or of the plugin protocol.", positionals: ["[NAME]"], options: [],
        discussion: """
        NAME is 'pipeline' (the default), or 'plugin-describe', 'plugin-request' or 'plugin-response'
        for the documents of the plugin protocol (docs/plugins.md). Each comes from the same
        declarations that chartpipe checks against; copies ship as schema/NAME.schema.json for editors.
        """)

    static func run(_ parsed: ParsedArguments) throws(UsageError) -> Int32 {
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
        return 0
    }
}

enum ValidateCommand {
    static let spec = CommandSpec(
        name: "validate", summary: "Check a pipeline file and print every error; write nothing.", positionals: ["PIPELINE"],
        options: [OptionSpec(name: "stamp", value: "FILE", help: "Write FILE (a Swift comment) when the pipeline is valid, for build systems.")],
        discussion: """
        Each problem is printed as 'file:line:column: error: message'. Exit status 0 when the
        pipeline is valid, 2 when it is not. --stamp gives a build system an output to depend on:
        the SwiftPM build-tool plugin PipelineCheck uses it (README).
        """)

    static func run(_ parsed: ParsedArguments) -> Int32 {
        let path = parsed.positionals[0]
        do {
            let spec = try PipelineLoader(registry: Chartpipe.registry(forPipelineAt: path), vocabulary: TextVocabulary()).load(path: path)
            for w in spec.warnings { Console.error(w.description) }
            let catalogs = PipelineCatalogs.diagnostics(spec)
            if !catalogs.isEmpty {
                for d in catalogs { Console.error(d.description) }
                Console.error("\(catalogs.count) \(catalogs.count == 1 ? "error" : "errors") in the string catalogs of \(path)")
                return 2
            }
            print("\(path): ok: \(spec.charts.count) \(spec.charts.count == 1 ? "chart" : "charts"), stages \(spec.stages.map(\.name).joined(separator: " → "))")
            if let stamp = parsed.value("stamp") {
                let text = "// chartpipe validate: \((path as NSString).lastPathComponent) is valid.\n"
                guard (try? Data(text.utf8).write(to: URL(fileURLWithPath: stamp), options: .atomic)) != nil else {
                    Console.error("chartpipe: error: cannot write the stamp file \(stamp)")
                    return 1
                }
            }
            return 0
        } catch {
            for d in error.diagnostics { Console.error(d.description) }
            Console.error("\(error.diagnostics.count) \(error.diagnostics.count == 1 ? "error" : "errors") in \(path)")
            return 2
        }
    }
}

enum StagesCommand {
    static let spec = CommandSpec(
        name: "stages", summary: "List the stages and their options.", positionals: ["[NAME]"],
        options: [OptionSpec(name: "pipeline", value: "PIPELINE", help: "Also list the plugins in the 'plugins' folder beside this pipeline file.")],
        discussion: """
        Plugins are the executables named chartpipe-stage-NAME in a pipeline's 'plugins' folder and on
        PATH; each is asked 'NAME --describe' for its options (docs/plugins.md).
        """)

    static func run(_ parsed: ParsedArguments) throws(UsageError) -> Int32 {
        let registry = parsed.value("pipeline").map(Chartpipe.registry(forPipelineAt:)) ?? Chartpipe.registry()
        guard let name = parsed.positionals.first else {
            print(StageListing.list(registry), terminator: "")
            return 0
        }
        guard let d = registry.description(named: name) else {
            let hint = Suggestion.closest(to: name, in: registry.descriptions.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
            throw UsageError(message: "unknown stage '\(name)'\(hint)", command: "stages")
        }
        print(StageListing.detail(d, registry: registry), terminator: "")
        return 0
    }
}

/// The pipeline's string catalogs must load before anything runs; the core cannot check them, as
/// catalogs belong to ChartpipeText, which sits beside it.
enum PipelineCatalogs {
    /// One diagnostic per catalog that does not load, with the catalog's path relative to the pipeline.
    static func diagnostics(_ spec: PipelineSpec) -> [Diagnostic] {
        spec.strings.compactMap { path -> Diagnostic? in
            let display = path.hasPrefix(spec.directory + "/") ? String(path.dropFirst(spec.directory.count + 1)) : path
            do {
                _ = try StringCatalog(contentsOf: path)
                return nil
            } catch let e as CatalogError {
                let subject = [e.key.map { "key '\($0)'" }, e.locale.map { "[\($0)]" }].compactMap { $0 }.joined(separator: " ")
                return Diagnostic((subject.isEmpty ? "" : subject + ": ") + e.message, code: "strings.invalid-catalog",
                                  at: SourceLocation(path: display, line: e.line, column: e.column))
            } catch {
                return Diagnostic("\(error)", code: "strings.invalid-catalog", at: SourceLocation(path: display))
            }
        }
    }
}
