import BuiltinStages
import ChartpipeCore
import ChartpipeText
import Foundation
import ChartpipeJSON
import Ingest
import Plugin

enum ValidateCommand: Command {
    static let stamp = OptionSpec("stamp", value: "FILE", help: "Write FILE (a Swift comment) when the pipeline is valid, for build systems.")

    static let spec = CommandSpec(
        name: "validate", summary: "Check a pipeline file and print every error; write nothing.", positionals: ["PIPELINE"],
        options: [stamp],
        discussion: """
        Each problem is printed as 'file:line:column: error: message'. Exit status 0 when the
        pipeline is valid, 2 when it is not. A database source's query is prepared, not run, to
        check its columns; a PostgreSQL server that cannot be reached is a warning that says so.
        --stamp gives a build system an output to depend on: the SwiftPM build-tool plugin
        PipelineCheck uses it (README).
        """)

    static func run(_ parsed: ParsedArguments, arguments _: [String]) -> ExitStatus {
        let path = parsed.positionals[0]
        do {
            let spec = try PipelineLoader(registry: Chartpipe.registry(forPipelineAt: path), vocabulary: TextVocabulary()).load(path: path)
            for w in spec.warnings { Console.error(w.description) }
            let catalogs = PipelineCatalogs.diagnostics(spec)
            if !catalogs.isEmpty {
                for d in catalogs { Console.error(d.description) }
                Console.error("\(catalogs.count) \(catalogs.count == 1 ? "error" : "errors") in the string catalogs of \(path)")
                return .usage
            }
            let database = databaseDiagnostics(spec)
            for d in database { Console.error(d.description) }
            let failed = database.filter { $0.severity == .error }
            if !failed.isEmpty {
                Console.error("\(failed.count) \(failed.count == 1 ? "error" : "errors") in the database sources of \(path)")
                return .usage
            }
            print("\(path): ok: \(spec.charts.count) \(spec.charts.count == 1 ? "chart" : "charts"), stages \(spec.stages.map(\.name).joined(separator: " → "))")
            if let stamp = parsed.given(Self.stamp) {
                let text = "// chartpipe validate: \((path as NSString).lastPathComponent) is valid.\n"
                guard (try? Data(text.utf8).write(to: URL(fileURLWithPath: stamp), options: .atomic)) != nil else {
                    Console.error("chartpipe: error: cannot write the stamp file \(stamp)")
                    return .failure
                }
            }
            return .success
        } catch {
            for d in error.diagnostics { Console.error(d.description) }
            Console.error("\(error.diagnostics.count) \(error.diagnostics.count == 1 ? "error" : "errors") in \(path)")
            return .usage
        }
    }

    /// Each database source's query prepared (not run) against the chart's fields, at the chart's
    /// source in the pipeline file; a server that cannot be reached is a warning, not an error.
    static func databaseDiagnostics(_ spec: PipelineSpec) -> [Diagnostic] {
        spec.charts.compactMap { chart in
            guard let problem = DatabaseSources.check(chart) else { return nil }
            let name = chart.source.displayPath
            if problem.code == .ingestCannotConnect {
                return .warning("chart '\(chart.id)': the query of \(name) is not checked: no connection (\(problem.message))",
                                code: .validateNoConnection, at: chart.location)
            }
            return Diagnostic("chart '\(chart.id)': \(name): \(problem.field.map { "field '\($0)': " } ?? "")\(problem.message)",
                              code: problem.code, at: chart.location)
        }
    }
}
