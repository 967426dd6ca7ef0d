import ChartpipeCore
import ChartpipeJSON
import Foundation

/// `chartpipe merge OUT`: the manifests of a run's shards combined into `manifest.json`, and the
/// run-level stages (the report) run over every chart, as one machine would have done it.
enum MergeCommand: Command {
    static let wait = OptionSpec(flag: "wait", help: "If a shard or another run is still writing into OUT, start when it ends.")

    static let spec = CommandSpec(
        name: "merge", summary: "Combine the shards of a run (manifest.shard-I.json) into one run.", positionals: ["OUT"],
        options: [wait, CommonOptions.noSync, CommonOptions.logFormat, CommonOptions.quiet],
        discussion: """
        Every shard 0 to N-1 must have finished, with the same pipeline file (by digest), the same
        tool version and the same N; merge names a missing or unfinished shard. It reads the
        pipeline through the path its shards recorded (relative to OUT), runs the run-level stages
        and writes manifest.json; with SOURCE_DATE_EPOCH set for every shard, the folder is byte
        for byte what one 'chartpipe run' would have written. Exit status as for 'run'.
        """)

    static func run(_ parsed: ParsedArguments, arguments _: [String]) throws(UsageError) -> ExitStatus {
        let out = URL(fileURLWithPath: parsed.positionals[0]).standardizedFileURL.path
        let format = try Log.Format(rawValue: parsed.value(CommonOptions.logFormat) ?? "") ?? .text
        let log = Log(format: format, quiet: parsed.flag(CommonOptions.quiet))
        let shards: [Manifest]
        do {
            shards = try ShardManifests.read(root: out)
        } catch {
            log.diagnostic(error)
            return .usage
        }
        guard let file = shards[0].pipelineFile else {
            log.diagnostic(Diagnostic("the shards do not say which pipeline they ran", code: .mergeNoPipeline, at: SourceLocation(path: out)))
            return .usage
        }
        let path = URL(fileURLWithPath: out).appendingPathComponent(file.path).standardizedFileURL.path
        let registry = Chartpipe.registry(forPipelineAt: path)
        let spec: PipelineSpec
        do {
            spec = try PipelineLoader(registry: registry, vocabulary: TextVocabulary()).load(path: path)
        } catch {
            for d in error.diagnostics { log.diagnostic(d) }
            return .usage
        }
        guard spec.sha256 == file.sha256 else {
            log.diagnostic(Diagnostic("the pipeline file changed since the shards ran (its digest differs); run the shards again",
                                      code: .mergePipelineChanged, at: SourceLocation(path: path)))
            return .usage
        }
        let locales = shards[0].locales == spec.locales ? nil : shards[0].locales
        var options = RunOptions(output: out, jobs: 1, locales: locales, generatedAt: shards.map(\.generatedAt).min() ?? 0,
                                 wait: parsed.flag(Self.wait))
        options.sync = !parsed.flag(CommonOptions.noSync)
        let runner = Runner(spec: spec, registry: registry, options: options)
        let outcome: RunOutcome
        do {
            outcome = try runner.merge(shards)
        } catch {
            log.diagnostic(error)
            return RunCommand.exitStatus(refusing: error)
        }
        for stage in outcome.manifest.stages where stage.status == .failed { if let e = stage.error { log.diagnostic(e) } }
        if format == .json {
            log.event("merge", [("status", .string(outcome.manifest.status.rawValue)), ("shards", .int(shards.count)),
                                ("charts", .int(outcome.results.count)), ("manifest", .string(outcome.manifestPath))])
        } else if !parsed.flag(CommonOptions.quiet) {
            Console.error("\(shards.count) \(shards.count == 1 ? "shard" : "shards") merged: \(outcome.results.count) \(outcome.results.count == 1 ? "chart" : "charts")")
            print("Manifest: \(outcome.manifestPath)")
            if let report = outcome.manifest.artifacts.first(where: { $0.kind == "report" }) {
                print("Report: \(out)/\(report.path)")
            }
        }
        return outcome.exitStatus
    }
}
