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
            ("注册人数显著增长。", "zh-Hans", "subjective word '显著增长'"),
            ("売上は徐々に増加しました。", "ja", "subjective word '徐々に'"),
            ("6月に急激に減少しました。", "ja", "subjective word '急激'"),
            ("売上はわずかに減少しました。", "ja", "subjective word 'わずかに'"),
            ("レイテンシは通常60分です。", "ja", "subjective word '通常'"),
            ("売上は大幅に増加しました。", "ja", "subjective word '大幅'"),
            ("値はやや高くなりました。", "ja", "subjective word 'やや'"),
            ("値はしばしば目標を上回りました。", "ja", "subjective word 'しばしば'"),
            ("赤い線は北部を表しています。", "ja", "colour word '赤い'"),
            ("青い線は南部です。", "ja", "colour word '青い'"),
            ("緑の系列は東部です。", "ja", "colour word '緑'"),
            ("黄色の棒は西部です。", "ja", "colour word '黄色'"),
            ("紫の線は目標です。", "ja", "colour word '紫'"),
            ("灰色の線は目標です。", "ja", "colour word '色'"),
            ("6/6に最大になりました。", "ja", "numeric date"),
            ("2026/6/6に最大になりました。", "ja", "numeric date"),
            ("6/6에 가장 높았습니다.", "ko", "numeric date"),
            ("レイテンシは60mでした。", "ja", "abbreviated unit"),
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
            ("6月1日から6月15日にかけて、1,200ドルから1,950ドルへ62.5%増加しました。", "ja"),
            ("6月6日 14:00のレイテンシは60分でした。", "ja"),
            ("7月18日から7月19日にかけて、2,023.38ドルから1,313.12ドルへ35.1%減少しました。", "ja"),
            ("マン・ケンドール検定の結果、売上に有意な増加傾向が認められました（p < 0.001、ケンドールのτ = 0.75）。", "ja"),
            ("売上の平均値は1,564ドル、中央値は1,532ドル、標準偏差は228ドルです。", "ja"),
            ("売上の1日あたりの変化量の中央値（センの傾き）は25.80ドルです。", "ja"),
            ("Kendall's tau is 0.75 (p < 0.001).", "en"),
            ("上次运行时注册人数呈显著增长趋势，本次已不再显著。", "zh-Hans"),
        ]
        for (text, locale) in fine {
            XCTAssertEqual(WritingRules.problems(in: text, locale: locale), [], text)
        }
    }
}
