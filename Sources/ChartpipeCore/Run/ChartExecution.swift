import ChartpipeJSON

/// One chart's way through the per-chart stages of a pipeline, in three steps the runner (and
/// `chartpipe describe`) compose: `plan` builds the stages with the chart's options, `source`
/// reads the data into a context, `stages` runs the chart stages on it. Writing the files is the
/// runner's fourth step (commit). Nothing here names a stage.
public struct ChartExecution: Sendable {
    /// A stage entry with what the registry knows of it.
    public struct Step: Sendable {
        public var entry: StageEntry
        public var registration: StageRegistration

        public init(entry: StageEntry, registration: StageRegistration) {
            self.entry = entry
            self.registration = registration
        }
    }

    /// The stages of one chart, built with its options.
    public struct Plan {
        public var chart: ChartSpec
        public var source: (entry: StageEntry, stage: any SourceStage)
        public var fold: (entry: StageEntry, stage: any FoldStage)?
        public var stages: [(entry: StageEntry, stage: any ChartStage)]
    }

    public let steps: [Step]
    public let run: RunInfo
    public let cancellation: Cancellation
    /// Per-chart options of each entry, by chart id and entry key.
    let overrides: [String: [String: [String: JSONValue]]]

    /// The chart stages of `spec` (run-level stages are the runner's).
    public init(spec: PipelineSpec, registry: StageRegistry, run: RunInfo, cancellation: Cancellation) throws(ChartError) {
        var steps: [Step] = []
        for entry in spec.stages {
            guard let registration = registry.registration(named: entry.name) else {
                throw ChartError("stage '\(entry.name)' is not available in this build", code: .pipelineUnavailableStage,
                                 at: entry.location)
            }
            steps.append(Step(entry: entry, registration: registration))
        }
        self.init(steps: steps, run: run, cancellation: cancellation, overrides: spec.overrides)
    }

    public init(steps: [Step], run: RunInfo, cancellation: Cancellation,
                overrides: [String: [String: [String: JSONValue]]] = [:]) {
        self.steps = steps
        self.run = run
        self.cancellation = cancellation
        self.overrides = overrides
    }

    /// The stage entries that run once per run, after every chart.
    public var runSteps: [Step] { steps.filter { $0.registration.kind == .run } }

    /// The options of `entry` for `chart`: the entry's, then the chart's overrides.
    public func options(of entry: StageEntry, for chart: ChartSpec?) -> StageOptions {
        var values = entry.options
        if let chart { for (k, v) in overrides[chart.id]?[entry.key] ?? [:] { values[k] = v } }
        return StageOptions(values)
    }

    // MARK: the steps

    /// Builds every per-chart stage for `chart` with its options.
    public func plan(_ chart: ChartSpec) throws -> Plan {
        var source: (StageEntry, any SourceStage)?
        var fold: (StageEntry, any FoldStage)?
        var stages: [(StageEntry, any ChartStage)] = []
        for step in steps where step.registration.kind != .run {
            let stage = try located(step.entry) { try step.registration.make(options(of: step.entry, for: chart)) }
            switch stage {
            case let s as any SourceStage where source == nil: source = (step.entry, s)
            case let f as any FoldStage where fold == nil && stages.isEmpty: fold = (step.entry, f)
            case let c as any ChartStage: stages.append((step.entry, c))
            default:
                throw ChartError("stage '\(step.entry.name)' cannot run at this place", code: .pipelineMisplacedStage,
                                 at: step.entry.location)
            }
        }
        guard let source else {
            throw ChartError("the first stage must read the data", code: .pipelineNoSource, at: steps.first?.entry.location)
        }
        return Plan(chart: chart, source: source, fold: fold, stages: stages)
    }

    /// Opens the data and folds or collects it into series: the context the chart stages start from.
    /// A failure after reading began still reports the rows read (`partial`).
    public func source(_ plan: Plan, partial: inout ChartContext?) throws -> ChartContext {
        let chart = plan.chart.x.typeGiven ? plan.chart : try inferringXType(plan)
        let stream = try located(plan.source.entry) { try plan.source.stage.open(chart: chart) }
        func progress() -> ChartContext {
            var c = ChartContext(chart: chart, run: run, data: SeriesSet(xType: stream.xType), cancellation: cancellation)
            c.recordsRead = stream.recordsRead
            c.recordsSkipped = stream.recordsSkipped
            c.warnings = stream.warnings
            return c
        }
        partial = progress()
        var data: SeriesSet
        var warnings: [Diagnostic]
        var folded: FoldResult?
        do {
            if let (entry, fold) = plan.fold {
                let result = try located(entry) { try fold.fold(stream, chart: chart, cancellation: cancellation) }
                (data, warnings) = (result.data, result.warnings)
                folded = result
            } else {
                (data, warnings) = try SeriesCollector.collect(stream, chart: chart, cancellation: cancellation)
            }
        } catch {
            partial = progress()
            throw error
        }
        // One series from one y field is named by what it shows: the axis title, else the field.
        if chart.seriesField == nil, !chart.y.isWide, data.series.count == 1 {
            data.series[0].name = chart.y.title ?? chart.y.fields[0]
        }
        var context = ChartContext(chart: chart, run: run, data: data, cancellation: cancellation)
        if let folded { context.adopt(folded) }
        context.recordsRead = stream.recordsRead
        context.recordsSkipped = stream.recordsSkipped
        context.warnings = stream.warnings + warnings
        if let outside = SeriesCollector.outsideRange(data, chart: chart) { context.warnings.append(outside) }
        partial = context
        try SeriesCollector.requireValues(data, chart: chart, stream: stream)
        return context
    }

    /// The chart with its x type read from the data, when the pipeline did not say it: the first
    /// of time, number and category that reads the first batch's x without an error on the x field.
    func inferringXType(_ plan: Plan) throws -> ChartSpec {
        var chart = plan.chart
        chart.x.typeGiven = true
        for type in [XType.time, .number, .category] {
            var probe = chart
            probe.x.type = type
            // A probe must see the x it cannot read, not skip the rows that hold it.
            probe.source.onError = .fail
            do {
                let stream = try located(plan.source.entry) { try plan.source.stage.open(chart: probe) }
                _ = try stream.next()
            } catch let error as Diagnostic where error.field == chart.x.field && type != .category {
                continue
            } catch {
                // Any other problem (a missing file, a bad y) is the chart's, whatever x is: the run reports it.
            }
            chart.x.type = type
            return chart
        }
        return chart
    }

    /// Runs the chart stages in order; stops when the run is cancelled.
    public func stages(_ plan: Plan, _ context: inout ChartContext) throws {
        // What later stages will do that earlier ones say (the layout the chart draws).
        for (_, stage) in plan.stages { stage.prepare(&context) }
        for (entry, stage) in plan.stages {
            try cancellation.check()
            try located(entry) { try stage.run(&context) }
        }
        try cancellation.check()
    }

    /// Source, then stages: a chart's context without writing anything (`chartpipe describe`).
    public func context(for chart: ChartSpec) throws -> ChartContext {
        let plan = try plan(chart)
        var partial: ChartContext?
        var context = try source(plan, partial: &partial)
        try stages(plan, &context)
        return context
    }
}

/// Runs `body` on behalf of a stage entry: an error that names no place gets the entry's, one
/// without a code gets `<stage>.failed`, and anything that is not a diagnostic becomes one.
/// A cancellation passes through untouched.
func located<T>(_ entry: StageEntry, _ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let cancelled as Cancelled {
        throw cancelled
    } catch var error as Diagnostic {
        if error.location == nil { error.location = entry.location }
        if error.code == Diagnostic.unclassified { error.code = .stageFailed(entry.name) }
        throw error
    } catch {
        throw Diagnostic("stage '\(entry.name)' failed: \(error)", code: .stageFailed(entry.name), at: entry.location)
    }
}
