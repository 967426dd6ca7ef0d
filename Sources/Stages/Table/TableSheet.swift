import ChartpipeCore
import ChartpipeJSON
import ChartpipeText
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// One locale's sheet of `table.xlsx`: the chart title above, a bold header row that stays in view,
/// then real numbers and real dates (cells with number and date formats, not text), gaps empty,
/// columns as wide as their text.
enum TableSheet {
    /// Rows above the data: the title and the header.
    static let headerRows = 2

    static func write(_ text: TableText, into workbook: XLSXWorkbook, cancellation: Cancellation) throws {
        let sheet = try workbook.addSheet(sheetName(text.locale))
        workbook.write(sheet: sheet, row: 0, column: 0, text: text.names.title, format: .title)
        let xFormat = self.xFormat(text)
        let valueFormat = XLSXWorkbook.CellFormat.number(numberFormat(text))
        var widths = text.columns.map { Double(DisplayWidth.columns(text.header($0))) }
        for (c, column) in text.columns.enumerated() {
            workbook.write(sheet: sheet, row: 1, column: c, text: text.header(column), format: .header)
        }
        let grid = text.grid
        for row in 0..<grid.rowCount {
            if row % 4096 == 0 { try cancellation.check() }
            let r = row + headerRows
            for (c, column) in text.columns.enumerated() {
                switch column {
                case .x:
                    let x = grid.xs[row]
                    switch grid.set.xType {
                    case .time: workbook.write(sheet: sheet, row: r, column: c, number: serial(x, zone: text.zone), format: xFormat)
                    case .number: workbook.write(sheet: sheet, row: r, column: c, number: x, format: xFormat)
                    case .category: workbook.write(sheet: sheet, row: r, column: c, text: text.x.text(x), format: .text)
                    }
                case let .localized(k), let .raw(k):
                    let y = grid.values[k][row]
                    guard y.isFinite else { continue }
                    workbook.write(sheet: sheet, row: r, column: c, number: y,
                                   format: column == .raw(series: k) ? .number("General") : valueFormat)
                }
            }
        }
        // Widths from the header and the widest value each column shows; Excel has no autofit on open.
        for (c, column) in text.columns.enumerated() {
            let sample: Double
            switch column {
            case .x:
                switch xFormat {
                case let .date(code), let .number(code): sample = Double(max(code.count, 6))
                default: sample = Double(grid.xs.indices.map { DisplayWidth.columns(text.x.text(grid.xs[$0])) }.max() ?? 8)
                }
            case let .localized(k), let .raw(k):
                let largest = grid.values[k].filter(\.isFinite).map(abs).max() ?? 0
                sample = Double(DisplayWidth.columns(JSONWriter.number(largest))) + 4
            }
            widths[c] = min(max(widths[c], sample) + 2, 60)
            workbook.setColumn(sheet: sheet, column: c, width: max(widths[c], 8))
        }
        workbook.freeze(sheet: sheet, row: headerRows, column: 1)
    }

    /// An Excel sheet name from a locale: at most 31 characters and none of `[]:*?/\`.
    static func sheetName(_ locale: String) -> String {
        let banned: Set<Character> = ["[", "]", ":", "*", "?", "/", "\\"]
        return String(locale.map { banned.contains($0) ? "-" : $0 }.prefix(31))
    }

    /// Excel's serial date of an instant as the wall clock of `zone` shows it (days since
    /// 1899-12-30, the 1900 date system): Excel dates have no zone.
    static func serial(_ millis: Double, zone: TimeZone?) -> Double {
        let offset = Double((zone ?? TimeZone(secondsFromGMT: 0))?.secondsFromGMT(for: Date(timeIntervalSince1970: millis / 1000)) ?? 0)
        return (millis + offset * 1000) / 86_400_000 + 25_569
    }

    /// The x column's format: an ISO-like date at the data's granularity, a year without grouping,
    /// or a plain number.
    static func xFormat(_ text: TableText) -> XLSXWorkbook.CellFormat {
        switch text.grid.set.xType {
        case .time:
            switch TimeGranularity(spacing: text.x.facts.spacing) {
            case .year: return .date("yyyy")
            case .quarter, .month: return .date("yyyy-mm")
            case .day: return .date("yyyy-mm-dd")
            case .hour: return .date("yyyy-mm-dd hh:mm")
            case .second: return .date("yyyy-mm-dd hh:mm:ss")
            case .millisecond: return .date("yyyy-mm-dd hh:mm:ss.000")
            }
        case .number: return .number(text.x.facts.isYearLike ? "0" : "General")
        case .category: return .text
        }
    }

    /// The format of the formatted value columns: grouped digits with the precision the localized
    /// text has (`YValueText`: currencies two digits or none for whole amounts, percents one, other
    /// values two, or three significant digits below 1), never more than the data has. The unit is
    /// in the header.
    static func numberFormat(_ text: TableText) -> String {
        var observed = 0
        for column in text.grid.values {
            for y in column where y.isFinite {
                let written = JSONWriter.number(y)
                if written.contains("e") { return "General" }
                if let point = written.firstIndex(of: ".") { observed = max(observed, written.distance(from: point, to: written.endIndex) - 1) }
            }
        }
        let facts = text.y.facts
        let precision: Int
        switch facts.unit {
        case let unit? where unit.count == 3 && unit == unit.uppercased(): precision = facts.wholeValues ? 0 : 2
        case "percent": precision = 1
        default: precision = facts.largest > 0 && facts.largest < 1 ? 2 - Int(log10(facts.largest).rounded(.down)) : 2
        }
        let digits = min(observed, precision, 6)
        return digits == 0 ? "#,##0" : "#,##0." + String(repeating: "0", count: digits)
    }
}
