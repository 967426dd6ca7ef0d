import Foundation
import ChartpipeJSON

/// `data.json` (SPEC §4): the series after the last data stage, with source record numbers.
public enum DataFile {
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
}
