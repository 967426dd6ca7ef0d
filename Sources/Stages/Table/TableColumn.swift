import ChartpipeChartText
import ChartpipeCore
import ChartpipeText
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One column of a table: the x column, or a series' values as formatted text or as plain numbers.
enum TableColumn: Equatable {
    case x
    case localized(series: Int)
    case raw(series: Int)

    /// The columns of a table with `seriesCount` series: x first, then each series' values, the
    /// formatted text and the plain number side by side for `both`.
    static func layout(seriesCount: Int, values: Table.Values) -> [TableColumn] {
        var columns: [TableColumn] = [.x]
        for k in 0..<seriesCount {
            switch values {
            case .raw: columns.append(.raw(series: k))
            case .localized: columns.append(.localized(series: k))
            case .both: columns += [.localized(series: k), .raw(series: k)]
            }
        }
        return columns
    }

    var series: Int? {
        switch self {
        case .x: return nil
        case let .localized(k), let .raw(k): return k
        }
    }
}
