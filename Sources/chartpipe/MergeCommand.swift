import ChartpipeCore
import ChartpipeJSON
import Foundation

/// `chartpipe merge OUT`: the manifests of a run's shards combined into `manifest.json`, and the
/// run-level stages (the report) run over every chart, as one machine would have done it.
enum MergeCommand {
    static let spec = CommandSpec(
        name: "merge", summary: "Combine the shards of a run (manifest.shard-I.json) into one run.", positionals: ["OUT"],
        options: [
            OptionSpec(name: "wait", value: nil, help: "If a shard or another run is still writing into OUT, start when it ends."),
            OptionSpec(name: "no-sync", value: nil, help: "Do not flush the files to disk before the manifest (faster; a power cut may then lose the run: for scratch output)."),
            OptionSpec(name: "log-format", value: "FORMAT", help: "'text' (default) or 'json' (one object per line on stderr)."),
            OptionSpec(name: "quiet", value: nil, help: "Print only errors."),
        ],
        discussion: """
        Every shard 0 to N-1 must have finished, with the same pipeline file (by digest), the same
        tool version and the same N; merge names a missing or unfinished shard. It reads the
        pipeline through the path its shards recorded (relative to OUT), runs the run-level stages
        and writes manifest.json; with SOURCE_DATE_EPOCH set for every shard, the folder is byte
        for byte what one 'chartpipe run' would have written. Exit status as for 'run'.
        """)

    static func run(_ parsed: ParsedArguments) throws(UsageError) -> Int32 {
        let out = URL(fileURLWithPath: parsed.positionals[0]).standardizedFileURL.path
        let logFormat = parsed.value("log-format") ?? "text"
        guard let format = Log.Format(rawValue: logFormat) else {
            throw UsageError(message: "--log-format must be 'text' or 'json', not '\(logFormat)'", command: "merge")
        }
        let log = Log(format: format, quiet: parsed.flag("quiet"))
        let shards: [Manifest]
        do {
            shards = try ShardManifests.read(root: out)
        } catch {
            log.diagnostic(error)
            return 2
        }
        guard let file = shards[0].pipelineFile else {
            log.diagnostic(Diagnostic("the shards do not say which pipeline they ran", code: .mergeNoPipeline, at: SourceLocation(path: out)))
            return 2
        }
        let path = URL(fileURLWithPath: out).appendingPathComponent(file.path).standardizedFileURL.path
        let registry = Chartpipe.registry(forPipelineAt: path)
        let spec: PipelineSpec
        do {
            spec = try PipelineLoader(registry: registry, vocabulary: TextVocabulary()).load(path: path)
        } catch {
            for d in error.diagnostics { log.diagnostic(d) }
            return 2
        }
        guard spec.sha256 == file.sha256 else {
            log.diagnostic(Diagnostic("the pipeline file changed since the shards ran (its digest differs); run the shards again",
                                      code: .mergePipelineChanged, at: SourceLocation(path: path)))
            return 2
        }
        let locales = shards[0].locales == spec.locales ? nil : shards[0].locales
        var options = RunOptions(output: out, jobs: 1, locales: locales, generatedAt: shards.map(\.generatedAt).min() ?? 0,
                                 wait: parsed.flag("wait"))
        options.sync = !parsed.flag("no-sync")
        let runner = Runner(spec: spec, registry: registry, options: options)
        let outcome: RunOutcome
        do {
            outcome = try runner.merge(shards)
        } catch {
            log.diagnostic(error)
            return RunCommand.exitCode(refusing: error)
        }
        for stage in outcome.manifest.stages where stage.status == .failed { if let e = stage.error { log.diagnostic(e) } }
        if format == .json {
            log.event("merge", [("status", .string(outcome.manifest.status.rawValue)), ("shards", .int(shards.count)),
                                ("charts", .int(outcome.results.count)), ("manifest", .string(outcome.manifestPath))])
        } else if !parsed.flag("quiet") {
            Console.error("\(shards.count) \(shards.count == 1 ? "shard" : "shards") merged: \(outcome.results.count) \(outcome.results.count == 1 ? "chart" : "charts")")
            print("Manifest: \(outcome.manifestPath)")
            if let report = outcome.manifest.artifacts.first(where: { $0.kind == "report" }) {
                print("Report: \(out)/\(report.path)")
            }
        }
        return outcome.exitCode
    }
}
