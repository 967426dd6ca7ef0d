import ChartpipeJSON

/// Something a stage needs from a chart's context or adds to it, such as `series` or `trend`.
public struct Capability: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
    public var description: String { rawValue }

    /// Typed series of the chart (the source adds them; without a fold the runner collects the stream).
    public static let series: Capability = "series"
    /// Series bucketed by `aggregate`.
    public static let aggregated: Capability = "aggregated"
    /// Series reduced by `downsample`; the full series stay available.
    public static let downsampled: Capability = "downsampled"
    /// Statistics from `trend`.
    public static let trend: Capability = "trend"
    /// Description layers and point labels from `describe`.
    public static let descriptions: Capability = "descriptions"
    /// The audio graph from `sonify`.
    public static let audio: Capability = "audio"
    /// Data tables from `table`.
    public static let tables: Capability = "tables"
    /// SVG charts from `chart`.
    public static let charts: Capability = "charts"
}

/// How the runner calls a stage; derived from the protocol the stage conforms to.
public enum StageKind: String, Sendable {
    /// Opens the chart's data as a stream of observation batches (`SourceStage`). Must come first.
    case source
    /// Folds the stream into series as it is read (`FoldStage`). Must directly follow the source.
    case fold
    /// Works on one chart's context (`ChartStage`).
    case chart
    /// Runs once after every chart has finished, over every chart of the pipeline (`RunStage`).
    case run
}

/// A capability a stage needs, possibly only for some values of its options (`sonify` needs the
/// point labels of `describe` only when it writes cues).
public struct Need: Sendable, Equatable {
    public var capability: Capability
    /// The need holds unless the option `unless.option` has the value `unless.value`.
    public var unless: (option: String, value: JSONValue)?

    public init(_ capability: Capability, unless option: String? = nil, is value: JSONValue = .null) {
        self.capability = capability
        self.unless = option.map { ($0, value) }
    }

    /// Whether the need holds for these options (defaults filled in).
    public func holds(for options: StageOptions) -> Bool {
        guard let unless else { return true }
        return options[unless.option] != unless.value
    }

    /// `descriptions (unless "cues" is false)`, for `chartpipe stages`.
    public var summary: String {
        guard let unless else { return capability.rawValue }
        return "\(capability.rawValue) (unless '\(unless.option)' is \(JSONWriter(pretty: false).string(unless.value)))"
    }

    public static func == (a: Need, b: Need) -> Bool {
        a.capability == b.capability && a.unless?.option == b.unless?.option && a.unless?.value == b.unless?.value
    }
}
