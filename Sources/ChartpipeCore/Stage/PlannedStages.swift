import ChartpipeJSON

/// Stages of SPEC §1 that this build does not have yet. Their options are validated so that a
/// pipeline file written today stays valid; using one says it is not available yet.
/// Each entry is deleted when its stage lands: a stage that exists describes itself.
public enum PlannedStages {
    public static let all: [StageDescription] = [chart, table, report]

    /// How the runner will call each of them.
    static let kinds: [String: StageKind] = ["chart": .chart, "table": .chart, "report": .run]

    static let chart = StageDescription(
        name: "chart", summary: "Draws chart.<locale>.svg: nice ticks, never colour alone, a localized title and summary.",
        needs: [Need(.descriptions)], adds: [.charts])

    static let table = StageDescription(
        name: "table", summary: "Exports the data table: CSV, TSV, JSON, Markdown, HTML, XLSX.",
        options: [
            Option<[String]>("formats", doc: "Table files to write.", default: ["csv", "html"],
                             shape: .array(.choice(["csv", "tsv", "json", "md", "html", "xlsx"]), minItems: 1, uniqueItems: true)),
            Option<String>("values", doc: "Raw numbers, localized text, or both side by side.", default: "both",
                           shape: .choice(["both", "raw", "localized"])),
            Option<String>("rows", doc: "The full series, or the charted points.", default: "full",
                           shape: .choice(["full", "charted"])),
        ], needs: [Need(.series)], adds: [.tables])

    static let report = StageDescription(
        name: "report", summary: "One self-contained, accessible HTML report per locale over every chart.",
        options: [
            Option<[String]>("formats", doc: "Report files to write.", default: ["html"],
                             shape: .array(.choice(["html"]), minItems: 1, uniqueItems: true)),
        ], needs: [Need(.descriptions)])
}
