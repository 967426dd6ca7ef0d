import CFileSync
import ChartpipeCore
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

    /// The unnamed file the workbook is written into (-1: the fallback below is used).
    private let unnamed: Int32
    /// The temporary folder of the fallback (nil with an unnamed file).
    private let folder: String?
    /// Where libxlsxwriter writes the workbook.
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
            unnamed = fd
            folder = nil
            path = "/proc/self/fd/\(fd)"
        } else {
            if fd >= 0 { close(fd) }
            var template = Array((temporary + "/chartpipe-xlsx-XXXXXX").utf8CString)
            guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) else {
                throw ChartError("cannot create a temporary folder for the XLSX table: \(String(cString: strerror(errno)))",
                                 code: "table.xlsx-failed")
            }
            unnamed = -1
            folder = String(cString: made)
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
            throw ChartError("libxlsxwriter could not start a workbook", code: "table.xlsx-failed")
        }
        workbook = opened
    }

    deinit {
        // A workbook that was never finished is closed (which writes it) and thrown away.
        if let workbook { workbook_close(workbook) }
        for p in properties { free(p) }
        if unnamed >= 0 {
            close(unnamed)
        } else if let folder {
            unlink(path)
            rmdir(folder)
        }
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
        guard let bytes = readBack() else {
            throw ChartError("cannot read back the XLSX table that libxlsxwriter wrote: \(String(cString: strerror(errno)))",
                             code: "table.xlsx-failed")
        }
        return bytes
    }

    /// The workbook's file as libxlsxwriter left it; nil with errno set when it cannot be read, or
    /// is empty or shorter than its size (EIO).
    private func readBack() -> [UInt8]? {
        guard unnamed >= 0 else {
            guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else {
                errno = EIO
                return nil
            }
            return Array(data)
        }
        var info = stat()
        guard fstat(unnamed, &info) == 0 else { return nil }
        guard info.st_size > 0 else {
            errno = EIO
            return nil
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return pread(unnamed, base + done, buffer.count - done, off_t(done))
            }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else {
                if n == 0 { errno = EIO }
                return nil
            }
            done += n
        }
        return bytes
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
