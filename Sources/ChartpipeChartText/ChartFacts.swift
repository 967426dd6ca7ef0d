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
    public init(_ set: SeriesSet, zone: String) {
        let kind: Kind
        switch set.xType {
        case .time: kind = .time
        case .number: kind = .number
        case .category: kind = .category
        }
        self.init(kind: kind, zone: zone, categories: set.categories, series: set.series.map(\.x))
    }
}

extension YAxisFacts {
    /// The facts of the y axis of `chart` over the values of `set`.
    public init(_ chart: ChartSpec, _ set: SeriesSet) {
        self.init(unit: chart.y.unit, series: set.series.map(\.y))
    }
}

extension XValueText {
    /// The x value as the JSON files write it: ISO 8601 in the chart's zone, a number, or the label.
    public func json(_ x: Double) -> JSONValue {
        switch facts.kind {
        case .time: return .string(TimeText.iso8601(milliseconds: x, zone: TimeZone(identifier: facts.zone)))
        case .number: return .double(x)
        case .category: return .string(label(x))
        }
    }
}
