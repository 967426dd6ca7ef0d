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
