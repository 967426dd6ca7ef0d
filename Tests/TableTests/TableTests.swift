import CCSV
import CFileSync
import ChartpipeCore
import ChartpipeJSON
import ChartpipeTestSupport
import ChartpipeText
import Describe
import Downsample
import Foundation
@testable import Table
import Trend
import XCTest

/// The `table` stage: its files hold what `data.json` holds, value for value, read back by
/// independent readers (libcsv's parser, openpyxl); hostile text is escaped or neutralised.
final class TableTests: XCTestCase {
    static let locales = ["en", "zh-Hans", "ko"]
    static let day = 86_400_000.0
    /// 2026-06-01T00:00:00Z.
    static let june1 = Double(TimeText.days(year: 2026, month: 6, day: 1)) * day

    static func spec(id: String = "sales", title: String = "Daily sales", xType: XType = .time, zone: String = "UTC",
                     yTitle: String? = "Revenue", unit: String? = "USD", seriesField: String? = "region") -> ChartSpec {
        ChartSpec(id: id, title: title, mark: .line, source: SourceSpec(path: "/dev/null", displayPath: "data.csv", format: .csv),
                  x: XSpec(field: "date", type: xType, title: "Date", zone: zone),
                  y: YSpec(fields: ["revenue"], title: yTitle, unit: unit), seriesField: seriesField,
                  location: SourceLocation(path: "test.pipeline"))
    }

    static func series(_ name: String, x: [Double], y: [Double]) -> Series {
        Series(name: name, x: x, y: y, firstRecord: Array(x.indices), lastRecord: Array(x.indices))
    }

    /// The context `table` sees after `downsample` (when `points` is given), `trend` and `describe`.
    static func context(_ chart: ChartSpec, _ set: SeriesSet, points: Int? = nil, describe: Bool = true) throws -> ChartContext {
        var context = ChartContext(chart: chart, run: RunInfo(locales: locales, pipelineDirectory: "/tmp", pipelineName: "test"),
                                   data: set)
        if let points { try Downsample(["method": "lttb", "points": points.optionValue]).run(&context) }
        try Trend().run(&context)
        if describe { try Describe().run(&context) }
        return context
    }

    /// Three series over 60 days in Seoul: one with gaps, one that starts late; downsampled to 24 points.
    static func sales() throws -> ChartContext {
        let xs = (0..<60).map { june1 + Double($0) * day - 9 * 3_600_000 }
        let north = xs.indices.map { 1200 + 7.25 * Double($0) + ($0 % 7 == 3 ? 310.5 : 0) }
        var south = xs.indices.map { 900 - 3.1 * Double($0) }
        south[10] = .nan
        south[11] = .nan
        let east = Array(xs.indices.dropFirst(15)).map { 1500 + Double($0 * $0 % 97) / 4 }
        let set = SeriesSet(xType: .time, series: [series("North", x: xs, y: north), series("South", x: xs, y: south),
                                                   series("East", x: Array(xs.dropFirst(15)), y: east)])
        return try context(spec(zone: "Asia/Seoul"), set, points: 24)
    }

    static func artifacts(_ table: Table, _ context: ChartContext) throws -> (files: [String: [UInt8]], context: ChartContext) {
        var context = context
        context.artifacts = []
        try table.run(&context)
        var files: [String: [UInt8]] = [:]
        for artifact in context.artifacts { files[artifact.path] = artifact.bytes }
        return (files, context)
    }

    static func writeTemporary(_ bytes: [UInt8], name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("chartpipe-table-\(UUID().uuidString)-\(name)")
        try Data(bytes).write(to: url)
        return url
    }

    /// `table.xlsx` as openpyxl reads it.
    static func readWorkbook(_ bytes: [UInt8]) throws -> JSONValue {
        let file = try writeTemporary(bytes, name: "table.xlsx")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try TestPython.run("read_xlsx.py", [file.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        return try JSONParser.parse(Array(result.stdout.utf8))
    }

    // MARK: Value for value

    func testEveryFileHoldsTheValuesOfDataJSON() throws {
        let context = try Self.sales()
        let table = try Table(["formats": Table.Format.allCases.optionValue])
        let (files, _) = try Self.artifacts(table, context)
        XCTAssertEqual(Set(files.keys), Set(["table.csv", "table.tsv", "table.json", "table.xlsx"])
            .union(Self.locales.flatMap { ["table.\($0).md", "table.\($0).html"] }))
        // What data.json writes for the full series (rows: full), by series, as x text → value.
        let data = DataFile.json(context.fullSeries, chart: context.chart)
        var expected: [[String: JSONValue]] = []
        var allX: [String] = []
        for s in data["series"]?.arrayValue ?? [] {
            var points: [String: JSONValue] = [:]
            for p in s["points"]?.arrayValue ?? [] {
                guard case let .string(x)? = p["x"], let y = p["y"] else { continue }
                points[x] = y
                if !allX.contains(x) { allX.append(x) }
            }
            expected.append(points)
        }
        XCTAssertEqual(allX.count, 60)
        XCTAssertTrue(allX[0].hasSuffix("+09:00"), allX[0])

        for (name, delimiter) in [("table.csv", UInt8(ascii: ",")), ("table.tsv", UInt8(0x09))] {
            let rows = try CSVRows.parse(files[name] ?? [], delimiter: delimiter)
            XCTAssertEqual(rows.first, ["Date", "North (USD)", "South (USD)", "East (USD)"], name)
            XCTAssertEqual(rows.count - 1, allX.count, name)
            for row in rows.dropFirst() {
                XCTAssertEqual(row.count, 4, name)
                for k in 0..<3 {
                    let cell = row[k + 1]
                    switch expected[k][row[0]] {
                    case let .double(y)?: XCTAssertEqual(Double(cell), y, "\(name) \(row[0]) series \(k)")
                    case let .int(y)?: XCTAssertEqual(Double(cell), Double(y), "\(name) \(row[0]) series \(k)")
                    default: XCTAssertEqual(cell, "", "\(name) \(row[0]) series \(k): a gap or no point is an empty cell")
                    }
                }
            }
        }

        let json = try JSONParser.parse(files["table.json"] ?? [])
        let jsonRows = json["rows"]?.arrayValue ?? []
        XCTAssertEqual(jsonRows.count, allX.count)
        for row in jsonRows {
            guard let cells = row.arrayValue, case let .string(x)? = cells.first else { return XCTFail("row \(row)") }
            for k in 0..<3 {
                XCTAssertEqual(cells[k + 1].doubleValue, expected[k][x]?.doubleValue, "table.json \(x) series \(k)")
            }
        }

        let workbook = try Self.readWorkbook(files["table.xlsx"] ?? [])
        let sheets = workbook["sheets"]?.arrayValue ?? []
        XCTAssertEqual(sheets.compactMap { $0["name"]?.stringValue }, Self.locales)
        for sheet in sheets {
            let rows = sheet["rows"]?.arrayValue ?? []
            XCTAssertEqual(rows.count, 2 + allX.count)
            XCTAssertEqual(sheet["freeze"]?.stringValue, "B3", "the header row and the x column stay in view")
            let bold = sheet["bold"]?.arrayValue?.compactMap(\.stringValue) ?? []
            XCTAssertTrue(bold.contains("A1") && bold.contains("A2") && bold.contains("B2"), "\(bold)")
            for (i, row) in rows.dropFirst(2).enumerated() {
                let cells = row.arrayValue ?? []
                // A real date: the wall-clock time in the chart's zone, as the ISO text says it.
                XCTAssertEqual(cells.first?["type"]?.stringValue, "d")
                XCTAssertEqual(cells.first?["value"]?.stringValue, String(allX[i].prefix(19)))
                // values: both → formatted, plain; each a real number.
                for k in 0..<3 {
                    for cell in [cells[1 + 2 * k], cells[2 + 2 * k]] {
                        if let y = expected[k][allX[i]]?.doubleValue {
                            XCTAssertEqual(cell["type"]?.stringValue, "n")
                            XCTAssertEqual(cell["value"]?.doubleValue, y)
                        } else {
                            XCTAssertEqual(cell["value"], .null, "a gap is an empty cell")
                        }
                    }
                }
                XCTAssertEqual(cells[1]["format"]?.stringValue, "#,##0.00")
                XCTAssertEqual(cells[2]["format"]?.stringValue, "General")
            }
        }
        XCTAssertEqual(workbook["created"]?.stringValue, "2000-01-01T00:00:00")
    }

    /// No clock reaches the workbook: every file of its zip archive is dated 1980-01-01 00:00 (the
    /// zip format's first day; the document's own dates are `workbookDate`, read back above), so two
    /// runs give the same bytes whenever they run, without waiting between them to show it.
    func testTheWorkbookIsTheSameBytesEveryRun() throws {
        let context = try Self.sales()
        let table = try Table(["formats": ["xlsx"]])
        let first = try XCTUnwrap(Self.artifacts(table, context).files["table.xlsx"])
        XCTAssertEqual(try Self.artifacts(table, context).files["table.xlsx"], first)
        // Each local file header (PK\3\4) holds the file's MS-DOS time and date at bytes 10 to 13
        // (APPNOTE.TXT 4.3.7): 1980-01-01 00:00 is time 0, date 33 (day 1, month 1 << 5, year 0 << 9).
        var stamps: [[UInt16]] = []
        var i = 0
        while i + 14 <= first.count {
            if first[i] == 0x50, first[i + 1] == 0x4B, first[i + 2] == 0x03, first[i + 3] == 0x04 {
                stamps.append([UInt16(first[i + 10]) | UInt16(first[i + 11]) << 8, UInt16(first[i + 12]) | UInt16(first[i + 13]) << 8])
                i += 14
            } else {
                i += 1
            }
        }
        XCTAssertGreaterThan(stamps.count, 5, "the workbook's files")
        XCTAssertEqual(Set(stamps), [[0, 33]])
    }

    /// The workbook is written into a file without a name: while it is made and after, nothing of
    /// it is in the temporary folder, so a run killed during the table stage leaves nothing there
    /// (the file goes with the process).
    func testAWorkbookLeavesNothingInTheTemporaryFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chartpipe-xlsx-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let probe = cfilesync_open_unnamed(folder.path)
        guard probe >= 0 else {
            throw XCTSkip("this file system has no unnamed files (O_TMPFILE): the workbook is made in a folder there")
        }
        close(probe)
        let previous = ProcessInfo.processInfo.environment["TMPDIR"]
        setenv("TMPDIR", folder.path, 1)
        defer { if let previous { setenv("TMPDIR", previous, 1) } else { unsetenv("TMPDIR") } }
        XCTAssertTrue(NSTemporaryDirectory().hasPrefix(folder.path), "TMPDIR is not what NSTemporaryDirectory reads")
        let workbook = try XLSXWorkbook()
        let sheet = try workbook.addSheet("en")
        for row in 0..<2_000 { workbook.write(sheet: sheet, row: row, column: 0, number: Double(row), format: .number("General")) }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
        let bytes = try workbook.finish(title: "Daily sales", created: Table.workbookDate)
        XCTAssertEqual(Array(bytes.prefix(2)), Array("PK".utf8), "an XLSX file is a zip archive")
        XCTAssertGreaterThan(bytes.count, 2_000)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
        // The file read back is the whole workbook: openpyxl reads its sheet.
        XCTAssertEqual(try Self.readWorkbook(bytes)["sheets"]?.arrayValue?.count, 1)
    }

    /// Where the file system has no unnamed files the workbook is made in a folder of TMPDIR: the
    /// same bytes, and the folder is gone once the workbook is.
    func testTheFolderFallbackWritesTheSameWorkbookAndRemovesItsFolder() throws {
        func workbook(unnamedFile: Bool) throws -> [UInt8] {
            let workbook = try XLSXWorkbook(unnamedFile: unnamedFile)
            let sheet = try workbook.addSheet("en")
            for row in 0..<500 { workbook.write(sheet: sheet, row: row, column: 0, number: Double(row) / 4, format: .number("0.00")) }
            workbook.write(sheet: sheet, row: 0, column: 1, text: "=1+1", format: .text)
            return try workbook.finish(title: "Daily sales", created: Table.workbookDate)
        }
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter { $0.hasPrefix("chartpipe-xlsx-") })
        let inFolder = try workbook(unnamedFile: false)
        let after = Set(try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter { $0.hasPrefix("chartpipe-xlsx-") })
        XCTAssertEqual(after, before, "the fallback's folder is removed")
        XCTAssertEqual(inFolder, try workbook(unnamedFile: true))
        XCTAssertEqual(Array(inFolder.prefix(2)), Array("PK".utf8))
    }

    // MARK: Layout

    func testLocalizedHeadersCarryTheUnitAndValuesSitSideBySide() throws {
        let context = try Self.sales()
        let (files, _) = try Self.artifacts(try Table(["formats": ["md", "html"]]), context)
        let md = String(decoding: files["table.en.md"] ?? [], as: UTF8.self)
        XCTAssertTrue(md.contains("| Date | North (US dollars) | North (plain number) | South (US dollars) |"), md)
        XCTAssertTrue(md.contains("| :--- | ---: | ---: |"))
        let ko = String(decoding: files["table.ko.html"] ?? [], as: UTF8.self)
        XCTAssertTrue(ko.contains("<html lang=\"ko\">"))
        XCTAssertTrue(ko.contains("<th scope=\"col\" dir=\"auto\" class=\"n\">North(달러)</th>"), ko)
        XCTAssertTrue(ko.contains("<caption><strong><bdi>Daily sales</bdi></strong><br>"))
        XCTAssertTrue(ko.contains("<th scope=\"row\" dir=\"auto\">6월 1일</th><td class=\"n\">1,200.00달러</td><td class=\"n\">1200</td>"), ko)
        let zh = String(decoding: files["table.zh-Hans.md"] ?? [], as: UTF8.self)
        XCTAssertTrue(zh.contains("North（美元）"), zh)
        // A gap is an empty cell.
        XCTAssertTrue(md.contains("|  |"))
        let raw = try Self.artifacts(try Table(["formats": ["md"], "values": "raw"]), context).files["table.en.md"] ?? []
        XCTAssertTrue(String(decoding: raw, as: UTF8.self).contains("| Date | North (US dollars) | South (US dollars) | East (US dollars) |"))
        let localized = try Self.artifacts(try Table(["formats": ["md"], "values": "localized"]), context).files["table.en.md"] ?? []
        XCTAssertTrue(String(decoding: localized, as: UTF8.self).contains("| June 1 | $1,200.00 | $900.00 |  |"))
    }

    func testChartedRowsOnRequestAndBeyondTheCap() throws {
        let context = try Self.sales()
        let charted = try Self.artifacts(try Table(["formats": ["csv"], "rows": "charted"]), context).files["table.csv"] ?? []
        let chartedRows = try CSVRows.parse(charted, delimiter: UInt8(ascii: ",")).count - 1
        XCTAssertEqual(chartedRows, TableGrid.rowCount(of: context.data))
        XCTAssertLessThan(chartedRows, 60)
        let (files, after) = try Self.artifacts(try Table(["formats": ["csv"], "maxRows": 50]), context)
        XCTAssertEqual(try CSVRows.parse(files["table.csv"] ?? [], delimiter: UInt8(ascii: ",")).count - 1, chartedRows)
        XCTAssertEqual(after.warnings.map(\.code), ["table.rows-capped"])
        XCTAssertThrowsError(try Self.artifacts(try Table(["formats": ["csv"], "maxRows": 10]), context)) { error in
            XCTAssertEqual((error as? ChartError)?.code, "table.too-many-rows")
        }
    }

    /// By default the tables for people hold the charted points, say how many rows the data has
    /// and link the first file with every row; the machine-readable ones keep every row.
    func testHumanTablesShowTheChartedPointsAndLinkTheFullData() throws {
        let context = try Self.sales()
        let full = TableGrid.rowCount(of: context.fullSeries), charted = TableGrid.rowCount(of: context.data)
        XCTAssertLessThan(charted, full)
        let files = try Self.artifacts(try Table(["formats": ["html", "md", "csv", "json"]]), context).files
        XCTAssertEqual(try CSVRows.parse(files["table.csv"] ?? [], delimiter: UInt8(ascii: ",")).count - 1, full)
        let html = String(decoding: files["table.en.html"] ?? [], as: UTF8.self)
        XCTAssertEqual(html.components(separatedBy: "<tr>").count - 2, charted, "a header row, then the charted points")
        let note = Catalog.embedded.render("table.charted", locale: "en", [.integer(charted), .integer(full)])
        XCTAssertTrue(html.contains("<p>\(HTML.text(note)) <a href=\"table.csv\">Every row: CSV</a></p>"), html.prefix(1500).description)
        let markdown = String(decoding: files["table.en.md"] ?? [], as: UTF8.self)
        XCTAssertTrue(markdown.contains("[Every row: CSV](table.csv)"))
        XCTAssertEqual(markdown.split(separator: "\n").filter { $0.hasPrefix("|") }.count - 2, charted)
        // Both settable: every row in the tables for people, no note.
        let every = try Self.artifacts(try Table(["formats": ["html", "csv"], "readableRows": "full"]), context).files["table.en.html"] ?? []
        XCTAssertEqual(String(decoding: every, as: UTF8.self).components(separatedBy: "<tr>").count - 2, full)
        XCTAssertFalse(String(decoding: every, as: UTF8.self).contains("table.csv"))
    }

    func testTheCaptionDecidesWhetherDescribeIsNeeded() throws {
        let needs = { (options: [String: JSONValue]) in Table.description.needs(with: StageOptions(options, declared: Table.description.options)) }
        XCTAssertEqual(needs([:]), [.series, .descriptions])
        XCTAssertEqual(needs(["caption": .string("title")]), [.series])
        let bare = try Self.context(Self.spec(), SeriesSet(xType: .time, series: [Self.series("North", x: [Self.june1], y: [5])]),
                                    describe: false)
        XCTAssertThrowsError(try Self.artifacts(try Table(["formats": ["html"]]), bare)) { error in
            XCTAssertEqual((error as? ChartError)?.code, "table.needs-descriptions")
        }
        let html = try Self.artifacts(try Table(["formats": ["html", "csv"], "caption": "title"]), bare).files["table.en.html"] ?? []
        XCTAssertTrue(String(decoding: html, as: UTF8.self).contains("<caption><strong><bdi>Daily sales</bdi></strong></caption>"))
    }
}

/// A CSV or TSV file read back with libcsv's parser: rows of fields.
enum CSVRows {
    final class Collector {
        var rows: [[String]] = []
        var row: [String] = []
    }

    static func parse(_ bytes: [UInt8], delimiter: UInt8) throws -> [[String]] {
        var parser = csv_parser()
        guard csv_init(&parser, UInt8(CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL)) == 0 else { throw CocoaError(.fileReadUnknown) }
        defer { csv_free(&parser) }
        csv_set_delim(&parser, delimiter)
        let collector = Collector()
        let field: @convention(c) (UnsafeMutableRawPointer?, Int, UnsafeMutableRawPointer?) -> Void = { data, n, context in
            guard let context else { return }
            let c = Unmanaged<Collector>.fromOpaque(context).takeUnretainedValue()
            let bytes = data.map { Array(UnsafeRawBufferPointer(start: $0, count: n)) } ?? []
            c.row.append(String(decoding: bytes, as: UTF8.self))
        }
        let end: @convention(c) (Int32, UnsafeMutableRawPointer?) -> Void = { _, context in
            guard let context else { return }
            let c = Unmanaged<Collector>.fromOpaque(context).takeUnretainedValue()
            c.rows.append(c.row)
            c.row = []
        }
        let context = Unmanaged.passUnretained(collector).toOpaque()
        let used = bytes.withUnsafeBytes { csv_parse(&parser, $0.baseAddress, $0.count, field, end, context) }
        guard used == bytes.count, csv_fini(&parser, field, end, context) == 0 else { throw CocoaError(.fileReadCorruptFile) }
        return collector.rows
    }
}
