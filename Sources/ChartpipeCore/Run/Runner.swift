import Dispatch
import Foundation
import Synchronization

/// How a run is asked to go.
public struct RunOptions: Sendable {
    /// Absolute output folder.
    public var output: String
    public var jobs: Int
    /// Locales to write instead of the pipeline's.
    public var locales: [String]?
    /// Chart ids to run; nil for all.
    public var only: [String]?
    public var failFast: Bool
    public var generatedAt: Int64

    public init(output: String, jobs: Int, locales: [String]? = nil, only: [String]? = nil, failFast: Bool = false,
                generatedAt: Int64) {
        self.output = output
        self.jobs = max(1, jobs)
        self.locales = locales
        self.only = only
        self.failFast = failFast
        self.generatedAt = generatedAt
    }
}

/// Hears of charts as they start and finish (progress bars, logs). Called from worker threads.
public protocol RunObserver: Sendable {
    func chartStarted(_ chart: ChartSpec, running: [String], done: Int, total: Int)
    /// `running` are the charts still running after this one.
    func chartFinished(_ result: ChartResult, seconds: Double, running: [String], done: Int, total: Int)
}

/// How a run ended.
public struct RunOutcome: Sendable {
    public var manifest: Manifest
    public var manifestPath: String
    public var exitCode: Int32 {
        if manifest.interrupted { return 130 }
        return manifest.charts.contains { $0.status == .failed } ? 1 : 0
    }
}

/// Runs every chart of a pipeline through its stages, in parallel, then the run stages, then
/// writes the manifest. One chart's failure never stops the others (unless `failFast`).
public final class Runner: Sendable {
    public let spec: PipelineSpec
    public let registry: StageRegistry
    public let options: RunOptions
    public let observer: (any RunObserver)?
    private let stopRequested = Atomic<Bool>(false)

    public init(spec: PipelineSpec, registry: StageRegistry, options: RunOptions, observer: (any RunObserver)? = nil) {
        self.spec = spec
        self.registry = registry
        self.options = options
        self.observer = observer
    }

    /// Stops scheduling new charts; charts already running stop at their next stage boundary.
    /// Safe to call from a signal handler's queue.
    public func requestStop() { stopRequested.store(true, ordering: .sequentiallyConsistent) }
    public var isStopping: Bool { stopRequested.load(ordering: .sequentiallyConsistent) }

    /// The charts this run covers, in pipeline order.
    public var selectedCharts: [ChartSpec] {
        guard let only = options.only else { return spec.charts }
        return spec.charts.filter { only.contains($0.id) }
    }

    public func run() throws(ChartError) -> RunOutcome {
        let charts = selectedCharts
        let writer = ArtifactWriter(root: options.output)
        let info = spec.runInfo(locales: options.locales)
        let state = Mutex(RunState(total: charts.count))
        let next = Atomic<Int>(0)
        let workers = min(options.jobs, max(1, charts.count))

        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while !isStopping {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < charts.count else { return }
                let chart = charts[index]
                let snapshot = state.withLock { s -> (running: [String], done: Int) in
                    s.running.append(chart.id)
                    return (s.running, s.done)
                }
                observer?.chartStarted(chart, running: snapshot.running, done: snapshot.done, total: charts.count)
                let start = ContinuousClock.now
                let result = runChart(chart, info: info, writer: writer)
                let elapsed = ContinuousClock.now - start
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                let interrupted = result.error?.message == Runner.interruptedMessage
                let after = state.withLock { s -> (running: [String], done: Int) in
                    s.running.removeAll { $0 == chart.id }
                    if !interrupted { s.results[index] = result; s.done += 1 }
                    return (s.running, s.done)
                }
                if interrupted { return }
                observer?.chartFinished(result, seconds: seconds, running: after.running, done: after.done, total: charts.count)
                if result.status == .failed, options.failFast { requestStop() }
            }
        }

        let results = state.withLock { $0.results }.compactMap { $0 }
        let interrupted = signalled
        var runArtifacts: [ManifestArtifact] = []
        if !isStopping {
            runArtifacts = try runStages(results: results, info: info, writer: writer)
        }
        let manifest = Manifest(pipeline: spec.name, locales: info.locales, generatedAt: options.generatedAt,
                                charts: results, artifacts: runArtifacts, interrupted: interrupted)
        _ = try writer.write(JSONWriter().bytes(manifest.json), to: "manifest.json", kind: "manifest", locale: nil)
        return RunOutcome(manifest: manifest, manifestPath: writer.root + "/manifest.json")
    }

    /// Whether the stop came from a signal rather than `--fail-fast`.
    private let signalledFlag = Atomic<Bool>(false)
    private var signalled: Bool { signalledFlag.load(ordering: .sequentiallyConsistent) }

    /// Stops the run because of SIGINT or SIGTERM: the run ends with status 130.
    public func interrupt() {
        signalledFlag.store(true, ordering: .sequentiallyConsistent)
        requestStop()
    }

    static let interruptedMessage = "interrupted before this chart finished"

    private func runStages(results: [ChartResult], info: RunInfo, writer: ArtifactWriter) throws(ChartError) -> [ManifestArtifact] {
        var written: [ManifestArtifact] = []
        for entry in spec.stages {
            guard let type = registry.type(named: entry.name) as? any RunStage.Type,
                  let description = registry.description(named: entry.name) else { continue }
            var options = StageOptions()
            for field in description.options { if let d = field.defaultValue { options.values[field.name] = d } }
            for (k, v) in entry.options { options.values[k] = v }
            var context = RunContext(run: info, charts: results)
            do {
                let stage = try type.init(options: options)
                try stage.run(&context)
            } catch let error as ChartError {
                throw error
            } catch {
                throw ChartError("stage '\(entry.name)' failed: \(error)", at: entry.location)
            }
            for artifact in context.artifacts {
                written.append(try writer.write(artifact.bytes, to: artifact.path, kind: artifact.kind, locale: artifact.locale))
            }
        }
        return written
    }

    /// Runs one chart; never throws: a failure is a result.
    func runChart(_ chart: ChartSpec, info: RunInfo, writer: ArtifactWriter) -> ChartResult {
        var context: ChartContext?
        do {
            let stages = try spec.stages.map { entry throws -> (StageEntry, any Stage) in
                guard let type = registry.type(named: entry.name), let d = registry.description(named: entry.name) else {
                    throw ChartError("stage '\(entry.name)' is not available in this build", at: entry.location)
                }
                return (entry, try type.init(options: spec.options(for: entry, chart: chart, description: d)))
            }
            guard let source = stages.first?.1 as? any SourceStage else {
                throw ChartError("the first stage must read the data", at: spec.stages.first?.location)
            }
            let stream = try source.open(chart: chart)
            var rest = stages.dropFirst()
            let collected: SeriesSet
            var warnings: [String] = []
            if let fold = rest.first?.1 as? any FoldStage {
                collected = try fold.fold(stream, chart: chart)
                rest = rest.dropFirst()
            } else {
                (collected, warnings) = try SeriesCollector.collect(stream, chart: chart)
            }
            try checkStop()
            var data = collected
            // One series from one y field is named by what it shows: the axis title, else the field.
            if chart.seriesField == nil, !chart.y.isWide, data.series.count == 1 {
                data.series[0].name = chart.y.title ?? chart.y.fields[0]
            }
            var ctx = ChartContext(chart: chart, run: info, data: data)
            ctx.recordsRead = stream.recordsRead
            ctx.recordsSkipped = stream.recordsSkipped
            ctx.warnings = stream.warnings + warnings
            if data.pointCount == 0 {
                throw ChartError("no data points were read; check the file and the x and y fields", at: SourceLocation(path: chart.source.displayPath))
            }
            if spec.stages.contains(where: { $0.name == "sonify" }) {
                for s in data.series where s.count < 20 {
                    let name = data.series.count > 1 ? "series '\(s.name)' has" : "the chart has"
                    ctx.warn("\(name) \(s.count) \(s.count == 1 ? "point" : "points"), fewer than 20: its audio graph will be sparse")
                }
            }
            for (entry, stage) in rest {
                guard let chartStage = stage as? any ChartStage else { continue }
                do {
                    try chartStage.run(&ctx)
                } catch let error as ChartError {
                    throw error
                } catch {
                    throw ChartError("stage '\(entry.name)' failed: \(error)", at: entry.location)
                }
                try checkStop()
            }
            ctx.artifacts.insert(Artifact(path: "data.json", kind: "data", bytes: JSONWriter().bytes(DataFile.json(ctx.data, chart: chart))), at: 0)
            context = ctx
            var written: [ManifestArtifact] = []
            for artifact in ctx.artifacts {
                written.append(try writer.write(artifact.bytes, to: "charts/\(chart.id)/\(artifact.path)", kind: artifact.kind, locale: artifact.locale))
            }
            writer.prune(folder: "charts/\(chart.id)", keep: Set(written.map(\.path)))
            ctx.artifacts = []
            return ChartResult(chart: chart, status: .ok, error: nil, context: ctx, warnings: ctx.warnings, artifacts: written)
        } catch let error as ChartError {
            return ChartResult(chart: chart, status: .failed, error: error, context: context, warnings: context?.warnings ?? [], artifacts: [])
        } catch {
            return ChartResult(chart: chart, status: .failed, error: ChartError("\(error)"), context: context,
                               warnings: context?.warnings ?? [], artifacts: [])
        }
    }

    private func checkStop() throws(ChartError) {
        if signalled { throw ChartError(Runner.interruptedMessage) }
    }
}

private struct RunState {
    var running: [String] = []
    var done = 0
    var results: [ChartResult?]
    init(total: Int) { results = Array(repeating: nil, count: total) }
}
