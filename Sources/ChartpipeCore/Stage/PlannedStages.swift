import ChartpipeJSON

/// Stages of SPEC §1 that this build does not have yet. Their options are validated so that a
/// pipeline file written today stays valid; using one says it is not available yet.
/// Each entry is deleted when its stage lands: a stage that exists describes itself.
public enum PlannedStages {
    public static let all: [StageDescription] = [report]

    /// How the runner will call each of them.
    static let kinds: [String: StageKind] = ["report": .run]

    static let report = StageDescription(
        name: "report", summary: "One self-contained, accessible HTML report per locale over every chart.",
        options: [
            Option<[String]>("formats", doc: "Report files to write.", default: ["html"],
                             shape: .array(.choice(["html"]), minItems: 1, uniqueItems: true)),
        ], needs: [Need(.descriptions)])
}
