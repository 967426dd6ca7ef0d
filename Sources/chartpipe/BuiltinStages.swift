import Aggregate
import ChartpipeCore
import Describe
import Downsample
import Ingest
import Sonify
import Trend

/// The built-in stages, registered once at start-up: a plain list of types.
enum BuiltinStages {
    static let all: [any Stage.Type] = [Ingest.self, Aggregate.self, Downsample.self, Trend.self, Describe.self, Sonify.self]
}
