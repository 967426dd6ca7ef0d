import Foundation
import ChartpipeJSON

extension PipelineCheck {
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
                if let problem = OutputPath.problem(name: id) { v.error(problem, code: .pipelineReservedName, at: p + "/id") }
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

    /// Builds the chart and checks what shapes cannot: either `y.field` or `y.fields`, a valid
    /// time zone, a known file format, a range whose minimum is below its maximum.
    mutating func semanticChart(_ item: JSONValue, pointer p: String, owner: String, shapeOK: Bool) -> ChartSpec? {
        var ok = shapeOK
        guard let id = item["id"]?.stringValue, let title = item["title"]?.stringValue,
              let source = item["source"], let x = item["x"], let xField = x["field"]?.stringValue, let y = item["y"] else { return nil }

        // x
        // Without `type`, keys that only time or only numbers have say which; else the data does.
        let timeKeys = ["format", "zone", "ambiguous", "nonexistent"]
        let given = x["type"]?.stringValue.flatMap(XType.init(rawValue:))
        let implied: XType? = timeKeys.contains { x[$0] != nil } ? .time : x["unit"] != nil ? .number : nil
        let xType = given ?? implied ?? .time
        let zone = x["zone"]?.stringValue ?? "UTC"
        if x["zone"] != nil, TimeZone(identifier: zone) == nil {
            let near = Suggestion.closest(to: zone, in: TimeZone.knownTimeZoneIdentifiers).map { "; did you mean '\($0)'?" } ?? ""
            v.error("'\(zone)' is not an IANA time zone\(near)", at: p + "/x/zone"); ok = false
        }
        if given != nil || implied != nil, xType != .number, x["unit"] != nil {
            v.error("'unit' applies only to number x (such as years, or kilometres along a route); set \"type\": \"number\" or remove it",
                    at: p + "/x/unit", key: true); ok = false
        }
        if given != nil || implied != nil, xType != .time {
            for key in timeKeys where x[key] != nil {
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
        if fields.contains(xField) {
            v.error("'\(xField)' is both x and y; a column can be one axis only: name the y column in 'y'",
                    at: p + (isWide ? "/y/fields" : "/y/field")); ok = false
        }
        if let seriesField = item["series"]?["field"]?.stringValue, seriesField == xField || fields.contains(seriesField) {
            v.error("'\(seriesField)' names the series and is also an axis; the series field must be another column",
                    at: p + "/series/field"); ok = false
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
        if let unit = y["unit"]?.stringValue, case .success(true) = Patterns.wholeMatch(PipelineShape.unitPattern, unit),
           let problem = vocabulary?.unitProblem(unit) {
            v.error(problem, code: .pipelineUnknownUnit, at: p + "/y/unit"); ok = false
        }
        if let unit = x["unit"]?.stringValue, unit != XSpec.yearUnit,
           case .success(true) = Patterns.wholeMatch(PipelineShape.xUnitPattern, unit), let problem = vocabulary?.unitProblem(unit) {
            v.error(problem, code: .pipelineUnknownUnit, at: p + "/x/unit"); ok = false
        }
        let thresholds = (y["thresholds"]?.objectValue ?? []).compactMap { k, t in t.doubleValue.map { (name: k, value: $0) } }

        // source
        let database = databaseSource(source, pointer: p, ok: &ok)
        guard let path = source["path"]?.stringValue ?? database.map({ _ in "" }) else { return nil }
        let sourceFormat: SourceSpec.Format
        if database != nil {
            sourceFormat = .csv
        } else if let f = source["format"]?.stringValue.flatMap(SourceSpec.Format.init(rawValue:)) {
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
        let jsonKeys = ["records"], csvKeys = ["delimiter", "quote", "header", "skipRows", "decimal", "thousands"]
        let isJSON = sourceFormat == .json || sourceFormat == .jsonl
        for key in isJSON ? csvKeys : jsonKeys where source[key] != nil && database == nil {
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
        let decimal = source["decimal"]?.stringValue ?? "."
        let thousands = source["thousands"]?.stringValue.flatMap { $0 == "none" ? nil : $0 }
        if let thousands, thousands == decimal {
            v.error("the thousands separator and the decimal separator must differ", at: p + "/source/thousands"); ok = false
        }
        if decimal == ",", delimiter == "," {
            v.error("with \"decimal\": \",\" the fields cannot be separated by commas too; set \"delimiter\": \";\" (as European CSV does)",
                    at: p + "/source/decimal"); ok = false
        }

        guard ok else { return nil }
        let location = v.at(p)
        return ChartSpec(
            id: id, title: title, subtitle: item["subtitle"]?.stringValue,
            mark: item["mark"]?.stringValue.flatMap(Mark.init(rawValue:)) ?? .line,
            source: SourceSpec(path: database == nil ? resolve(path) : "", displayPath: database?.displayName ?? display(path), format: sourceFormat,
                               delimiter: delimiter.utf8.first ?? UInt8(ascii: ","), quote: quote.utf8.first ?? UInt8(ascii: "\""),
                               header: source["header"]?.boolValue ?? true, skipRows: source["skipRows"]?.intValue ?? 0,
                               records: source["records"]?.stringValue ?? "",
                               onError: source["onError"]?.stringValue.flatMap(SourceSpec.OnError.init(rawValue:)) ?? .fail,
                               decimal: decimal.utf8.first ?? UInt8(ascii: "."), thousands: thousands?.utf8.first, database: database),
            x: XSpec(field: xField, type: xType, title: x["title"]?.stringValue, format: x["format"]?.stringValue, zone: zone,
                     unit: x["unit"]?.stringValue, typeGiven: given != nil || implied != nil,
                     ambiguous: x["ambiguous"]?.stringValue.flatMap(AmbiguousTime.init(rawValue:)) ?? .order,
                     nonexistent: x["nonexistent"]?.stringValue.flatMap(NonexistentTime.init(rawValue:)) ?? .error),
            y: YSpec(fields: fields, isWide: isWide, title: y["title"]?.stringValue, unit: y["unit"]?.stringValue,
                     range: range, thresholds: thresholds),
            seriesField: item["series"]?["field"]?.stringValue, location: location)
    }
}
