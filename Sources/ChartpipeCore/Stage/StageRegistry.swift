/// The stages a build of chartpipe knows: those it has (built-in types, registered once at
/// start-up) and those of SPEC §1 that land later, whose options are already known and checked.
public struct StageRegistry: Sendable {
    public let available: [any Stage.Type]
    public let planned: [StageDescription]

    public init(available: [any Stage.Type], planned: [StageDescription] = PlannedStages.all) {
        self.available = available
        let have = Set(available.map { $0.description.name })
        self.planned = planned.filter { !have.contains($0.name) }
    }

    /// Every description, available first, in registration order.
    public var descriptions: [StageDescription] { available.map { $0.description } + planned }

    public func description(named name: String) -> StageDescription? {
        descriptions.first { $0.name == name }
    }

    public func type(named name: String) -> (any Stage.Type)? {
        available.first { $0.description.name == name }
    }

    public var availableNames: [String] { available.map { $0.description.name } }
}

/// Stages of SPEC §1 that this build does not have yet. Their options are validated so that a
/// pipeline file written today stays valid; using one says it is not available yet.
/// Each description moves into its stage's module when the stage lands.
public enum PlannedStages {
    public static let all: [StageDescription] = [ingest, aggregate, downsample, trend, describe, sonify, table, report, plugin]

    static let ingest = StageDescription(
        name: "ingest", summary: "Reads CSV, TSV, JSON or JSON Lines into typed series, streaming.",
        kind: .source, options: [], needs: [], adds: [.series])

    static let aggregate = StageDescription(
        name: "aggregate", summary: "Buckets the stream by calendar unit or numeric bin.",
        kind: .fold,
        options: [
            Field("every", .anyOf([.choice(["hour", "day", "week", "month", "quarter", "year"]),
                                   .number(min: 0, exclusiveMinimum: true)]),
                  doc: "Calendar unit for time x (ISO weeks start on Monday), or the bin width for numeric x."),
            Field("op", .choice(["sum", "mean", "median", "min", "max", "count", "first", "last"]),
                  doc: "How the values of a bucket combine.", default: "mean"),
            Field("zone", .string(pattern: ".+", patternHelp: "an IANA time zone such as 'Asia/Seoul'"),
                  doc: "Time zone of calendar buckets; default: the chart's x zone."),
        ], needs: [.series], adds: [.aggregated])

    static let downsample = StageDescription(
        name: "downsample", summary: "Reduces each series to a target number of points.",
        kind: .chart,
        options: [
            Field("method", .choice(["lttb", "minmax-lttb", "m4", "minmax", "none"]),
                  doc: "Largest-Triangle-Three-Buckets, MinMaxLTTB, M4, MinMax, or no reduction.", default: "lttb"),
            Field("points", .integer(min: 20), doc: "Target points per series.", default: 60,
                  rationale: "an audio graph needs at least 20 points to be heard as a shape"),
            Field("ratio", .integer(min: 2), doc: "minmax-lttb: preselected points per output point.", default: 4),
        ], needs: [.series], adds: [.downsampled])

    static let trend = StageDescription(
        name: "trend", summary: "Statistics: change, extremes, least squares, Mann-Kendall, Sen's slope, segments.",
        kind: .chart,
        options: [
            Field("segments", .integer(min: 1), doc: "Most segments to describe.", default: 4),
            Field("alpha", .number(min: 0, max: 1, exclusiveMinimum: true), doc: "Significance level of the Mann-Kendall test.", default: 0.05),
            Field("outliers", .number(min: 0, exclusiveMinimum: true), doc: "Robust z-score above which a point is an outlier.", default: 3.5),
        ], needs: [.series], adds: [.trend])

    static let describe = StageDescription(
        name: "describe", summary: "Writes the description layers in every locale, and an AXChartDescriptor JSON.",
        kind: .chart,
        options: [
            Field("points", .choice(["all", "notable", "none"]), doc: "Which points get a label.", default: "all"),
            Field("formats", .array(.choice(["json", "md"]), minItems: 1, uniqueItems: true), doc: "Files to write.", default: ["json", "md"]),
        ], needs: [.trend], adds: [.descriptions])

    static let sonify = StageDescription(
        name: "sonify", summary: "Renders the audio graph: pitch follows value, pan follows x; WebVTT cues per locale.",
        kind: .chart,
        options: [
            Field("duration", .number(min: 0, exclusiveMinimum: true), doc: "Seconds per series.", default: 8),
            Field("low", .number(min: 20, max: 20000), doc: "Pitch of the lowest value, in Hz (C3).", default: 130.81),
            Field("high", .number(min: 20, max: 20000), doc: "Pitch of the highest value, in Hz (C6).", default: 1046.5),
            Field("continuous", .bool, doc: "Glide (true) or one tone per point (false); default: from the mark."),
            Field("pan", .bool, doc: "Stereo position follows x.", default: true),
            Field("sampleRate", .integer(min: 8000, max: 192000), doc: "Samples per second.", default: 44100),
            Field("formats", .array(.choice(["wav", "mp3", "flac", "ogg"]), minItems: 1, uniqueItems: true), doc: "Audio files to write.", default: ["wav", "mp3"]),
            Field("cues", .bool, doc: "Write WebVTT cues per locale.", default: true),
            Field("earcons", .bool, doc: "A soft marker sound at each series' maximum and minimum.", default: true),
        ], needs: [.series, .descriptions], adds: [.audio])

    static let table = StageDescription(
        name: "table", summary: "Exports the data table.",
        kind: .chart,
        options: [
            Field("formats", .array(.choice(["csv", "tsv", "json", "md", "html", "xlsx"]), minItems: 1, uniqueItems: true), doc: "Table files to write.", default: ["csv", "html"]),
            Field("values", .choice(["both", "raw", "localized"]), doc: "Raw numbers, localized text, or both.", default: "both"),
        ], needs: [.series], adds: [.tables])

    static let report = StageDescription(
        name: "report", summary: "One self-contained, accessible HTML report per locale.",
        kind: .run,
        options: [
            Field("formats", .array(.choice(["html"]), minItems: 1, uniqueItems: true), doc: "Report files to write.", default: ["html"]),
        ], needs: [.descriptions], adds: [])

    static let plugin = StageDescription(
        name: "plugin", summary: "An external stage: an executable speaking chartpipe's JSON protocol.",
        kind: .chart,
        options: [
            Field("name", .string(pattern: PipelineShape.idPattern, patternHelp: PipelineShape.idHelp), doc: "Name of the plugin.", required: true),
            Field("command", .array(.string(pattern: ".+", patternHelp: "a non-empty argument"), minItems: 1), doc: "Program and arguments (no shell).", required: true),
            Field("timeout", .number(min: 0, exclusiveMinimum: true), doc: "Seconds before the plugin is stopped.", default: 30),
            Field("options", .map(.any), doc: "Options passed to the plugin.", default: .object([])),
        ], needs: [.series], adds: [])
}
