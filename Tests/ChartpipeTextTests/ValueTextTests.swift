@testable import ChartpipeText
import XCTest

/// Values written with their axis: dates at the data's granularity, numbers, categories, units.
final class ValueTextTests: XCTestCase {
    let catalog = Catalog.embedded
    let day = 86_400_000.0
    /// 2026-06-06T00:00:00Z.
    let june6 = 1_780_704_000_000.0

    private func x(_ kind: XAxisFacts.Kind, _ xs: [Double], locale: String = "en", zone: String = "UTC",
                   categories: [String] = []) -> XValueText {
        XValueText(facts: XAxisFacts(kind: kind, zone: zone, categories: categories, series: [xs]),
                   language: catalog.writtenLanguage(for: locale), catalog: catalog)
    }

    private func y(_ unit: String?, _ ys: [Double], locale: String = "en") -> YValueText {
        YValueText(facts: YAxisFacts(unit: unit, series: [ys]), language: catalog.writtenLanguage(for: locale))
    }

    func testAxisFactsOfTheData() {
        let facts = XAxisFacts(kind: .number, series: [[2001, .nan, 2003, 2004], [1999, 2000]])
        XCTAssertEqual(facts.spacing, 1)
        XCTAssertEqual(facts.range, 1999...2004)
        XCTAssertTrue(facts.isYearLike)
        XCTAssertFalse(XAxisFacts(kind: .number, series: [[2001.5, 2003]]).isYearLike)
        XCTAssertFalse(XAxisFacts(kind: .time, series: [[2001, 2003]]).isYearLike)
        let empty = XAxisFacts(kind: .time, series: [[.nan]])
        XCTAssertNil(empty.range)
        XCTAssertNil(empty.spacing)
        XCTAssertEqual(YAxisFacts(unit: nil, series: [[1, -7, .nan], [3]]), YAxisFacts(unit: nil, largest: 7, wholeValues: true, nonNegative: false))
        XCTAssertFalse(YAxisFacts(unit: nil, series: [[1.5]]).wholeValues)
    }

    func testDatesFollowTheSpacingOfTheData() {
        let daily = (0..<10).map { june6 + Double($0) * day }
        XCTAssertEqual(x(.time, daily).text(june6), "June 6")
        XCTAssertEqual(x(.time, daily, locale: "ko").text(june6), "6월 6일")
        XCTAssertEqual(x(.time, daily, locale: "zh-Hans").text(june6), "6月6日")
        // Data that crosses a new year writes every date with its year.
        let winter = (0..<10).map { 1_798_675_200_000 + Double($0) * day }  // from 2026-12-31
        XCTAssertEqual(x(.time, winter).style, .yearMonthDay)
        XCTAssertEqual(x(.time, winter).text(winter[0]), "December 31, 2026")
        // Midnight and noon UTC of December 31 are one year in Los Angeles, two in Auckland.
        let halfDays = [winter[0], winter[0] + 43_200_000]
        XCTAssertEqual(x(.time, halfDays, zone: "America/Los_Angeles").style, .monthDayTime)
        XCTAssertEqual(x(.time, halfDays, zone: "Pacific/Auckland").style, .yearMonthDayTime)
        XCTAssertEqual(x(.time, halfDays, zone: "Pacific/Auckland").text(halfDays[1]), "January 1, 2027 at 1:00\u{202F}AM")
        let monthly = (0..<3).map { june6 + Double($0) * 30 * day }
        XCTAssertEqual(x(.time, monthly, locale: "ko").text(june6), "2026년 6월")
        let hourly = (0..<5).map { june6 + Double($0) * 3_600_000 }
        XCTAssertEqual(x(.time, hourly, locale: "zh-Hans", zone: "Asia/Shanghai").text(june6), "6月6日8时")
        // Seconds within one day are times alone; a summary names the day once (`text(_:withYear:)`).
        XCTAssertEqual(x(.time, [june6, june6 + 2000]).text(june6 + 2000), "12:00:02\u{202F}AM")
        XCTAssertEqual(x(.time, [june6, june6 + 2000]).text(june6 + 2000, withYear: true), "June 6, 2026 at 12:00:02\u{202F}AM")
        XCTAssertEqual(x(.time, [june6, june6 + 2000, june6 + 2 * day]).text(june6 + 2000), "June 6 at 12:00:02\u{202F}AM")
    }

    /// The hour the clocks pass twice when daylight saving ends is written with its offset, so
    /// that its two points read apart; the hours around it are written as usual. (Europe/Berlin,
    /// 25 October 2026: 03:00 CEST became 02:00 CET at 01:00 UTC.)
    func testARepeatedWallClockTimeIsWrittenWithItsOffset() {
        let midnightUTC = 1_792_886_400_000.0  // 2026-10-25T00:00:00Z, 02:00 CEST
        let hourly = (-2..<4).map { midnightUTC + Double($0) * 3_600_000 }
        let facts = XAxisFacts(kind: .time, zone: "Europe/Berlin", series: [hourly])
        XCTAssertEqual(facts.repeatedSpans, [midnightUTC ..< midnightUTC + 2 * 3_600_000])
        XCTAssertEqual(hourly.map { x(.time, hourly, zone: "Europe/Berlin").text($0) },
                       ["October 25 at 12:00\u{202F}AM", "October 25 at 1:00\u{202F}AM", "October 25 at 2:00\u{202F}AM GMT+2",
                        "October 25 at 2:00\u{202F}AM GMT+1", "October 25 at 3:00\u{202F}AM", "October 25 at 4:00\u{202F}AM"])
        XCTAssertEqual(x(.time, hourly, locale: "ko", zone: "Europe/Berlin").text(hourly[3]), "10월 25일 2시(GMT+1)")
        // No change in the data's range, or a zone without daylight saving: nothing is marked.
        XCTAssertEqual(XAxisFacts(kind: .time, zone: "Europe/Berlin", series: [[june6, june6 + 3_600_000]]).repeatedSpans, [])
        XCTAssertEqual(XAxisFacts(kind: .time, zone: "Asia/Seoul", series: [hourly]).repeatedSpans, [])
        // Daily data does not write times of day, so it needs no offset.
        XCTAssertEqual(XAxisFacts(kind: .time, zone: "Europe/Berlin", series: [[midnightUTC, midnightUTC + day]]).repeatedSpans, [])
        XCTAssertEqual(x(.time, [midnightUTC, midnightUTC + day], zone: "Europe/Berlin").text(midnightUTC), "October 25")
    }

    /// A number axis in years reads as years, with the language's year word; fractions of a year
    /// (monthly data as decimal years) as months.
    func testYearAxisReadsAsYears() {
        func years(_ xs: [Double], _ locale: String) -> XValueText {
            let catalog = Catalog.embedded
            return XValueText(facts: XAxisFacts(kind: .number, unit: "year", series: [xs]), language: catalog.writtenLanguage(for: locale),
                              catalog: catalog)
        }
        XCTAssertEqual(years([1700, 1701], "en").text(1700), "1700")
        XCTAssertEqual(years([1700, 1701], "ko").text(1700), "1700년")
        XCTAssertEqual(years([1700, 1701], "zh-Hans").text(1700), "1700年")
        XCTAssertEqual(years([1700, 1701], "ja").text(1700), "1700年")
        XCTAssertEqual(years([1700, 1701], "en").when, .period)
        XCTAssertEqual(years([1749.0, 1749 + 1.0 / 12], "en").text(1749 + 1.0 / 12), "February 1749")
        XCTAssertEqual(years([1749.042, 1749.125], "ko").text(1749.042), "1749년 1월")
        XCTAssertEqual(XValueText.millis(year: 1970), 0)
        XCTAssertEqual(XValueText.millis(year: 2000), 946_684_800_000)
        XCTAssertEqual(XValueText.millis(year: 1600), -11_676_096_000_000)
        let km = XValueText(facts: XAxisFacts(kind: .number, unit: "length-kilometer", series: [[1, 2]]),
                            language: Catalog.embedded.writtenLanguage(for: "en"), catalog: Catalog.embedded)
        XCTAssertEqual(km.text(2), "2 kilometers")
    }

    /// Time gridlines sit at round calendar values: Januaries of even years, quarters, midnights.
    func testCalendarGridlines() {
        func iso(_ millis: [Double]) -> [String] {
            let f = ISO8601DateFormatter()
            return millis.map { f.string(from: Date(timeIntervalSince1970: $0 / 1000)) }
        }
        let y2003 = 1_044_057_600_000.0  // 2003-02-01
        let y2012 = 1_351_728_000_000.0  // 2012-11-01
        XCTAssertEqual(iso(AxisTicks.calendar(low: y2003, high: y2012, zone: "UTC")),
                       ["2004-01-01T00:00:00Z", "2006-01-01T00:00:00Z", "2008-01-01T00:00:00Z", "2010-01-01T00:00:00Z",
                        "2012-01-01T00:00:00Z"])
        let june1 = 1_780_272_000_000.0
        XCTAssertEqual(iso(AxisTicks.calendar(low: june1, high: june1 + 92 * day, zone: "UTC")),
                       ["2026-06-01T00:00:00Z", "2026-07-01T00:00:00Z", "2026-08-01T00:00:00Z", "2026-09-01T00:00:00Z"])
        // Midnights and noons in the axis's zone.
        XCTAssertEqual(iso(AxisTicks.calendar(low: june1, high: june1 + 3 * day, zone: "Asia/Seoul")),
                       ["2026-06-01T03:00:00Z", "2026-06-01T15:00:00Z", "2026-06-02T03:00:00Z", "2026-06-02T15:00:00Z",
                        "2026-06-03T03:00:00Z", "2026-06-03T15:00:00Z"])
    }

    func testNumbersYearsAndCategories() {
        XCTAssertEqual(x(.number, [2015, 2016]).text(2015), "2015")
        XCTAssertEqual(x(.number, [1500.5, 2000]).text(1500.5), "1,500.5")
        let fruit = x(.category, [0, 1], locale: "ko", categories: ["Apples", "Pears"])
        XCTAssertEqual(fruit.text(1), "Pears")
        XCTAssertEqual(fruit.label(0), "Apples")
        XCTAssertEqual(fruit.label(7), "7")
    }

    func testValuesWithTheirUnit() {
        XCTAssertEqual(y("USD", [1200, 1950]).text(1950), "$1,950")
        // Data values read alike; an amount (a threshold, a change) drops its needless cents.
        XCTAssertEqual(y("USD", [1200.5]).text(1950), "$1,950.00")
        XCTAssertEqual(y("USD", [1200.5]).text(1950, trimmingCents: true), "$1,950")
        XCTAssertEqual(y("USD", [1200.5]).text(1950.5), "$1,950.50")
        XCTAssertEqual(y("USD", [1200], locale: "ko").text(1950), "1,950달러")
        XCTAssertEqual(y("percent", [12.26]).text(12.26), "12.3%")
        XCTAssertEqual(y("duration-minute", [60], locale: "zh-Hans").text(60), "60分钟")
        // A value below the axis's precision keeps two significant digits: never "0".
        XCTAssertEqual(y(nil, [100, 0.004]).text(0.004), "0.004")
        XCTAssertEqual(y(nil, [0.5, 0.25]).text(0.123456), "0.123")
        XCTAssertEqual(y(nil, [36_345_678_901]).text(36_345_678_901), "36.3 billion")
        // One myriad style per language: exact below a million, whole thousands from a million, two
        // groups from 억, no comma inside a group; Chinese one number of 万 or 亿.
        XCTAssertEqual(y(nil, [36_345_678_901], locale: "ko").text(36_345_678_901), "363억 4568만")
        XCTAssertEqual(y(nil, [28_853], locale: "ko").text(28_853), "2만 8853")
        XCTAssertEqual(y(nil, [28_853], locale: "ja").text(28_853), "2万8853")
        XCTAssertEqual(y(nil, [28_853], locale: "zh-Hans").text(28_853), "2.89万")
        XCTAssertEqual(y(nil, [9_630_582], locale: "ko").text(9_630_582), "963만 1천")
        XCTAssertEqual(y(nil, [9_630_582], locale: "ja").text(9_630_582), "963万1000")
        XCTAssertEqual(y(nil, [9_630_582], locale: "zh-Hans").text(9_630_582), "963.1万")
        XCTAssertEqual(y(nil, [7_601_000], locale: "ko").text(7_601_000), "760만 1천")
        XCTAssertEqual(y(nil, [7_601_234], locale: "ko").text(7_601_234), "760만 1천")
        XCTAssertEqual(y(nil, [7_601_234], locale: "ja").text(7_601_234), "760万1000")
        XCTAssertEqual(y(nil, [36_345_678_901], locale: "ja").text(36_345_678_901), "363億4568万")
        XCTAssertEqual(y(nil, [7_601_000], locale: "zh-Hans").text(7_601_000), "760.1万")
        XCTAssertEqual(y(nil, [7_601_234], locale: "zh-Hans").text(7_601_234), "760.1万")
        XCTAssertEqual(y(nil, [15_352_000], locale: "zh-Hans").text(15_352_000), "1535.2万")
        XCTAssertEqual(y(nil, [36_345_678_901], locale: "zh-Hans").text(36_345_678_901), "363.46亿")
        XCTAssertEqual(y(nil, [9_999], locale: "ko").text(9_999), "9,999")
        XCTAssertEqual(y(nil, [-20_000], locale: "ko").text(-20_000), "-2만")
        // Beyond the words for scales, powers of ten; statistics of money without minor units keep two decimals.
        XCTAssertEqual(y(nil, [1.7e308]).text(1.7e308), "1.7 × 10^308")
        XCTAssertEqual(y(nil, [1e307], locale: "ko").text(1e307), "1 × 10^307")
        XCTAssertEqual(y(nil, [-2.5e20], locale: "ja").text(-2.5e20), "-2.5 × 10^20")
        XCTAssertEqual(y("KRW", [1234, 1240], locale: "ko").statistic(4.3), "4.30원")
        XCTAssertEqual(y("KRW", [1234, 1240], locale: "ko").statistic(1236.4), "1,236원")
        XCTAssertEqual(y("USD", [12.5]).statistic(4.3), "$4.30")
        // Units CLDR has no full name for are spelled out all the same.
        XCTAssertEqual(y("energy-gigawatt-hour", [2.5]).text(2.5), "2.5 gigawatt-hours")
        XCTAssertEqual(y("energy-gigawatt-hour", [1]).text(1), "1 gigawatt-hour")
        XCTAssertEqual(y("energy-gigawatt-hour", [2.5], locale: "ko").text(2.5), "2.5기가와트시")
        XCTAssertEqual(y("energy-gigawatt-hour", [2.5], locale: "zh-Hans").text(2.5), "2.5吉瓦时")
        XCTAssertEqual(y("energy-gigawatt-hour", [2.5], locale: "ja").text(2.5), "2.5ギガワット時")
        XCTAssertTrue(LocaleFormats.isKnownUnit("energy-gigawatt-hour"))
    }

    func testRatesAndChanges() {
        XCTAssertEqual(YValueText.rateDigits(25.83), .maxFractionDigits(1))
        XCTAssertEqual(YValueText.rateDigits(0.012345), .maxFractionDigits(4))
        XCTAssertEqual(YValueText.rateDigits(3456), .maxFractionDigits(0))
        XCTAssertEqual(y("USD", [1]).rate(-2.4), "-$2.40")
        XCTAssertEqual(y("USD", [1]).rate(0.00123), "$0.00123")
        // A large rate of whole values reads as the values do.
        XCTAssertEqual(y(nil, [5_708_000], locale: "ko").rate(28_853.4), "2만 8853")
        XCTAssertEqual(y(nil, [5_708_000], locale: "zh-Hans").rate(28_853.4), "2.89万")
        XCTAssertEqual(y(nil, [5_708_000]).rate(28_853.4), "28,853")
        XCTAssertEqual(y("USD", [1200]).magnitude(absolute: -150, percent: -12.5), "12.5%")
        XCTAssertEqual(y("USD", [1200]).signed(absolute: -150, percent: -12.5), "-12.5%")
        // Celsius has no true zero: its changes are amounts, never percents.
        let celsius = y("temperature-celsius", [15, 20])
        XCTAssertFalse(celsius.hasTrueZero)
        XCTAssertEqual(celsius.magnitude(absolute: -5, percent: -25), "5 degrees Celsius")
        XCTAssertTrue(y("temperature-kelvin", [300]).hasTrueZero)
    }

    /// Heckbert's nice numbers: steps of 1, 2 or 5 times a power of ten that cover the data.
    func testAxisTicks() {
        XCTAssertEqual(AxisTicks.nice(low: 0, high: 97), [0, 20, 40, 60, 80, 100])
        XCTAssertEqual(AxisTicks.nice(low: 1200, high: 1965), [1200, 1400, 1600, 1800, 2000])
        XCTAssertEqual(AxisTicks.nice(low: 0.1, high: 0.3), [0.1, 0.15, 0.2, 0.25, 0.3])
        XCTAssertEqual(AxisTicks.nice(low: -7, high: 3), [-8, -6, -4, -2, 0, 2, 4])
        XCTAssertEqual(AxisTicks.nice(low: 5, high: 5), [3, 5, 7])
        XCTAssertEqual(AxisTicks.nice(low: 0, high: .infinity), [])
        XCTAssertEqual(AxisTicks.niceNumber(0.0034, round: true), 0.005, accuracy: 1e-15)
        XCTAssertEqual(AxisTicks.niceNumber(340, round: false), 500)
    }
}
