import ChartpipeText
import XCTest

/// SPEC §5 as checks: each rule flags what it must and leaves real values alone.
final class WritingRulesTests: XCTestCase {
    func testFlagsWhatTheRulesForbid() {
        let cases: [(String, String, String)] = [
            ("Sales rose gradually.", "en", "subjective word 'gradual'"),
            ("It fell sharply in June.", "en", "subjective word 'sharp'"),
            ("The red line shows North.", "en", "colour word 'red'"),
            ("매출이 점차 증가했습니다.", "ko", "subjective word '점차'"),
            ("파란 선은 북부입니다.", "ko", "colour word '파란'"),
            ("销售额逐渐上升。", "zh-Hans", "subjective word '逐渐'"),
            ("On 6/6 it peaked.", "en", "numeric date"),
            ("2026-06-06 was the highest.", "en", "numeric date"),
            ("Latency was 60m at noon.", "en", "abbreviated unit"),
            ("It took 5h.", "en", "abbreviated unit"),
            ("매출(을)를 보여 줍니다.", "ko", "unresolved particle marker"),
            ("Missing ⟦%2$@⟧ here", "en", "a placeholder was not rendered"),
        ]
        for (text, locale, problem) in cases {
            XCTAssertTrue(WritingRules.problems(in: text, locale: locale).contains { $0.hasPrefix(problem) }, "\(text) → \(WritingRules.problems(in: text, locale: locale))")
        }
    }

    func testLeavesRealValuesAlone() {
        let fine: [(String, String)] = [
            ("From June 1 to June 15: rose 62.5% from $1,200 to $1,950", "en"),
            ("Request latency was 60 minutes at 14:00 on June 6.", "en"),
            ("The reading entered at 1,200 was shared by every region.", "en"),
            ("6월 1일부터 6월 15일까지 1,200달러에서 1,950달러로 62.5% 증가했습니다.", "ko"),
            ("6月1日至6月15日，从1,200美元增至1,950美元，增长62.5%。", "zh-Hans"),
            ("Kendall's tau is 0.75 (p < 0.001).", "en"),
        ]
        for (text, locale) in fine {
            XCTAssertEqual(WritingRules.problems(in: text, locale: locale), [], text)
        }
    }
}
