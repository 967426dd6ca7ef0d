/// Stages of SPEC §1 that this build does not have yet. Their options are validated so that a
/// pipeline file written today stays valid; using one says it is not available yet.
/// Each entry is deleted when its stage lands: a stage that exists describes itself. Every stage of
/// the plan has landed; the list stays for the next one.
public enum PlannedStages {
    public static let all: [StageDescription] = []

    /// How the runner will call each of them.
    static let kinds: [String: StageKind] = [:]
}
