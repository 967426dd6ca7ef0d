import ChartpipeJSON
/// Something a stage needs from the chart's context or adds to it, such as `series` or `trend`.
public struct Capability: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
    public var description: String { rawValue }

    /// Typed series of the chart (ingest adds them; without `aggregate` the runner collects the stream).
    public static let series: Capability = "series"
    /// Series bucketed by `aggregate`.
    public static let aggregated: Capability = "aggregated"
    /// Series reduced by `downsample`; the full series stay available.
    public static let downsampled: Capability = "downsampled"
    /// Statistics from `trend`.
    public static let trend: Capability = "trend"
    /// Description layers from `describe`.
    public static let descriptions: Capability = "descriptions"
    /// The audio graph from `sonify`.
    public static let audio: Capability = "audio"
    /// Data tables from `table`.
    public static let tables: Capability = "tables"
}

/// How the runner calls a stage.
public enum StageKind: String, Sendable {
    /// Opens the chart's data as a stream of observation batches (`ingest`). Must come first.
    case source
    /// Folds the stream into series as it is read (`aggregate`). Must directly follow the source.
    case fold
    /// Works on one chart's context (most stages).
    case chart
    /// Runs once after every chart has finished (`report`).
    case run
}

/// What `chartpipe stages`, the schema and validation know of a stage.
public struct StageDescription: Sendable {
    public var name: String
    /// One line.
    public var summary: String
    public var kind: StageKind
    public var options: [Field]
    public var needs: [Capability]
    public var adds: [Capability]

    public init(name: String, summary: String, kind: StageKind, options: [Field], needs: [Capability], adds: [Capability]) {
        self.name = name
        self.summary = summary
        self.kind = kind
        self.options = options
        self.needs = needs
        self.adds = adds
    }
}

/// A stage's options for one chart: the pipeline's values, the chart's overrides, and defaults.
public struct StageOptions: Sendable {
    public var values: [String: JSONValue]

    public init(_ values: [String: JSONValue] = [:]) { self.values = values }

    public subscript(name: String) -> JSONValue? { values[name] }
    public func string(_ name: String) -> String? { values[name]?.stringValue }
    public func int(_ name: String) -> Int? { values[name]?.intValue }
    public func double(_ name: String) -> Double? { values[name]?.doubleValue }
    public func bool(_ name: String) -> Bool? { values[name]?.boolValue }
    public func strings(_ name: String) -> [String]? { values[name]?.arrayValue?.compactMap(\.stringValue) }
}

/// A built-in or external stage. A stage is a value built once per chart from its options.
public protocol Stage: Sendable {
    static var description: StageDescription { get }
    /// Options are already validated against `description.options`, with defaults filled in.
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
    func fold(_ stream: any ObservationStream, chart: ChartSpec) throws -> SeriesSet
    /// The same, telling the run what a reader should know about the result (`warn`).
    func fold(_ stream: any ObservationStream, chart: ChartSpec, warn: (String) -> Void) throws -> SeriesSet
}

extension FoldStage {
    public func fold(_ stream: any ObservationStream, chart: ChartSpec, warn: (String) -> Void) throws -> SeriesSet {
        try fold(stream, chart: chart)
    }
}

/// A stage that works on one chart. It must be a pure function of the context: charts run in parallel.
public protocol ChartStage: Stage {
    func run(_ context: inout ChartContext) throws
}

/// A stage that runs once after all charts (`report`).
public protocol RunStage: Stage {
    func run(_ context: inout RunContext) throws
}
