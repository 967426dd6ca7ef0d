import Foundation
import ChartpipeJSON

/// One check of one pipeline file.
struct PipelineCheck {
    let directory: String
    let registry: StageRegistry
    /// SHA-256 of the pipeline file's bytes.
    let sha256: String
    var v: ShapeValidator
    /// Whether every stage entry is known and available, so that the needs of the chain can be checked.
    var stagesUsable = false
    var vocabulary: (any PipelineVocabulary)?

    init(path: String, directory: String, registry: StageRegistry, locator: JSONLocator, sha256: String) {
        self.directory = directory
        self.sha256 = sha256
        self.registry = registry
        v = ShapeValidator(path: path, locator: locator)
    }

    mutating func run(_ root: JSONValue) -> PipelineSpec? {
        guard let members = root.objectValue else {
            v.error("a pipeline file must hold a JSON object, not \(root.typeDescription)", at: "")
            return nil
        }
        let fields = PipelineShape.pipelineFields.filter { $0.name != "stages" && $0.name != "charts" }
        _ = v.checkMembers(members, fields: fields, pointer: "", owner: "the pipeline", extraKeys: ["stages", "charts"])
        for name in ["stages", "charts"] where root[name] == nil {
            let doc = PipelineShape.pipelineFields.first { $0.name == name }?.doc ?? ""
            v.error("the pipeline is missing the required key '\(name)' (\(doc))", at: "")
        }

        let name = root["name"]?.stringValue ?? "pipeline"
        let locales = root["locales"]?.arrayValue?.compactMap(\.stringValue) ?? ["en"]
        let strings = (root["strings"]?.arrayValue ?? []).enumerated().compactMap { i, s -> String? in
            guard let s = s.stringValue else { return nil }
            let full = resolve(s)
            if !FileManager.default.fileExists(atPath: full) {
                v.error("string catalog '\(display(s))' does not exist (paths are relative to the pipeline file's folder)", at: "/strings/\(i)")
            }
            return full
        }
        checkLocales(locales, strings: strings)
        let output = resolve(root["output"]?.stringValue ?? "out/\(name)")
        if let problem = OutputPath.problem(output, shown: root["output"]?.stringValue ?? "out/\(name)", pipelineDirectory: directory) {
            v.error(problem, code: .pipelineOutput, at: root["output"] == nil ? "/name" : "/output")
        }
        if let problem = OutputPath.problem(name: name) { v.error(problem, code: .pipelineReservedName, at: "/name") }
        let stages = checkStages(root["stages"])
        let (charts, overrides) = checkCharts(root["charts"], stages: stages)
        var spec = PipelineSpec(path: v.path, directory: directory, name: name, output: output, locales: locales,
                                strings: strings, stages: stages, charts: charts, overrides: overrides, sha256: sha256,
                                chartJSON: Dictionary((root["charts"]?.arrayValue ?? []).compactMap { item in
                                    item["id"]?.stringValue.map { ($0, item) }
                                }, uniquingKeysWith: { a, _ in a }))
        if stagesUsable { checkNeeds(spec, chartItems: root["charts"]?.arrayValue ?? []) }
        spec.warnings = reductionWarnings(spec)
        if v.diagnostics.isEmpty { checkStagesAgainstCharts(spec, chartItems: root["charts"]?.arrayValue ?? []) }
        spec.title = root["title"]?.stringValue
        return spec
    }

    /// Builds every per-chart stage for every chart with its merged options and lets it check them
    /// against the chart, so that what would fail every run fails validation instead, at the
    /// option's place.
    mutating func checkStagesAgainstCharts(_ spec: PipelineSpec, chartItems: [JSONValue]) {
        // One message per place and problem, naming every chart it concerns.
        var problems: [(pointer: String, stage: String, message: String, code: DiagnosticCode, charts: [String])] = []
        // A stage entry's stage as the pipeline's options make it, made once for every chart
        // that overrides none of them (a stage is a value made from its options alone).
        var shared: [String: Result<any Stage, any Error>] = [:]
        // A chart whose x type the data will say is checked when it runs.
        for chart in spec.charts where chart.x.typeGiven {
            for entry in spec.stages {
                guard let registration = registry.registration(named: entry.name), registration.kind != .run else { continue }
                let overrides = spec.overrides[chart.id]?[entry.key] ?? [:]
                do {
                    let stage: any Stage
                    if overrides.isEmpty {
                        let made = shared[entry.key] ?? Result { try registration.make(StageOptions(entry.options)) }
                        shared[entry.key] = made
                        stage = try made.get()
                    } else {
                        var values = entry.options
                        for (k, o) in overrides { values[k] = o }
                        stage = try registration.make(StageOptions(values))
                    }
                    try stage.check(chart: chart)
                } catch {
                    let e = (error as? ChartError) ?? ChartError("\(error)")
                    var pointer = entry.pointer
                    if let f = e.field, overrides[f] != nil {
                        let chartIndex = chartItems.firstIndex { $0["id"]?.stringValue == chart.id } ?? 0
                        pointer = "/charts/\(chartIndex)/stages/\(JSONLocator.escape(entry.key))/" + JSONLocator.escape(f)
                    } else if let f = e.field, entry.options[f] != nil {
                        pointer = entry.pointer + "/" + JSONLocator.escape(f)
                    }
                    let code = e.code == Diagnostic.unclassified ? .pipelineChartCheck : e.code
                    if let i = problems.firstIndex(where: { $0.pointer == pointer && $0.message == e.message }) {
                        problems[i].charts.append(chart.id)
                    } else {
                        problems.append((pointer, entry.name, e.message, code, [chart.id]))
                    }
                }
            }
        }
        for p in problems {
            let charts = p.charts.map { "'\($0)'" }.joined(separator: ", ")
            v.error("stage '\(p.stage)' for chart\(p.charts.count == 1 ? "" : "s") \(charts): \(p.message)", code: p.code, at: p.pointer)
        }
    }

    /// Said once for the pipeline: a stage that labels or plays every point with no stage before it
    /// that reduces them turns a million-row chart into a million labels and sounds.
    func reductionWarnings(_ spec: PipelineSpec) -> [Diagnostic] {
        var reduced = false
        for entry in spec.stages {
            guard let d = registry.description(named: entry.name) else { continue }
            if d.adds.contains(.downsampled) || d.adds.contains(.aggregated) { reduced = true }
            if d.perPoint, !reduced {
                let fix = registry.descriptions.first { $0.adds.contains(.downsampled) }.map { "; add { \"use\": \"\($0.name)\" } before it" } ?? ""
                return [.warning("no stage reduces the points before '\(entry.name)', which labels or plays every point: a chart of a million rows becomes a million labels and sounds\(fix)",
                                 code: .pipelineNoReduction, at: v.at(entry.pointer + "/use"))]
            }
        }
        return []
    }

    /// Every locale is a locale, and one descriptions can be written in: never English text in a
    /// file named for another language. Said once for the pipeline, not per chart and file.
    mutating func checkLocales(_ locales: [String], strings: [String]) {
        guard let vocabulary else { return }
        let writable = vocabulary.writableLocales(catalogs: strings)
        for (i, locale) in locales.enumerated() {
            // A tag that is not even shaped like one has its own message already.
            guard case .success(true) = Patterns.wholeMatch(PipelineShape.localePattern, locale) else { continue }
            if let problem = LocaleIDs.problem(locale, preferring: writable) {
                v.error(problem, code: .pipelineUnknownLocale, at: "/locales/\(i)")
            } else if let problem = vocabulary.localeProblem(locale, catalogs: strings) {
                v.error(problem, code: .pipelineUntranslatedLocale, at: "/locales/\(i)")
            }
        }
    }

    func resolve(_ path: String) -> String {
        path.hasPrefix("/") ? URL(fileURLWithPath: path).standardizedFileURL.path
            : URL(fileURLWithPath: directory).appendingPathComponent(path).standardizedFileURL.path
    }

    /// A data path as messages and the manifest name it: as written in the pipeline file (relative
    /// to its folder), so that the manifest does not depend on where chartpipe was started.
    func display(_ path: String) -> String { path }

}
