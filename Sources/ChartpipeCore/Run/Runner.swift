import Dispatch
import Foundation
import Synchronization
import ChartpipeJSON

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

    /// Stops scheduling new charts (`--fail-fast`); charts already running finish.
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
        try writer.prepare()
        let previous = PreviousManifest(folder: writer.root, pipeline: spec.name)
        let info = spec.runInfo(locales: options.locales)
        let work = Work(total: charts.count)
        let workers = min(options.jobs, max(1, charts.count))

        // N workers, each taking the next chart: more than the processor count when asked
        // (concurrentPerform would cap it at the cores).
        let group = DispatchGroup()
        let queue = DispatchQueue(label: "chartpipe.charts", attributes: .concurrent)
        for _ in 0..<workers {
            queue.async(group: group) { [self] in
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
                    let outcome = runChart(chart, info: info, writer: writer, previous: previous.artifacts(of: chart.id))
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
                }
            }
        }
        group.wait()

        let results = work.state.withLock { $0.results }
        var byID: [String: ChartResult] = [:]
        for case let r? in results { byID[r.chart.id] = r }
        let notRun = charts.indices.filter { results[$0] == nil }.map { charts[$0].id }
        var runArtifacts: [ManifestArtifact] = []
        if !isStopping {
            runArtifacts = try runStages(results: results.compactMap { $0 }, info: info, writer: writer)
        }
        // Charts this run did not touch keep their previous entries, in pipeline order.
        var entries: [Manifest.Entry] = []
        for chart in spec.charts {
            if let r = byID[chart.id] {
                entries.append(.result(r))
            } else if let kept = previous.charts[chart.id] {
                entries.append(.kept(id: chart.id, json: kept))
            }
        }
        let keptOthers = entries.contains { if case .kept = $0 { return true }; return false }
            || byID.values.contains { $0.artifacts.contains { a in a.locale.map { !info.locales.contains($0) } ?? false } }
        let locales = info.locales + (keptOthers ? previous.locales.filter { !info.locales.contains($0) } : [])
        let manifest = Manifest(pipeline: spec.name, locales: locales, generatedAt: options.generatedAt,
                                entries: entries, artifacts: runArtifacts, interrupted: signalled, notRun: notRun)
        _ = try writer.write(JSONWriter().bytes(manifest.json), to: "manifest.json", kind: "manifest", locale: nil)
        return RunOutcome(manifest: manifest, manifestPath: writer.root + "/manifest.json")
    }

    /// Whether the stop came from a signal rather than `--fail-fast`.
    private let signalledFlag = Atomic<Bool>(false)
    public var signalled: Bool { signalledFlag.load(ordering: .sequentiallyConsistent) }

    /// Stops the run because of SIGINT or SIGTERM: no chart starts, running charts stop at their
    /// next stage boundary, and the run ends with status 130.
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
            let options = spec.options(for: entry, chart: nil, description: description)
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

    /// Runs one chart; a failure is a result, an interruption is nil. `previous` are the files an
    /// earlier run listed for this chart: the stale ones are removed, other locales' are kept.
    func runChart(_ chart: ChartSpec, info: RunInfo, writer: ArtifactWriter, previous: [ManifestArtifact]) -> ChartResult? {
        var context: ChartContext?
        var stream: (any ObservationStream)?
        do {
            let stages = try spec.stages.map { entry throws -> (StageEntry, any Stage) in
                guard let type = registry.type(named: entry.name), let d = registry.description(named: entry.name) else {
                    throw ChartError("stage '\(entry.name)' is not available in this build", at: entry.location)
                }
                return (entry, try located(entry) { try type.init(options: spec.options(for: entry, chart: chart, description: d)) })
            }
            guard let source = stages.first?.1 as? any SourceStage else {
                throw ChartError("the first stage must read the data", at: spec.stages.first?.location)
            }
            let opened = try source.open(chart: chart)
            stream = opened
            var rest = stages.dropFirst()
            let collected: SeriesSet
            var warnings: [String] = []
            if let (entry, stage) = rest.first, let fold = stage as? any FoldStage {
                collected = try located(entry) { try fold.fold(opened, chart: chart) { warnings.append($0) } }
                rest = rest.dropFirst()
            } else {
                (collected, warnings) = try SeriesCollector.collect(opened, chart: chart)
            }
            try checkStop()
            var data = collected
            // One series from one y field is named by what it shows: the axis title, else the field.
            if chart.seriesField == nil, !chart.y.isWide, data.series.count == 1 {
                data.series[0].name = chart.y.title ?? chart.y.fields[0]
            }
            var ctx = ChartContext(chart: chart, run: info, data: data)
            ctx.recordsRead = opened.recordsRead
            ctx.recordsSkipped = opened.recordsSkipped
            ctx.warnings = opened.warnings + warnings
            context = ctx
            try SeriesCollector.requireValues(data, chart: chart, stream: opened)
            if let range = chart.y.range {
                // A fixed range that the data leaves: the axis text and the audio graph would clip it.
                let outside = data.series.flatMap(\.y).filter { $0.isFinite && !range.contains($0) }
                if let low = outside.min(), let high = outside.max() {
                    ctx.warn("\(chart.source.displayPath): \(outside.count) \(outside.count == 1 ? "value lies" : "values lie") outside the fixed range [\(JSONWriter.number(range.lowerBound)), \(JSONWriter.number(range.upperBound))] of y (from \(JSONWriter.number(low)) to \(JSONWriter.number(high))); the audio graph clips them to its lowest or highest pitch")
                }
            }
            if spec.stages.contains(where: { $0.name == "sonify" }) {
                for s in data.series where s.count < 20 {
                    let name = data.series.count > 1 ? "series '\(s.name)' has" : "the chart has"
                    ctx.warn("\(name) \(s.count) \(s.count == 1 ? "point" : "points"), fewer than 20: its audio graph will be sparse")
                }
            }
            for (entry, stage) in rest {
                guard let chartStage = stage as? any ChartStage else { continue }
                context = ctx
                try located(entry) { try chartStage.run(&ctx) }
                try checkStop()
            }
            ctx.artifacts.insert(Artifact(path: "data.json", kind: "data", bytes: JSONWriter().bytes(DataFile.json(ctx.data, chart: chart))), at: 0)
            context = ctx
            var written: [ManifestArtifact] = []
            for artifact in ctx.artifacts {
                written.append(try writer.write(artifact.bytes, to: "charts/\(chart.id)/\(artifact.path)", kind: artifact.kind, locale: artifact.locale))
            }
            let paths = Set(written.map(\.path))
            let ownLocale: (ManifestArtifact) -> Bool = { a in a.locale.map { info.locales.contains($0) } ?? true }
            writer.remove(previous.filter { ownLocale($0) && !paths.contains($0.path) }.map(\.path), below: "charts/\(chart.id)")
            // Files of locales this run did not write stay, and stay listed.
            let kept = previous.filter { !ownLocale($0) && !paths.contains($0.path) && writer.exists($0.path) }
            ctx.artifacts = []
            return ChartResult(chart: chart, status: .ok, error: nil, context: ctx, warnings: ctx.warnings, artifacts: written + kept,
                               recordsRead: ctx.recordsRead, recordsSkipped: ctx.recordsSkipped,
                               pointsInput: ctx.pointsInput, pointsOutput: ctx.data.pointCount)
        } catch {
            let error = (error as? ChartError) ?? ChartError("\(error)", at: SourceLocation(path: chart.source.displayPath))
            if signalled, error.message == Runner.interruptedMessage { return nil }
            // A failed chart leaves none of its earlier files behind to be mistaken for current ones.
            writer.remove(previous.map(\.path), below: "charts/\(chart.id)")
            return ChartResult(chart: chart, status: .failed, error: error, context: nil,
                               warnings: context?.warnings ?? stream?.warnings ?? [], artifacts: [],
                               recordsRead: stream?.recordsRead ?? 0, recordsSkipped: stream?.recordsSkipped ?? 0,
                               pointsInput: context?.pointsInput ?? 0, pointsOutput: 0)
        }
    }

    /// Runs `body`, turning any error into a `ChartError` that names the stage's entry in the
    /// pipeline file when the error itself names no place.
    private func located<T>(_ entry: StageEntry, _ body: () throws -> T) throws(ChartError) -> T {
        do {
            return try body()
        } catch var error as ChartError {
            if error.location == nil { error.location = entry.location }
            throw error
        } catch {
            throw ChartError("stage '\(entry.name)' failed: \(error)", at: entry.location)
        }
    }

    private func checkStop() throws(ChartError) {
        if signalled { throw ChartError(Runner.interruptedMessage) }
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
    let state: Mutex<State>
    init(total: Int) { state = Mutex(State(results: Array(repeating: nil, count: total))) }
}
