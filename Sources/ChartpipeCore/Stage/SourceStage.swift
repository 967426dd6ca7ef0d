/// The stage that opens a chart's data (`ingest`).
public protocol SourceStage: Stage {
    func open(chart: ChartSpec) throws -> any ObservationStream
}
