import Aggregate
import Chart
import ChartpipeCore
import Describe
import Downsample
import Ingest
import Report
import Sonify
import Table
import Trend

/// The built-in stages, registered once at start-up: a plain list of types. A module of its own so
/// that the CLI and the fuzz targets (Fuzz/) share the one list.
public enum BuiltinStages {
    public static let all = StageList([
        StageRegistration(Ingest.self), StageRegistration(Aggregate.self), StageRegistration(Downsample.self),
        StageRegistration(Trend.self), StageRegistration(Describe.self), StageRegistration(Sonify.self),
        StageRegistration(Chart.self), StageRegistration(Table.self), StageRegistration(Report.self),
    ])
}
