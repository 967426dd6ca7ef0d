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
    /// Flush the run's files to disk once before the manifest is put in place, then the manifest
    /// and its folder (`--no-sync` turns it off for scratch runs): see `OutputFolder.finish`.
    public var sync = true

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
