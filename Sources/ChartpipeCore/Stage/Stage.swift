/// A built-in or external stage. A stage is a value built once per chart from its options.
public protocol Stage: Sendable {
    static var description: StageDescription { get }
    /// Options are already validated against `description.options`; read them with
    /// `options.value(Self.someOption)`, which fills in the declared defaults.
    init(options: StageOptions) throws
    /// Checks what the options can only be checked against with a chart in hand (a calendar unit
    /// needs time x, say), so that `chartpipe validate` reports it before anything runs. Errors name
    /// the option as their `field`.
    func check(chart: ChartSpec) throws(ChartError)
}

extension Stage {
    /// Most stages can check everything from their options alone.
    public func check(chart: ChartSpec) throws(ChartError) {}
}

/// The stage that opens a chart's data (`ingest`).
public protocol SourceStage: Stage {
    func open(chart: ChartSpec) throws -> any ObservationStream
}

/// A stage that folds the source's batches into series as they stream (`aggregate`).
public protocol FoldStage: Stage {
    /// The series, and what a reader should know about them (a partly covered first bucket, say).
    /// Long folds poll `cancellation`.
    func fold(_ stream: any ObservationStream, chart: ChartSpec, cancellation: Cancellation) throws -> FoldResult
}

/// What a fold makes of a stream: the series, warnings, and typed values for the chart's context
/// (what the buckets were, for the stages that describe the values).
public struct FoldResult: Sendable {
    public var data: SeriesSet
    public var warnings: [Diagnostic]
    private(set) var values: [ObjectIdentifier: any Sendable] = [:]

    public init(data: SeriesSet, warnings: [Diagnostic] = []) {
        self.data = data
        self.warnings = warnings
    }

    public subscript<K: ContextKey>(key: K.Type) -> K.Value? {
        get { values[ObjectIdentifier(key)] as? K.Value }
        set { values[ObjectIdentifier(key)] = newValue }
    }
}

/// A stage that works on one chart. It must be a pure function of the context: charts run in
/// parallel. Long work polls `context.cancellation`.
public protocol ChartStage: Stage {
    func run(_ context: inout ChartContext) throws
}

/// A stage that runs once after all charts, over every chart of the pipeline (`report`).
public protocol RunStage: Stage {
    func run(_ context: inout RunContext) throws
}
