@testable import ChartpipeText
import XCTest

final class ChineseTextTests: XCTestCase {
    func testPunctuationBecomesFullWidthNextToHan() {
        XCTAssertEqual(ChineseText.normalize("收入增长了12.5%, 达到1,200元."), "收入增长了12.5%，达到1,200元。")
        XCTAssertEqual(ChineseText.normalize("销售额: 1,200"), "销售额：1,200")
        XCTAssertEqual(ChineseText.normalize("收入(美元)增长"), "收入（美元）增长")
        XCTAssertEqual(ChineseText.normalize("是否增长?"), "是否增长？")
    }

    func testNumbersAndLatinPhrasesKeepTheirPunctuation() {
        XCTAssertEqual(ChineseText.normalize("从3.5到1,200"), "从3.5到1,200")
        XCTAssertEqual(ChineseText.normalize("时间12:30"), "时间12:30")
        XCTAssertEqual(ChineseText.normalize("系列Sales, Q1增长"), "系列Sales, Q1增长")
        XCTAssertEqual(ChineseText.normalize("Revenue, Q1"), "Revenue, Q1")
    }

    func testNoSpacesBetweenHanAndDigits() {
        XCTAssertEqual(ChineseText.normalize("共 30 个数据点"), "共30个数据点")
        XCTAssertEqual(ChineseText.normalize("增长了 12% 。"), "增长了12%。")
        XCTAssertEqual(ChineseText.normalize("收入 , 成本"), "收入，成本")
    }

    /// Text without a space or widened punctuation is returned as it is; every widened character
    /// still reaches the rules (the shortcut lists them apart from `fullWidth`).
    func testTextWithoutSpacesOrPunctuationIsUnchanged() {
        XCTAssertEqual(ChineseText.normalize("6月1日0时"), "6月1日0时")
        XCTAssertEqual(ChineseText.normalize("6月1日 06:30"), "6月1日 06:30")
        XCTAssertEqual(ChineseText.normalize("共 3 个"), "共3个")
        for (ascii, wide) in ChineseText.fullWidth where ascii != "(" && ascii != ")" {
            XCTAssertEqual(ChineseText.normalize("中文\(ascii)中文"), "中文\(wide)中文", String(ascii))
        }
        XCTAssertEqual(ChineseText.normalize("收入(美元)"), "收入（美元）")
    }

    func testLintProblems() {
        XCTAssertEqual(ChineseText.problems(in: "%1$@从%3$@增至%4$@，增长了%2$@。"), [])
        XCTAssertEqual(ChineseText.problems(in: "销售额: %1$@"), ["ASCII ':' in Chinese text; write '：'"])
        XCTAssertEqual(ChineseText.problems(in: "共 %lld 个点").count, 2)
    }
}
