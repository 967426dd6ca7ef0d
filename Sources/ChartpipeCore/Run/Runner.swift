import Dispatch
import Foundation
import ChartpipeLock
import Synchronization
import ChartpipeJSON

/// Runs every selected chart of a pipeline through its stages, in parallel, then the run-level
/// stages over every chart of the pipeline, then writes the manifest. One chart's failure never
/// stops the others (unless `failFast`). The runner names no stage: what a stage is and needs
/// comes from the registry.
public final class Runner: Sendable {
    public let spec: PipelineSpec
    public let registry: StageRegistry
    public let options: RunOptions
    public let observer: (any RunObserver)?
    /// Cancelled by a signal: charts stop inside their current stage.
    public let cancellation = Cancellation()
    private let stopScheduling = Atomic<Bool>(false)

    public init(spec: PipelineSpec, registry: StageRegistry, options: RunOptions, observer: (any RunObserver)? = nil) {
        self.spec = spec
        self.registry = registry
        self.options = options
        self.observer = observer
    }

    /// Stops scheduling new charts (`--fail-fast`); charts already running finish.
    public func requestStop() { stopScheduling.store(true, ordering: .sequentiallyConsistent) }
    public var isStopping: Bool { stopScheduling.load(ordering: .sequentiallyConsistent) || cancellation.isCancelled }

    /// Stops the run because of SIGINT or SIGTERM: no chart starts, running charts stop inside
    /// their current stage, and the run ends with status 130.
    public func interrupt() {
        cancellation.cancel()
        requestStop()
    }

    public var signalled: Bool { cancellation.isCancelled }

    /// The charts this run covers, in pipeline order: `--only`'s, and of those the shard's.
    public var selectedCharts: [ChartSpec] {
        var charts = options.only.map { only in spec.charts.filter { only.contains($0.id) } } ?? spec.charts
        if let shard = options.shard {
            let plan = ShardPlan.assign(spec.charts, count: shard.count)
            charts = charts.filter { plan[$0.id] == shard.index }
        }
        return charts
    }

    public func run() throws(ChartError) -> RunOutcome {
        let charts = selectedCharts
        let folder = try OutputFolder(root: options.output, pipeline: spec, selected: charts.map(\.id),
                                      runLocales: options.locales, wait: options.wait, generatedAt: options.generatedAt,
                                      role: options.shard.map { .shard($0) } ?? .whole, jobs: options.jobs, sync: options.sync)
        let info = spec.runInfo(locales: options.locales)
        let execution = try ChartExecution(spec: spec, registry: registry, run: info, cancellation: cancellation)
        let baselines: BaselineSource?
        switch options.compare {
        case .previous: baselines = folder.previous.map { BaselineSource(reader: ArtifactReader(writer: folder.writer), manifest: $0) }
        case let .folder(source): baselines = source
        case .off: baselines = nil
        }
        let inputs = FileDigests(remembered: folder.cache.inputs)
        let results = runCharts(charts, execution: execution, folder: folder, baselines: baselines, inputs: inputs)
        let ran = results.compactMap { $0 }
        let notRun = charts.indices.filter { results[$0] == nil }.map { charts[$0].id }
        if let shard = options.shard {
            var manifest = Manifest(pipeline: spec.name, pipelineFile: spec.fileRecord(relativeTo: folder.writer.root),
                                    generatedAt: options.generatedAt, locales: info.locales, selected: charts.map(\.id),
                                    charts: ran.map(\.record).map(folder.keepingOnlyExisting), notRun: notRun, interrupted: signalled)
            manifest.shard = shard
            try folder.finish(manifest, inputs: inputs)
            var outcome = RunOutcome(manifest: manifest, manifestPath: folder.writer.root + "/" + shard.manifestName, results: ran)
            outcome.failOnChange = options.failOnChange
            return outcome
        }
        return try finish(folder: folder, execution: execution, info: info, selected: charts.map(\.id), ran: ran,
                          notRun: notRun, interrupted: signalled, inputs: inputs)
    }

    /// Combines the manifests of a run's shards, then runs the run-level stages and writes
    /// `manifest.json`, as the run on one machine would have. The shards were read and checked by
    /// `ShardManifests.read`.
    public func merge(_ shards: [Manifest]) throws(ChartError) -> RunOutcome {
        let selected = Set(shards.flatMap(\.selected))
        let charts = spec.charts.filter { selected.contains($0.id) }
        let folder = try OutputFolder(root: options.output, pipeline: spec, selected: charts.map(\.id),
                                      runLocales: options.locales, wait: options.wait, generatedAt: options.generatedAt,
                                      role: .merge, jobs: options.jobs, sync: options.sync)
        let info = spec.runInfo(locales: options.locales)
        let execution = try ChartExecution(spec: spec, registry: registry, run: info, cancellation: cancellation)
        let records = Dictionary(shards.flatMap(\.charts).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let ran = charts.compactMap { chart in records[chart.id].map { ChartResult(chart: chart, record: $0) } }
        let notRun = Set(shards.flatMap(\.notRun))
        return try finish(folder: folder, execution: execution, info: info, selected: charts.map(\.id), ran: ran,
                          notRun: charts.map(\.id).filter(notRun.contains), interrupted: shards.contains(where: \.interrupted) || signalled)
    }

    /// The charts, by N workers each taking the next chart: more than the processor count when
    /// asked (concurrentPerform would cap it at the cores). Nil for a chart that did not run.
    private func runCharts(_ charts: [ChartSpec], execution: ChartExecution, folder: OutputFolder,
                           baselines: BaselineSource? = nil, inputs: FileDigests = FileDigests()) -> [ChartResult?] {
        let work = Work(total: charts.count)
        let workers = min(options.jobs, max(1, charts.count))
        // Each worker holds a processor of --jobs while it has charts; the rest, and those of the
        // workers done, are lent to a chart that splits its reading (one large file).
        let budget = WorkerBudget(idle: options.jobs - workers)
        let group = DispatchGroup()
        let queue = DispatchQueue(label: "chartpipe.charts", attributes: .concurrent)
        for _ in 0..<workers {
            queue.async(group: group) { [self] in
                defer { budget.giveBack(1) }
                WorkerBudget.$current.withValue(budget) {
                    while !isStopping {
                        let index = work.next.add(1, ordering: .relaxed).oldValue
                        guard index < charts.count else { return }
                        let chart = charts[index]
                        let before = work.state.withLock { s -> (running: [String], done: Int) in
                            s.running.append(chart.id)
                            return (s.running, s.done)
                        }
                        observer?.chartStarted(chart, running: before.running, done: before.done, total: charts.count)
                        let start = ContinuousClock.now
                        // Read before the chart runs, so that what it records is what it read.
                        let inputs = options.incremental ? InputsDigest.of(chart, in: spec, registry: registry, locales: execution.run.locales,
                                                                                files: inputs) : nil
                        // Read before this chart's files are replaced (a kept chart's are not).
                        let outcome = reusedChart(chart, inputs: inputs, folder: folder, baselines: baselines)
                            ?? runChart(chart, execution: execution, folder: folder, inputs: inputs,
                                        baseline: baselines?.baseline(for: chart.id))
                        let elapsed = ContinuousClock.now - start
                        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                        let after = work.state.withLock { s -> (running: [String], done: Int) in
                            s.running.removeAll { $0 == chart.id }
                            if let result = outcome { s.results[index] = result; s.done += 1 }
                            return (s.running, s.done)
                        }
                        guard let result = outcome else { return }
                        observer?.chartFinished(result, seconds: seconds, running: after.running, done: after.done, total: charts.count)
                        if result.status == .failed, options.failFast { requestStop() }
                        // A full disk fails every chart after it: stop starting them and say so once.
                        if result.error?.code == RunOutcome.diskFull { requestStop() }
                    }
                }
            }
        }
        group.wait()
        registry.releaseResources()
        return work.state.withLock { $0.results }
    }

    /// With `--incremental`, the chart's entry of the folder's manifest when its inputs are
    /// unchanged, every file it lists still holds the listed bytes (a file changed since is made
    /// again), and the changes its descriptions state are still the changes since this run's
    /// baseline (else they are written again).
    private func reusedChart(_ chart: ChartSpec, inputs: String?, folder: OutputFolder, baselines: BaselineSource?) -> ChartResult? {
        guard let inputs, let manifest = folder.previous, var previous = folder.previousRecord(chart.id),
              previous.status == .ok, previous.inputs == inputs,
              folder.writer.verifiesAll(previous.artifacts) else { return nil }
        // The kept chart's history against this run's baseline: the previous run itself (nothing
        // changed) or another folder (`--compare DIR`: what changed since that one).
        var comparison: JSONValue?
        if case .previous = options.compare, let baselines {
            // The baseline is the kept chart's own history.json, just verified: nothing changed
            // since, so it is not read, nor compared with itself.
            if previous.artifacts.contains(where: { $0.kind == "history" }) {
                comparison = OutputFolder.comparison(generatedAt: baselines.generatedAt, pipelineDigest: baselines.pipelineDigest,
                                                     changes: [], chart: chart, xType: .number)
            }
        } else if let baseline = baselines?.baseline(for: chart.id) {
            guard let kept = BaselineSource.baseline(of: previous, in: manifest, reader: ArtifactReader(writer: folder.writer))
            else { return nil }
            comparison = OutputFolder.comparison(baseline, changes: Comparison.changes(from: baseline.history, to: kept.history),
                                                 chart: chart, xType: kept.history.xType, categories: kept.history.categories)
        }
        // The kept descriptions word the changes of the run that wrote them.
        // (Compared as written: a number read back from the manifest may be an integer.)
        let written = { (v: JSONValue?) in JSONWriter(pretty: false).string(v ?? .array([])) }
        guard written(comparison?["changes"]) == written(previous.comparison?["changes"]) else { return nil }
        previous.comparison = comparison
        return ChartResult(chart: chart, record: previous, reused: true)
    }

    /// After the charts: the run-level stages over every chart of the pipeline, the folder settled
    /// (stale files, charts and locales no longer in the pipeline), and `manifest.json`.
    private func finish(folder: OutputFolder, execution: ChartExecution, info: RunInfo, selected: [String],
                        ran: [ChartResult], notRun: [String], interrupted: Bool,
                        inputs: FileDigests? = nil) throws(ChartError) -> RunOutcome {
        let writer = folder.writer
        var records = folder.records(ran: ran.map(\.record))
        var stages: [RunStageRecord] = []
        var runArtifacts: [ManifestArtifact] = []
        // What the run-level stages of this pipeline saved (a stage no longer in it leaves nothing).
        let stageKeys = Set(execution.runSteps.map(\.entry.key))
        var states = folder.cache.stages.filter { stageKeys.contains($0.key) }
        let runsStages = !isStopping && !interrupted
        if runsStages {
            // The manifest this run may end with, at its largest: every stage not yet done failed,
            // every file planned listed (with the earlier run's), so that its room is set aside
            // before the stages' files take the disk (a full disk in the report still ends in a
            // manifest that says so).
            let steps = execution.runSteps
            let chartRecords = records
            let reserve = { (done: [RunStageRecord], planned: [ManifestArtifact]) throws(ChartError) in
                let failed = steps.dropFirst(done.count).map { step in
                    RunStageRecord(key: step.entry.key, stage: step.entry.name, status: .failed,
                                   error: ChartError(String(repeating: "x", count: 400), code: .outputWriteFailed,
                                                     at: SourceLocation(path: writer.root + "/" + String(repeating: "x", count: 255))))
                }
                let bound = Manifest(pipeline: self.spec.name, pipelineFile: self.spec.fileRecord(relativeTo: writer.root),
                                     generatedAt: self.options.generatedAt, locales: folder.locales, selected: selected,
                                     charts: chartRecords, notRun: notRun, stages: done + failed,
                                     artifacts: planned + (folder.previous?.artifacts ?? []), interrupted: true)
                try folder.reserveManifest(bound)
            }
            (stages, runArtifacts) = runStages(execution: execution, info: info, records: records, writer: writer,
                                               states: &states, reserve: reserve)
        }
        // A signal while the run-level stages worked interrupts the run as one between charts
        // does: the files they finished are listed, the earlier ones they did not replace stay.
        let interrupted = interrupted || signalled
        runArtifacts = folder.runArtifacts(written: runArtifacts, ranStages: runsStages && !interrupted)
        folder.removeChartsNoLongerInPipeline()
        // A chart kept this run had every file verified moments ago: only the others are looked up.
        let verified = Set(ran.filter(\.reused).map(\.chart.id))
        records = records.map { verified.contains($0.id) ? $0 : folder.keepingOnlyExisting($0) }
        let manifest = Manifest(pipeline: spec.name, pipelineFile: spec.fileRecord(relativeTo: writer.root),
                                generatedAt: options.generatedAt, locales: folder.listedLocales(records, runArtifacts),
                                selected: selected, charts: records, notRun: notRun, stages: stages,
                                artifacts: runArtifacts, interrupted: interrupted)
        try folder.finish(manifest, stageStates: states, inputs: inputs)
        var outcome = RunOutcome(manifest: manifest, manifestPath: writer.root + "/manifest.json", results: ran)
        outcome.failOnChange = options.failOnChange
        return outcome
    }

    /// The run-level stages, each over every chart of the pipeline; a failure is recorded, and the
    /// manifest is still written. `states`: what each stage saved last time, replaced by what it
    /// saves now (dropped when it fails, since its files may then be part old, part new).
    /// `reserve` sets room aside for the manifest that lists the stages done and the files planned.
    private func runStages(execution: ChartExecution, info: RunInfo, records: [ChartRecord],
                           writer: ArtifactWriter, states: inout [String: JSONValue],
                           reserve: ([RunStageRecord], [ManifestArtifact]) throws(ChartError) -> Void) -> ([RunStageRecord], [ManifestArtifact]) {
        var outcomes: [RunStageRecord] = []
        var written: [ManifestArtifact] = []
        let byID = Dictionary(records.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let selected = Set(selectedCharts.map(\.id))
        let charts = spec.charts.map { chart in
            RunChart(spec: chart, record: byID[chart.id], ranNow: selected.contains(chart.id) && byID[chart.id] != nil)
        }
        for step in execution.runSteps {
            // Interrupted, or stopped by a full disk: no further stage starts.
            if isStopping { break }
            let state = RunStageState(cached: states.removeValue(forKey: step.entry.key))
            var context = RunContext(run: info, locales: spec.locales, charts: charts,
                                     reader: ArtifactReader(writer: writer), cancellation: cancellation,
                                     generatedAt: options.generatedAt, state: state)
            // The files a stage wrote before one of its writes failed (a full disk) are on disk as
            // written: the manifest lists them.
            var files: [ManifestArtifact] = []
            defer { written += files }
            do {
                let stage = try located(step.entry) { try step.registration.make(execution.options(of: step.entry, for: nil)) }
                // A registration that says run-level but builds another kind is refused, never skipped.
                guard let runStage = stage as? any RunStage else {
                    throw ChartError("stage '\(step.entry.name)' is registered to run once after every chart, but it is not a run-level stage",
                                     code: .pipelineMisplacedStage, at: step.entry.location)
                }
                try located(step.entry) { try runStage.run(&context) }
                // Before any of the stage's files: a disk too full for the manifest fails the stage here.
                let planned = (context.artifacts + context.lastArtifacts).map { a in
                    ManifestArtifact(path: a.path, kind: a.kind, locale: a.locale, bytes: 999_999_999_999,
                                     sha256: String(repeating: "0", count: 64))
                }
                try reserve(outcomes, written + planned + context.kept)
                let (wrote, failure) = write(context.artifacts, writer: writer)
                // Kept files are on disk as listed, whatever failed.
                files = wrote + context.kept
                if let failure { throw failure }
                let (wroteLast, lastFailure) = write(context.lastArtifacts, writer: writer)
                // A stage that keeps files or writes some last (a report of pages): the last first
                // (the index), the others by path, the same list whether a file was written or kept.
                if !context.kept.isEmpty || !context.lastArtifacts.isEmpty { files = wroteLast + files.sorted { $0.path < $1.path } }
                if let lastFailure { throw lastFailure }
                outcomes.append(RunStageRecord(key: step.entry.key, stage: step.entry.name, status: .ok))
                if let entry = state.entry(files: files) { states[step.entry.key] = entry }
            } catch {
                let diagnostic = (error as? Diagnostic) ?? Diagnostic("stage '\(step.entry.name)' was interrupted",
                                                                      code: .runInterrupted, at: step.entry.location)
                outcomes.append(RunStageRecord(key: step.entry.key, stage: step.entry.name, status: .failed, error: diagnostic))
            }
        }
        return (outcomes, written)
    }

    /// The files of a run-level stage, up to `--jobs` side by side (a report's locales are streams
    /// that do their work as they are written): what was written, in the stage's order, and the
    /// first failure in that order. This thread holds one processor of `--jobs` and the others are
    /// idle in the budget: `WorkerBudget.map` borrows them for the files, and one whose thread has
    /// no file left is lent on to a file that splits its work (a report page's sections).
    private func write(_ artifacts: [Artifact], writer: ArtifactWriter) -> ([ManifestArtifact], ChartError?) {
        let results = WorkerBudget.$current.withValue(WorkerBudget(idle: options.jobs - 1)) {
            WorkerBudget.map(artifacts.count) { i -> Result<ManifestArtifact, ChartError> in
                let artifact = artifacts[i]
                do throws(ChartError) {
                    return .success(try writer.write(artifact.content, to: artifact.path, kind: artifact.kind, locale: artifact.locale))
                } catch {
                    return .failure(error)
                }
            }
        }
        var written: [ManifestArtifact] = []
        var failure: ChartError?
        for result in results {
            switch result {
            case let .success(file): written.append(file)
            case let .failure(error): if failure == nil { failure = error }
            }
        }
        return (written, failure)
    }

    /// Runs one chart: plan, source, stages, commit. A failure is a result; a cancellation is nil.
    func runChart(_ chart: ChartSpec, execution: ChartExecution, folder: OutputFolder, inputs: String? = nil,
                  baseline: Baseline? = nil) -> ChartResult? {
        var partial: ChartContext?
        do {
            let plan = try execution.plan(chart)
            var context = try execution.source(plan, partial: &partial)
            context[BaselineKey.self] = baseline
            partial = context
            try execution.stages(plan, &context)
            partial = context
            var record = try folder.commit(context)
            record.inputs = inputs
            return ChartResult(chart: chart, record: record)
        } catch is Cancelled {
            return nil
        } catch let error as Diagnostic where error.code == Diagnostic.cancelled {
            // A stream cut short while its file was written: an interruption, not a failure.
            folder.discard(chart.id)
            return nil
        } catch {
            let diagnostic = (error as? Diagnostic)
                ?? Diagnostic("\(error)", code: .chartFailed, at: SourceLocation(path: chart.source.displayPath))
            folder.discard(chart.id)
            let record = ChartRecord(id: chart.id, status: .failed, error: diagnostic, warnings: partial?.warnings ?? [],
                                     recordsRead: partial?.recordsRead ?? 0, recordsSkipped: partial?.recordsSkipped ?? 0,
                                     pointsInput: partial?.pointsInput ?? 0)
            return ChartResult(chart: chart, record: record)
        }
    }
}

/// What the workers of one run share: the next chart to take, and what they have done.
private final class Work: Sendable {
    struct State {
        var running: [String] = []
        var done = 0
        var results: [ChartResult?]
    }
    let next = Atomic<Int>(0)
    let state: Locked<State>
    init(total: Int) { state = Locked(State(results: Array(repeating: nil, count: total))) }
}
