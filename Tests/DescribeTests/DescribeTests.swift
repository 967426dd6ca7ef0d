import ChartpipeCore
import ChartpipeText
@testable import Describe
import Trend
import Foundation
import XCTest
import ChartpipeJSON
import ChartpipeTestSupport

final class DescribeTests: XCTestCase {
    private func described(_ context: ChartContext, points: PointSelection = .all) throws -> ChartContext {
        var context = context
        try Describe(["points": points.optionValue]).run(&context)
        return context
    }

    private func description(_ context: ChartContext, _ locale: String) throws -> ChartDescription {
        try XCTUnwrap(context[DescriptionsKey.self]?[locale])
    }

    func testOptionsComeFromTheStageDescription() throws {
        XCTAssertEqual(Describe.description.name, "describe")
        XCTAssertEqual(Describe.description.needs, [Need(.trend)])
        XCTAssertEqual(Describe.description.adds, [.descriptions])
        let stage = try Describe(options: StageOptions(["points": "notable", "formats": ["md"]]))
        XCTAssertEqual(stage.points, .notable)
        XCTAssertEqual(stage.formats, [.md])
        XCTAssertThrowsError(try Describe(options: StageOptions(["points": "some"])))
        var context = try DescribeCharts.rising()
        try stage.run(&context)
        XCTAssertEqual(context.artifacts.filter { $0.kind != "trend" }.map(\.path).sorted(),
                       DescribeCharts.locales.flatMap { ["axchart.\($0).json", "description.\($0).md", "navigation.\($0).json"] }.sorted())
    }

    func testWithoutTrendTheStageSaysWhatToAdd() throws {
        var context = ChartContext(chart: DescribeCharts.spec(id: "c", title: "T", yTitle: "Y"),
                                   run: RunInfo(locales: ["en"], pipelineDirectory: "/tmp", pipelineName: "p"),
                                   data: SeriesSet(xType: .time))
        XCTAssertThrowsError(try Describe().run(&context)) { error in
            XCTAssertTrue("\(error)".contains("{ \"use\": \"trend\" }"), "\(error)")
        }
    }

    /// A significant rise is stated with real values and dates, in every locale.
    func testRisingSeriesSaysHowMuchFromWhatToWhat() throws {
        let context = try described(DescribeCharts.rising())
        let trend = try XCTUnwrap(context[TrendKey.self]?.series.first)
        XCTAssertEqual(trend.mannKendall?.trend, .increasing)
        let en = try description(context, "en")
        let first = try XCTUnwrap(trend.first), last = try XCTUnwrap(trend.last)
        let percent = LocaleFormats(locale: "en").percent(try XCTUnwrap(trend.change?.percent))
        let money = { (v: Double) in LocaleFormats(locale: "en").currency(v, code: "USD", precision: .integer) }
        // The summary says the year once, even for data within one year.
        XCTAssertTrue(en.summary.hasPrefix("The chart “Daily revenue” shows the revenue by date. From June 1 to June 30, 2026, the revenue rose"), en.summary)
        XCTAssertTrue(en.summary.contains("rose \(percent) from \(money(first.y)) to \(money(last.y))"), en.summary)
        // An extreme at an end was just said as that end's value: it is not said again.
        XCTAssertEqual(trend.max?.index, trend.last?.index)
        XCTAssertFalse(en.summary.contains("highest"), en.summary)
        XCTAssertEqual(trend.min?.index, trend.first?.index)
        XCTAssertTrue(en.summary.hasSuffix("to \(money(last.y))."), en.summary)
        // Revenue is money: it rises and falls as prices do (상승, 上涨, 上昇).
        let ko = try description(context, "ko")
        XCTAssertTrue(ko.summary.contains("2026년 6월 1일부터 6월 30일까지 Revenue"), ko.summary)
        XCTAssertTrue(ko.summary.contains("62.7% 상승했습니다."), ko.summary)
        let zh = try description(context, "zh-Hans")
        XCTAssertTrue(zh.summary.contains("6月1日至6月30日"), zh.summary)
        XCTAssertTrue(zh.summary.contains("升至1,965美元，上涨62.7%"), zh.summary)
        XCTAssertTrue(try description(context, "ja").summary.contains("62.7%上昇しました。"))
    }

    /// With no significant Mann-Kendall trend no direction is stated: the values ranged between A and B.
    func testNoSignificantTrendStatesNoDirection() throws {
        let context = try described(DescribeCharts.monthly())
        XCTAssertEqual(context[TrendKey.self]?.series.first?.mannKendall?.trend, MonotonicTrend.none)
        let en = try description(context, "en")
        XCTAssertTrue(en.summary.contains("showed no significant trend; its values ranged between 26 minutes"), en.summary)
        for word in ["rose", "fell", "increas", "decreas"] { XCTAssertFalse(en.summary.contains(word), en.summary) }
        XCTAssertFalse(try description(context, "ko").summary.contains("증가"))
        XCTAssertFalse(try description(context, "zh-Hans").summary.contains("上升"))
        // Monthly points are written as months with their year; units are spelled out.
        XCTAssertTrue(en.summary.contains("From January 2025 to December 2026, the response time"), en.summary)
        XCTAssertTrue(try description(context, "ko").summary.contains("2025년 1월부터 2026년 12월까지"))
        XCTAssertTrue(try description(context, "zh-Hans").summary.contains("分钟"))
        XCTAssertTrue(try description(context, "ko").summary.contains("분"))
    }

    func testHourlyDataIsWrittenWithTheTimeInTheChartsZone() throws {
        let context = try described(DescribeCharts.fallingHourly())
        let en = try description(context, "en")
        // 06:00 UTC is 3 PM in Seoul.
        XCTAssertTrue(en.summary.contains("June 1 at 3:00\u{202F}PM"), en.summary)
        // A change of a percentage is said in percentage points.
        XCTAssertTrue(en.summary.contains("fell 74.5 percentage points from 97.4% to 22.9%"), en.summary)
        XCTAssertTrue(try description(context, "ko").summary.contains("74.5퍼센트포인트 하락"))
        XCTAssertTrue(try description(context, "zh-Hans").summary.contains("下降74.5个百分点"))
        XCTAssertEqual(en.axes[1].text, "The y axis shows the battery level, from 0% to 100%.")
        let ko = try description(context, "ko")
        XCTAssertTrue(ko.summary.contains("6월 1일 15시"), ko.summary)
        let axchart = try JSONParser.parse(try XCTUnwrap(context.artifacts.first { $0.path == "axchart.en.json" }).bytes)
        XCTAssertEqual(axchart["yAxis"]?["range"]?["upperBound"], 100)
        XCTAssertEqual(axchart["series"]?.arrayValue?.first?["isContinuous"], true)
        // AXChartDescriptor's numeric axis takes time as seconds since 1970 (2026-06-01T15:00:00+09:00).
        XCTAssertEqual(axchart["xAxis"]?["range"]?["lowerBound"], 1_780_293_600)
        XCTAssertEqual(axchart["xAxis"]?["valueKind"], "date")
        let crossings = try XCTUnwrap(en.navigation.first { $0.name == "thresholdCrossings" })
        XCTAssertTrue(crossings.entries[0].label.contains("fell below the low threshold (40%)"), crossings.entries[0].label)
    }

    /// One point is described as a single value (SPEC §8).
    func testOnePointIsASingleValue() throws {
        let context = try described(DescribeCharts.onePoint())
        XCTAssertEqual(try description(context, "en").summary, "The chart “Daily revenue” shows a single value of Revenue: $1,950 (June 6, 2026).")
        XCTAssertEqual(try description(context, "ko").summary, "Daily revenue 차트의 Revenue 값은 2026년 6월 6일의 1,950달러 하나뿐입니다.")
        XCTAssertEqual(try description(context, "zh-Hans").summary, "“Daily revenue”图表只有一个Revenue数值：2026年6月6日的1,950美元。")
    }

    /// An aggregated value is said as what it is, over its bucket; a partial bucket says so.
    func testAggregatedValuesNameTheirOperationAndBucket() throws {
        let weekly = try described(DescribeCharts.weeklyTemperature())
        let en = try description(weekly, "en")
        // The data starts on Tuesday May 1: the first week is partial.
        XCTAssertTrue(en.summary.contains("From the week of April 30 (partial) to the week of September 24, 1973"), en.summary)
        XCTAssertTrue(en.summary.contains("the weekly mean ranged from 60.86 degrees Fahrenheit (the week of May 21) to 93.14"), en.summary)
        XCTAssertTrue(try description(weekly, "ko").summary.contains("주간 평균은 화씨 60.86도(5월 21일 주간)에서 93.14도(8월 27일 주간)까지 분포했습니다."))
        XCTAssertTrue(try description(weekly, "zh-Hans").summary.contains("每周平均值介于60.86华氏度（5月21日当周）"))
        XCTAssertTrue(try description(weekly, "ja").summary.contains("週平均は華氏60.86度（5月21日の週）から"))
        // Numeric bins read as ranges; the last, which the data covers only in part, says so.
        let bins = try described(DescribeCharts.sunspotDecades())
        let binsEn = try description(bins, "en")
        // A bin is named by the data it holds: the last decade's data ends in 1988 (issue 31).
        // Decades of sunspots are serially correlated: the corrected test finds no trend, where the original found a 3.5-fold rise.
        XCTAssertTrue(binsEn.summary.contains("From 1700–1709 to 1980–1988 (partial), the sunspot number showed no significant trend"), binsEn.summary)
        XCTAssertTrue(binsEn.summary.contains("the bin mean ranged from 20.88 (1810–1819) to 91.68 (1950–1959)"), binsEn.summary)
        XCTAssertTrue(try description(bins, "ko").summary.contains("1700~1709년부터 1980~1988년(일부 기간)까지"))
    }

    /// Of many series, the largest change of one with no trend is said by its ends, not "rose the
    /// most", which would contradict "no significant trend" beside it (issue 31).
    func testTheLargestChangeWithoutATrendIsSaidByItsEnds() throws {
        let x = DescribeCharts.days(12)
        var series = (0..<8).map { k in DescribeCharts.series("Store \(k + 1)", x: x, y: x.indices.map { 100 + Double($0 + k) }) }
        series.append(DescribeCharts.series("Jumpy", x: x, y: [10, 60, 12, 58, 14, 56, 16, 54, 18, 52, 20, 25]))
        let chart = DescribeCharts.spec(id: "stores", title: "Stores", yTitle: "Sales")
        let context = try described(DescribeCharts.context(chart, SeriesSet(xType: .time, series: series)), points: .none)
        let en = try description(context, "en")
        XCTAssertTrue(en.summary.contains("Jumpy ended the most above where it began, 150% higher."), en.summary)
        XCTAssertFalse(en.summary.contains("Jumpy rose the most"), en.summary)
        for locale in DescribeCharts.locales where locale != "en" {
            XCTAssertTrue(try description(context, locale).summary.contains("Jumpy"), locale)
        }
    }

    /// Two hundred series are counted, not listed; the few that matter are named; crossovers are
    /// counted and navigation lists are capped with the count of the rest; the description stays small.
    func testManySeriesAreCountedAndTheDescriptionStaysSmall() throws {
        let context = try described(DescribeCharts.manySeries(), points: .none)
        let en = try description(context, "en")
        XCTAssertTrue(en.summary.hasPrefix("The chart “Daily sales by store” shows sales of 200 series from June 1 to July 30, 2026"), en.summary)
        XCTAssertFalse(en.summary.contains("Store 3,"), en.summary)
        XCTAssertTrue(en.summary.contains(" rose the most, "), en.summary)
        XCTAssertTrue(en.summary.contains(" fell the most, "), en.summary)
        let trend = try XCTUnwrap(context[TrendKey.self])
        XCTAssertGreaterThan(trend.crossovers.count, 1000)
        XCTAssertLessThanOrEqual(en.statistics.count, 4 * 6 + 1)
        XCTAssertEqual(en.statistics.filter { $0.hasPrefix("Series crossed one another") }.count, 1)
        for list in en.navigation { XCTAssertLessThanOrEqual(list.entries.count, 100, list.name) }
        let crossovers = try XCTUnwrap(en.navigation.first { $0.name == "crossovers" })
        XCTAssertEqual(crossovers.title, "Series crossovers (first 100 of \(LocaleFormats(locale: "en").integer(trend.crossovers.count)))")
        for locale in DescribeCharts.locales {
            let bytes = try XCTUnwrap(context.artifacts.first { $0.path == "description.\(locale).json" }).bytes.count
            XCTAssertLessThan(bytes, 400_000, locale)
        }
    }

    /// A known period is found and said with real values; a trend alone is no season.
    func testSeasonsAreFoundAndStatedWithRealValues() throws {
        let day = DescribeCharts.day
        let start = Double(TimeText.days(year: 2021, month: 1, day: 1)) * day
        var noise = DescribeCharts.Noise(seed: 9)
        // Three years of daily values peaking in mid-July (day 196) and lowest in mid-January.
        let x = (0..<1095).map { start + Double($0) * day }
        let y = x.indices.map { i in 15 + 10 * cos(2 * .pi * (Double(i % 365) - 196) / 365) + noise.gauss(1) }
        let season = try XCTUnwrap(Seasonality.find(x: x, y: y, zone: "UTC"))
        XCTAssertEqual(season.period, .year)
        // Named by the means of the values: mid-July's peak makes June and July (or July and August) highest.
        XCTAssertTrue([5, 6].contains(season.high.first) && season.high.phases.contains(6), "\(season)")
        XCTAssertTrue(season.low.phases.contains(0), "\(season)")
        // The means stated are of every value of those months, the first and last half-year included.
        func mean(ofMonths months: [Int]) -> Double {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
            let chosen = x.indices.filter { months.contains(calendar.component(.month, from: Date(timeIntervalSince1970: x[$0] / 1000)) - 1) }
            return chosen.map { y[$0] }.reduce(0, +) / Double(chosen.count)
        }
        XCTAssertEqual(season.highMean, mean(ofMonths: season.high.phases), accuracy: 1e-9)
        XCTAssertEqual(season.lowMean, mean(ofMonths: season.low.phases), accuracy: 1e-9)
        // Phases by arithmetic agree with the calendar, before 1970 too.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        for millis in stride(from: -2_000_000_000_000.0, to: 2_000_000_000_000, by: 37_123_456_789) {
            let c = calendar.dateComponents([.month, .weekday, .hour], from: Date(timeIntervalSince1970: millis / 1000))
            XCTAssertEqual(Seasonality.phase(millis, .year, offset: 0), (c.month ?? 0) - 1)
            XCTAssertEqual(Seasonality.phase(millis, .week, offset: 0), ((c.weekday ?? 0) + 5) % 7)
            XCTAssertEqual(Seasonality.phase(millis, .day, offset: 0), c.hour ?? -1)
        }
        // A straight rise with noise has none.
        XCTAssertNil(Seasonality.find(x: x, y: x.indices.map { Double($0) + noise.gauss(1) }, zone: "UTC"))
        let context = try described(DescribeCharts.nottingham())
        let en = try description(context, "en")
        // What "highest" compares is said: the means of the months (issue 31).
        XCTAssertTrue(en.summary.contains("The mean temperature follows a yearly cycle: its mean is highest in July–August"), en.summary)
        XCTAssertTrue(try description(context, "ko").summary.contains("평균 기온은 1년 주기를 보입니다. 평균은 해마다 7월~8월에 가장 높고"))
        XCTAssertTrue(try description(context, "zh-Hans").summary.contains("平均值每年7月至8月最高"))
        XCTAssertTrue(try description(context, "ja").summary.contains("平均値は毎年7月〜8月に最も高く"))
    }

    /// Two values make no significant trend, but their change is a fact: it is stated.
    func testAShortSeriesStatesItsChange() throws {
        let context = try described(DescribeCharts.twoPoints())
        XCTAssertEqual(context[TrendKey.self]?.series[0].mannKendall?.trend, MonotonicTrend.none)
        XCTAssertEqual(try description(context, "en").summary,
                       "This chart shows members by date. From June to July 2026, members increased 80% from 5 to 9.")
        XCTAssertTrue(try description(context, "ko").summary.contains("Members는 5에서 9로 80% 증가했습니다."))
    }

    /// Sen's slope is a median rate, never a change the values made every day; its estimator keeps
    /// its Latin name (Korean "센 기울기" reads as "a steep slope"). A spread and a rate of
    /// temperatures are differences, in degrees without the scale.
    func testSensSlopeIsAMedianRateAndTemperatureSpreadsAreDegrees() throws {
        let stock = try described(DescribeCharts.stock())
        let sentences = try ["en", "ko", "zh-Hans", "ja"].map { try description(stock, $0).statistics.joined(separator: " ") }
        XCTAssertTrue(sentences[0].contains("The closing price rose by a median of $0.15 per day (Sen's slope)."), sentences[0])
        XCTAssertTrue(sentences[1].contains("종가의 하루 상승 폭은 중앙값으로 0.15달러입니다(Sen 기울기)."), sentences[1])
        XCTAssertTrue(sentences[2].contains("按Sen斜率估算，收盘价每天的上涨幅度中位数为0.15美元。"), sentences[2])
        XCTAssertTrue(sentences[3].contains("終値の1日あたりの上昇幅は、中央値で0.15ドルです（Senの傾き）。"), sentences[3])
        XCTAssertFalse(sentences[1].contains("센 기울기"))
        let temperature = try described(DescribeCharts.temperature())
        let ko = try description(temperature, "ko").statistics.joined(separator: " ")
        XCTAssertTrue(ko.contains("표준편차는 9.47도입니다."), ko)
        // A summer of daily highs is serially correlated: the corrected test finds no trend, so no rate is said (issue 31).
        XCTAssertTrue(ko.contains("자기상관을 보정한 맨-켄달 검정(Hamed·Rao 방법) 결과, 최고기온에서 유의미한 추세가 나타나지 않았습니다"), ko)
        XCTAssertFalse(ko.contains("하루 상승 폭"), ko)
        let ja = try description(temperature, "ja").statistics.joined(separator: " ")
        XCTAssertTrue(ja.contains("標準偏差は9.47度です。"), ja)
    }

    /// One myriad style per language for values, statistics and rates alike; a count's spread and
    /// a unitless value take no general counter.
    func testLargeCountsReadInOneStyle() throws {
        let unemployed = try described(DescribeCharts.unemployed())
        let ko = try description(unemployed, "ko").statistics.joined(separator: " ")
        XCTAssertTrue(ko.contains("실업자 수의 평균은 963만 1천 명, 중앙값은 857만 6천 명, 표준편차는 289만 1천 명입니다."), ko)
        XCTAssertTrue(ko.contains("한 달 증가 폭은 중앙값으로 2만 8853명입니다"), ko)
        let zh = try description(unemployed, "zh-Hans").statistics.joined(separator: " ")
        XCTAssertTrue(zh.contains("平均值为963.1万人，中位数为857.6万人，标准差为289.1万人"), zh)
        XCTAssertTrue(zh.contains("每月的增长幅度中位数为2.89万人"), zh)
        let ja = try description(unemployed, "ja").statistics.joined(separator: " ")
        XCTAssertTrue(ja.contains("平均値は963万1000人、中央値は857万6000人、標準偏差は289万1000人です。"), ja)
        let fruit = try described(DescribeCharts.categories())
        XCTAssertTrue(try description(fruit, "zh-Hans").statistics.joined().contains("标准差为14.7。"))
        XCTAssertTrue(try description(fruit, "ko").statistics.joined().contains("표준편차는 14.7입니다."))
    }

    /// Gaps are counted; a change from 0 has no percent, so the amount is said.
    func testGapsAreCountedAndAChangeFromZeroIsAnAmount() throws {
        let context = try described(DescribeCharts.gaps())
        let en = try description(context, "en")
        XCTAssertTrue(en.series[0].summary.contains("The distance is missing 3 values."), en.series[0].summary)
        // From 0 the amount would only repeat the last value: the change is said by its ends.
        XCTAssertTrue(en.summary.contains("the distance rose from 0 to 28.5 kilometers."), en.summary)
        XCTAssertTrue(try description(context, "zh-Hans").summary.contains("从0公里上升至28.5公里"))
        XCTAssertTrue(try description(context, "ko").series[0].summary.contains("결측값이 3개"))
        let labels = try XCTUnwrap(context[PointLabelsKey.self]?["en"]?.first)
        XCTAssertEqual(labels[4], "2, no value, 5 of 20")
    }

    func testCategoryAxisListsItsCategoriesAndBarsAreDiscrete() throws {
        let context = try described(DescribeCharts.categories())
        let en = try description(context, "en")
        XCTAssertEqual(en.axes[0].text, "The x axis shows the fruit in 5 categories: Apples, Pears, Plums, Cherries, and Figs.")
        XCTAssertEqual(try description(context, "zh-Hans").axes[0].text, "横轴表示Fruit，共5个类别：Apples、Pears、Plums、Cherries和Figs。")
        let axchart = try JSONParser.parse(try XCTUnwrap(context.artifacts.first { $0.path == "axchart.en.json" }).bytes)
        XCTAssertEqual(axchart["xAxis"]?["categoryOrder"]?.arrayValue?.count, 5)
        XCTAssertEqual(axchart["series"]?.arrayValue?.first?["isContinuous"], false)
        XCTAssertEqual(axchart["series"]?.arrayValue?.first?["dataPoints"]?.arrayValue?.first?["x"], "Apples")
    }

    /// Several series: the summary names them, groups them by verdict, and crossovers are navigable.
    func testMultiSeriesSummaryAndCrossovers() throws {
        let context = try described(DescribeCharts.dailySales())
        let trend = try XCTUnwrap(context[TrendKey.self])
        XCTAssertFalse(trend.crossovers.isEmpty)
        let en = try description(context, "en")
        XCTAssertTrue(en.summary.hasPrefix("The chart “Daily sales” shows the revenue of North, South, East, and West from June 1 to August 31, 2026, with values between $"),
                      en.summary)
        XCTAssertTrue(en.summary.contains("rose"), en.summary)
        let crossovers = try XCTUnwrap(en.navigation.first { $0.name == "crossovers" })
        XCTAssertEqual(crossovers.entries.count, trend.crossovers.count)
        XCTAssertTrue(en.statistics.contains { $0.contains(" crossed ") && $0.contains(" and ") })
        let outliers = try XCTUnwrap(en.navigation.first { $0.name == "outliers" })
        XCTAssertTrue(outliers.entries.contains { $0.label.hasPrefix("East: July 18") }, "\(outliers.entries.map(\.label))")
        XCTAssertEqual(en.navigation.map(\.name).first, "peaks")
        XCTAssertTrue(en.navigation.contains { $0.name == "thresholdCrossings" })
    }

    /// Past five outliers, the statistics sentence says how many there are and names the five
    /// that stand out most (the largest scores), in order of x, in every locale; the navigation
    /// list still holds every one.
    func testManyOutliersAreCountedAndTheFiveThatStandOutMostNamed() throws {
        var noise = DescribeCharts.Noise(seed: 12)
        var y = (0..<120).map { _ in (100 + noise.gauss(0.5) * 10).rounded() / 10 }
        let spikes = [(10, 10.0), (20, 30.0), (30, 20.0), (40, 50.0), (50, 15.0), (60, 40.0), (70, 25.0), (80, 35.0)]
        for (i, height) in spikes { y[i] += height }
        let chart = DescribeCharts.spec(id: "spikes", title: "Spikes", yTitle: "Level")
        let context = try described(DescribeCharts.context(chart, SeriesSet(xType: .time, series: [
            DescribeCharts.series("level", x: DescribeCharts.days(120), y: y)])))
        let trend = try XCTUnwrap(context[TrendKey.self]?.series.first)
        XCTAssertEqual(trend.outliers.map(\.point.index), spikes.map(\.0))
        // The five largest scores are the spikes of 50, 40, 35, 30 and 25, at x order 20, 40, 60, 70, 80.
        let named = ChartDescriber.standingOutMost(trend.outliers, 5).map(\.point.index)
        XCTAssertEqual(named, [20, 40, 60, 70, 80])
        let expected = [
            "en": "The level has 8 outliers; the 5 that stand out most are 39.6 (June 21), 61.2 (July 11), 50.5 (July 31), 34.4 (August 10), and 45 (August 20).",
            "zh-Hans": "Level有8个异常值，其中最突出的5个是39.6（6月21日）、61.2（7月11日）、50.5（7月31日）、34.4（8月10日）和45（8月20日）。",
            "ko": "Level에는 이상값이 8개 있으며, 가장 두드러진 5개는 6월 21일 39.6, 7월 11일 61.2, 7월 31일 50.5, 8월 10일 34.4 및 8월 20일 45입니다.",
            "ja": "Levelの外れ値は8件で、特に目立つ5件は39.6（6月21日）、61.2（7月11日）、50.5（7月31日）、34.4（8月10日）、45（8月20日）です。",
        ]
        for locale in DescribeCharts.locales {
            let d = try description(context, locale)
            let sentence = d.statistics.first { ($0.hasPrefix("Level") || $0.hasPrefix("The level")) && $0.contains("61.2") }
            XCTAssertEqual(sentence, expected[locale], locale)
            XCTAssertEqual(d.navigation.first { $0.name == "outliers" }?.entries.count, 8, locale)
        }
    }

    /// Every drawn point is labelled in every locale, whatever the `points` option says.
    func testEveryDrawnPointHasALabelInEveryLocale() throws {
        for selection in PointSelection.allCases {
            let context = try described(DescribeCharts.dailySales(), points: selection)
            let labels = try XCTUnwrap(context[PointLabelsKey.self])
            XCTAssertEqual(labels.keys.sorted(), DescribeCharts.locales.sorted())
            for (_, perSeries) in labels {
                XCTAssertEqual(perSeries.map(\.count), context.data.series.map(\.count))
            }
            let en = try description(context, "en")
            switch selection {
            // Four series are few: auto labels every point.
            case .all, .auto: XCTAssertEqual(en.series.map(\.points.count), context.data.series.map(\.count))
            case .none: XCTAssertEqual(en.series.map(\.points.count), [0, 0, 0, 0])
            case .notable:
                for (k, s) in en.series.enumerated() {
                    let t = try XCTUnwrap(context[TrendKey.self]?.series[k])
                    XCTAssertTrue(s.points.contains { $0.index == t.max?.index && $0.label.contains("highest") })
                    XCTAssertLessThan(s.points.count, context.fullSeries.series[k].count)
                }
            }
        }
        // Labels of downsampled points name their place in the full series.
        let context = try described(DescribeCharts.dailySales())
        let last = try XCTUnwrap(context[PointLabelsKey.self]?["en"]?[0].last)
        // Labels of a chart of several series name their series, for cues and rotors.
        XCTAssertTrue(last.hasPrefix("North: August 31, $") && last.hasSuffix("92 of 92"), last)
        XCTAssertTrue(try XCTUnwrap(context[PointLabelsKey.self]?["ko"]?[1].first).hasPrefix("South: 6월 1일, "))
        XCTAssertTrue(try XCTUnwrap(context[PointLabelsKey.self]?["ko"]?[0].last).hasSuffix("92개 중 92번째"))
        XCTAssertTrue(try XCTUnwrap(context[PointLabelsKey.self]?["zh-Hans"]?[0].last).hasSuffix("第92个，共92个"))
    }

    /// A pipeline's catalog translates titles and series names and overrides shipped sentences, per locale.
    func testPipelineCatalogTranslatesTitlesAndOverridesSentences() throws {
        let path = DescribeCharts.fixtures.appendingPathComponent("weekly.xcstrings").path
        var context = try DescribeCharts.dailySales(strings: [path])
        try Describe().run(&context)
        let ko = try description(context, "ko")
        XCTAssertTrue(ko.summary.hasPrefix("일별 매출 차트는 2026년 6월 1일부터 8월 31일까지 북부, 남부, 동부 및 서부의 매출을 보여 주며"), ko.summary)
        XCTAssertEqual(ko.series.map(\.name), ["북부", "남부", "동부", "서부"])
        XCTAssertEqual(ko.navigation.first { $0.name == "peaks" }?.title, "봉우리")
        let zh = try description(context, "zh-Hans")
        XCTAssertTrue(zh.summary.hasPrefix("“每日销售额”图表显示2026年6月1日至8月31日北部、南部、东部和西部的收入"), zh.summary)
        // The override of `ko` leaves `en` as shipped.
        XCTAssertEqual(try description(context, "en").navigation.first?.title, "Peaks")
        XCTAssertEqual(context.warnings.filter { $0.code.rawValue.hasPrefix("describe") }, [])
    }

    /// A locale no catalog translates falls back to English throughout (sentences, numbers and
    /// dates alike, never "From 1. Juni"), with a warning that says how to add it.
    func testUnshippedLocaleFallsBackToTheSourceLanguage() throws {
        let rising = try DescribeCharts.rising()
        var context = try DescribeCharts.context(rising.chart, rising.data, locales: ["de"])
        try Describe().run(&context)
        let de = try description(context, "de")
        XCTAssertTrue(de.summary.contains("From June 1 to June 30"), de.summary)
        XCTAssertTrue(de.summary.contains(" rose "), de.summary)
        XCTAssertEqual(context.warnings.filter { $0.code.rawValue.hasPrefix("describe") }.map(\.message),
                       ["no catalog translates 'de'; its texts are in 'en' (add a translation to the pipeline's 'strings')"])
    }

    /// Traditional Chinese, Taiwanese, Brazilian Portuguese and German have no catalog: each is
    /// written exactly as English is, sentences joined with English spacing (a `zh-Hant` run once
    /// joined English sentences without a space, as Chinese is set), each with its warning.
    func testFallbackLocalesAreEnglishThroughout() throws {
        let fallbacks = ["zh-Hant", "zh-TW", "pt-BR", "de"]
        for chart in [try DescribeCharts.rising(), try DescribeCharts.dailySales(), try DescribeCharts.gaps()] {
            var context = try DescribeCharts.context(chart.chart, chart.fullSeries, locales: ["en"] + fallbacks)
            try Describe().run(&context)
            let en = try description(context, "en")
            for locale in fallbacks {
                var other = try description(context, locale)
                XCTAssertEqual(other.locale, locale)
                other.locale = "en"
                XCTAssertEqual(other, en, "\(chart.chart.id) [\(locale)]")
                XCTAssertEqual(context[PointLabelsKey.self]?[locale], context[PointLabelsKey.self]?["en"], locale)
            }
            if chart.chart.id == "rising" {
                // Sentences are separated by a space, as English sets them.
                XCTAssertTrue(try description(context, "zh-Hant").summary.contains("date. From June 1"))
            }
            XCTAssertEqual(context.warnings.filter { $0.code.rawValue.hasPrefix("describe") }.map(\.message), fallbacks.map {
                "no catalog translates '\($0)'; its texts are in 'en' (add a translation to the pipeline's 'strings')"
            })
        }
    }

    /// The shipped languages join sentences by their own rules: a space in English and Korean,
    /// none in Chinese and Japanese; and none of them is warned about.
    func testShippedLocalesJoinSentencesByTheirOwnRules() throws {
        var context = try DescribeCharts.rising()
        try Describe().run(&context)
        let summaries = try DescribeCharts.locales.map { try description(context, $0).summary }
        XCTAssertTrue(summaries[0].contains("date. From June 1"), summaries[0])
        XCTAssertTrue(summaries[1].contains("。2026年6月1日至"), summaries[1])
        XCTAssertTrue(summaries[2].contains("보여 줍니다. 2026년 6월 1일부터"), summaries[2])
        XCTAssertTrue(summaries[3].contains("。2026年6月1日から"), summaries[3])
        XCTAssertEqual(context.warnings.filter { $0.code.rawValue.hasPrefix("describe") }, [])
    }

    /// The costly work of describing is done once, counted rather than timed: the run's catalog is
    /// parsed once for every locale and chart, templates are parsed as catalogs load (never while
    /// rendering), and each ICU formatter is opened once per locale and skeleton, not per sentence
    /// or chart.
    func testEachPieceOfWorkIsDoneOnceNotPerLocaleSentenceOrChart() throws {
        let strings = [DescribeCharts.fixtures.appendingPathComponent("weekly.xcstrings").path]
        let locales = ["en", "zh-Hans", "ko"]
        let charts = try DescribeCharts.golden().map { golden, _ in
            try DescribeCharts.context(golden.chart, golden.fullSeries, locales: locales, strings: strings)
        }
        // The shipped catalogs load once per process, in whichever test comes first.
        XCTAssertFalse(Catalog.embedded.locales.isEmpty)
        let loading = TextWork.counts
        _ = try Catalog.loading(paths: strings)
        let templatesOfTheRunCatalog = (TextWork.counts - loading).templateParses
        XCTAssertGreaterThan(templatesOfTheRunCatalog, 0)

        Catalog.forgetRunCatalogs()
        FormatterCache.shared.removeAll()
        let start = TextWork.counts
        var first = charts[0]
        try Describe().run(&first)
        let one = TextWork.counts - start
        XCTAssertEqual(one.catalogParses, 1, "weekly.xcstrings, once for three locales")
        XCTAssertEqual(one.templateParses, templatesOfTheRunCatalog, "only as the catalog loaded")
        XCTAssertGreaterThan(one.formatterOpenings, 0)
        XCTAssertEqual(one.formatterOpenings, FormatterCache.shared.count, "a formatter was opened twice")
        let labels = try XCTUnwrap(first[PointLabelsKey.self]).values.flatMap { $0.flatMap { $0 } }
        // Far fewer than the labels (the plural rules of each locale are among them: the check of
        // the point labels tries every plural category).
        XCTAssertLessThan(one.formatterOpenings * 2, labels.count)

        let afterFirst = TextWork.counts
        let cached = FormatterCache.shared.count
        for var chart in charts.dropFirst() { try Describe().run(&chart) }
        let rest = TextWork.counts - afterFirst
        XCTAssertEqual(rest.catalogParses, 0)
        XCTAssertEqual(rest.templateParses, 0)
        XCTAssertEqual(rest.formatterOpenings, FormatterCache.shared.count - cached, "a formatter was opened twice")

        let again = TextWork.counts
        var repeated = charts[0]
        try Describe().run(&repeated)
        XCTAssertEqual(TextWork.counts - again, TextWork.Counts())
        XCTAssertEqual(repeated.artifacts.map(\.bytes), first.artifacts.map(\.bytes))
    }

    /// Issue 11: a signal stops a long chart part way (a SIGTERM 30 s into a 300,000-point describe
    /// let the chart finish 16 s later). Since issue 12 the stage labels the drawn points itself
    /// only when they are few (`ChartDescriber.labelsMadeAtOnce`), and its files label the points
    /// they list (here every one) as the runner writes them; both poll the run's cancellation every
    /// 4,096 points. Counted, not timed: cancelled at its kth check, the stage or the file throws
    /// there, checks nothing after it, and leaves no description, and no file, behind.
    func testCancellationStopsDescribePartWay() throws {
        let n = 20_000
        let y = (0..<n).map { i -> Double in 100 + 20 * sin(Double(i) / 300) + Double(i % 5) }
        let chart = DescribeCharts.spec(id: "long", title: "Long", yTitle: "Level")
        let set = SeriesSet(xType: .time, series: [DescribeCharts.series("level", x: DescribeCharts.days(n), y: y)])
        func context(_ cancellation: Cancellation) throws -> ChartContext {
            var context = ChartContext(chart: chart, run: RunInfo(locales: ["en"], pipelineDirectory: "/tmp", pipelineName: "test"),
                                       data: set, cancellation: cancellation)
            try Trend().run(&context)
            return context
        }
        let counting = Cancellation(cancellingAtCheck: .max)
        var whole = try context(counting)
        let trendPolls = counting.checks
        try Describe(["points": "all"]).run(&whole)
        XCTAssertEqual(whole[PointLabelsKey.self]?["en"]?.first?.count, n)
        let polls = counting.checks - trendPolls
        // One for the locale, the series and each of the two description files.
        XCTAssertGreaterThanOrEqual(polls, 4)
        for k in [1, polls / 2, polls] {
            let cancellation = Cancellation(cancellingAtCheck: trendPolls + k)
            var stopped = try context(cancellation)
            XCTAssertThrowsError(try Describe(["points": "all"]).run(&stopped), "cancelled at check \(k)") { XCTAssertTrue($0 is Cancelled, "\($0)") }
            XCTAssertEqual(cancellation.checks, trendPolls + k, "nothing labelled after the cancellation")
            XCTAssertNil(stopped[DescriptionsKey.self])
            XCTAssertNil(stopped[PointLabelsKey.self])
            XCTAssertEqual(stopped.artifacts.map(\.kind), ["trend"])
        }

        // The files: each polls at least once per 4,096 points it writes.
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("describe-cancel-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let writer = ArtifactWriter(root: root)
        // The per-series lists are made whole (at most 1,000 entries a list a series): no points to poll over.
        let files = whole.artifacts.filter { $0.kind != "trend" && $0.kind != "navigation" }
        XCTAssertEqual(files.map(\.path), ["description.en.json", "description.en.md", "axchart.en.json"])
        for file in files {
            let before = counting.checks
            _ = try writer.write(file.content, to: file.path, kind: file.kind, locale: file.locale)
            XCTAssertGreaterThanOrEqual(counting.checks - before, n / 4096, file.path)
        }
        // Cancelled while a file is written: the write fails as cancelled and leaves nothing.
        for file in files {
            let before = trendPolls + polls
            let cancellation = Cancellation(cancellingAtCheck: before + 2)
            var stopped = try context(cancellation)
            try Describe(["points": "all"]).run(&stopped)
            let streamed = try XCTUnwrap(stopped.artifacts.first { $0.path == file.path })
            XCTAssertThrowsError(try writer.write(streamed.content, to: "cancelled/" + file.path, kind: file.kind, locale: file.locale)) {
                XCTAssertEqual(($0 as? ChartError)?.code, Diagnostic.cancelled, "\($0)")
            }
            XCTAssertEqual(cancellation.checks, before + 2, "nothing written after the cancellation")
            XCTAssertEqual(writer.files(in: "cancelled"), [], "no file, temporary or final, is left")
        }
    }
}
