import ChartpipeCore

/// The `ingest` stage (SPEC §1, §3, §8): reads CSV, TSV, JSON or JSON Lines into a stream of typed
/// observations, in fixed-size batches, so memory is bounded by the batch and not by the file.
///
/// - CSV/TSV through libcsv: header row, `delimiter`, `quote`, `skipRows` (physical lines before
///   the header), CRLF, a UTF-8 byte order mark. Bytes that are not UTF-8 fail with the byte offset.
///   With `"header": false`, columns are named by number from `"1"`.
/// - JSON through jansson, one record at a time: the document's array, or the array that
///   `records` points to; `.jsonl` line by line. Fields that start with `/` are JSON Pointers into a record.
/// - CSV numbers follow the source's `decimal` and `thousands` separators (`1.234,5`); files that
///   keep the plain style read through the same code as before, the styled one is a separate role.
/// - Empty cells, `NA`, `N/A`, `null` and `NaN` (any case) are gaps, never zero.
/// - Errors read `file:line:column: error: field 'name': message`; the column is the 1-based
///   character column where the field starts on its line (for JSON, where the record starts).
/// - One large CSV, TSV or JSON Lines file (wide data, time or number x) is read in chunks on the
///   processors of the run's budget that no chart holds (`parallel`, `ChunkedStream`), with the
///   same observations, counts, warnings and errors as one reader.
/// - A database (`DatabaseSources`: SQLite, PostgreSQL) is read row by row into the same batches,
///   read-only, each value typed by the engine.
/// - Size limits (SPEC §11) are options with safe defaults; passing one fails the chart with a
///   message naming the limit and the option. JSON nesting stops at jansson's 2048 levels.
public struct Ingest: SourceStage {
    public static let maxFileBytes = Option<Int>(
        "maxFileBytes", doc: "Largest data file in bytes (default 4 GiB).", default: IngestLimits.standard.maxFileBytes, min: 1)
    public static let maxFieldBytes = Option<Int>(
        "maxFieldBytes", doc: "Longest CSV or TSV field in bytes (default 1 MiB); an unclosed quote is the usual cause of a longer one.",
        default: IngestLimits.standard.maxFieldBytes, min: 1)
    public static let maxColumns = Option<Int>(
        "maxColumns", doc: "Most columns in a CSV or TSV row.", default: IngestLimits.standard.maxColumns, min: 1)
    public static let maxRecordBytes = Option<Int>(
        "maxRecordBytes", doc: "Largest JSON record (an element of the records array, or a JSON Lines line) in bytes (default 64 MiB). "
            + "JSON nesting stops at 2048 levels, jansson's own limit.",
        default: IngestLimits.standard.maxRecordBytes, min: 1)
    public static let maxPoints = Option<Int>(
        "maxPoints", doc: "Most values read, one per record and y field (skipped records not counted).",
        default: IngestLimits.standard.maxPoints, min: 1)
    public static let maxSeries = Option<Int>(
        "maxSeries", doc: "Most series: distinct values of the series field (times the y fields).",
        default: IngestLimits.standard.maxSeries, min: 1)

    public static let description = StageDescription(
        name: "ingest", summary: "Reads CSV, TSV, JSON or JSON Lines into typed series, streaming.",
        options: [maxFileBytes, maxFieldBytes, maxColumns, maxRecordBytes, maxPoints, maxSeries], adds: [.series])

    /// Observations per batch.
    public var batchSize: Int
    public var limits: IngestLimits
    /// Most input bytes one batch reads before it is handed over, even empty, so that the caller
    /// polls cancellation while skipped rows or a huge line give no values.
    var bytesPerBatch = 64 << 20
    /// How one large CSV, TSV or JSON Lines file is split over processors.
    public var parallel = ParallelIngest.standard

    public init(options: StageOptions) throws {
        self.init(limits: IngestLimits(maxFileBytes: try options.value(Self.maxFileBytes),
                                       maxFieldBytes: try options.value(Self.maxFieldBytes),
                                       maxColumns: try options.value(Self.maxColumns),
                                       maxRecordBytes: try options.value(Self.maxRecordBytes),
                                       maxPoints: try options.value(Self.maxPoints),
                                       maxSeries: try options.value(Self.maxSeries)))
    }

    public init(batchSize: Int = 65_536, limits: IngestLimits = .standard) {
        self.batchSize = max(batchSize, 1)
        self.limits = limits
    }

    public func open(chart: ChartSpec) throws -> any ObservationStream {
        try openStream(chart: chart)
    }

    /// `open(chart:)` with its error type spelled out.
    public func openStream(chart: ChartSpec) throws(ChartError) -> any ObservationStream {
        let time = try Self.timeReader(for: chart)
        if let database = chart.source.database {
            return try DatabaseObservationStream(chart: chart, rows: DatabaseSources.rows(database), time: time, limits: limits, batchSize: batchSize)
        }
        let budget = WorkerBudget.current
        // Wide data with a time or number x reads the same in chunks; series and category names
        // are numbered in order of first appearance, so long data and category x are read by one reader.
        let splittable = (budget != nil || (parallel.workers ?? 1) > 1) && chart.seriesField == nil && chart.x.type != .category
        switch chart.source.format {
        case .csv, .tsv:
            let open = { [self] () throws(ChartError) -> CSVObservationStream in
                try CSVObservationStream(chart: chart, time: time, limits: limits, batchSize: batchSize, bytesPerBatch: bytesPerBatch)
            }
            guard splittable else { return try open() }
            return ChunkedStream(leader: try open(), parallel: parallel, budget: budget, maxPoints: limits.maxPoints, serial: open)
        case .json, .jsonl:
            let open = { [self] () throws(ChartError) -> JSONObservationStream in
                try JSONObservationStream(chart: chart, time: time, limits: limits, batchSize: batchSize, bytesPerBatch: bytesPerBatch)
            }
            guard splittable, chart.source.format == .jsonl else { return try open() }
            return ChunkedStream(leader: try open(), parallel: parallel, budget: budget, maxPoints: limits.maxPoints, serial: open)
        }
    }

    public func dataDigest(chart: ChartSpec) -> String? { DatabaseSources.digest(chart) }

    /// The header and first rows of a CSV or TSV file as text (for `chartpipe describe` and checks).
    /// `source.onError` and the chart's fields do not matter here.
    public static func preview(source: SourceSpec, rows limit: Int, limits: IngestLimits = .standard) throws(ChartError) -> SourcePreview {
        guard source.format == .csv || source.format == .tsv else {
            throw ChartError("a preview reads CSV or TSV files only", at: SourceLocation(path: source.displayPath))
        }
        let chart = ChartSpec(id: "preview", title: "", source: source, x: XSpec(field: "", type: .category),
                              y: YSpec(fields: []), location: SourceLocation(path: source.displayPath))
        let time = TimeReader(format: .iso8601, zone: ZoneOffsets(zone: nil))
        let stream = try CSVObservationStream(chart: chart, time: time, limits: limits, batchSize: 1, bytesPerBatch: .max,
                                              collectText: true)
        let rows = try stream.textRows(limit: limit)
        return SourcePreview(columns: source.header ? stream.columns : [], rows: Array(rows.prefix(limit)))
    }

    static func timeReader(for chart: ChartSpec) throws(ChartError) -> TimeReader {
        let at = chart.location
        guard chart.x.type == .time else { return TimeReader(format: .iso8601, zone: ZoneOffsets(zone: nil)) }
        let format: TimeFormat
        switch TimeFormat.parse(chart.x.format) {
        case let .success(f): format = f
        case var .failure(error): error.location = at; throw error
        }
        switch ZoneOffsets.named(chart.x.zone) {
        case let .success(zone): return TimeReader(format: format, zone: zone, ambiguous: chart.x.ambiguous, nonexistent: chart.x.nonexistent)
        case var .failure(error): error.location = at; throw error
        }
    }
}
