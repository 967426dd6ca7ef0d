import ChartpipeJSON

/// The `stages` list of a pipeline and the charts' per-entry options: every entry known and
/// available, its options fit their declarations, and the chain does what the runtime enforces.
extension PipelineCheck {
    /// Keys of a stage entry that are not the stage's options.
    static let entryKeys = ["use", "id"]

    mutating func checkStages(_ value: JSONValue?) -> [StageEntry] {
        guard let value else { return [] }
        guard let items = value.arrayValue else {
            v.error("'stages' must be an array of stage entries such as { \"use\": \"ingest\" }, not \(value.typeDescription)", at: "/stages")
            return []
        }
        if items.isEmpty { v.error("'stages' must list at least one stage, starting with { \"use\": \"ingest\" }", at: "/stages") }
        var entries: [StageEntry] = []
        var unusable = false
        let known = registry.descriptions.map(\.name)
        for (i, item) in items.enumerated() {
            let p = "/stages/\(i)"
            guard let members = item.objectValue else {
                v.error("stage entry \(i + 1) must be an object such as { \"use\": \"ingest\" }, not \(item.typeDescription)", at: p)
                unusable = true
                continue
            }
            guard let useValue = item["use"] else {
                v.error("stage entry \(i + 1) has no 'use' key naming its stage (one of \(known.joined(separator: ", ")))", at: p)
                unusable = true
                continue
            }
            guard let use = useValue.stringValue else {
                v.error("'use' must be a stage name, not \(useValue.typeDescription)", at: p + "/use")
                unusable = true
                continue
            }
            guard let description = registry.description(named: use) else {
                let hint = Suggestion.closest(to: use, in: known).map { "; did you mean '\($0)'?" }
                    ?? "; stages: " + known.joined(separator: ", ")
                v.error("unknown stage '\(use)'\(hint)", code: .pipelineUnknownStage, at: p + "/use")
                unusable = true
                continue
            }
            _ = v.checkMembers(members, fields: description.options, pointer: p, owner: "stage '\(use)'",
                               extraKeys: Self.entryKeys)
            var id: String?
            if let idValue = item["id"] {
                if v.check(idValue, .string(pattern: PipelineShape.idPattern, patternHelp: PipelineShape.idHelp),
                           pointer: p + "/id", name: "'id'") {
                    id = idValue.stringValue
                }
            }
            var options: [String: JSONValue] = [:]
            for (k, o) in members where !Self.entryKeys.contains(k) { options[k] = o }
            entries.append(StageEntry(name: use, id: id, options: options, location: v.at(p), pointer: p))
        }
        // Order rules over a list with unknown or unbuilt stages would only add noise.
        stagesUsable = !unusable && entries.count == items.count
        if stagesUsable { checkOrder(entries) }
        return entries
    }

    /// Where each kind of stage may stand, and which entries may repeat: the source first, a fold
    /// right after it, run-level stages last, a stage twice only if its description allows it,
    /// and then with an `id` per entry so that charts can address each.
    mutating func checkOrder(_ entries: [StageEntry]) {
        var keys: Set<String> = []
        var seenRunStage = false
        for (i, entry) in entries.enumerated() {
            guard let d = registry.description(named: entry.name), let kind = registry.kind(of: entry.name) else { continue }
            let p = entry.pointer + "/use"
            if entries[..<i].contains(where: { $0.name == entry.name }), !d.mayRepeat {
                v.error("stage '\(entry.name)' is listed twice; list each stage once", code: .pipelineDuplicateStage, at: p)
                continue
            }
            if !keys.insert(entry.key).inserted {
                let hint = entry.id == nil ? "give each '\(entry.name)' entry its own \"id\" (such as \"id\": \"\(entry.name)-2\")"
                    : "ids of stage entries must differ"
                v.error("two stage entries are both called '\(entry.key)'; \(hint), so that charts can set the options of each",
                        code: .pipelineDuplicateStage, at: entry.id == nil ? p : entry.pointer + "/id")
            }
            if i == 0, kind != .source {
                let source = registry.registrations.first { $0.kind == .source }?.name ?? "ingest"
                v.error("the first stage must read the data; add { \"use\": \"\(source)\" } before '\(entry.name)'",
                        code: .pipelineStageOrder, at: p)
                seenRunStage = kind == .run
                continue
            }
            switch kind {
            case .source:
                if i != 0 { v.error("stage '\(entry.name)' reads the data and must be the first stage", code: .pipelineStageOrder, at: p) }
            case .fold:
                if i != 1 || registry.kind(of: entries[0].name) != .source {
                    v.error("stage '\(entry.name)' folds the data as it is read and must directly follow the stage that reads it ('\(entries[0].name)')",
                            code: .pipelineStageOrder, at: p)
                }
            case .chart:
                if seenRunStage {
                    v.error("stage '\(entry.name)' works on one chart and must come before the run stages (such as 'report')",
                            code: .pipelineStageOrder, at: p)
                }
            case .run:
                seenRunStage = true
            }
        }
    }

    /// What each entry needs, with its options (per chart where a chart sets its own), must be
    /// added by an earlier entry and not made stale since: the check says what the runtime enforces.
    mutating func checkNeeds(_ spec: PipelineSpec, chartItems: [JSONValue]) {
        var problems: [(pointer: String, message: String, code: DiagnosticCode, charts: [String])] = []
        func add(_ found: [(pointer: String, message: String, code: DiagnosticCode)], chart: String?) {
            for f in found {
                if let i = problems.firstIndex(where: { $0.pointer == f.pointer && $0.message == f.message }) {
                    if let chart { problems[i].charts.append(chart) }
                } else {
                    problems.append((f.pointer, f.message, f.code, chart.map { [$0] } ?? []))
                }
            }
        }
        let plain = needProblems(spec.stages) { StageOptions($0.options, declared: self.registry.description(named: $0.name)?.options ?? []) }
        add(plain, chart: nil)
        for chart in spec.charts where !(spec.overrides[chart.id] ?? [:]).isEmpty {
            let found = needProblems(spec.stages) { entry in
                var values = entry.options
                for (k, o) in spec.overrides[chart.id]?[entry.key] ?? [:] { values[k] = o }
                return StageOptions(values, declared: self.registry.description(named: entry.name)?.options ?? [])
            }
            add(found.filter { f in !plain.contains { $0.pointer == f.pointer && $0.message == f.message } }, chart: chart.id)
        }
        // A first entry already told to come after the source needs no second message saying so.
        for p in problems where p.pointer != spec.stages.first.map({ $0.pointer + "/use" }) || registry.kind(of: spec.stages[0].name) == .source {
            let charts = p.charts.map { "'\($0)'" }.joined(separator: ", ")
            let prefix = p.charts.isEmpty ? "" : "for chart\(p.charts.count == 1 ? "" : "s") \(charts): "
            v.error(prefix + p.message, code: p.code, at: p.pointer)
        }
    }

    func needProblems(_ entries: [StageEntry], options: (StageEntry) -> StageOptions) -> [(pointer: String, message: String, code: DiagnosticCode)] {
        var problems: [(String, String, DiagnosticCode)] = []
        /// Capability → the entry that added it.
        var added: [Capability: StageEntry] = [:]
        /// Capability → the entry that made it stale after it was added.
        var stale: [Capability: StageEntry] = [:]
        for entry in entries {
            guard let d = registry.description(named: entry.name) else { continue }
            let p = entry.pointer + "/use"
            for need in d.needs(with: options(entry)) {
                if let by = stale[need], let adder = added[need] {
                    problems.append((p, "stage '\(entry.name)' needs '\(need)', which '\(by.name)' makes stale by running after '\(adder.name)'; move { \"use\": \"\(by.name)\" } before { \"use\": \"\(adder.name)\" }",
                                     .pipelineStaleNeed))
                } else if added[need] == nil {
                    let provider = registry.descriptions.first { $0.adds.contains(need) }?.name
                    let fix = provider.map { "; add { \"use\": \"\($0)\" } before it" } ?? ""
                    problems.append((p, "stage '\(entry.name)' needs '\(need)'\(fix)", .pipelineMissingNeed))
                }
            }
            for capability in d.invalidates where added[capability] != nil { stale[capability] = entry }
            for capability in d.adds {
                added[capability] = entry
                stale[capability] = nil
            }
        }
        return problems
    }

    /// The charts' own options of stage entries, by entry key (the stage's name, or the entry's `id`).
    mutating func checkOverrides(_ value: JSONValue?, pointer: String, owner: String, stages: [StageEntry]) -> [String: [String: JSONValue]] {
        guard let value else { return [:] }
        guard let members = value.objectValue else {
            v.error("'stages' of \(owner) must be an object of stage options by stage name, such as { \"downsample\": { \"points\": 40 } }", at: pointer)
            return [:]
        }
        var result: [String: [String: JSONValue]] = [:]
        let keys = stages.map(\.key)
        for (key, options) in members {
            let p = pointer + "/" + JSONLocator.escape(key)
            guard let entry = stages.first(where: { $0.key == key }) else {
                if registry.description(named: key) != nil, stages.contains(where: { $0.name == key }) {
                    let ids = stages.filter { $0.name == key }.map { "'\($0.key)'" }.joined(separator: ", ")
                    v.error("\(owner) sets options of stage '\(key)', which the pipeline lists under its ids \(ids); use one of them",
                            code: .pipelineUnknownKey, at: p, key: true)
                } else if registry.description(named: key) != nil {
                    v.error("\(owner) sets options of stage '\(key)', which the pipeline does not use; add { \"use\": \"\(key)\" } to 'stages' or remove these options",
                            code: .pipelineUnusedStage, at: p, key: true)
                } else {
                    let candidates = keys + registry.descriptions.map(\.name).filter { !keys.contains($0) }
                    v.error("unknown stage '\(key)' in the stage options of \(owner)\(Suggestion.didYouMean(key, in: candidates))",
                            code: .pipelineUnknownStage, at: p, key: true)
                }
                continue
            }
            guard let d = registry.description(named: entry.name) else { continue }
            if registry.kind(of: entry.name) == .run {
                v.error("stage '\(entry.name)' runs once over every chart; set its options in its entry of 'stages', not per chart",
                        code: .pipelineRunStageOverride, at: p, key: true)
                continue
            }
            guard let optionMembers = options.objectValue else {
                v.error("the options of stage '\(key)' must be an object, not \(options.typeDescription)", at: p)
                continue
            }
            // The entry gives the required options; a chart overrides only some.
            let optional = d.options.map { field -> Field in
                var field = field
                field.required = false
                return field
            }
            _ = v.checkMembers(optionMembers, fields: optional, pointer: p, owner: "the '\(key)' options of \(owner)")
            var map: [String: JSONValue] = [:]
            for (k, o) in optionMembers { map[k] = o }
            result[key] = map
        }
        return result
    }
}
