import ChartpipeCore
import CXLSXWriter
#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// An XLSX workbook written by libxlsxwriter. The library writes to a path, so the workbook is
/// built in a temporary folder and `finish()` returns the file's bytes; the C handles never leave
/// this file.
final class XLSXWorkbook {
    /// How a cell looks: each distinct format is one style of the workbook.
    enum CellFormat: Hashable {
        /// The chart title above the table.
        case title
        /// A header cell: bold, with a rule below.
        case header
        /// A text cell.
        case text
        /// A number with an Excel number format (`#,##0.00`, or `General`).
        case number(String)
        /// A date serial with an Excel date format (`yyyy-mm-dd`).
        case date(String)
    }

    private let folder: String
    private let path: String
    private var workbook: UnsafeMutablePointer<lxw_workbook>?
    private var sheets: [UnsafeMutablePointer<lxw_worksheet>] = []
    private var formats: [CellFormat: UnsafeMutablePointer<lxw_format>] = [:]
    /// Strings the properties point at; libxlsxwriter copies them only when the workbook closes.
    private var properties: [UnsafeMutablePointer<CChar>] = []

    init() throws {
        var template = Array((NSTemporaryDirectory() + "/chartpipe-xlsx-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) else {
            throw ChartError("cannot create a temporary folder for the XLSX table: \(String(cString: strerror(errno)))",
                             code: "table.xlsx-failed")
        }
        folder = String(cString: made)
        path = folder + "/table.xlsx"
        var options = lxw_workbook_options()
        options.constant_memory = 0
        options.use_zip64 = 0
        let opened = folder.withCString { dir -> UnsafeMutablePointer<lxw_workbook>? in
            options.tmpdir = UnsafeMutablePointer(mutating: dir)
            return workbook_new_opt(path, &options)
        }
        guard let opened else {
            rmdir(folder)
            throw ChartError("libxlsxwriter could not start a workbook", code: "table.xlsx-failed")
        }
        workbook = opened
    }

    deinit {
        // A workbook that was never finished is closed (which writes it) and thrown away.
        if let workbook { workbook_close(workbook) }
        for p in properties { free(p) }
        unlink(path)
        rmdir(folder)
    }

    /// Adds a worksheet named `name` (at most 31 characters, none of `[]:*?/\`); returns its index.
    func addSheet(_ name: String) throws -> Int {
        guard let workbook, let sheet = workbook_add_worksheet(workbook, name) else {
            throw ChartError("libxlsxwriter could not add the sheet '\(name)'", code: "table.xlsx-failed")
        }
        sheets.append(sheet)
        return sheets.count - 1
    }

    func write(sheet: Int, row: Int, column: Int, number: Double, format: CellFormat) {
        worksheet_write_number(sheets[sheet], lxw_row_t(row), lxw_col_t(column), number, style(format))
    }

    /// A text cell: always a string, never a formula, whatever the text starts with.
    func write(sheet: Int, row: Int, column: Int, text: String, format: CellFormat) {
        worksheet_write_string(sheets[sheet], lxw_row_t(row), lxw_col_t(column), text, style(format))
    }

    /// Sets a column's width in characters of the default font.
    func setColumn(sheet: Int, column: Int, width: Double) {
        worksheet_set_column(sheets[sheet], lxw_col_t(column), lxw_col_t(column), width, nil)
    }

    /// Keeps the rows above `row` and the columns left of `column` in view while scrolling.
    func freeze(sheet: Int, row: Int, column: Int) {
        worksheet_freeze_panes(sheets[sheet], lxw_row_t(row), lxw_col_t(column))
    }

    /// Writes the workbook with `title` and a fixed creation date (so that two runs give the same
    /// bytes) and returns the file.
    func finish(title: String, created: Int) throws -> [UInt8] {
        guard let workbook else { throw ChartError("the XLSX workbook was already written", code: "table.xlsx-failed") }
        var props = lxw_doc_properties()
        let titleCopy = strdup(title)
        if let titleCopy { properties.append(titleCopy) }
        props.title = titleCopy
        props.created = time_t(created)
        workbook_set_properties(workbook, &props)
        let status = workbook_close(workbook)
        self.workbook = nil
        guard status == LXW_NO_ERROR else {
            throw ChartError("libxlsxwriter could not write the XLSX table: \(String(cString: lxw_strerror(status)))",
                             code: "table.xlsx-failed")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ChartError("cannot read back the XLSX table written to \(path)", code: "table.xlsx-failed")
        }
        return Array(data)
    }

    private func style(_ format: CellFormat) -> UnsafeMutablePointer<lxw_format>? {
        if let made = formats[format] { return made }
        guard let workbook, let f = workbook_add_format(workbook) else { return nil }
        switch format {
        case .title:
            format_set_bold(f)
            format_set_font_size(f, 14)
        case .header:
            format_set_bold(f)
            format_set_bottom(f, UInt8(LXW_BORDER_THIN.rawValue))
        case .text:
            break
        case let .number(code), let .date(code):
            format_set_num_format(f, code)
        }
        formats[format] = f
        return f
    }
}
