import ChartpipeCore
import ChartpipeJSON
import ChartpipeText
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension XAxisFacts {
    /// The facts of the x axis of `set`, whose dates are written in `zone`; a number x may carry a
    /// `unit` (`year`), and aggregated points are buckets (`aggregation`: which, and which are partial).
    public init(_ set: SeriesSet, zone: String, unit: String? = nil, aggregation: Aggregation? = nil) {
        let kind: Kind
        switch set.xType {
        case .time: kind = .time
        case .number: kind = .number
        case .category: kind = .category
        }
        let bucket: AxisBucket?
        switch aggregation?.bucket {
        case let .calendar(unit)?: bucket = .calendar(unit)
        case let .width(width)?: bucket = .width(width)
        case .category?: bucket = .category
        case nil: bucket = nil
        }
        // The first and last buckets of the data, when `aggregate` found them partly covered.
        let xs = set.series.flatMap { $0.x.filter(\.isFinite) }
        var partial = Set<Double>()
        if aggregation?.partialFirst == true, let first = xs.min() { partial.insert(first) }
        if aggregation?.partialLast == true, let last = xs.max() { partial.insert(last) }
        self.init(kind: kind, zone: zone, categories: set.categories, unit: unit, bucket: bucket, partialX: partial,
                  binExtents: aggregation?.binExtents ?? [:], series: set.series.map(\.x))
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
        // UTC is written "Z" with or without a zone: no zone is looked up for it at every value.
        case .time:
            return .string(TimeText.iso8601(milliseconds: x, zone: offsetZone))
        case .number: return .double(x)
        case .category: return .string(label(x))
        }
    }
}
