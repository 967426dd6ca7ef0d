import CFileSync
import ChartpipeCore
import ChartpipeJSON
import CXLSXWriter
#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// An XLSX workbook written by libxlsxwriter. The library writes to a path, so the workbook is
/// written into a file without a name (`O_TMPFILE`, which the library opens as
/// `/proc/self/fd/N`) and `finish()` returns its bytes: a run killed meanwhile leaves nothing in
/// the temporary folder. Where the system has no such files, a temporary folder holds it instead.
/// The C handles never leave this file.
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

    /// What holds the workbook's file until it is read back.
    private enum Holder {
        /// An open file without a name, written through `/proc/self/fd/N`.
        case unnamed(Int32)
        /// The fallback: a temporary folder with the file in it.
        case folder(String)
    }

    private let holder: Holder
    /// Where libxlsxwriter writes the workbook (and it is read back from).
    private let path: String
    private var workbook: UnsafeMutablePointer<lxw_workbook>?
    private var sheets: [UnsafeMutablePointer<lxw_worksheet>] = []
    private var formats: [CellFormat: UnsafeMutablePointer<lxw_format>] = [:]
    /// Strings the properties point at; libxlsxwriter copies them only when the workbook closes.
    private var properties: [UnsafeMutablePointer<CChar>] = []

    /// `unnamedFile: false` makes it in a folder even where unnamed files exist (for tests of the fallback).
    init(unnamedFile: Bool = true) throws {
        let temporary = NSTemporaryDirectory()
        let fd = unnamedFile ? cfilesync_open_unnamed(temporary) : -1
        if fd >= 0, access("/proc/self/fd/\(fd)", W_OK) == 0 {
            holder = .unnamed(fd)
            path = "/proc/self/fd/\(fd)"
        } else {
            if fd >= 0 { close(fd) }
            var template = Array((temporary + "/chartpipe-xlsx-XXXXXX").utf8CString)
            guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) else {
                throw ChartError("cannot create a temporary folder for the XLSX table: \(String(cString: strerror(errno)))",
                                 code: .tableXlsxFailed)
            }
            holder = .folder(String(cString: made))
            path = String(cString: made) + "/table.xlsx"
        }
        var options = lxw_workbook_options()
        options.constant_memory = 0
        options.use_zip64 = 0
        // The library's own working files in TMPDIR have a name only from their creation until it
        // has opened them (its tmpfileplus removes the name at once).
        let opened = temporary.withCString { dir -> UnsafeMutablePointer<lxw_workbook>? in
            options.tmpdir = UnsafeMutablePointer(mutating: dir)
            return workbook_new_opt(path, &options)
        }
        // Every stored property is set: a throw from here runs `deinit`, which closes the file or
        // removes the folder (once).
        guard let opened else {
            throw ChartError("libxlsxwriter could not start a workbook", code: .tableXlsxFailed)
        }
        workbook = opened
    }

    deinit {
        // A workbook that was never finished is closed (which writes it) and thrown away.
        if let workbook { workbook_close(workbook) }
        for p in properties { free(p) }
        switch holder {
        case let .unnamed(fd):
            close(fd)
        case let .folder(folder):
            unlink(path)
            rmdir(folder)
        }
    }

    /// Adds a worksheet named `name` (at most 31 characters, none of `[]:*?/\`); returns its index.
    func addSheet(_ name: String) throws -> Int {
        guard let workbook, let sheet = workbook_add_worksheet(workbook, name) else {
            throw ChartError("libxlsxwriter could not add the sheet '\(name)'", code: .tableXlsxFailed)
        }
        sheets.append(sheet)
        return sheets.count - 1
    }

    func write(sheet: Int, row: Int, column: Int, number: Double, format: CellFormat) {
        worksheet_write_number(sheets[sheet], lxw_row_t(row), lxw_col_t(column), number, style(format))
    }

    /// A text cell: always a string, never a formula, whatever the text starts with. A NUL would end
    /// the C string (and no XML may hold one): it is written as U+2400 SYMBOL FOR NULL, so the rest stays.
    func write(sheet: Int, row: Int, column: Int, text: String, format: CellFormat) {
        worksheet_write_string(sheets[sheet], lxw_row_t(row), lxw_col_t(column), Self.withoutNUL(text), style(format))
    }

    /// `text` with each U+0000 replaced by U+2400 (␀).
    static func withoutNUL(_ text: String) -> String {
        guard text.utf8.contains(0) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\u{0}" ? "\u{2400}" : $0 }))
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
        guard let workbook else { throw ChartError("the XLSX workbook was already written", code: .tableXlsxFailed) }
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
                             code: .tableXlsxFailed)
        }
        // `RegularFile` opens the path anew (for an unnamed file, through /proc), from its start.
        switch RegularFile.read(path) {
        case let .success(bytes) where !bytes.isEmpty:
            return bytes
        case .success:
            throw ChartError("libxlsxwriter wrote an empty XLSX table", code: .tableXlsxFailed)
        case let .failure(.unreadable(reason)):
            throw ChartError("cannot read back the XLSX table that libxlsxwriter wrote: \(reason)", code: .tableXlsxFailed)
        case let .failure(.notRegular(kind)):
            throw ChartError("cannot read back the XLSX table that libxlsxwriter wrote: it is \(kind)", code: .tableXlsxFailed)
        case .failure(.tooLarge):
            throw ChartError("cannot read back the XLSX table that libxlsxwriter wrote: it is too large", code: .tableXlsxFailed)
        }
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
