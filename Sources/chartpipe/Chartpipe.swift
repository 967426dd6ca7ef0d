import BuiltinStages
import ChartpipeCore
import ChartpipeText
import Foundation
import ChartpipeJSON

/// The command-line interface: a thin layer over ChartpipeCore and the stages.
@main
struct Chartpipe {
    static let commands: [CommandSpec] = [RunCommand.spec, ValidateCommand.spec, StagesCommand.spec, DescribeCommand.spec, StringsCommand.spec, SchemaCommand.spec, HelpCommand.spec]

    /// The stages a pipeline in `directory` can use: the built-ins (and, with plugins, those found
    /// beside the pipeline); nil for commands that work without a pipeline.
    static func registry(pipelineDirectory directory: String? = nil) -> StageRegistry {
        StageRegistry(providers: [BuiltinStages.all], pipelineDirectory: directory)
    }

    /// The registry for the pipeline file at `path`.
    static func registry(forPipelineAt path: String) -> StageRegistry {
        registry(pipelineDirectory: URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path)
    }

    static func main() {
        exit(run(Array(CommandLine.arguments.dropFirst())))
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
            // `strings ACTION` parses the action's own options itself.
            if command.name == StringsCommand.spec.name, arguments.count > 1, !arguments[1].hasPrefix("-") {
                return try StringsCommand.run(ParsedArguments(positionals: [arguments[1]]), arguments: Array(arguments.dropFirst()))
            }
            let parsed = try ArgumentParser.parse(Array(arguments.dropFirst()), for: command)
            if parsed.help { print(command.help, terminator: ""); return 0 }
            switch command.name {
            case RunCommand.spec.name: return try RunCommand.run(parsed)
            case ValidateCommand.spec.name: return ValidateCommand.run(parsed)
            case StagesCommand.spec.name: return try StagesCommand.run(parsed)
            case SchemaCommand.spec.name: return SchemaCommand.run(parsed)
            case DescribeCommand.spec.name: return try DescribeCommand.run(parsed)
            case StringsCommand.spec.name: return try StringsCommand.run(parsed, arguments: Array(arguments.dropFirst()))
            default: return try HelpCommand.run(parsed)
            }
        } catch {
            Console.error("chartpipe: error: \(error.message)")
            Console.error(error.command.map { "Run 'chartpipe help \($0)' for its usage." } ?? "Run 'chartpipe --help' for the commands.")
            return 2
        }
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
        2 usage error or invalid pipeline (nothing was written); 130 interrupted.

        """
        return text
    }
}

/// Writes to stderr.
enum Console {
    static func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
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
        name: "schema", summary: "Print the JSON Schema of pipeline files.", positionals: [], options: [],
        discussion: "The schema comes from the same stage descriptions that 'chartpipe validate' checks against;\na copy ships as schema/pipeline.schema.json for editors.")

    static func run(_ parsed: ParsedArguments) -> Int32 {
        print(JSONWriter().string(PipelineSchema.make(registry: Chartpipe.registry())), terminator: "")
        return 0
    }
}

enum ValidateCommand {
    static let spec = CommandSpec(
        name: "validate", summary: "Check a pipeline file and print every error; write nothing.", positionals: ["PIPELINE"],
        options: [], discussion: "Each problem is printed as 'file:line:column: error: message'. Exit status 0 when the\npipeline is valid, 2 when it is not.")

    static func run(_ parsed: ParsedArguments) -> Int32 {
        let path = parsed.positionals[0]
        do {
            let spec = try PipelineLoader(registry: Chartpipe.registry(forPipelineAt: path)).load(path: path)
            let catalogs = PipelineCatalogs.diagnostics(spec)
            if !catalogs.isEmpty {
                for d in catalogs { Console.error(d.description) }
                Console.error("\(catalogs.count) \(catalogs.count == 1 ? "error" : "errors") in the string catalogs of \(path)")
                return 2
            }
            print("\(path): ok: \(spec.charts.count) \(spec.charts.count == 1 ? "chart" : "charts"), stages \(spec.stages.map(\.name).joined(separator: " → "))")
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
        name: "stages", summary: "List the stages and their options.", positionals: ["[NAME]"], options: [], discussion: "")

    static func run(_ parsed: ParsedArguments) throws(UsageError) -> Int32 {
        let registry = Chartpipe.registry()
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
