import ChartpipeCore

/// The first rows of a delimited file as text.
public struct SourcePreview: Sendable, Equatable {
    /// Header names (empty without a header row).
    public var columns: [String]
    public var rows: [[String]]
}
