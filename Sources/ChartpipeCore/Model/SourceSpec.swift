/// Where a chart's data comes from (SPEC §3 `source`).
public struct SourceSpec: Sendable, Equatable {
    public enum Format: String, Sendable, CaseIterable { case csv, tsv, json, jsonl }
    public enum OnError: String, Sendable, CaseIterable { case fail, skip }

    /// Absolute path, resolved against the pipeline file's folder.
    public var path: String
    /// The path as written in the pipeline file, for messages.
    public var displayPath: String
    public var format: Format
    /// CSV/TSV field delimiter (one byte).
    public var delimiter: UInt8
    /// CSV/TSV quote character (one byte).
    public var quote: UInt8
    public var header: Bool
    public var skipRows: Int
    /// JSON Pointer to the array of records; empty means the document itself.
    public var records: String
    public var onError: OnError
    /// The decimal separator of numbers in the file: `.` or `,` (European CSV).
    public var decimal: UInt8
    /// The thousands separator of numbers in the file, or nil for none (`,`, `.`, space; a space
    /// also accepts U+00A0 and U+202F, as European spreadsheets write it).
    public var thousands: UInt8?
    /// A database instead of a file (`path` is then empty, `displayPath` the database's display name).
    public var database: DatabaseSpec?

    /// `delimiter` defaults to a tab for TSV and a comma otherwise.
    public init(path: String, displayPath: String, format: Format, delimiter: UInt8? = nil,
                quote: UInt8 = UInt8(ascii: "\""), header: Bool = true, skipRows: Int = 0,
                records: String = "", onError: OnError = .fail, decimal: UInt8 = UInt8(ascii: "."),
                thousands: UInt8? = nil, database: DatabaseSpec? = nil) {
        self.path = path
        self.displayPath = displayPath
        self.format = format
        self.delimiter = delimiter ?? (format == .tsv ? 0x09 : UInt8(ascii: ","))
        self.quote = quote
        self.header = header
        self.skipRows = skipRows
        self.records = records
        self.onError = onError
        self.decimal = decimal
        self.thousands = thousands
        self.database = database
    }
}
