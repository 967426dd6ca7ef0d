import ChartpipeCore
import ChartpipeJSON

/// The JSON protocol between chartpipe and an external stage (SPEC §9, docs/plugins.md): what a
/// plugin prints for `--describe`, the request it reads on stdin and the response it prints on
/// stdout. The shapes below check what plugins print and are the JSON Schemas in `schema/`
/// (`chartpipe schema plugin-request`…), so the documents and the checks cannot drift apart.
public enum PluginProtocol {
    /// The version this chartpipe speaks; every request, response and description carries it.
    public static let version = 1

    /// Names of the JSON Schemas, for `chartpipe schema NAME`.
    public static let schemaNames = ["plugin-describe", "plugin-request", "plugin-response"]

    /// The JSON Schema document called `name` (one of `schemaNames`).
    public static func schema(named name: String) -> JSONValue? {
        switch name {
        case "plugin-describe":
            return PipelineSchema.document(describeShape, id: "https://chartpipe.dev/schema/plugin-describe-1.json",
                                           title: "chartpipe plugin description (--describe)",
                                           description: "What a plugin prints on stdout when called with --describe.")
        case "plugin-request":
            return PipelineSchema.document(requestShape, id: "https://chartpipe.dev/schema/plugin-request-1.json",
                                           title: "chartpipe plugin request",
                                           description: "What chartpipe writes on a plugin's stdin for one chart.")
        case "plugin-response":
            return PipelineSchema.document(responseShape, id: "https://chartpipe.dev/schema/plugin-response-1.json",
                                           title: "chartpipe plugin response",
                                           description: "What a plugin prints on stdout for one chart.")
        default:
            return nil
        }
    }

    // MARK: shapes

    static let namePattern = "[A-Za-z][A-Za-z0-9_]{0,63}"
    static let capabilityPattern = "[a-z][a-z0-9-]{0,63}"
    static let protocolField = Field("protocol", .integer(min: 1), doc: "The protocol version: 1.", required: true)
    /// Texts by locale (`{"en": "…", "ko": "…"}`).
    static let texts = Shape.map(.string())

    /// What `NAME --describe` prints.
    static let describeShape = Shape.object([
        protocolField,
        Field("name", .string(pattern: PipelineShape.idPattern, patternHelp: PipelineShape.idHelp),
              doc: "The stage name; for chartpipe-stage-NAME it must be NAME.", required: true),
        Field("summary", .string(pattern: ".+", patternHelp: "one line"), doc: "One line for 'chartpipe stages'.", required: true),
        Field("mode", .choice(PluginMode.allCases.map(\.rawValue)),
              doc: "per-chart: one process per chart; persistent: one process per worker reads requests as JSON lines.",
              default: "per-chart"),
        Field("options", .array(.object([
            Field("name", .string(pattern: namePattern, patternHelp: "a letter, then letters, digits or '_'"), doc: "The option's key.", required: true),
            Field("type", .choice(PluginOptionType.allCases.map(\.rawValue)), doc: "Its JSON type.", required: true),
            Field("doc", .string(), doc: "One line for 'chartpipe stages' and the pipeline schema.", required: true),
            Field("default", .any, doc: "The value when a pipeline does not set it."),
            Field("required", .bool, doc: "Whether a pipeline must set it.", default: false),
            Field("choices", .array(.string(), minItems: 1, uniqueItems: true), doc: "For type string: the allowed values."),
            Field("minimum", .number(), doc: "For integer and number: the smallest allowed value."),
            Field("maximum", .number(), doc: "For integer and number: the largest allowed value."),
        ])), doc: "Options the plugin takes from the pipeline file.", default: []),
        Field("needs", .array(.string(pattern: capabilityPattern, patternHelp: "a capability such as 'series' or 'trend'"), uniqueItems: true),
              doc: "What earlier stages must have added.", default: ["series"]),
        Field("adds", .array(.string(pattern: capabilityPattern, patternHelp: "a capability name"), uniqueItems: true),
              doc: "Capabilities the plugin adds, for later stages to need.", default: []),
        Field("invalidates", .array(.string(pattern: capabilityPattern, patternHelp: "a capability name"), uniqueItems: true),
              doc: "What the plugin makes stale when it runs after the stage that added it.", default: []),
        Field("replacesSeries", .bool,
              doc: "Whether its responses may replace the series; such a plugin must run before 'trend'.", default: false),
    ])

    static let pointShape = Shape.object([
        Field("x", .anyOf([.string(), .number()]), doc: "ISO 8601 text for time x, a number, or a category label (as data.json).", required: true),
        Field("y", .anyOf([.number(), .null]), doc: "The value; null for a gap.", required: true),
        Field("records", .anyOf([.array(.integer(min: 0), minItems: 2, maxItems: 2), .null]),
              doc: "First and last 0-based source record the point came from; null for none.", required: true),
    ])
    static let seriesShape = Shape.object([
        Field("name", .string(), doc: "The series name, as the data names it.", required: true),
        Field("points", .array(pointShape), doc: "Points in x order.", required: true),
    ])
    static let namesShape = Shape.object([
        Field("title", .string(), doc: "The chart title.", required: true),
        Field("x", .string(), doc: "The x axis title.", required: true),
        Field("y", .string(), doc: "The y axis title.", required: true),
        Field("series", .array(.string()), doc: "The series names, in series order.", required: true),
    ])

    /// What chartpipe writes on stdin: one JSON object (on one line, ending with a newline).
    static let requestShape = Shape.object([
        protocolField,
        Field("sequence", .integer(min: 1), doc: "The number of this request among those sent to the process, from 1: echoed in the response.",
              required: true),
        Field("plugin", .string(), doc: "The plugin's name in the pipeline.", required: true),
        Field("chart", .object([
            Field("id", .string(), doc: "The chart id; it names the chart's output folder.", required: true),
            Field("title", .string(), doc: "The title as written in the pipeline.", required: true),
            Field("subtitle", .anyOf([.string(), .null]), doc: "The subtitle, or null.", required: true),
            Field("mark", .choice(Mark.allCases.map(\.rawValue)), doc: "line, area, bar or point.", required: true),
            Field("source", .object([
                Field("path", .string(), doc: "The data file as the pipeline names it.", required: true),
                Field("format", .choice(SourceSpec.Format.allCases.map(\.rawValue)), doc: "Its format.", required: true),
            ]), doc: "Where the data came from.", required: true),
            Field("x", .object([
                Field("field", .string(), doc: "The x field.", required: true),
                Field("type", .choice(XType.allCases.map(\.rawValue)), doc: "time, number or category.", required: true),
                Field("title", .anyOf([.string(), .null]), doc: "The axis title, or null.", required: true),
                Field("zone", .string(), doc: "IANA zone in which time x is written.", required: true),
            ]), doc: "The x axis.", required: true),
            Field("y", .object([
                Field("fields", .array(.string(), minItems: 1), doc: "The y field(s).", required: true),
                Field("title", .anyOf([.string(), .null]), doc: "The axis title, or null.", required: true),
                Field("unit", .anyOf([.string(), .null]), doc: "ISO 4217 currency, 'percent', a CLDR unit id, or null.", required: true),
                Field("range", .anyOf([.array(.number(), minItems: 2, maxItems: 2), .null]), doc: "A fixed [min, max], or null for auto.", required: true),
                Field("thresholds", .map(.number()), doc: "Named reference values.", required: true),
            ]), doc: "The y axis.", required: true),
            Field("seriesField", .anyOf([.string(), .null]), doc: "The field naming the series (long data), or null.", required: true),
        ]), doc: "The chart's spec, as the pipeline wrote it.", required: true),
        Field("locales", .array(.string(), minItems: 1), doc: "The locales of the run, in order: write sentences in each.", required: true),
        Field("names", .map(namesShape), doc: "By locale: the title, axis titles and series names translated through the pipeline's catalogs.",
              required: true),
        Field("options", .map(.any), doc: "The plugin's options for this chart, defaults filled in.", required: true),
        Field("series", .object([
            Field("xType", .choice(XType.allCases.map(\.rawValue)), doc: "How x is written.", required: true),
            Field("full", .array(seriesShape), doc: "The full series (after aggregate, before downsample); indexes of responses point here.",
                  required: true),
            Field("charted", .array(seriesShape), doc: "The series as the last data stage left them (the drawn points).", required: true),
        ]), doc: "The chart's series, as data.json writes them.", required: true),
        Field("trend", .anyOf([.map(.any), .null]), doc: "trend.json's document when 'trend' ran before the plugin, else null.", required: true),
    ])

    static let pointNoteShape = Shape.object([
        Field("series", .integer(min: 0), doc: "Index of the series in the chart.", required: true),
        Field("index", .integer(min: 0), doc: "Index of the point in the full series.", required: true),
        Field("text", texts, doc: "The note by locale.", required: true),
    ])
    static let entryShape = Shape.object([
        Field("series", .integer(min: 0), doc: "Index of the series in the chart.", required: true),
        Field("index", .integer(min: 0), doc: "Index of the point in the full series.", required: true),
        Field("label", texts, doc: "The entry's label by locale.", required: true),
    ])

    /// What a plugin prints on stdout: one JSON object (in persistent mode, on one line).
    static let responseShape = Shape.object([
        protocolField,
        Field("chart", .string(), doc: "The request's chart.id, echoed: required in persistent mode, checked when given."),
        Field("sequence", .integer(min: 1), doc: "The request's sequence, echoed: required in persistent mode, checked when given."),
        Field("sentences", .map(.array(.string(pattern: "[\\s\\S]*\\S[\\s\\S]*", patternHelp: "a sentence"))),
              doc: "Sentences by locale; the description layers, the cues and the report include them.", default: .object([])),
        Field("annotations", .array(pointNoteShape), doc: "Notes on single points, by locale.", default: []),
        Field("navigation", .array(.object([
            Field("name", .string(pattern: namePattern, patternHelp: "a letter, then letters, digits or '_'"),
                  doc: "A stable identifier, unique within the plugin.", required: true),
            Field("title", texts, doc: "The list's name by locale.", required: true),
            Field("entries", .array(entryShape), doc: "The points of the list.", required: true),
        ])), doc: "Navigation lists (custom rotors) to add to the description.", default: []),
        Field("artifacts", .array(.object([
            Field("path", .string(pattern: ".+", patternHelp: "a relative path such as 'weekday.csv'"),
                  doc: "Where to write it, below OUT/charts/<id>/<plugin>/; no '..', no absolute path.", required: true),
            Field("kind", .string(pattern: capabilityPattern, patternHelp: "a kind such as 'table'"), doc: "Its kind in the manifest.",
                  default: "plugin"),
            Field("locale", .string(), doc: "Its locale, for a file in one language."),
            Field("text", .string(), doc: "The content as UTF-8 text (give this or base64)."),
            Field("base64", .string(), doc: "The content, base64-encoded (give this or text)."),
        ])), doc: "Files for chartpipe to write; a plugin never writes into the output folder itself.", default: []),
        Field("series", .array(seriesShape), doc: "Series that replace the chart's (only with replacesSeries, only before 'trend').",
              required: false),
        Field("warnings", .array(.string()), doc: "Things a reader of the output should know; they reach the log and the manifest.",
              default: []),
        Field("error", .string(pattern: "[\\s\\S]*\\S[\\s\\S]*", patternHelp: "a message"),
              doc: "Fails the chart with this message (a plugin that stays running reports a failure this way)."),
    ])
}
