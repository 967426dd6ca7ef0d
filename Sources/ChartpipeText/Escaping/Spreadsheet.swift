/// Data-derived text for spreadsheet cells: the CSV, TSV and XLSX tables (SPEC §11).
///
/// A spreadsheet that opens a CSV file runs a cell that starts with `=`, `+`, `-` or `@` as a
/// formula (`=HYPERLINK(…)` sends data away, `=cmd|…` once started programs), and some read a
/// leading tab or carriage return the same way ("CSV Injection", OWASP). Such a text cell is
/// neutralised by a leading apostrophe, which spreadsheets show as text; a cell that is a number
/// (`-5`, `+0.5`, `1e3`) is left as it is, so numbers stay numbers.
public enum Spreadsheet {
    /// The characters that make a spreadsheet read a cell as a formula when they come first: the
    /// four of OWASP's list, tab and carriage return, and the full-width forms of the four, which
    /// East Asian spreadsheets accept as well.
    static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r", "\u{FF1D}", "\u{FF0B}", "\u{FF0D}", "\u{FF20}"]

    /// Whether a spreadsheet would run `text` as a formula: it starts with one of `formulaStarts`
    /// and is not a plain number.
    public static func isFormulaLike(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, formulaStarts.contains(first) else { return false }
        return !isNumber(text)
    }

    /// `text` for a text cell of a CSV or TSV file: with a leading apostrophe when it is formula-like,
    /// else unchanged.
    public static func text(_ text: String) -> String {
        isFormulaLike(text) ? "'" + text : text
    }

    /// Whether `text` is a decimal number as spreadsheets and JSON read one: an optional sign,
    /// digits with an optional fraction, and an optional exponent (`-5`, `+0.5`, `.5`, `1e3`, `2.5E-4`).
    public static func isNumber(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let integer = bytes.prefix { isDigit($0) }
        bytes = bytes.dropFirst(integer.count)
        var fraction = 0
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            fraction = bytes.prefix { isDigit($0) }.count
            bytes = bytes.dropFirst(fraction)
        }
        guard integer.count + fraction > 0 else { return false }
        if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            let exponent = bytes.prefix { isDigit($0) }.count
            guard exponent > 0 else { return false }
            bytes = bytes.dropFirst(exponent)
        }
        return bytes.isEmpty
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
