import CCSV
import ChartpipeText

/// CSV and TSV text written with libcsv's writer: a text field is quoted by `csv_write2` (quotes
/// inside doubled), numbers and ISO 8601 times are written bare, and an empty cell is empty.
struct DelimitedText {
    let delimiter: UInt8
    let lineEnd: [UInt8]
    private(set) var bytes: [UInt8] = []

    /// RFC 4180 CSV: commas, CRLF line ends.
    static func csv() -> DelimitedText { DelimitedText(delimiter: UInt8(ascii: ","), lineEnd: [0x0D, 0x0A]) }
    /// Tab-separated values: tabs, LF line ends, text quoted as in CSV.
    static func tsv() -> DelimitedText { DelimitedText(delimiter: 0x09, lineEnd: [0x0A]) }

    enum Field {
        /// A text cell: neutralised when a spreadsheet would run it (`Spreadsheet.text`), then quoted.
        case text(String)
        /// A number or an instant as data files write it; never quoted, never neutralised.
        case plain(String)
        case empty
    }

    mutating func row(_ fields: [Field]) {
        for (i, field) in fields.enumerated() {
            if i > 0 { bytes.append(delimiter) }
            switch field {
            case let .text(text): bytes += Self.quoted(Spreadsheet.text(text))
            case let .plain(text): bytes += Array(text.utf8)
            case .empty: break
            }
        }
        bytes += lineEnd
    }

    /// `text` quoted by libcsv.
    static func quoted(_ text: String) -> [UInt8] {
        let source = Array(text.utf8)
        // libcsv writes at most two bytes per source byte plus the two quotes.
        var out = [UInt8](repeating: 0, count: source.count * 2 + 2)
        let written = out.withUnsafeMutableBytes { dest in
            source.withUnsafeBytes { src in csv_write2(dest.baseAddress, dest.count, src.baseAddress, src.count, UInt8(ascii: "\"")) }
        }
        return Array(out.prefix(written))
    }
}
