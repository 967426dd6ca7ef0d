import ChartpipeCore
import ChartpipeJSON
import ChartpipeText
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension XAxisFacts {
    /// The facts of the x axis of `set`, whose dates are written in `zone`.
    init(_ set: SeriesSet, zone: String, unit: String? = nil) {
        let kind: Kind
        switch set.xType {
        case .time: kind = .time
        case .number: kind = .number
        case .category: kind = .category
        }
        self.init(kind: kind, zone: zone, categories: set.categories, unit: unit, series: set.series.map(\.x))
    }
}

extension XValueText {
    /// The x value as the JSON files write it: ISO 8601 in the chart's zone, a number, or the label.
    func json(_ x: Double) -> JSONValue {
        switch facts.kind {
        case .time: return .string(TimeText.iso8601(milliseconds: x, zone: TimeZone(identifier: facts.zone)))
        case .number: return .double(x)
        case .category: return .string(label(x))
        }
    }
}

extension YValueText {
    /// The size of `change` without its sign.
    func magnitude(_ change: TrendChange) -> String { magnitude(absolute: change.absolute, percent: change.percent) }

    /// `change` with its sign.
    func signed(_ change: TrendChange) -> String { signed(absolute: change.absolute, percent: change.percent) }
}
