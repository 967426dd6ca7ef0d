/// The mark of a chart; line and area are continuous, bar and point discrete.
public enum Mark: String, Sendable, CaseIterable {
    case line, area, bar, point
    public var isContinuous: Bool { self == .line || self == .area }
}

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

    /// `delimiter` defaults to a tab for TSV and a comma otherwise.
    public init(path: String, displayPath: String, format: Format, delimiter: UInt8? = nil,
                quote: UInt8 = UInt8(ascii: "\""), header: Bool = true, skipRows: Int = 0,
                records: String = "", onError: OnError = .fail, decimal: UInt8 = UInt8(ascii: "."),
                thousands: UInt8? = nil) {
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
    }
}

/// The x axis of a chart (SPEC §3 `x`).
public struct XSpec: Sendable, Equatable {
    public var field: String
    public var type: XType
    public var title: String?
    /// Time format: nil for ISO 8601, else a pattern such as `yyyy/MM/dd`, or `epoch-seconds` / `epoch-millis`.
    public var format: String?
    /// IANA time zone identifier for times without an offset, and for calendar buckets.
    public var zone: String
    /// Unit of a number x: `year` (x values are calendar years) or a CLDR unit id
    /// (`length-kilometer`), so that values read with their unit.
    public var unit: String?
    /// Whether the pipeline said `type`; when it did not, the type is read from the data.
    public var typeGiven: Bool
    /// A wall-clock time that occurs twice when daylight saving ends.
    public var ambiguous: AmbiguousTime
    /// A wall-clock time that a spring-forward change skips.
    public var nonexistent: NonexistentTime

    public init(field: String, type: XType, title: String? = nil, format: String? = nil, zone: String = "UTC",
                unit: String? = nil, typeGiven: Bool = true, ambiguous: AmbiguousTime = .order,
                nonexistent: NonexistentTime = .error) {
        self.field = field
        self.type = type
        self.title = title
        self.format = format
        self.zone = zone
        self.unit = unit
        self.typeGiven = typeGiven
        self.ambiguous = ambiguous
        self.nonexistent = nonexistent
    }

    /// The value of `unit` that says x values are calendar years.
    public static let yearUnit = "year"
}

/// How a repeated wall-clock time (a daylight-saving fall-back) reads.
public enum AmbiguousTime: String, Sendable, CaseIterable {
    /// By order in the file: the first occurrence is the earlier instant, the next the later one
    /// (a file written as the clock went).
    case order
    /// Always the earlier instant (before the change).
    case earlier
    /// Always the later instant (after the change).
    case later
    /// An error naming the time and the zone.
    case error
}

/// How a wall-clock time that does not exist (skipped by a spring-forward change) reads.
public enum NonexistentTime: String, Sendable, CaseIterable {
    /// An error naming the time and the zone.
    case error
    /// Moved forward by the length of the gap (02:30 becomes 03:30), as clocks read it.
    case shift
}

/// The y axis of a chart (SPEC §3 `y`).
public struct YSpec: Sendable, Equatable {
    /// One field for long data, several for wide data (one series per field).
    public var fields: [String]
    /// True when the pipeline said `fields` (wide data), false for `field`.
    public var isWide: Bool
    public var title: String?
    /// ISO 4217 currency, `percent`, or a CLDR unit id such as `duration-minute`.
    public var unit: String?
    /// A fixed range, or nil for auto.
    public var range: ClosedRange<Double>?
    /// Named reference values, in the order written.
    public var thresholds: [(name: String, value: Double)]

    public init(fields: [String], isWide: Bool = false, title: String? = nil, unit: String? = nil,
                range: ClosedRange<Double>? = nil, thresholds: [(name: String, value: Double)] = []) {
        self.fields = fields
        self.isWide = isWide
        self.title = title
        self.unit = unit
        self.range = range
        self.thresholds = thresholds
    }

    public static func == (a: YSpec, b: YSpec) -> Bool {
        a.fields == b.fields && a.isWide == b.isWide && a.title == b.title && a.unit == b.unit && a.range == b.range
            && a.thresholds.map(\.name) == b.thresholds.map(\.name) && a.thresholds.map(\.value) == b.thresholds.map(\.value)
    }
}

/// One chart of a pipeline, validated.
public struct ChartSpec: Sendable, Equatable {
    public var id: String
    public var title: String
    public var subtitle: String?
    public var mark: Mark
    public var source: SourceSpec
    public var x: XSpec
    public var y: YSpec
    /// Field whose distinct values name the series (long data).
    public var seriesField: String?
    /// Where the chart was declared, for messages.
    public var location: SourceLocation

    public init(id: String, title: String, subtitle: String? = nil, mark: Mark = .line, source: SourceSpec,
                x: XSpec, y: YSpec, seriesField: String? = nil, location: SourceLocation) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.mark = mark
        self.source = source
        self.x = x
        self.y = y
        self.seriesField = seriesField
        self.location = location
    }
}
