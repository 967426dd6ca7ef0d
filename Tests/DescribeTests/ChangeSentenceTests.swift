import ChartpipeChartText
import ChartpipeCore
import ChartpipeText
import XCTest

/// Every kind of change in words, in every shipped locale: rendered without a problem, by the
/// writing rules, with the values the change has (the pairs of runs of EndToEndTests/ChangesTests
/// cover the kinds a run meets; these cover the variants it rarely does).
final class ChangeSentenceTests: XCTestCase {
    static let day = 86_400_000.0
    static let june1 = 1_780_272_000_000.0

    func words(_ locale: String, unit: String? = "USD", thresholds: [(name: String, value: Double)] = [("target", 1500)],
               values: [Double] = [1200, 1350.5, 1420]) -> ChangeSentences {
        let chart = DescribeCharts.spec(id: "sales", title: "Sales", yTitle: "Revenue", unit: unit, thresholds: thresholds)
        let x = values.indices.map { Self.june1 + Double($0) * Self.day }
        let history = ChartHistory(xType: .time, series: [DescribeCharts.series("Revenue", x: x, y: values)])
        return ChangeSentences(chart: chart, history: history, language: Catalog.embedded.writtenLanguage(for: locale), catalog: .embedded)
    }

    var every: [Change] {
        let (d1, d2, d3) = (Self.june1, Self.june1 + Self.day, Self.june1 + 2 * Self.day)
        return [
            Change(kind: .newPoints, series: "Revenue", count: 1, x: d3, y: 1420, previousX: d2, previousY: 1500),
            Change(kind: .newPoints, series: "Revenue", count: 1, x: d3, y: 1420, previousX: d2, previousY: 1420),
            Change(kind: .newPoints, series: "Revenue", count: 1, x: d1, y: 1420),
            Change(kind: .latestChanged, series: "Revenue", x: d3, y: 1420, previousX: d1, previousY: 1500),
            Change(kind: .latestChanged, series: "Revenue", x: d3, y: 1420, previousX: d1, previousY: 1420),
            Change(kind: .newLow, series: "Revenue", x: d2, y: 1100, previousY: 1150, since: d1),
            Change(kind: .trendStopped, series: "Revenue", trend: .decreasing),
            Change(kind: .trendStarted, series: "Revenue", trend: .decreasing),
            Change(kind: .newCrossing, series: "Revenue", x: d2 - 1000, threshold: "target", upward: false),
            Change(kind: .revised, series: "Revenue", count: 1, x: d2, y: 1350.5, previousY: 1300),
            Change(kind: .revised, series: "Revenue", count: 2, x: d2, y: 1350.5),
            Change(kind: .seriesAdded, series: "West"),
            Change(kind: .seriesRemoved, series: "South"),
            Change(kind: .revised, series: "Revenue", count: 1, x: d2, y: 1350.5),
            Change(kind: .revised, series: "Revenue", count: 1, x: d2, y: .nan, previousY: 1300),
            Change(kind: .revised, series: "Revenue", count: 3, x: d2, y: .nan, previousY: 1300),
            Change(kind: .newHigh, series: "Revenue", x: d3, y: 1420, previousY: 1400, since: d1),
            Change(kind: .trendStarted, series: "Revenue", trend: .increasing),
        ]
    }

    func testEveryVariantRendersByTheWritingRules() {
        for locale in ["en", "ja", "ko", "zh-Hans"] {
            var w = words(locale)
            for change in every {
                let text = w.sentence(change)
                XCTAssertNotNil(text, "\(change.kind) [\(locale)]")
                for problem in WritingRules.problems(in: text ?? "", locale: locale) { XCTFail("\(locale): \(problem): \(text ?? "")") }
            }
            XCTAssertEqual(w.problems, [], locale)
        }
    }

    func testTheEnglishSentencesSayTheValues() {
        var w = words("en")
        let said = every.map { w.sentence($0) ?? "" }
        XCTAssertEqual(said[0], "Since the last run, 1 data point was added to Revenue. Revenue on June 3 was $1,420.00, 5.3% below June 2 ($1,500.00).")
        XCTAssertEqual(said[1], "Since the last run, 1 data point was added to Revenue. Revenue on June 3 was $1,420.00, the same as June 2.")
        XCTAssertEqual(said[2], "Since the last run, 1 data point was added to Revenue. Revenue on June 1 was $1,420.00.")
        XCTAssertEqual(said[3], "The latest value of Revenue is 5.3% below the latest value in the last run ($1,500.00 on June 1).")
        XCTAssertEqual(said[4], "The latest value of Revenue equals the latest value in the last run ($1,420.00 on June 1).")
        XCTAssertEqual(said[5], "Revenue fell to $1,100.00 on June 2, a new low for the series since June 1; the previous low was $1,150.00.")
        XCTAssertEqual(said[6], "The significant decreasing trend the last run found in Revenue is no longer there.")
        // The crossing's x is interpolated: it is said at the first point past it.
        XCTAssertEqual(said[8], "Revenue fell below the target threshold ($1,500) on June 2.")
        XCTAssertEqual(said[9], "Revenue on June 2 was revised from $1,300.00 to $1,350.50.")
        // A gap filled, and a value emptied, in their own words.
        XCTAssertEqual(said[10], "2 earlier values of Revenue changed; June 2, missing in the last run, is now $1,350.50.")
        XCTAssertEqual(said[13], "Revenue on June 2, missing in the last run, is now $1,350.50.")
        XCTAssertEqual(said[14], "Revenue on June 2, $1,300.00 in the last run, is now missing.")
        XCTAssertEqual(said[15], "3 earlier values of Revenue changed; June 2, $1,300.00 in the last run, is now missing.")
        XCTAssertEqual(said[16], "Revenue reached $1,420.00 on June 3, a new high for the series since June 1; the previous high was $1,400.00.")
        XCTAssertEqual(said[11], "West is a new series, with no values.")
        XCTAssertEqual(said[12], "South, which was in the last run, is no longer in the data.")
    }

    /// A trend that starts or stops is named by the direction of the quantity: money rises (상승,
    /// 上涨, 上昇), a count increases (증가, 增长, 増加), a temperature drops (하락, 下降, 低下); Chinese
    /// trend nouns (增长趋势, 下降趋势) are not the verbs (增加, 降低).
    func testATrendTakesTheVerbOfTheQuantity() {
        let started = Change(kind: .trendStarted, series: "Revenue", trend: .increasing)
        let stopped = Change(kind: .trendStopped, series: "Revenue", trend: .decreasing)
        let expected: [(unit: String?, values: [Double], locale: String, started: String, stopped: String)] = [
            ("USD", [1200, 1350.5, 1420], "ko", "상승 추세", "하락 추세"),
            ("USD", [1200, 1350.5, 1420], "zh-Hans", "显著上涨趋势", "显著下跌趋势"),
            ("USD", [1200, 1350.5, 1420], "ja", "上昇傾向", "下落傾向"),
            (nil, [120, 135, 142], "ko", "증가 추세", "감소 추세"),
            (nil, [120, 135, 142], "zh-Hans", "显著增长趋势", "显著下降趋势"),
            (nil, [120, 135, 142], "ja", "増加傾向", "減少傾向"),
            ("temperature-celsius", [20, 21.5, 23], "ko", "상승 추세", "하락 추세"),
            ("temperature-celsius", [20, 21.5, 23], "zh-Hans", "显著上升趋势", "显著下降趋势"),
            ("temperature-celsius", [20, 21.5, 23], "ja", "上昇傾向", "低下傾向"),
        ]
        for e in expected {
            var w = words(e.locale, unit: e.unit, thresholds: [], values: e.values)
            let (a, b) = (w.sentence(started) ?? "", w.sentence(stopped) ?? "")
            XCTAssertTrue(a.contains(e.started), "\(e.locale) \(e.unit ?? "count"): \(a)")
            XCTAssertTrue(b.contains(e.stopped), "\(e.locale) \(e.unit ?? "count"): \(b)")
            XCTAssertEqual(w.problems, [])
        }
    }

    /// A percentage changes by percentage points; a temperature in Celsius by degrees.
    func testDifferencesFollowTheQuantity() {
        var share = words("en", unit: "percent", thresholds: [], values: [40, 42.5, 45])
        XCTAssertEqual(share.difference(from: 42.5, to: 45), "2.5 percentage points")
        var heat = words("en", unit: "temperature-celsius", thresholds: [], values: [20, 21.5, 23])
        XCTAssertEqual(heat.difference(from: 20, to: 23), "3 degrees")
        var korean = words("ko", unit: nil, thresholds: [], values: [100, 120, 150])
        XCTAssertEqual(korean.difference(from: 120, to: 150), "25%")
        // A change under a twentieth of a percent is not "0%": two decimals, else the amount.
        XCTAssertEqual(korean.difference(from: 9_877_000, to: 9_879_340), "0.02%")
        XCTAssertEqual(korean.difference(from: 10_000_000, to: 10_000_100), "100")
        // Korean writes no general counter on a unitless value (issue 13).
        XCTAssertEqual(korean.value(150), "150")
    }

    /// Nothing is said when nothing changed; the latest value against the point the new points
    /// already compared with is said once.
    func testNothingIsSaidTwiceOrWhenNothingChanged() {
        var w = words("en")
        XCTAssertEqual(w.sentences([]), [])
        let d2 = Self.june1 + Self.day, d3 = Self.june1 + 2 * Self.day
        let both = [Change(kind: .newPoints, series: "Revenue", count: 1, x: d3, y: 1420, previousX: d2, previousY: 1350.5),
                    Change(kind: .latestChanged, series: "Revenue", x: d3, y: 1420, previousX: d2, previousY: 1350.5)]
        XCTAssertEqual(w.sentences(both).map(\.kind), [.newPoints])
    }
}
