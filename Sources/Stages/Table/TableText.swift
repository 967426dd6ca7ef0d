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
            return TableGrid.rawY(grid.values[k][row])
        }
    }

    /// Whether a column holds numbers (right-aligned), as opposed to the x column's labels and dates.
    func isNumeric(_ column: TableColumn) -> Bool {
        column != .x || (grid.set.xType == .number && rawX)
    }
}
