import ChartpipeChartText
import ChartpipeCore
import ChartpipeJSON
import ChartpipeText
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `table` stage (SPEC §3, §4, §11): the data table beside every chart, as Apple's chart
/// accessibility guidance pairs them.
///
/// Wide layout: the x column first, then one column per series. `table.csv`, `table.tsv` and
/// `table.json` are locale-neutral and hold the values as `data.json` writes them;
/// `table.<locale>.md` and `table.<locale>.html` are written per locale with localized headers and
/// values; `table.xlsx` has one sheet per locale with real numbers and dates.
public struct Table: ChartStage {
    public enum Format: String, Sendable, CaseIterable, OptionChoice { case csv, tsv, json, md, html, xlsx }
    /// What the value cells of the per-locale tables show.
    public enum Values: String, Sendable, CaseIterable, OptionChoice { case both, raw, localized }
    /// Which points become rows.
    public enum Rows: String, Sendable, CaseIterable, OptionChoice { case full, charted }
    /// What the Markdown and HTML tables open with.
    public enum Caption: String, Sendable, CaseIterable, OptionChoice { case summary, title }

    public static let formats = Option<[Format]>(
        "formats", doc: "Table files to write: csv, tsv, json (locale-neutral); md, html (per locale); xlsx (one sheet per locale).",
        default: [.csv, .html])
    public static let values = Option<Values>(
        "values", doc: "Value cells of the per-locale tables: formatted for the locale, plain numbers, or both side by side.",
        default: .both)
    public static let rows = Option<Rows>(
        "rows", doc: "Rows of the machine-readable tables (CSV, TSV, JSON, XLSX): the full series (as they entered downsample) or the charted points.",
        default: .full)
    public static let readableRows = Option<Rows>(
        "readableRows", doc: "Rows of the per-locale HTML and Markdown tables: the charted points, with a link to a file with every row, or the full series.",
        default: .charted)
    public static let maxRows = Option<Int>(
        "maxRows", doc: "Most rows of a full table; a longer one holds the charted points instead, with a warning.",
        default: 100_000, min: 1, max: 1_048_574,
        rationale: "an XLSX sheet holds 1,048,576 rows, two of which are the title and the header")
    public static let caption = Option<Caption>(
        "caption", doc: "What the HTML and Markdown tables open with: the title and the summary of describe, or the title alone (then describe is not needed).",
        default: .summary)

    public static let description = StageDescription(
        name: "table",
        summary: "Exports the data table: CSV, TSV, JSON, Markdown, HTML, XLSX.",
        options: [formats, values, rows, readableRows, maxRows, caption],
        // The caption quotes the summary of `describe`; a table captioned by its title alone needs only the series.
        needs: [Need(.series), Need(.descriptions, unless: "caption", is: .string(Caption.title.rawValue))],
        adds: [.tables])

    public var formats: [Format]
    public var values: Values
    public var rows: Rows
    public var readableRows: Rows
    public var maxRows: Int
    public var caption: Caption

    public init(options: StageOptions) throws {
        formats = try options.value(Self.formats)
        values = try options.value(Self.values)
        rows = try options.value(Self.rows)
        readableRows = try options.value(Self.readableRows)
        maxRows = try options.value(Self.maxRows)
        caption = try options.value(Self.caption)
    }

    /// The creation date written into `table.xlsx`: fixed, so that two runs give the same bytes
    /// (SPEC §4: timestamps appear only in the manifest). 2000-01-01T00:00:00Z.
    static let workbookDate = 946_684_800

    public func run(_ context: inout ChartContext) throws {
        let catalog = try context.catalog(for: "table")
        let chart = context.chart
        let wanted = Set(formats)
        let machine = !wanted.isDisjoint(with: [.csv, .tsv, .json, .xlsx])
        let readable = !wanted.isDisjoint(with: [.md, .html])
        // Each set of rows chosen (and warned about) only when a format holds it; one grid when both hold the same rows.
        let set = try chosenRows(&context, rows: machine ? rows : readableRows)
        let grid = try TableGrid(set, cancellation: context.cancellation)
        let readableGrid: TableGrid
        let sameGrid = !readable || readableRows == (machine ? rows : readableRows)
        if sameGrid {
            readableGrid = grid
        } else {
            readableGrid = try TableGrid(try chosenRows(&context, rows: readableRows), cancellation: context.cancellation)
        }
        // The per-locale tables of fewer rows than the data say so, and link the first file with every row.
        let fullRows = TableGrid.rowCount(of: context.fullSeries)
        let shortened = readable && readableGrid.rowCount < fullRows
        let fullFile = machine && grid.rowCount == fullRows
            ? [Format.csv, .tsv, .json, .xlsx].first(where: wanted.contains).map { "table.\($0.rawValue)" } : nil
        let source = TableText(grid: grid, chart: chart, values: .raw,
                               language: catalog.writtenLanguage(for: catalog.sourceLanguage ?? "en"), catalog: catalog)
        if wanted.contains(.csv) {
            context.emit(Artifact(path: "table.csv", kind: "table", bytes: delimited(.csv(), grid: grid, source: source)))
        }
        if wanted.contains(.tsv) {
            context.emit(Artifact(path: "table.tsv", kind: "table", bytes: delimited(.tsv(), grid: grid, source: source)))
        }
        if wanted.contains(.json) {
            context.emit(Artifact(path: "table.json", kind: "table", bytes: JSONWriter().bytes(json(grid: grid, source: source))))
        }
        let perLocale = wanted.intersection([.md, .html, .xlsx])
        guard !perLocale.isEmpty else { return }
        let workbook = wanted.contains(.xlsx) ? try XLSXWorkbook() : nil
        for locale in context.run.locales {
            try context.cancellation.check()
            let language = catalog.writtenLanguage(for: locale)
            let text = TableText(grid: grid, chart: chart, values: values, language: language, catalog: catalog)
            let readableText = sameGrid ? text
                : TableText(grid: readableGrid, chart: chart, values: values, language: language, catalog: catalog)
            // Every cell written once per locale, for the Markdown and the HTML table alike.
            let cells = readable ? readableText.cells() : []
            let note = shortened ? TableDocuments.Note(
                text: catalog.render("table.charted", locale: locale, [.integer(readableGrid.rowCount), .integer(fullRows)]),
                link: fullFile.map { ($0, catalog.render("table.full", locale: locale, [.text(Self.formatName($0))])) }) : nil
            var summary: String?
            if caption == .summary {
                guard let description = context[DescriptionsKey.self]?[locale] else {
                    throw ChartError("stage 'table' quotes the summary of 'describe' in its caption; add { \"use\": \"describe\" } before it, or set \"caption\": \"title\".",
                                     code: .tableNeedsDescriptions, field: "caption")
                }
                summary = description.summary
            }
            if wanted.contains(.md) {
                context.emit(Artifact(path: "table.\(locale).md", kind: "table", locale: locale,
                                      bytes: Array(TableDocuments.markdown(readableText, cells: cells, summary: summary, note: note).utf8)))
            }
            if wanted.contains(.html) {
                context.emit(Artifact(path: "table.\(locale).html", kind: "table", locale: locale,
                                      bytes: TableDocuments.html(readableText, cells: cells, summary: summary, note: note)))
            }
            if let workbook { try TableSheet.write(text, into: workbook, cancellation: context.cancellation) }
        }
        if let workbook {
            let title = source.names.title
            context.emit(Artifact(path: "table.xlsx", kind: "table",
                                  bytes: try workbook.finish(title: title, created: Self.workbookDate)))
        }
    }

    /// The series whose points become rows: the full series, or the charted points when asked or
    /// when the full ones would pass `maxRows` (with a warning); a chart whose charted points pass
    /// it too fails, since nothing is dropped silently.
    func chosenRows(_ context: inout ChartContext, rows: Rows) throws -> SeriesSet {
        if rows == .full {
            let full = context.fullSeries
            let count = TableGrid.rowCount(of: full)
            if count <= maxRows { return full }
            let charted = TableGrid.rowCount(of: context.data)
            if charted <= maxRows {
                context.warn("The full series have \(count) rows, more than 'maxRows' (\(maxRows)); the tables hold the \(charted) charted rows instead. Raise 'maxRows' to keep every row, or set \"rows\": \"charted\".",
                             code: .tableRowsCapped, field: "maxRows")
                return context.data
            }
        }
        let count = TableGrid.rowCount(of: context.data)
        guard count <= maxRows else {
            throw ChartError("The table would have \(count) rows, more than 'maxRows' (\(maxRows)); add { \"use\": \"downsample\" } before 'table', or raise 'maxRows'.",
                             code: .tableTooManyRows, field: "maxRows")
        }
        return context.data
    }

    /// The name of a table file's format, as its users know it.
    static func formatName(_ path: String) -> String {
        ["csv": "CSV", "tsv": "TSV", "json": "JSON", "xlsx": "XLSX"][path.split(separator: ".").last.map(String.init) ?? ""] ?? path
    }

    /// The zone time x is written in by the data files (nil for UTC, written with `Z`).
    static func zone(of chart: ChartSpec) -> TimeZone? {
        chart.x.zone == "UTC" ? nil : TimeZone(identifier: chart.x.zone)
    }

    /// The text of an x value as `data.json` writes it.
    static func text(_ value: JSONValue) -> String {
        switch value {
        case let .string(s): return s
        case let .double(d): return JSONWriter.number(d)
        case let .int(i): return String(i)
        default: return ""
        }
    }

    /// CSV or TSV: a header of the pipeline's own texts with unit codes, then the values as
    /// `data.json` writes them.
    func delimited(_ empty: DelimitedText, grid: TableGrid, source: TableText) -> [UInt8] {
        var out = empty
        out.row(rawColumns(grid).map { .text(rawHeader($0, source)) })
        for row in 0..<grid.rowCount {
            var fields: [DelimitedText.Field] = []
            let x = grid.rawX(row, zone: source.zone)
            if case let .string(s) = x, grid.set.xType == .category { fields.append(.text(s)) } else { fields.append(.plain(Self.text(x))) }
            for k in grid.values.indices {
                fields.append(grid.rawValues[k][row].map { .plain($0) } ?? .empty)
            }
            out.row(fields)
        }
        return out.bytes
    }

    private func rawColumns(_ grid: TableGrid) -> [TableColumn] {
        TableColumn.layout(seriesCount: grid.values.count, values: .raw)
    }

    /// A header of a locale-neutral file: the text as the pipeline or the data has it, with the
    /// unit as the pipeline writes it ("Revenue (USD)").
    private func rawHeader(_ column: TableColumn, _ source: TableText) -> String {
        let chart = source.names.chart
        switch column {
        case .x:
            let title = chart.x.title ?? chart.x.field
            guard chart.x.type == .number, let unit = chart.x.unit, unit != XSpec.yearUnit else { return title }
            return "\(title) (\(unit))"
        case let .localized(k), let .raw(k):
            let name = source.names.seriesIsTheYAxis ? (chart.y.title ?? chart.y.fields.first ?? "y") : source.grid.set.series[k].name
            return chart.y.unit.map { "\(name) (\($0))" } ?? name
        }
    }

    /// `table.json`: the columns with what they hold, and the rows as `data.json` writes values.
    func json(grid: TableGrid, source: TableText) -> JSONValue {
        let chart = source.names.chart
        var columns: [JSONValue] = []
        for column in rawColumns(grid) {
            var members: [(String, JSONValue)] = [("name", .string(rawHeader(column, source)))]
            switch column {
            case .x:
                members += [("role", .string("x")), ("type", .string(chart.x.type.rawValue))]
                if chart.x.type == .time { members.append(("zone", .string(chart.x.zone))) }
                if let unit = chart.x.unit { members.append(("unit", .string(unit))) }
            case let .localized(k), let .raw(k):
                members += [("role", .string("y")), ("series", .string(grid.set.series[k].name))]
                if let unit = chart.y.unit { members.append(("unit", .string(unit))) }
            }
            columns.append(.object(members))
        }
        let rows: [JSONValue] = (0..<grid.rowCount).map { row in
            .array([grid.rawX(row, zone: source.zone)] + grid.values.map { $0[row].isFinite ? .double($0[row]) : .null })
        }
        return .object([("chart", .string(chart.id)), ("title", .string(chart.title)), ("columns", .array(columns)),
                        ("rows", .array(rows))])
    }
}
