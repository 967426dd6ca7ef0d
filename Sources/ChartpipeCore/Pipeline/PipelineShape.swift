/// The keys of a pipeline file and of its charts (SPEC §3). Stage entries are described by the
/// stages themselves (`StageDescription.options`).
public enum PipelineShape {
    /// At most 100 characters: the id names a folder, and file names have limits.
    public static let idPattern = "[a-z0-9][a-z0-9_-]{0,99}"
    public static let idHelp = "at most 100 lowercase letters, digits, '-' and '_', starting with a letter or digit (such as 'daily-sales')"
    static let localePattern = "[a-z]{2,3}(-[A-Za-z0-9]{2,8})*"
    static let localeHelp = "a BCP 47 language tag such as 'en', 'zh-Hans' or 'ko'"
    public static let unitPattern = "[A-Z]{3}|percent|[a-z]+(-[a-z0-9]+)+"
    public static let unitHelp = "an ISO 4217 currency ('USD'), 'percent', or a CLDR unit id ('duration-minute')"
    public static let xUnitPattern = "year|[a-z]+(-[a-z0-9]+)+"
    public static let xUnitHelp = "'year' (x values are calendar years) or a CLDR unit id such as 'length-kilometer'"

    public static let databasePattern = "sqlite:.+|postgres(ql)?://.*"
    public static let databaseHelp = "'sqlite:' and a file path, or a 'postgresql://host/database' URL"

    /// The keys of a chart's `source`.
    public static let sourceFields: [Field] = [
        Field("path", .string(pattern: ".+", patternHelp: "a file path"), doc: "Data file, relative to the pipeline file's folder (or 'database' instead)."),
        Field("format", .choice(SourceSpec.Format.allCases.map(\.rawValue)), doc: "File format; default: from the file's extension."),
        Field("delimiter", .string(pattern: "[\\x01-\\x7F]", patternHelp: "one ASCII character"), doc: "CSV field delimiter; default ',' (TSV: tab).", default: ","),
        Field("quote", .string(pattern: "[\\x01-\\x7F]", patternHelp: "one ASCII character"), doc: "CSV quote character.", default: "\""),
        Field("header", .bool, doc: "Whether the first row (after skipRows) names the columns.", default: true),
        Field("skipRows", .integer(min: 0), doc: "Lines to skip before the header.", default: 0),
        Field("records", .string(pattern: "(/.*)?", patternHelp: "a JSON Pointer such as '/data/items', or '' for the document"), doc: "JSON: pointer to the array of records.", default: ""),
        Field("onError", .choice(SourceSpec.OnError.allCases.map(\.rawValue)), doc: "A bad row fails the chart, or is skipped, counted and warned about.", default: "fail"),
        Field("database", .string(pattern: databasePattern, patternHelp: databaseHelp),
              doc: "A database instead of a file: 'sqlite:file.db' (relative to the pipeline file) or 'postgresql://host/db' (credentials from libpq's environment, .pgpass or service file, never here)."),
        Field("query", .string(pattern: "[\\s\\S]*\\S[\\s\\S]*", patternHelp: "an SQL SELECT statement"), doc: "Database: the statement whose rows are the records (run read-only)."),
        Field("table", .string(pattern: ".+", patternHelp: "a table name"), doc: "Database: read every row of this table (instead of 'query')."),
        Field("where", .string(pattern: "[\\s\\S]*\\S[\\s\\S]*", patternHelp: "an SQL condition"), doc: "Database with 'table': the rows' condition, such as \"day >= '2024-01-01'\"."),
        Field("version", .string(pattern: "[\\s\\S]*\\S[\\s\\S]*", patternHelp: "an SQL SELECT statement"), doc: "Database: a cheap statement whose first value changes when the data does (such as 'SELECT max(updated_at) FROM sales'), for --incremental."),
        Field("timeout", .number(min: 0, exclusiveMinimum: true), doc: "Database: most seconds a statement may run; the chart then fails.", default: 300),
        Field("decimal", .choice([".", ","]), doc: "CSV: the decimal separator of numbers ('1,5' with ',').", default: "."),
        Field("thousands", .choice([",", ".", " ", "none"]), doc: "CSV: the thousands separator of numbers ('1.234,5' with '.'), or 'none'.", default: "none"),
    ]

    public static let source = Field("source", .object(sourceFields), doc: "Where the chart's data comes from.", required: true)

    public static let x = Field("x", .object([
        Field("field", .string(pattern: ".+", patternHelp: "a column name or a JSON Pointer"), doc: "Column (CSV) or member (JSON; '/a/b' is a JSON Pointer) holding x.", required: true),
        Field("type", .choice(XType.allCases.map(\.rawValue)), doc: "What x is; default: read from the data (time, then number, then category)."),
        Field("title", .string(), doc: "Axis title; translated through the string catalogs."),
        Field("format", .string(pattern: ".+", patternHelp: "a date pattern such as 'yyyy/MM/dd', or 'epoch-seconds' / 'epoch-millis'"), doc: "Time format; default ISO 8601."),
        Field("zone", .string(pattern: ".+", patternHelp: "an IANA time zone such as 'Asia/Seoul'"), doc: "Time zone of times without an offset, and of calendar buckets.", default: "UTC"),
        Field("unit", .string(pattern: xUnitPattern, patternHelp: xUnitHelp), doc: "Unit of a number x: 'year' for calendar years, or a CLDR unit id; values then read with it."),
        Field("ambiguous", .choice(AmbiguousTime.allCases.map(\.rawValue)), doc: "A wall-clock time repeated when daylight saving ends: by order in the file, the earlier or later instant, or an error.", default: "order"),
        Field("nonexistent", .choice(NonexistentTime.allCases.map(\.rawValue)), doc: "A wall-clock time skipped when daylight saving starts: an error, or shifted forward by the gap.", default: "error"),
    ]), doc: "The x axis.", required: true)

    public static let y = Field("y", .object([
        Field("field", .string(pattern: ".+", patternHelp: "a column name or a JSON Pointer"), doc: "Column or member holding y (long data)."),
        Field("fields", .array(.string(pattern: ".+", patternHelp: "a column name or a JSON Pointer"), minItems: 1, uniqueItems: true), doc: "Several columns, one series each (wide data)."),
        Field("title", .string(), doc: "Axis title; translated through the string catalogs."),
        Field("unit", .string(pattern: unitPattern, patternHelp: unitHelp), doc: "Unit of y, spelled out in descriptions."),
        Field("range", .anyOf([.choice(["auto"]), .array(.number(), minItems: 2, maxItems: 2)]), doc: "'auto', or a fixed [min, max] such as [0, 100].", default: "auto"),
        Field("thresholds", .map(.number()), doc: "Named reference values such as {\"target\": 1500}."),
    ]), doc: "The y axis.", required: true)

    public static let chartFields: [Field] = [
        Field("id", .string(pattern: idPattern, patternHelp: idHelp), doc: "Unique id; names the chart's output folder.", required: true),
        Field("title", .string(pattern: "[\\s\\S]*\\S[\\s\\S]*", patternHelp: "a non-empty title"), doc: "Chart title; translated through the string catalogs.", required: true),
        Field("subtitle", .string(), doc: "Subtitle; translated through the string catalogs."),
        Field("mark", .choice(Mark.allCases.map(\.rawValue)), doc: "line and area are continuous, bar and point discrete.", default: "line"),
        source, x, y,
        Field("series", .object([
            Field("field", .string(pattern: ".+", patternHelp: "a column name or a JSON Pointer"), doc: "Column whose values name the series (long data).", required: true),
        ]), doc: "One series per distinct value of a field."),
        Field("stages", .map(.object([])), doc: "Per-chart stage options, by stage name."),
    ]

    /// Top-level keys; `stages` entries are checked against the stages' own descriptions.
    public static let pipelineFields: [Field] = [
        Field("version", .integer(min: 1, max: 1), doc: "Pipeline file version; 1.", required: true),
        Field("name", .string(pattern: idPattern, patternHelp: idHelp), doc: "Name of the pipeline (used in the manifest and reports).", required: true),
        Field("title", .string(pattern: "[\\s\\S]*\\S[\\s\\S]*", patternHelp: "a non-empty title"), doc: "The report's heading, such as 'Weekly sales'; translated through the string catalogs. Default: '<name> chart report'."),
        Field("output", .string(pattern: ".+", patternHelp: "a folder path"), doc: "Output folder, relative to the pipeline file; default 'out/<name>' beside it."),
        Field("locales", .array(.string(pattern: localePattern, patternHelp: localeHelp), minItems: 1, uniqueItems: true), doc: "Locales to write descriptions and reports in.", default: ["en"]),
        Field("strings", .array(.string(pattern: ".+", patternHelp: "a file path"), uniqueItems: true), doc: "String catalogs (.xcstrings) that override or add translations.", default: []),
        Field("stages", .array(.object([]), minItems: 1), doc: "Stages run in order for every chart, starting with ingest.", required: true),
        Field("charts", .array(.object(chartFields), minItems: 1), doc: "The charts, each with an id, a title, a source, x and y.", required: true),
    ]
}
