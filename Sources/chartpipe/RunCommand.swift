import ChartpipeCore
import Dispatch
import Foundation
import Synchronization
import ChartpipeJSON
import Plugin

enum RunCommand: Command {
    static let out = OptionSpec("out", value: "DIR", help: "Output folder.", defaultHelp: "the pipeline's 'output'")
    static let jobs = OptionSpec("jobs", value: "N", help: "Charts to run at once.", shape: .integer(min: 1), defaultHelp: "the number of processors")
    static let locales = OptionSpec("locales", value: "L,L", help: "Locales to write instead of the pipeline's, such as 'ko' or 'en,zh-Hans'.")
    static let only = OptionSpec("only", value: "ID,ID", help: "Run only these charts.")
    static let failFast = OptionSpec(flag: "fail-fast", help: "Stop starting charts after the first failure.")
    static let wait = OptionSpec(flag: "wait", help: "If another run is writing into the output folder, start when it ends.")
    static let shard = OptionSpec("shard", value: "I/N", help: "Run shard I (from 0) of N, writing manifest.shard-I.json; 'chartpipe merge' combines them. Unset: from JOB_COMPLETION_INDEX with CHARTPIPE_SHARDS (Kubernetes) or SLURM_ARRAY_TASK_ID with SLURM_ARRAY_TASK_COUNT (Slurm).")
    static let compare = OptionSpec("compare", value: "DIR", help: "Compare each chart with the run in DIR instead of the previous run in the output folder.")
    static let noCompare = OptionSpec(flag: "no-compare", help: "Compare with no earlier run.")
    static let failOnChange = OptionSpec("fail-on-change", value: "KIND,KIND", help: "Exit 3 when a chart changed in one of these ways since the run it is compared with: \(Change.Kind.allCases.map(\.rawValue).joined(separator: ", ")).")
    static let incremental = OptionSpec(flag: "incremental", help: "Keep the files of charts whose data, catalogs, options and tool are unchanged since the last run (checked by hash).")
    static let noProgress = OptionSpec(flag: "no-progress", help: "One line per finished chart instead of a progress bar.")

    static let spec = CommandSpec(
        name: "run", summary: "Run every chart of a pipeline and write the output folder.", positionals: ["PIPELINE"],
        options: [out, jobs, locales, only, failFast, wait, shard, compare, noCompare, failOnChange, incremental, CommonOptions.noSync, noProgress,
                  CommonOptions.logFormat, CommonOptions.quiet],
        discussion: """
        Output bytes do not depend on --jobs. Set SOURCE_DATE_EPOCH to make the manifest's timestamp,
        and so every output byte, reproducible. One run at a time writes into an output folder: a
        second one exits with status 2 at once, or with --wait starts when the first ends. A full disk
        stops the run with exit status 4. On SIGINT or SIGTERM no new chart starts, running charts,
        the report and their plugins stop, no partial file is left under a final name, the manifest
        of what completed is written and the exit status is 130.
        """)

    static func run(_ parsed: ParsedArguments, arguments _: [String]) throws(UsageError) -> ExitStatus {
        let path = parsed.positionals[0]
        let jobs: Int
        if let text = parsed.given(Self.jobs) {
            guard let n = Int(text), n >= 1 else { throw UsageError(message: "--jobs must be a whole number of at least 1, not '\(text)'", command: "run") }
            jobs = n
        } else {
            jobs = ProcessInfo.processInfo.activeProcessorCount
        }
        let logFormat = try parsed.value(CommonOptions.logFormat) ?? ""
        let locales = try list(parsed.given(Self.locales), option: Self.locales.name)
        if let locales {
            for l in locales where (try? Regex("[a-z]{2,3}(-[A-Za-z0-9]{2,8})*").wholeMatch(in: l)) == nil {
                throw UsageError(message: "--locales: '\(l)' is not a language tag such as 'en', 'zh-Hans' or 'ko'", command: "run")
            }
        }

        let quiet = parsed.flag(CommonOptions.quiet)
        let log = Log(format: Log.Format(rawValue: logFormat) ?? .text, quiet: quiet)
        let registry = Chartpipe.registry(forPipelineAt: path)
        let spec: PipelineSpec
        do {
            spec = try PipelineLoader(registry: registry, vocabulary: TextVocabulary()).load(path: path)
        } catch {
            for d in error.diagnostics { log.diagnostic(d) }
            log.summary("\(error.diagnostics.count) \(error.diagnostics.count == 1 ? "error" : "errors") in \(path); nothing was written")
            return .usage
        }
        if !quiet { for w in spec.warnings { log.diagnostic(w) } }
        let catalogs = PipelineCatalogs.diagnostics(spec)
        if !catalogs.isEmpty {
            for d in catalogs { log.diagnostic(d) }
            log.summary("\(catalogs.count) \(catalogs.count == 1 ? "error" : "errors") in the string catalogs of \(path); nothing was written")
            return .usage
        }
        for locale in locales ?? [] {
            if let problem = LocaleIDs.problem(locale, preferring: TextVocabulary().writableLocales(catalogs: spec.strings))
                ?? TextVocabulary().localeProblem(locale, catalogs: spec.strings) {
                throw UsageError(message: "--locales: \(problem)", command: "run")
            }
        }
        let only = try list(parsed.given(Self.only), option: Self.only.name)
        if let only {
            let ids = spec.charts.map(\.id)
            for id in only where !ids.contains(id) {
                let hint = Suggestion.closest(to: id, in: ids).map { "; did you mean '\($0)'?" } ?? "; charts: " + ids.joined(separator: ", ")
                throw UsageError(message: "--only: no chart '\(id)' in \(path)\(hint)", command: "run")
            }
        }
        if let out = parsed.given(Self.out), out.trimmingCharacters(in: .whitespaces).isEmpty {
            throw UsageError(message: "--out needs a folder", command: "run")
        }
        let output = parsed.given(Self.out).map { URL(fileURLWithPath: $0).standardizedFileURL.path } ?? spec.output
        if let out = parsed.given(Self.out), let problem = OutputPath.problem(output, shown: out, pipelineDirectory: spec.directory) {
            throw UsageError(message: "--out \(out): \(problem)", command: "run")
        }
        // What each chart is compared with, checked before anything is written.
        if parsed.flag(Self.noCompare), parsed.given(Self.compare) != nil {
            throw UsageError(message: "--compare and --no-compare cannot be used together", command: "run")
        }
        var comparing = RunOptions.Comparing.previous
        if parsed.flag(Self.noCompare) { comparing = .off }
        if let dir = parsed.given(Self.compare) {
            do {
                comparing = .folder(try BaselineSource.folder(URL(fileURLWithPath: dir).standardizedFileURL.path, pipeline: spec.name))
            } catch {
                log.diagnostic(error)
                return .usage
            }
        }
        var failOnChange: Set<Change.Kind> = []
        for kind in try list(parsed.given(Self.failOnChange), option: Self.failOnChange.name) ?? [] {
            guard let k = Change.Kind(rawValue: kind) else {
                let known = Change.Kind.allCases.map(\.rawValue)
                throw UsageError(message: "--fail-on-change: '\(kind)' is not a kind of change\(Suggestion.didYouMean(kind, in: known)); kinds: \(known.joined(separator: ", "))", command: "run")
            }
            failOnChange.insert(k)
        }
        // An output folder that cannot be one is a usage error: nothing runs, nothing is written.
        do {
            try ArtifactWriter(root: output).prepare()
        } catch {
            log.diagnostic(error)
            return .usage
        }
        if let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"],
           Int64(epoch).map({ !Manifest.validEpoch.contains($0) }) ?? true {
            log.diagnostic(.warning("SOURCE_DATE_EPOCH '\(epoch)' is not a count of seconds since 1970 in the years 0001 to 9999; using the current time",
                                    code: .runSourceDateEpoch))
        }
        let shard: Shard?
        switch parsed.given(Self.shard).map(Shard.parse) ?? Shard.fromEnvironment(ProcessInfo.processInfo.environment) {
        case let .success(s)?: shard = s
        case let .failure(problem)?: throw UsageError(message: problem.message, command: "run")
        case nil: shard = nil
        }
        var options = RunOptions(output: output, jobs: jobs, locales: locales, only: only,
                                 failFast: parsed.flag(Self.failFast), generatedAt: Manifest.timestamp(), wait: parsed.flag(Self.wait),
                                 shard: shard, incremental: parsed.flag(Self.incremental))
        options.compare = comparing
        options.failOnChange = failOnChange
        options.sync = !parsed.flag(CommonOptions.noSync)

        let observer: any RunObserver
        if log.format == .json {
            observer = JSONLog(log: log)
        } else if !quiet, !parsed.flag(Self.noProgress), isatty(STDERR_FILENO) != 0 {
            observer = ProgressBar()
        } else {
            observer = LineLog(quiet: quiet)
        }
        let runner = Runner(spec: spec, registry: registry, options: options, observer: observer)
        // A signal while the pipeline was being checked: nothing was written, and nothing will be.
        if Signals.received > 0 {
            log.note("chartpipe: interrupted before the run started; nothing was written", event: "interrupted")
            return .interrupted
        }
        let signals = SignalWatch(runner: runner, log: log)
        defer { signals.stop() }

        let outcome: RunOutcome
        do {
            outcome = try runner.run()
        } catch {
            (observer as? ProgressBar)?.clear()
            log.diagnostic(error)
            return exitStatus(refusing: error)
        }
        (observer as? ProgressBar)?.clear()
        let m = outcome.manifest
        let failed = outcome.results.filter { $0.status == .failed }
        let failedStages = m.stages.filter { $0.status == .failed }
        for stage in failedStages { if let e = stage.error { log.diagnostic(e) } }
        if log.format == .json {
            log.event("run", [
                ("status", .string(m.status.rawValue)), ("charts", .int(outcome.results.count)), ("failed", .int(failed.count)),
                ("notRun", .int(m.notRun.count)), ("manifest", .string(outcome.manifestPath)),
            ])
        } else if !quiet {
            let ran = outcome.results.count
            let reused = outcome.results.filter(\.reused).count
            // Out of every chart the run was to write, those it did not start included.
            let total = ran + m.notRun.count
            var summary = "\(ran - failed.count) of \(total) \(total == 1 ? "chart" : "charts") written"
            if reused > 0 { summary += " (\(reused) unchanged, kept)" }
            if let shard { summary += " as shard \(shard)" }
            if !failed.isEmpty { summary += ", \(failed.count) failed" }
            if !m.notRun.isEmpty { summary += ", \(m.notRun.count) not run" }
            if m.interrupted { summary += "; interrupted" }
            Console.error(summary)
            print("Output: \(output)")
            print("Manifest: \(outcome.manifestPath)")
            // The report in the pipeline's first locale (the manifest lists the pipeline's locales first).
            let reports = m.artifacts.filter { $0.kind == "report" }
            if let report = reports.first(where: { $0.locale == m.locales.first }) ?? reports.first {
                print("Report: \(output)/\(report.path)")
            }
        }
        // Exit 3 names the charts and changes that made it, in either log format.
        if outcome.exitStatus == .changed {
            let reasons = outcome.failingChanges
            if log.format == .json {
                log.event("fail-on-change", [("changes", .array(reasons.map { .string($0) }))])
            } else {
                Console.error("exit 3 (--fail-on-change): " + reasons.joined(separator: "; "))
            }
        }
        return outcome.exitStatus
    }

    /// The exit status of a run that could not start or finish, its code's: 2 for an output folder
    /// chartpipe must not write into (nothing was written), 4 for a full disk, else 1.
    static func exitStatus(refusing error: Diagnostic) -> ExitStatus { error.code.exitStatus }

    static func list(_ text: String?, option: String) throws(UsageError) -> [String]? {
        guard let text else { return nil }
        let items = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if items.isEmpty { throw UsageError(message: "--\(option) needs at least one value", command: "run") }
        return items
    }
}

