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
    /// Wait for another run that holds the output folder, instead of failing at once.
    public var wait: Bool
    /// Run only this shard's charts, writing `manifest.shard-I.json` (`merge` combines them).
    public var shard: Shard?
    /// Keep a chart whose inputs are unchanged since the folder's manifest and whose files are intact.
    public var incremental: Bool
    /// What each chart is compared with.
    public var compare: Comparing = .previous
    /// Kinds of change that make the run exit 3 (`--fail-on-change`).
    public var failOnChange: Set<Change.Kind> = []

    /// What a run compares its charts with.
    public enum Comparing: Sendable {
        /// The previous run of the pipeline in the output folder, read before anything is replaced.
        case previous
        /// Another run's output folder (`--compare DIR`), opened and checked before anything runs.
        case folder(BaselineSource)
        /// Nothing (`--no-compare`).
        case off
    }

    public init(output: String, jobs: Int, locales: [String]? = nil, only: [String]? = nil, failFast: Bool = false,
                generatedAt: Int64, wait: Bool = false, shard: Shard? = nil, incremental: Bool = false) {
        self.output = output
        self.jobs = max(1, jobs)
        self.locales = locales
        self.only = only
        self.failFast = failFast
        self.generatedAt = generatedAt
        self.wait = wait
        self.shard = shard
        self.incremental = incremental
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
    /// The charts this run ran, in pipeline order.
    public var results: [ChartResult]

    /// The code of the error that stops a run because the output's disk is full.
    public static let diskFull = "output.disk-full"

    /// Kinds of change that make the run exit 3.
    public var failOnChange: Set<Change.Kind> = []

    /// 130 interrupted; 4 the output's disk is full; 1 a chart of this run or a run-level stage
    /// failed; 3 a change of a kind `--fail-on-change` names; else 0.
    public var exitCode: Int32 {
        if manifest.interrupted { return 130 }
        if results.contains(where: { $0.error?.code == Self.diskFull }) { return 4 }
        let failed = results.contains { $0.status == .failed } || manifest.stages.contains { $0.status == .failed }
        if failed { return 1 }
        return changedKinds.isDisjoint(with: failOnChange) ? 0 : 3
    }

    /// The kinds of change this run found, over its charts.
    public var changedKinds: Set<Change.Kind> {
        Set(results.flatMap { r in
            (r.record.comparison?["changes"]?.arrayValue ?? []).compactMap { $0["kind"]?.stringValue.flatMap(Change.Kind.init(rawValue:)) }
        })
    }
}
