import Foundation
import ChartpipeJSON

/// Reads a pipeline file (SPEC §3), checks everything that can be checked before running, and
/// reports every problem at once as `path:line:column: error: …`.
public struct PipelineLoader: Sendable {
    public let registry: StageRegistry

    public init(registry: StageRegistry) { self.registry = registry }

    /// Loads the pipeline at `path` (as typed by the user; messages name it that way).
    public func load(path: String) throws(PipelineErrors) -> PipelineSpec {
        let url = URL(fileURLWithPath: path)
        let bytes: [UInt8]
        do {
            bytes = Array(try Data(contentsOf: url))
        } catch {
            throw PipelineErrors(diagnostics: [Diagnostic("cannot read the pipeline file: \(FileProblem.reason(error))",
                                                         at: SourceLocation(path: path))])
        }
        return try load(bytes: bytes, path: path, directory: url.deletingLastPathComponent().standardizedFileURL.path)
    }

    /// Loads a pipeline from its bytes; `directory` is where relative paths resolve.
    public func load(bytes: [UInt8], path: String, directory: String) throws(PipelineErrors) -> PipelineSpec {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            // jansson says "unexpected token near ']'" for the trailing commas JSON does not allow.
            let hint = error.message.hasSuffix("near ']'") || error.message.hasSuffix("near '}'")
                ? " (JSON allows no comma before a closing bracket)" : ""
            throw PipelineErrors(diagnostics: [Diagnostic("invalid JSON: \(error.message)\(hint)",
                                                         at: SourceLocation(path: path, line: error.line, column: error.column))])
        }
        var check = PipelineCheck(path: path, directory: directory, registry: registry, locator: JSONLocator(bytes))
        let spec = check.run(root)
        if let spec, check.v.diagnostics.isEmpty { return spec }
        let sorted = check.v.diagnostics.enumerated().sorted { a, b in
            let la = (a.element.location.line ?? 0, a.element.location.column ?? 0)
            let lb = (b.element.location.line ?? 0, b.element.location.column ?? 0)
            return la != lb ? la < lb : a.offset < b.offset
        }.map(\.element)
        throw PipelineErrors(diagnostics: sorted)
    }
}

/// Turns OS errors into the reason a user reads.
public enum FileProblem {
    public static func reason(_ error: any Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
        switch ns.code {
        case NSFileReadNoSuchFileError: return String(cString: strerror(ENOENT))
        case NSFileReadNoPermissionError: return String(cString: strerror(EACCES))
        default: return ns.localizedDescription
        }
    }
}

/// One check of one pipeline file.
private struct PipelineCheck {
    let directory: String
    let registry: StageRegistry
    var v: ShapeValidator

    init(path: String, directory: String, registry: StageRegistry, locator: JSONLocator) {
        self.directory = directory
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
        let output = resolve(root["output"]?.stringValue ?? "out/\(name)")
        let stages = checkStages(root["stages"])
        let (charts, overrides) = checkCharts(root["charts"], stages: stages)
        let spec = PipelineSpec(path: v.path, directory: directory, name: name, output: output, locales: locales,
                                strings: strings, stages: stages, charts: charts, overrides: overrides)
        if v.diagnostics.isEmpty { checkStagesAgainstCharts(spec, chartItems: root["charts"]?.arrayValue ?? []) }
        return spec
    }

    /// Builds every stage for every chart with its merged options and lets it check them against
    /// the chart, so that what would fail every run fails validation instead, at the option's place.
    mutating func checkStagesAgainstCharts(_ spec: PipelineSpec, chartItems: [JSONValue]) {
        // One message per place and problem, naming every chart it concerns.
        var problems: [(pointer: String, stage: String, message: String, charts: [String])] = []
        for chart in spec.charts {
            let chartIndex = chartItems.firstIndex { $0["id"]?.stringValue == chart.id } ?? 0
            for entry in spec.stages {
                guard let type = registry.type(named: entry.name), let d = registry.description(named: entry.name) else { continue }
                do {
                    let stage = try type.init(options: spec.options(for: entry, chart: chart, description: d))
                    try stage.check(chart: chart)
                } catch {
                    let e = (error as? ChartError) ?? ChartError("\(error)")
                    var pointer = entry.pointer
                    if let f = e.field, spec.overrides[chart.id]?[entry.name]?[f] != nil {
                        pointer = "/charts/\(chartIndex)/stages/\(JSONLocator.escape(entry.name))/" + JSONLocator.escape(f)
                    } else if let f = e.field, entry.options[f] != nil {
                        pointer = entry.pointer + "/" + JSONLocator.escape(f)
                    }
                    if let i = problems.firstIndex(where: { $0.pointer == pointer && $0.message == e.message }) {
                        problems[i].charts.append(chart.id)
                    } else {
                        problems.append((pointer, entry.name, e.message, [chart.id]))
                    }
                }
            }
        }
        for p in problems {
            let charts = p.charts.map { "'\($0)'" }.joined(separator: ", ")
            v.error("stage '\(p.stage)' for chart\(p.charts.count == 1 ? "" : "s") \(charts): \(p.message)", at: p.pointer)
        }
    }

    func resolve(_ path: String) -> String {
        path.hasPrefix("/") ? URL(fileURLWithPath: path).standardizedFileURL.path
            : URL(fileURLWithPath: directory).appendingPathComponent(path).standardizedFileURL.path
    }

    /// A data path as messages and the manifest name it: as written in the pipeline file (relative
    /// to its folder), so that the manifest does not depend on where chartpipe was started.
    func display(_ path: String) -> String { path }

    // MARK: stages

    mutating func checkStages(_ value: JSONValue?) -> [StageEntry] {
        guard let value else { return [] }
        guard let items = value.arrayValue else {
            v.error("'stages' must be an array of stage entries such as { \"use\": \"ingest\" }, not \(value.typeDescription)", at: "/stages")
            return []
        }
        if items.isEmpty { v.error("'stages' must list at least one stage, starting with { \"use\": \"ingest\" }", at: "/stages") }
        var entries: [StageEntry] = []
        var unavailable = false, unknown = false
        let known = registry.descriptions.map(\.name)
        for (i, item) in items.enumerated() {
            let p = "/stages/\(i)"
            guard let members = item.objectValue else {
                v.error("stage entry \(i + 1) must be an object such as { \"use\": \"ingest\" }, not \(item.typeDescription)", at: p)
                continue
            }
            guard let useValue = item["use"] else {
                v.error("stage entry \(i + 1) has no 'use' key naming its stage (one of \(known.joined(separator: ", ")))", at: p)
                continue
            }
            guard let use = useValue.stringValue else {
                v.error("'use' must be a stage name, not \(useValue.typeDescription)", at: p + "/use")
                continue
            }
            guard let description = registry.description(named: use) else {
                let hint = Suggestion.closest(to: use, in: known).map { "; did you mean '\($0)'?" }
                    ?? "; stages: " + known.joined(separator: ", ")
                v.error("unknown stage '\(use)'\(hint)", at: p + "/use")
                unknown = true
                continue
            }
            _ = v.checkMembers(members, fields: description.options, pointer: p, owner: "stage '\(use)'", extraKeys: ["use"])
            if registry.type(named: use) == nil {
                unavailable = true
                v.error("stage '\(use)' is not available in this build yet; available stages: "
                        + registry.availableNames.joined(separator: ", "), at: p + "/use")
            }
            var options: [String: JSONValue] = [:]
            for (k, o) in members where k != "use" { options[k] = o }
            entries.append(StageEntry(name: use, options: options, location: v.at(p), pointer: p))
        }
        // Order rules over a list with unknown or unbuilt stages would only add noise.
        if !unavailable, !unknown, entries.count == items.count { checkChain(entries) }
        return entries
    }

    /// The order rules: the source first, a fold right after it, every need met by an earlier
    /// stage, run stages last, no stage twice (but plugins).
    mutating func checkChain(_ entries: [StageEntry]) {
        var provided: Set<Capability> = []
        var seen: Set<String> = []
        var sawRunStage = false
        for (i, entry) in entries.enumerated() {
            guard let d = registry.description(named: entry.name) else { continue }
            let p = entry.pointer + "/use"
            if seen.contains(entry.name), entry.name != "plugin" {
                v.error("stage '\(entry.name)' is listed twice; list each stage once", at: p)
                continue
            }
            seen.insert(entry.name)
            if i == 0, d.kind != .source {
                v.error("the first stage must read the data; add { \"use\": \"ingest\" } before '\(entry.name)'", at: p)
                provided.formUnion(d.adds)
                sawRunStage = d.kind == .run
                continue
            }
            switch d.kind {
            case .source:
                if i != 0 { v.error("stage '\(entry.name)' reads the data and must be the first stage", at: p) }
            case .fold:
                if i != 1 || registry.description(named: entries[0].name)?.kind != .source {
                    v.error("stage '\(entry.name)' folds the data as it is read and must directly follow the stage that reads it ('ingest')", at: p)
                }
            case .chart:
                if sawRunStage { v.error("stage '\(entry.name)' works on one chart and must come before the run stages (such as 'report')", at: p) }
            case .run:
                sawRunStage = true
            }
            for need in d.needs where !provided.contains(need) {
                let provider = registry.descriptions.first { $0.adds.contains(need) }?.name
                let fix = provider.map { "; add { \"use\": \"\($0)\" } before it" } ?? ""
                v.error("stage '\(entry.name)' needs '\(need)'\(fix)", at: p)
            }
            provided.formUnion(d.adds)
        }
    }

    // MARK: charts

    mutating func checkCharts(_ value: JSONValue?, stages: [StageEntry]) -> ([ChartSpec], [String: [String: [String: JSONValue]]]) {
        guard let value else { return ([], [:]) }
        guard let items = value.arrayValue else {
            v.error("'charts' must be an array of charts, not \(value.typeDescription)", at: "/charts")
            return ([], [:])
        }
        if items.isEmpty { v.error("'charts' must list at least one chart", at: "/charts") }
        var charts: [ChartSpec] = []
        var overrides: [String: [String: [String: JSONValue]]] = [:]
        var ids: [String: Int] = [:]
        for (i, item) in items.enumerated() {
            let p = "/charts/\(i)"
            guard let members = item.objectValue else {
                v.error("chart \(i + 1) must be an object, not \(item.typeDescription)", at: p)
                continue
            }
            let id = item["id"]?.stringValue
            let owner = id.map { "chart '\($0)'" } ?? "chart \(i + 1)"
            let fields = PipelineShape.chartFields.filter { $0.name != "stages" }
            let shapeOK = v.checkMembers(members, fields: fields, pointer: p, owner: owner, extraKeys: ["stages"])
            if let id {
                if let first = ids[id] {
                    v.error("chart id '\(id)' is used twice (first by chart \(first + 1)); ids name output folders and must be unique", at: p + "/id")
                } else {
                    ids[id] = i
                }
            }
            let chartOverrides = checkOverrides(item["stages"], pointer: p + "/stages", owner: owner, stages: stages)
            if let chart = semanticChart(item, pointer: p, owner: owner, shapeOK: shapeOK) {
                charts.append(chart)
                overrides[chart.id] = chartOverrides
            }
        }
        return (charts, overrides)
    }

    mutating func checkOverrides(_ value: JSONValue?, pointer: String, owner: String, stages: [StageEntry]) -> [String: [String: JSONValue]] {
        guard let value else { return [:] }
        guard let members = value.objectValue else {
            v.error("'stages' of \(owner) must be an object of stage options by stage name, such as { \"downsample\": { \"points\": 40 } }", at: pointer)
            return [:]
        }
        var result: [String: [String: JSONValue]] = [:]
        let used = stages.map(\.name)
        for (name, options) in members {
            let p = pointer + "/" + JSONLocator.escape(name)
            guard let d = registry.description(named: name) else {
                v.error("unknown stage '\(name)' in the stage options of \(owner)\(Suggestion.didYouMean(name, in: registry.descriptions.map(\.name)))", at: p, key: true)
                continue
            }
            if !used.contains(name) {
                v.error("\(owner) sets options of stage '\(name)', which the pipeline does not use; add { \"use\": \"\(name)\" } to 'stages' or remove these options", at: p, key: true)
            }
            guard let optionMembers = options.objectValue else {
                v.error("the options of stage '\(name)' must be an object, not \(options.typeDescription)", at: p)
                continue
            }
            _ = v.checkMembers(optionMembers, fields: d.options, pointer: p, owner: "the '\(name)' options of \(owner)")
            var map: [String: JSONValue] = [:]
            for (k, o) in optionMembers { map[k] = o }
            result[name] = map
        }
        return result
    }

    /// Builds the chart and checks what shapes cannot: either `y.field` or `y.fields`, a valid
    /// time zone, a known file format, a range whose minimum is below its maximum.
    mutating func semanticChart(_ item: JSONValue, pointer p: String, owner: String, shapeOK: Bool) -> ChartSpec? {
        var ok = shapeOK
        guard let id = item["id"]?.stringValue, let title = item["title"]?.stringValue,
              let source = item["source"], let path = source["path"]?.stringValue,
              let x = item["x"], let xField = x["field"]?.stringValue, let y = item["y"] else { return nil }

        // x
        let xType = x["type"]?.stringValue.flatMap(XType.init(rawValue:)) ?? .number
        let zone = x["zone"]?.stringValue ?? "UTC"
        if x["zone"] != nil, TimeZone(identifier: zone) == nil {
            let near = Suggestion.closest(to: zone, in: TimeZone.knownTimeZoneIdentifiers).map { "; did you mean '\($0)'?" } ?? ""
            v.error("'\(zone)' is not an IANA time zone\(near)", at: p + "/x/zone"); ok = false
        }
        if xType != .time {
            for key in ["format", "zone"] where x[key] != nil {
                v.error("'\(key)' applies only to time x; set \"type\": \"time\" or remove it", at: p + "/x/\(key)", key: true); ok = false
            }
        }

        // y
        var fields: [String] = []
        let isWide = y["fields"] != nil
        switch (y["field"]?.stringValue, y["fields"]?.arrayValue) {
        case let (f?, nil): fields = [f]
        case let (nil, list?): fields = list.compactMap(\.stringValue)
        case (.some, .some):
            v.error("'y' has both 'field' and 'fields'; use 'field' for one column or 'fields' for several", at: p + "/y/fields", key: true); ok = false
        case (nil, nil):
            if y.objectValue != nil { v.error("'y' needs 'field' (one column) or 'fields' (several columns, one series each)", at: p + "/y"); ok = false }
        }
        if isWide, item["series"] != nil {
            v.error("'series' names series by a field's values, and 'y.fields' names them by column; use one of them", at: p + "/series", key: true); ok = false
        }
        var range: ClosedRange<Double>?
        if let pair = y["range"]?.arrayValue, pair.count == 2, let lo = pair[0].doubleValue, let hi = pair[1].doubleValue {
            if lo < hi { range = lo...hi } else {
                v.error("the range's minimum (\(JSONWriter.number(lo))) must be below its maximum (\(JSONWriter.number(hi)))", at: p + "/y/range"); ok = false
            }
        }
        let thresholds = (y["thresholds"]?.objectValue ?? []).compactMap { k, t in t.doubleValue.map { (name: k, value: $0) } }

        // source
        let sourceFormat: SourceSpec.Format
        if let f = source["format"]?.stringValue.flatMap(SourceSpec.Format.init(rawValue:)) {
            sourceFormat = f
        } else {
            let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
            if let f = SourceSpec.Format(rawValue: ext) {
                sourceFormat = f
            } else {
                v.error("cannot tell the format of '\(path)' from its extension; add \"format\": one of csv, tsv, json, jsonl", at: p + "/source/path")
                return nil
            }
        }
        let jsonKeys = ["records"], csvKeys = ["delimiter", "quote", "header", "skipRows"]
        let isJSON = sourceFormat == .json || sourceFormat == .jsonl
        for key in isJSON ? csvKeys : jsonKeys where source[key] != nil {
            v.error("'\(key)' does not apply to \(sourceFormat.rawValue.uppercased()) sources", at: p + "/source/\(key)", key: true); ok = false
        }
        if sourceFormat == .jsonl, source["records"] != nil {
            v.error("'records' does not apply to JSON Lines, where every line is a record", at: p + "/source/records", key: true); ok = false
        }
        let defaultDelimiter = sourceFormat == .tsv ? "\t" : ","
        let delimiter = source["delimiter"]?.stringValue ?? defaultDelimiter
        let quote = source["quote"]?.stringValue ?? "\""
        if delimiter == quote {
            v.error("the delimiter and the quote must differ", at: p + "/source/quote"); ok = false
        }

        guard ok else { return nil }
        let location = v.at(p)
        return ChartSpec(
            id: id, title: title, subtitle: item["subtitle"]?.stringValue,
            mark: item["mark"]?.stringValue.flatMap(Mark.init(rawValue:)) ?? .line,
            source: SourceSpec(path: resolve(path), displayPath: display(path), format: sourceFormat,
                               delimiter: delimiter.utf8.first ?? UInt8(ascii: ","), quote: quote.utf8.first ?? UInt8(ascii: "\""),
                               header: source["header"]?.boolValue ?? true, skipRows: source["skipRows"]?.intValue ?? 0,
                               records: source["records"]?.stringValue ?? "",
                               onError: source["onError"]?.stringValue.flatMap(SourceSpec.OnError.init(rawValue:)) ?? .fail),
            x: XSpec(field: xField, type: xType, title: x["title"]?.stringValue, format: x["format"]?.stringValue, zone: zone),
            y: YSpec(fields: fields, isWide: isWide, title: y["title"]?.stringValue, unit: y["unit"]?.stringValue,
                     range: range, thresholds: thresholds),
            seriesField: item["series"]?["field"]?.stringValue, location: location)
    }
}
