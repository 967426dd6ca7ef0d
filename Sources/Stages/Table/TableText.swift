import ChartpipeChartText
import ChartpipeCore
import ChartpipeText
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The words of a table in one locale: its headers and its cells, as the Markdown, HTML and XLSX
/// tables show them.
struct TableText {
    let grid: TableGrid
    let names: ChartNames
    let columns: [TableColumn]
    let x: XValueText
    let y: YValueText
    /// Whether the x column holds the values as the data files write them (`values: raw`).
    let rawX: Bool
    let zone: TimeZone?

    init(grid: TableGrid, chart: ChartSpec, values: Table.Values, language: WrittenLanguage, catalog: Catalog) {
        self.grid = grid
        names = ChartNames(chart: chart, series: grid.set, language: language, catalog: catalog)
        columns = TableColumn.layout(seriesCount: grid.set.series.count, values: values)
        x = XValueText(facts: XAxisFacts(grid.set, zone: chart.x.zone), language: language, catalog: catalog)
        y = YValueText(facts: YAxisFacts(chart, grid.set), language: language)
        rawX = values == .raw
        zone = Table.zone(of: chart)
    }

    var locale: String { names.locale }

    func header(_ column: TableColumn) -> String {
        switch column {
        case .x: return names.xTitleWithUnit
        case let .localized(k): return names.withUnit(names.seriesName(k), unit: names.chart.y.unit)
        case let .raw(k):
            // Beside the formatted column the plain one says what it is; alone it carries the unit.
            let name = names.withUnit(names.seriesName(k), unit: names.chart.y.unit)
            return columns.contains(.localized(series: k))
                ? names.render("figure.plainNumber", [.text(names.seriesName(k))]) : name
        }
    }

    /// The text of a cell; nil for an empty one (a gap, or no point of that series at the row's x).
    func cell(row: Int, _ column: TableColumn) -> String? {
        switch column {
        case .x:
            return rawX ? Table.text(grid.rawX(row, zone: zone)) : x.text(grid.xs[row])
        case let .localized(k):
            let v = grid.values[k][row]
            return v.isFinite ? y.text(v) : nil
        case let .raw(k):
            return grid.rawValues[k][row]
        }
    }

    /// Every cell of the table, column by column (`cells()[c][row]`, columns as `columns`), nil for
    /// an empty one: as `cell`, with each value that recurs in a column formatted once.
    func cells() -> [[String?]] {
        columns.map { column in
            switch column {
            case .x:
                return grid.xs.indices.map { cell(row: $0, .x) }
            case let .localized(k):
                var seen: [Double: String] = [:]
                // A column whose first `Self.probe` distinct values recur less than one time in
                // eight (measurements, mostly distinct) stops looking them up: the look-up would
                // cost more than it saves.
                var (looking, misses, hits) = (true, 0, 0)
                return grid.values[k].map { v in
                    guard v.isFinite else { return nil }
                    // -0 and 0 are one key: zero is written each time.
                    if v == 0 || !looking { return y.text(v) }
                    if let text = seen[v] { hits += 1; return text }
                    let text = y.text(v)
                    seen[v] = text
                    misses += 1
                    if misses == Self.probe, hits * 8 < misses { (looking, seen) = (false, [:]) }
                    return text
                }
            case let .raw(k):
                return grid.rawValues[k]
            }
        }
    }

    /// How many distinct values of a column are looked up before deciding whether to go on.
    static let probe = 512

    /// Whether a column holds numbers (right-aligned), as opposed to the x column's labels and dates.
    func isNumeric(_ column: TableColumn) -> Bool {
        column != .x || (grid.set.xType == .number && rawX)
    }
}
