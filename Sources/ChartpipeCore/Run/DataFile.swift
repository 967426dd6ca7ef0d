import Foundation
import ChartpipeJSON

/// `data.json` (SPEC §4): the series after the last data stage, with source record numbers.
public enum DataFile {
    /// `data.json` written as it is made, in blocks, without a JSON tree of a million points in
    /// memory: the same bytes as `JSONWriter().bytes(json(data, chart:))`.
    public static func content(_ data: SeriesSet, chart: ChartSpec) -> Artifact.Content {
        .stream { sink in
            let zone = chart.x.zone == "UTC" ? nil : TimeZone(identifier: chart.x.zone)
            var out = ""
            out.reserveCapacity(1 << 17)
            func flush(_ force: Bool) throws {
                guard force || out.utf8.count >= 1 << 16 else { return }
                try sink.write(out)
                out.removeAll(keepingCapacity: true)
            }
            guard !data.series.isEmpty else {
                out += "{\n  \"series\": []\n}\n"
                return try flush(true)
            }
            out += "{\n  \"series\": ["
            for (k, s) in data.series.enumerated() {
                out += k == 0 ? "\n    {\n      \"name\": " : ",\n    {\n      \"name\": "
                JSONWriter.quote(s.name, into: &out)
                out += ",\n      \"points\": ["
                if s.count == 0 { out += "]" }
                for i in 0..<s.count {
                    out += i == 0 ? "\n        {\n          \"x\": " : ",\n        {\n          \"x\": "
                    switch x(s.x[i], data: data, zone: zone) {
                    case let .string(text): JSONWriter.quote(text, into: &out)
                    case let .double(v): out += JSONWriter.number(v)
                    default: out += "null"
                    }
                    out += ",\n          \"y\": "
                    out += s.y[i].isNaN ? "null" : JSONWriter.number(s.y[i])
                    out += ",\n          \"records\": "
                    out += s.firstRecord[i] < 0 ? "null" : "[\(s.firstRecord[i]), \(s.lastRecord[i])]"
                    out += "\n        }"
                    if i % 4096 == 4095 { try flush(false) }
                }
                if s.count > 0 { out += "\n      ]" }
                out += "\n    }"
            }
            out += "\n  ]\n}\n"
            try flush(true)
        }
    }

    public static func json(_ data: SeriesSet, chart: ChartSpec) -> JSONValue {
        let zone = chart.x.zone == "UTC" ? nil : TimeZone(identifier: chart.x.zone)
        return .object([("series", .array(data.series.map { s in
            .object([
                ("name", .string(s.name)),
                ("points", .array((0..<s.count).map { i in
                    .object([
                        ("x", x(s.x[i], data: data, zone: zone)),
                        ("y", s.y[i].isNaN ? .null : .double(s.y[i])),
                        // An empty bucket covers no source record.
                        ("records", s.firstRecord[i] < 0 ? .null : .array([.int(s.firstRecord[i]), .int(s.lastRecord[i])])),
                    ])
                })),
            ])
        }))])
    }

    /// An x value as data files show it: ISO 8601 text, a number, or the category label.
    public static func x(_ value: Double, data: SeriesSet, zone: TimeZone?) -> JSONValue {
        switch data.xType {
        case .time: return .string(TimeText.iso8601(milliseconds: value, zone: zone))
        case .number: return .double(value)
        case .category:
            let i = Int(value)
            return data.categories.indices.contains(i) ? .string(data.categories[i]) : .double(value)
        }
    }

    /// Reads back what `json(_:chart:)` wrote: the series, with category labels in order of first
    /// appearance; nil for anything else.
    public static func decode(_ json: JSONValue, chart: ChartSpec) -> SeriesSet? {
        guard let items = json["series"]?.arrayValue else { return nil }
        var set = SeriesSet(xType: chart.x.typeGiven ? chart.x.type : xType(of: items))
        for item in items {
            guard let name = item["name"]?.stringValue, let points = item["points"]?.arrayValue else { return nil }
            var series = Series(name: name)
            for p in points {
                let xValue: Double
                if set.xType == .category, let label = p["x"]?.stringValue {
                    if let i = set.categories.firstIndex(of: label) { xValue = Double(i) } else {
                        set.categories.append(label)
                        xValue = Double(set.categories.count - 1)
                    }
                } else {
                    guard let v = p["x"].flatMap({ XValue.read($0, xType: set.xType, categories: set.categories) }) else { return nil }
                    xValue = v
                }
                let records = p["records"]?.arrayValue?.compactMap(\.intValue) ?? [-1, -1]
                guard records.count == 2 else { return nil }
                series.append(x: xValue, y: p["y"]?.doubleValue ?? .nan, firstRecord: records[0], lastRecord: records[1])
            }
            set.series.append(series)
        }
        return set
    }
}

extension DataFile {
    /// The x type a data file's values show, for a chart whose type was read from the data: numbers
    /// are numbers, ISO 8601 text is time, other text is categories.
    static func xType(of series: [JSONValue]) -> XType {
        let first = series.lazy.compactMap { $0["points"]?.arrayValue?.first?["x"] }.first
        switch first {
        case .int?, .double?: return .number
        case let .string(text)?: return TimeText.milliseconds(iso8601: text) != nil ? .time : .category
        default: return .number
        }
    }
}
