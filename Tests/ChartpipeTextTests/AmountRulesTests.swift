@testable import ChartpipeText
import XCTest

/// Amounts as editors write them (issue 30): money in millions by scale or in myriads, in every
/// shipped locale; two values that differ never read alike; a change that is not zero never reads as 0.
final class AmountRulesTests: XCTestCase {
    let catalog = Catalog.embedded

    private func y(_ unit: String?, _ ys: [Double], locale: String) -> YValueText {
        YValueText(facts: YAxisFacts(unit: unit, series: [ys]), language: catalog.writtenLanguage(for: locale))
    }

    func testMillionsOfMoneyReadByScaleOrInMyriads() {
        let krw = [1_200_000.0, 8_432_000]
        XCTAssertEqual(y("KRW", krw, locale: "ko").text(8_432_000), "843만 2천 원")
        XCTAssertEqual(y("KRW", krw, locale: "ja").text(8_432_000), "843万2000ウォン")
        XCTAssertEqual(y("KRW", krw, locale: "zh-Hans").text(8_432_000), "843.20万韩元")
        XCTAssertEqual(y("KRW", krw, locale: "en").text(8_432_000), "₩8.43 million")
        let cny = [1_000_000.5, 8_164_981.40]
        XCTAssertEqual(y("CNY", cny, locale: "zh-Hans").text(8_164_981.40), "816.50万元")
        XCTAssertEqual(y("CNY", cny, locale: "ja").text(8_164_981.40), "816万4981人民元")
        XCTAssertEqual(y("CNY", cny, locale: "ko").text(8_164_981.40), "816만 4981위안")
        // No cents on millions, in any locale.
        let usd = [2_500_000.25, 8_164_981.40]
        XCTAssertEqual(y("USD", usd, locale: "en").text(8_164_981.40), "$8.16 million")
        XCTAssertEqual(y("USD", usd, locale: "en").text(81_649_810), "$81.6 million")
        XCTAssertEqual(y("USD", usd, locale: "en").text(3_460_000_000), "$3.46 billion")
        XCTAssertEqual(y("USD", usd, locale: "zh-Hans").text(346_000_000), "3.46亿美元")
        XCTAssertEqual(y("USD", usd, locale: "ko").text(8_164_981.40), "816만 4981달러")
        XCTAssertEqual(y("USD", usd, locale: "ja").text(8_164_981.40), "816万4981ドル")
        // Its rates have no cents either.
        XCTAssertEqual(y("USD", usd, locale: "en").rate(85_926.78), "$85,927")
        XCTAssertEqual(y("CNY", cny, locale: "zh-Hans").rate(85_926.78), "8.59万元")
        // An axis below a million keeps the amounts as they are.
        XCTAssertEqual(y("KRW", [351_208, 112_000], locale: "ko").text(351_208), "351,208원")
        XCTAssertEqual(y("USD", [38_412.75], locale: "en").text(38_412.75), "$38,412.75")
    }

    /// ISO 4217's minor units are a floor, not a cap: a JPY price of 7.74 keeps its decimals.
    func testMinorUnitsAreAFloor() {
        let prices = [7.74, 8.61, 9.2]
        XCTAssertEqual(y("JPY", prices, locale: "ja").text(7.74), "7.74円")
        XCTAssertEqual(y("JPY", prices, locale: "en").text(7.74), "¥7.74")
        XCTAssertEqual(y("JPY", prices, locale: "ko").text(7.74), "7.74엔")
        XCTAssertEqual(y("JPY", prices, locale: "zh-Hans").text(7.74), "7.74日元")
        XCTAssertEqual(y("JPY", [1200, 1350], locale: "ja").text(1200), "1,200円")
        XCTAssertEqual(y("USD", prices, locale: "en").text(7.7), "$7.70")
        XCTAssertEqual(LocaleFormats(locale: "en").minorUnits("JPY"), 0)
        XCTAssertEqual(LocaleFormats(locale: "en").minorUnits("USD"), 2)
    }

    /// Two values that differ never read alike, in every locale ("went from ¥9 to ¥9").
    func testValuesThatDifferReadApart() {
        for locale in ["en", "zh-Hans", "ko", "ja"] {
            let money = y("JPY", [8.6, 9.2, 9000.4, 9000.1], locale: locale)
            let (a, b) = money.ends(9000.4, 9000.1)
            XCTAssertNotEqual(a, b, locale)
            let counts = y(nil, [127_000_000, 127_300_000], locale: locale)
            let (c, d) = counts.apart(127_010_000, 127_040_000)
            XCTAssertNotEqual(c, d, locale)
            let millions = y("USD", [8_161_000, 8_164_000], locale: locale)
            let (e, f) = millions.apart(8_161_000, 8_164_000)
            XCTAssertNotEqual(e, f, locale)
            let measure = y("length-kilometer", [1.001, 1.002, 30], locale: locale)
            let (g, h) = measure.ends(1.001, 1.002)
            XCTAssertNotEqual(g, h, locale)
            // Equal values stay as they are.
            XCTAssertEqual(counts.apart(5, 5).0, counts.apart(5, 5).1)
        }
        XCTAssertEqual(y(nil, [127_000_000, 127_300_000], locale: "zh-Hans").apart(127_010_000, 127_040_000).0, "1.2701亿")
    }

    /// A change that is not zero never reads as zero: "0.04%", never "0%".
    func testANonZeroChangeNeverReadsAsZero() {
        for locale in ["en", "zh-Hans", "ko", "ja"] {
            let f = LocaleFormats(locale: locale)
            XCTAssertEqual(f.percent(0.04), "0.04%", locale)
            XCTAssertEqual(f.percent(0), "0%", locale)
            XCTAssertEqual(f.nonZeroNumber(0.03, precision: .maxFractionDigits(1)), "0.03", locale)
            XCTAssertEqual(f.nonZeroNumber(0.3, precision: .maxFractionDigits(1)), "0.3", locale)
        }
    }
}

/// Times written one way within a description, and titles as they read inside an English sentence.
final class RunningTextTests: XCTestCase {
    let catalog = Catalog.embedded

    /// Half-hourly data writes every time as a clock, the hour too: "07:00" beside "07:30", never "7시".
    func testTimesBetweenWholeHoursAreClocksThroughout() {
        let start = 1_786_690_800_000.0  // 2026-08-14T07:00:00Z
        let halfHours = (0..<6).map { start + Double($0) * 1_800_000 }
        let hours = (0..<6).map { start + Double($0) * 3_600_000 }
        func x(_ xs: [Double], _ locale: String) -> XValueText {
            XValueText(facts: XAxisFacts(kind: .time, series: [xs]), language: catalog.writtenLanguage(for: locale), catalog: catalog)
        }
        XCTAssertEqual(x(halfHours, "ko").text(start), "8월 14일 07:00")
        XCTAssertEqual(x(halfHours, "ko").text(start + 1_800_000), "8월 14일 07:30")
        XCTAssertEqual(x(halfHours, "zh-Hans").text(start), x(halfHours, "zh-Hans").text(start + 1_800_000).replacingOccurrences(of: "30", with: "00"))
        XCTAssertEqual(x(halfHours, "ja").text(start), "8月14日 7:00")
        XCTAssertEqual(x(halfHours, "en").text(start), "August 14 at 7:00\u{202F}AM")
        // Hourly data keeps the hour alone where the press writes it so.
        XCTAssertEqual(x(hours, "ko").text(start), "8월 14일 7시")
    }

    func testTitlesReadInsideAnEnglishSentence() {
        let en = catalog.writtenLanguage(for: "en"), ko = catalog.writtenLanguage(for: "ko")
        XCTAssertEqual(en.midSentence("Revenue"), "revenue")
        XCTAssertEqual(en.midSentence("Response time"), "response time")
        XCTAssertEqual(en.midSentence("GDP"), "GDP")
        XCTAssertEqual(en.midSentence("United States"), "United States")
        XCTAssertEqual(en.midSentence("Air Passengers"), "Air Passengers")
        XCTAssertEqual(en.midSentence("June sales"), "June sales")
        XCTAssertEqual(ko.midSentence("Revenue"), "Revenue")
    }
}
