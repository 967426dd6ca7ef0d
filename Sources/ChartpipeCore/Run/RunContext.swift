import ChartpipeJSON

/// What run-level stages (`report`) see: every chart of the pipeline in pipeline order, built from
/// the manifest, and a reader for the files the manifest lists.
public struct RunContext: Sendable {
    /// What this run shares with its charts (its locales are the ones this run wrote).
    public let run: RunInfo
    /// The pipeline's locales: a run-level stage writes these, whatever a preview's `--locales`.
    public let locales: [String]
    public let charts: [RunChart]
    public let reader: ArtifactReader
    public let cancellation: Cancellation
    /// When the run started, in seconds since 1970 (the manifest's `generatedAt`: from
    /// `SOURCE_DATE_EPOCH` when set), so that a run-level file can carry the run's date and stay
    /// reproducible.
    public let generatedAt: Int64
    /// Files for the output folder (paths relative to it).
    public var artifacts: [Artifact] = []
    /// Files written once every file of `artifacts` is (a report's index, which names what its
    /// pages found as they were written).
    public var lastArtifacts: [Artifact] = []
    /// Files the stage's previous run wrote that it keeps as they are (verified by the stage), listed
    /// again without being written: an incremental report's pages of charts that did not change.
    public var kept: [ManifestArtifact] = []
    public var warnings: [Diagnostic] = []
    /// What the stage saved of its work in the folder's previous run, and what it saves for the
    /// next (see `RunCache`): a shortcut only, never needed for a correct result.
    public let state: RunStageState

    public init(run: RunInfo, locales: [String], charts: [RunChart], reader: ArtifactReader,
                cancellation: Cancellation = .never, generatedAt: Int64 = 0, state: RunStageState = RunStageState()) {
        self.run = run
        self.locales = locales
        self.charts = charts
        self.reader = reader
        self.cancellation = cancellation
        self.generatedAt = generatedAt
        self.state = state
    }

    /// The chart's `data.json`, decoded.
    public func data(of chart: RunChart) throws(ChartError) -> SeriesSet {
        let json = try reader.json(of: chart, kind: "data")
        guard let set = DataFile.decode(json, chart: chart.spec) else {
            throw ChartError("data.json of chart '\(chart.id)' is not what chartpipe writes", code: .runUnreadableArtifact)
        }
        return set
    }

    /// The chart's `trend.json`, decoded (its x read back with the chart's x type).
    public func trend(of chart: RunChart) throws(ChartError) -> TrendResult {
        let data = try self.data(of: chart)
        let json = try reader.json(of: chart, kind: "trend")
        guard let trend = TrendResult(json: json, xType: data.xType, categories: data.categories,
                                      zone: chart.spec.x.zone) else {
            throw ChartError("trend.json of chart '\(chart.id)' is not what chartpipe writes", code: .runUnreadableArtifact)
        }
        return trend
    }

    /// The chart's `description.<locale>.json`, decoded.
    public func description(of chart: RunChart, locale: String) throws(ChartError) -> ChartDescription {
        let data = try self.data(of: chart)
        let json = try reader.json(of: chart, kind: "description", locale: locale, pathSuffix: ".json")
        guard let description = ChartDescription(json: json, xType: data.xType, categories: data.categories) else {
            throw ChartError("description.\(locale).json of chart '\(chart.id)' is not what chartpipe writes",
                             code: .runUnreadableArtifact)
        }
        return description
    }
}
