import Foundation
import ChartpipeCore

/// SPEC §11 size limits, each an option of the ingest stage (`Ingest.maxFileBytes` …) with a
/// default that lets a chart of tens of millions of values through. JSON nesting is bounded by
/// jansson's parser at 2048 levels (`JSONRecordFramer.maximumDepth`), which no option changes.
public struct IngestLimits: Sendable, Equatable {
    /// Largest data file, in bytes.
    public var maxFileBytes: Int
    /// Longest CSV field, in bytes.
    public var maxFieldBytes: Int
    /// Most columns in a CSV row.
    public var maxColumns: Int
    /// Largest JSON record (one element of the records array, or one JSON Lines line), in bytes.
    public var maxRecordBytes: Int
    /// Most values read (one per record and y field), skipped records not counted.
    public var maxPoints: Int
    /// Most series (distinct values of the series field, times the y fields).
    public var maxSeries: Int

    public init(maxFileBytes: Int = 4 << 30, maxFieldBytes: Int = 1 << 20, maxColumns: Int = 10_000,
                maxRecordBytes: Int = 64 << 20, maxPoints: Int = 50_000_000, maxSeries: Int = 1_000) {
        self.maxFileBytes = maxFileBytes
        self.maxFieldBytes = maxFieldBytes
        self.maxColumns = maxColumns
        self.maxRecordBytes = maxRecordBytes
        self.maxPoints = maxPoints
        self.maxSeries = maxSeries
    }

    public static let standard = IngestLimits()

    /// The message of a limit a file passes: what it has, the limit, and the option that raises it.
    static func exceeded(_ what: String, option: String, hint: String = "") -> String {
        "\(what), the limit of '\(option)'; \(hint)raise it in the ingest stage's options if the file is right"
    }
}
