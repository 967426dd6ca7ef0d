import BuiltinStages
import ChartpipeCore
import ChartpipeText
import Foundation
import ChartpipeJSON
import Plugin

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
