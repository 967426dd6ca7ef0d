import ChartpipeCore
import Foundation
@testable import Ingest
import XCTest

/// European CSV: the source options `decimal` and `thousands`, and the hints that name them.
final class NumberStyleTests: XCTestCase {
    private let s = Scratch()

    private func values(_ text: String, decimal: Character = ",", thousands: Character? = ".",
                        delimiter: Character = ";") throws -> [Double?] {
        let path = s.file("n\(UUID().uuidString.prefix(8)).csv", text)
        return try read(chart(path, delimiter: delimiter.asciiValue, decimal: decimal, thousands: thousands)).0.y
            .map { $0.isNaN ? nil : $0 }
    }

    private func error(_ text: String, decimal: Character = ".", thousands: Character? = nil, delimiter: Character = ",",
                       x: String = "t", type: XType = .time) -> String {
        let path = s.file("e.csv", text)
        return failure(chart(path, x: x, type: type, delimiter: delimiter.asciiValue, decimal: decimal, thousands: thousands))
            .map { "\($0)" } ?? "no error"
    }

    func testGermanDecimalsWithThousands() throws {
        let text = "t;v\n2026-01-01;1.234,56\n2026-01-02;-1.234.567,5\n2026-01-03;0,05\n2026-01-04;12\n2026-01-05;+7,\n2026-01-06;999\n"
        XCTAssertEqual(try values(text), [1234.56, -1_234_567.5, 0.05, 12, 7, 999])
    }

    func testQuotedFieldsAndGaps() throws {
        let text = "t;v\n2026-01-01;\"1.234,56\"\n2026-01-02; \"-2,5\" \n2026-01-03;\n2026-01-04;NA\n2026-01-05;\"1,5e3\"\n"
        XCTAssertEqual(try values(text), [1234.56, -2.5, nil, nil, 1500])
    }

    /// `decimal: ","` without a thousands separator: the dot is absent from the numbers, and reads nothing.
    func testDecimalCommaWithoutThousands() throws {
        XCTAssertEqual(try values("t;v\n2026-01-01;1234,56\n2026-01-02;-0,5\n", thousands: nil), [1234.56, -0.5])
        // With thousands "." given, numbers written without it read the same.
        XCTAssertEqual(try values("t;v\n2026-01-01;1234,56\n2026-01-02;1.234,56\n"), [1234.56, 1234.56])
    }

    func testSpacesAsThousands() throws {
        // A space, a no-break space (U+00A0) and a narrow no-break space (U+202F), as French exports write them.
        XCTAssertEqual(try values("t;v\n2026-01-01;\"1 234,5\"\n2026-01-02;1\u{A0}234\n2026-01-03;-12\u{202F}345\u{202F}678,25\n",
                                  thousands: " "),
                       [1234.5, 1234, -12_345_678.25])
    }

    func testEnglishThousands() throws {
        XCTAssertEqual(try values("t,v\n2026-01-01,\"1,234.5\"\n2026-01-02,\"-12,345\"\n", decimal: ".", thousands: ",", delimiter: ","),
                       [1234.5, -12345])
    }

    func testNumberXTakesTheStyleToo() throws {
        let path = s.file("x.csv", "km;v\n1,5;1\n1.002,25;2\n")
        XCTAssertEqual(try read(chart(path, x: "km", type: .number, delimiter: 0x3B, decimal: ",", thousands: ".")).0.x, [1.5, 1002.25])
    }

    func testGroupsOfThreeOnly() {
        XCTAssertEqual(error("t;v\n2026-01-01;1.23,5\n", decimal: ",", thousands: ".", delimiter: ";"),
                       "e.csv:2:12: error: field 'v': '1.23,5' is not a number as the source writes them (\"decimal\": \",\"): write digits with an optional sign, ',' before the decimals and '.' between groups of three digits, or leave the cell empty for a gap")
        XCTAssertEqual(error("t;v\n2026-01-01;12345.678,5\n", decimal: ",", thousands: ".", delimiter: ";"),
                       "e.csv:2:12: error: field 'v': '12345.678,5' is not a number as the source writes them (\"decimal\": \",\"): write digits with an optional sign, ',' before the decimals and '.' between groups of three digits, or leave the cell empty for a gap")
    }

    /// A currency sign or a word in a styled file is explained as in any file.
    func testSymbolsInAStyledFile() {
        XCTAssertEqual(error("t;v\n2026-01-01;12,50 €\n", decimal: ",", thousands: ".", delimiter: ";"),
                       "e.csv:2:12: error: field 'v': '12,50 €' is not a number; remove the '€' and give the unit in y.unit")
        XCTAssertEqual(error("t;v\n2026-01-01;zwölf\n", decimal: ",", delimiter: ";"),
                       "e.csv:2:12: error: field 'v': 'zwölf' is not a number; write digits with an optional sign, ',' and exponent, or leave the cell empty for a gap")
    }

    // MARK: Hints

    /// A quoted "1,234" in a file separated by commas is a thousands separator, not a decimal comma.
    func testQuotedThousandsSuggestsTheThousandsOption() {
        XCTAssertEqual(error("t,v\n2026-01-01,\"1,234\"\n"),
                       "e.csv:2:12: error: field 'v': '1,234' is not a number; it reads as 1234 with \"thousands\": \",\" in the source")
        XCTAssertEqual(error("t,v\n2026-01-01,\"-1,234,567.89\"\n"),
                       "e.csv:2:12: error: field 'v': '-1,234,567.89' is not a number; it reads as -1234567.89 with \"thousands\": \",\" in the source")
    }

    /// A comma-separated file cannot take the decimal comma: the hint says how to write the value.
    func testDecimalCommaInACommaFile() {
        XCTAssertEqual(error("t,v\n2026-01-01,\"12,5\"\n"),
                       "e.csv:2:12: error: field 'v': '12,5' is not a number; write it as 12.5: a file whose fields are separated by commas cannot take ',' as the decimal separator")
        XCTAssertEqual(error("t,v\n2026-01-01,\"1.234,5\"\n"),
                       "e.csv:2:12: error: field 'v': '1.234,5' is not a number; write it as 1234.5: a file whose fields are separated by commas cannot take ',' as the decimal separator")
    }

    func testGermanNumbersInASemicolonFileSuggestTheOptions() {
        XCTAssertEqual(error("t;v\n2026-01-01;1.234,56\n", delimiter: ";"),
                       "e.csv:2:12: error: field 'v': '1.234,56' is not a number; it reads as 1234.56 with \"decimal\": \",\" and \"thousands\": \".\" in the source")
        XCTAssertEqual(error("t;v\n2026-01-01;12,5\n", delimiter: ";"),
                       "e.csv:2:12: error: field 'v': '12,5' is not a number; it reads as 12.5 with \"decimal\": \",\" in the source")
        // With "decimal": "," but no thousands option, the thousands dot names it.
        XCTAssertEqual(error("t;v\n2026-01-01;-1.234,56\n", decimal: ",", delimiter: ";"),
                       "e.csv:2:12: error: field 'v': '-1.234,56' is not a number; it reads as -1234.56 with \"thousands\": \".\" in the source")
    }

    func testSpacesBetweenDigitsSuggestTheThousandsOption() {
        XCTAssertEqual(error("t;v\n2026-01-01;1\u{A0}234,5\n", decimal: ",", delimiter: ";"),
                       "e.csv:2:12: error: field 'v': '1\u{A0}234,5' is not a number; it reads as 1234.5 with \"thousands\": \" \" in the source")
    }

    /// JSON has its own numbers and no source options: its hints stay as they were.
    func testJSONHintsNameNoSourceOption() {
        let path = s.file("e.json", #"[{"t": "2026-01-01", "v": "1,234"}]"#)
        XCTAssertEqual(failure(chart(path)).map { "\($0)" },
                       "e.json:1:2: error: field 'v': '1,234' is not a number; remove the thousands separators (or write '.' if ',' is the decimal separator)")
    }

    func testAHeaderOfOneColumnWithSemicolonsSuggestsTheDelimiter() {
        XCTAssertEqual(error("t;v\n2026-01-01;1\n"),
                       "e.csv:1: error: field 't': there is no column 't'; the header's columns are 't;v'; the header is one column that holds a semicolon: set \"delimiter\": \";\" in the source")
        XCTAssertEqual(error("t\tv\n2026-01-01\t1\n", delimiter: ";"),
                       "e.csv:1: error: field 't': there is no column 't'; the header's columns are 't\tv'; the header is one column that holds a tab: set \"delimiter\": \"\\t\" in the source")
    }

    func testADateWhereANumberBelongsSuggestsTimeX() {
        XCTAssertEqual(error("t,v\n2026-01-05,1\n", type: .number),
                       "e.csv:2:1: error: field 't': '2026-01-05' is not a number but reads as a date; set \"type\": \"time\" in x")
        let path = s.file("d.json", #"[{"t": "2026-01-05T10:00:00Z", "v": 1}]"#)
        XCTAssertEqual(failure(chart(path, type: .number)).map { "\($0)" },
                       "d.json:1:2: error: field 't': '2026-01-05T10:00:00Z' is not a number but reads as a date; set \"type\": \"time\" in x")
    }

    /// A style that reads numbers is not a cost on files that keep the plain style: the same bytes
    /// read the same values either way.
    func testPlainFilesReadTheSameWithAndWithoutTheOptionsDeclared() throws {
        let text = "t,v\n2026-01-01,1.5\n2026-01-02,-2e3\n2026-01-03,\n"
        let path = s.file("p.csv", text)
        let plain = try read(chart(path)).0.y.map { $0.isNaN ? nil : $0 }
        XCTAssertEqual(plain, [1.5, -2000, nil])
        XCTAssertEqual(try values(text, decimal: ".", thousands: nil, delimiter: ","), plain)
    }
}
