import BuiltinStages
import CMalloc
import ChartpipeCore
import ChartpipeText
import Foundation
import ChartpipeJSON
import Plugin

/// The command-line interface: a thin layer over ChartpipeCore and the stages.
@main
struct Chartpipe {
    /// Every command, in the overview's order: dispatch, help and "did you mean" read this list.
    /// (Read it with closures, not `\.spec.name`: Swift 6.3.1 crashes lowering a key path through `any Command.Type`.)
    static var commands: [any Command.Type] { [RunCommand.self, MergeCommand.self, DiffCommand.self, ValidateCommand.self, StagesCommand.self,
                                               DescribeCommand.self, StringsCommand.self, PluginCommand.self, SchemaCommand.self, HelpCommand.self] }

    /// The command named `name`.
    static func command(named name: String) -> (any Command.Type)? { commands.first { $0.spec.name == name } }

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
        // glibc raises its mmap threshold to the size of each large block freed, up to 32 MiB, and
        // keeps blocks below it in its heaps when they are freed: the columns of a two-million-point
        // chart (16 MB each) then stayed resident after each stage, 60 MB above what was in use
        // (issue 12). A fixed threshold returns every block of 256 KiB and more when it is freed.
        mallopt(M_MMAP_THRESHOLD, 256 * 1024)
        // Each chart being written holds up to 17 descriptors (a window of 16 files and their
        // folder, see `ArtifactWriter.window`): the soft limit, often 1,024, is raised towards the
        // hard one, to at most 65,536 (plugins inherit it), so that a run of many --jobs does not
        // fail its charts with "too many open files".
        let files = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        var limit = rlimit()
        if getrlimit(files, &limit) == 0, limit.rlim_cur < min(limit.rlim_max, 65_536) {
            limit.rlim_cur = min(limit.rlim_max, 65_536)
            _ = setrlimit(files, &limit)
        }
        // A closed stdout or stderr (`| head -1`) must not end a run half way: see `StandardStream`.
        StandardStream.ignoreBrokenPipes()
        let arguments = Array(CommandLine.arguments.dropFirst())
        // Before anything else: a signal during start-up must already be an interruption.
        if arguments.first == RunCommand.spec.name { Signals.install() }
        exit(run(arguments).rawValue)
    }

    static func run(_ arguments: [String]) -> ExitStatus {
        guard let first = arguments.first else {
            print(overview, terminator: "")
            return .success
        }
        switch first {
        case "--version", "-V": print("\(Manifest.toolName) \(Manifest.toolVersion)"); return .success
        case "--help", "-h": print(overview, terminator: ""); return .success
        default: break
        }
        do throws(UsageError) {
            guard let command = command(named: first) else {
                let hint = Suggestion.closest(to: first, in: commands.map { $0.spec.name }).map { "; did you mean '\($0)'?" } ?? ""
                throw UsageError(message: first.hasPrefix("-") ? "unknown option '\(first)'\(hint)" : "unknown command '\(first)'\(hint)", command: nil)
            }
            let rest = Array(arguments.dropFirst())
            // A command with actions (`strings lint`): the action parses its own options.
            if !command.spec.actions.isEmpty, let action = rest.first, !action.hasPrefix("-") {
                return try command.run(ParsedArguments(positionals: [action], command: command.spec.name), arguments: rest)
            }
            let parsed = try ArgumentParser.parse(rest, for: command.spec)
            if parsed.help { print(command.spec.help, terminator: ""); return .success }
            return try command.run(parsed, arguments: rest)
        } catch {
            // With --log-format json every line on stderr is a JSON object, usage errors too.
            if wantsJSONLog(arguments) {
                Log(format: .json, quiet: false).diagnostic(Diagnostic(error.message, code: .usage))
                return .usage
            }
            Console.error("chartpipe: error: \(error.message)")
            Console.error(error.command.map { "Run 'chartpipe help \($0)' for its usage." } ?? "Run 'chartpipe --help' for the commands.")
            return .usage
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
        let specs = commands.map { $0.spec }
        let width = (specs.map(\.name.count).max() ?? 0) + 2
        for c in specs { text += "  " + c.name + String(repeating: " ", count: width - c.name.count) + c.summary + "\n" }
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
