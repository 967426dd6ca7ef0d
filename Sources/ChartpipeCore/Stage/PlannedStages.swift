import ChartpipeJSON

/// Stages of SPEC §1 that this build does not have yet. Their options are validated so that a
/// pipeline file written today stays valid; using one says it is not available yet.
/// Each entry is deleted when its stage lands: a stage that exists describes itself.
public enum PlannedStages {
    public static let all: [StageDescription] = [report, plugin]

    /// How the runner will call each of them.
    static let kinds: [String: StageKind] = ["report": .run, "plugin": .chart]

    static let report = StageDescription(
        name: "report", summary: "One self-contained, accessible HTML report per locale over every chart.",
        options: [
            Option<[String]>("formats", doc: "Report files to write.", default: ["html"],
                             shape: .array(.choice(["html"]), minItems: 1, uniqueItems: true)),
        ], needs: [Need(.descriptions)])

    static let plugin = StageDescription(
        name: "plugin", summary: "An external stage: an executable speaking chartpipe's JSON protocol.",
        options: [
            Option<String>("name", doc: "Name of the plugin.", required: true,
                           shape: .string(pattern: PipelineShape.idPattern, patternHelp: PipelineShape.idHelp)),
            Option<[String]>("command", doc: "Program and arguments (no shell).", required: true,
                             shape: .array(.string(pattern: ".+", patternHelp: "a non-empty argument"), minItems: 1)),
            Option<Double>("timeout", doc: "Seconds before the plugin is stopped.", default: 30, above: 0),
            Option<JSONValue>("options", doc: "Options passed to the plugin.", default: .object([]), shape: .map(.any)),
        ], needs: [Need(.series)], mayRepeat: true)
}
