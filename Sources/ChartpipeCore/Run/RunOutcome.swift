/// How a run ended.
public struct RunOutcome: Sendable {
    public var manifest: Manifest
    public var manifestPath: String
    /// The charts this run ran, in pipeline order.
    public var results: [ChartResult]

    /// The code of the error that stops a run because the output's disk is full.
    public static let diskFull = DiagnosticCode.outputDiskFull

    /// Kinds of change that make the run exit 3.
    public var failOnChange: Set<Change.Kind> = []

    /// 130 interrupted; 4 the output's disk is full (for a chart or a run-level stage); 1 a chart of this run or a run-level stage
    /// failed; 3 a change of a kind `--fail-on-change` names; else 0.
    public var exitCode: Int32 {
        if manifest.interrupted { return 130 }
        if results.contains(where: { $0.error?.code == Self.diskFull })
            || manifest.stages.contains(where: { $0.error?.code == Self.diskFull }) { return 4 }
        let failed = results.contains { $0.status == .failed } || manifest.stages.contains { $0.status == .failed }
        if failed { return 1 }
        return changedKinds.isDisjoint(with: failOnChange) ? 0 : 3
    }

    /// The changes of a kind `--fail-on-change` names, as the run says why it exits 3:
    /// "chart 'sales': new-high (series 'North')".
    public var failingChanges: [String] {
        results.flatMap { r in
            (r.record.comparison?["changes"]?.arrayValue ?? []).compactMap { c -> String? in
                guard let kind = c["kind"]?.stringValue.flatMap(Change.Kind.init(rawValue:)), failOnChange.contains(kind) else { return nil }
                let series = c["series"]?.stringValue.map { " (series '\($0)')" } ?? ""
                return "chart '\(r.chart.id)': \(kind.rawValue)\(series)"
            }
        }
    }

    /// The kinds of change this run found, over its charts.
    public var changedKinds: Set<Change.Kind> {
        Set(results.flatMap { r in
            (r.record.comparison?["changes"]?.arrayValue ?? []).compactMap { $0["kind"]?.stringValue.flatMap(Change.Kind.init(rawValue:)) }
        })
    }
}
