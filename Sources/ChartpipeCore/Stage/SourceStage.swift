/// The stage that opens a chart's data (`ingest`).
public protocol SourceStage: Stage {
    func open(chart: ChartSpec) throws -> any ObservationStream
    /// A digest of the chart's data for a source that is not a file (a database's result or its
    /// version query), for `--incremental`; nil when it cannot be known (the chart then runs).
    func dataDigest(chart: ChartSpec) -> String?
}

extension SourceStage {
    public func dataDigest(chart: ChartSpec) -> String? { nil }
}
