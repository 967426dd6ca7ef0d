import ChartpipeText
import XCTest

final class LocaleFormatsTests: XCTestCase {
    let en = LocaleFormats(locale: "en")
    let zh = LocaleFormats(locale: "zh-Hans")
    let ko = LocaleFormats(locale: "ko")
    let ja = LocaleFormats(locale: "ja")
    /// 2026-06-06T00:00:00Z.
    let june6: Double = 1_780_704_000_000

    func testNumbersWithPrecision() {
        XCTAssertEqual(en.number(1234.5, precision: .fractionDigits(2)), "1,234.50")
        XCTAssertEqual(zh.number(1234.5, precision: .fractionDigits(2)), "1,234.50")
        XCTAssertEqual(ko.number(1234.5, precision: .fractionDigits(2)), "1,234.50")
        XCTAssertEqual(ja.number(1234.5, precision: .fractionDigits(2)), "1,234.50")
        XCTAssertEqual(ja.integer(1_234_567), "1,234,567")
        XCTAssertEqual(en.number(1234.5678, precision: .maxFractionDigits(1)), "1,234.6")
        XCTAssertEqual(en.number(2.0, precision: .maxFractionDigits(1)), "2")
        XCTAssertEqual(en.number(0.012345, precision: .significantDigits(3)), "0.0123")
        XCTAssertEqual(ko.integer(1_234_567), "1,234,567")
        XCTAssertEqual(en.number(-3.25), "-3.25")
    }

    /// A negative zero reads as 0 in every locale and every form (issue 11: `describe` said "stayed at
    /// -0"), and so does a negative value that rounds to zero; other negatives keep their sign.
    func testNegativeZeroReadsAsZero() {
        for f in [en, zh, ko, ja] {
            XCTAssertEqual(f.number(-0.0), "0", f.locale)
            XCTAssertEqual(f.number(-0.0, precision: .fractionDigits(2)), "0.00", f.locale)
            XCTAssertEqual(f.number(-0.0, precision: .significantDigits(3)), "0.00", f.locale)
            XCTAssertEqual(f.number(-0.0001, precision: .integer), "0", f.locale)
            XCTAssertEqual(f.integer(0), "0", f.locale)
            XCTAssertEqual(f.compact(-0.0), "0", f.locale)
            XCTAssertEqual(f.scientific(-0.0), "0", f.locale)
            XCTAssertFalse(f.percent(-0.0).contains("-"), f.locale)
            XCTAssertFalse(f.currency(-0.0, code: "USD").contains("-"), f.locale)
            XCTAssertFalse(f.measure(-0.0, unit: "temperature-celsius").contains("-"), f.locale)
            XCTAssertEqual(f.number(-3.25), "-3.25", f.locale)
        }
        XCTAssertEqual(en.currency(-0.0, code: "USD"), "$0.00")
        XCTAssertEqual(ko.currency(-0.0, code: "USD"), "0.00달러")
        XCTAssertEqual(en.percent(-0.0), "0%")
        XCTAssertEqual(en.currency(-2.5, code: "USD"), "-$2.50")
    }

    func testCompactNumbers() {
        XCTAssertEqual(en.compact(12_345), "12K")
        XCTAssertEqual(zh.compact(12_345), "1.2万")
        XCTAssertEqual(ko.compact(12_345), "1.2만")
        XCTAssertEqual(en.compact(1_234_567), "1.2M")
        XCTAssertEqual(ko.compact(123_456_789), "1.2억")
        XCTAssertEqual(zh.compact(123_456_789), "1.2亿")
        XCTAssertEqual(ja.compact(12_345), "1.2万")
        XCTAssertEqual(ja.compact(123_456_789), "1.2億")
    }

    func testCurrencies() {
        XCTAssertEqual(en.currency(1234.56, code: "USD"), "$1,234.56")
        // Korean and Chinese reports write the amount, then the currency's name.
        XCTAssertEqual(zh.currency(1234.56, code: "USD"), "1,234.56美元")
        XCTAssertEqual(ko.currency(1234.56, code: "USD"), "1,234.56달러")
        XCTAssertEqual(ko.currency(-2.71, code: "USD"), "-2.71달러")
        XCTAssertEqual(ko.currency(1234.56, code: "KRW"), "1,235원")
        XCTAssertEqual(zh.currency(1234.56, code: "CNY"), "1,234.56元")
        XCTAssertEqual(zh.currency(1234.56, code: "KRW"), "1,235韩元")
        XCTAssertEqual(ko.currency(1234.56, code: "CHF"), "1,234.56스위스 프랑")
        XCTAssertEqual(en.currency(1200, code: "USD", precision: .integer), "$1,200")
        // Japanese reports too, with the names they use ("ドル", not CLDR's "米ドル").
        XCTAssertEqual(ja.currency(1209.77, code: "USD"), "1,209.77ドル")
        XCTAssertEqual(ja.currency(-2.71, code: "USD"), "-2.71ドル")
        XCTAssertEqual(ja.currency(1200, code: "USD", precision: .integer), "1,200ドル")
        XCTAssertEqual(ja.currency(1234.56, code: "JPY"), "1,235円")
        XCTAssertEqual(ja.currency(1234.56, code: "EUR"), "1,234.56ユーロ")
        XCTAssertEqual(ja.currency(1234.56, code: "CNY"), "1,234.56人民元")
        XCTAssertEqual(ja.currency(1234.56, code: "KRW"), "1,235ウォン")
        XCTAssertEqual(ja.currency(1234.56, code: "CHF"), "1,234.56スイスフラン")
        // A currency without a Japanese name of ours takes CLDR's full name, without spaces.
        XCTAssertEqual(ja.currency(1234.56, code: "BRL"), "1,234.56ブラジルレアル")
    }

    func testPercents() {
        XCTAssertEqual(en.percent(12.5), "12.5%")
        XCTAssertEqual(zh.percent(12.5), "12.5%")
        XCTAssertEqual(ko.percent(12.5), "12.5%")
        XCTAssertEqual(ja.percent(12.5), "12.5%")
        XCTAssertEqual(en.percent(-3.04, precision: .fractionDigits(1)), "-3.0%")
    }

    func testUnitsAreSpelledOut() {
        XCTAssertEqual(en.measure(60, unit: "duration-minute"), "60 minutes")
        XCTAssertEqual(zh.measure(60, unit: "duration-minute"), "60分钟")
        XCTAssertEqual(ko.measure(60, unit: "duration-minute"), "60분")
        XCTAssertEqual(en.measure(1, unit: "duration-minute"), "1 minute")
        XCTAssertEqual(en.measure(3, unit: "length-kilometer"), "3 kilometers")
        XCTAssertEqual(zh.measure(3, unit: "length-kilometer"), "3公里")
        XCTAssertEqual(ko.measure(3, unit: "length-kilometer"), "3킬로미터")
        XCTAssertEqual(en.measure(21.5, unit: "temperature-celsius"), "21.5 degrees Celsius")
        XCTAssertEqual(zh.measure(21.5, unit: "temperature-celsius"), "21.5摄氏度")
        XCTAssertEqual(ko.measure(21.5, unit: "temperature-celsius"), "섭씨 21.5도")
        XCTAssertEqual(ko.measure(3, unit: "energy-kilowatt-hour"), "3킬로와트시")
        // Japanese keeps no space between the number and the unit (CLDR writes "60 分").
        XCTAssertEqual(ja.measure(60, unit: "duration-minute"), "60分")
        XCTAssertEqual(ja.measure(1.5, unit: "duration-hour"), "1.5時間")
        XCTAssertEqual(ja.measure(3, unit: "length-kilometer"), "3キロメートル")
        XCTAssertEqual(ja.measure(21.5, unit: "temperature-celsius"), "摂氏21.5度")
        XCTAssertEqual(ja.measure(-0.25, unit: "duration-minute"), "-0.25分")
    }

    func testQuantityFollowsThePipelineUnit() {
        XCTAssertEqual(en.quantity(1200, unit: "USD", precision: .integer), "$1,200")
        XCTAssertEqual(ko.quantity(45, unit: "percent"), "45%")
        XCTAssertEqual(zh.quantity(90, unit: "duration-minute"), "90分钟")
        XCTAssertEqual(ja.quantity(90, unit: "duration-minute"), "90分")
        XCTAssertEqual(ja.quantity(1950, unit: "USD", precision: .integer), "1,950ドル")
        XCTAssertEqual(en.quantity(1500, unit: nil), "1,500")
        XCTAssertTrue(LocaleFormats.isKnownUnit("duration-minute"))
        XCTAssertTrue(LocaleFormats.isKnownUnit("KRW"))
        XCTAssertFalse(LocaleFormats.isKnownUnit("duration-fortnightly"))
        // An unknown unit still shows the value rather than failing.
        XCTAssertEqual(en.measure(2, unit: "duration-fortnightly"), "2 duration-fortnightly")
    }

    func testDatesSpellTheMonth() {
        XCTAssertEqual(en.date(millis: june6), "June 6")
        XCTAssertEqual(zh.date(millis: june6), "6月6日")
        XCTAssertEqual(ko.date(millis: june6), "6월 6일")
        XCTAssertEqual(en.date(millis: june6, style: .yearMonthDay), "June 6, 2026")
        XCTAssertEqual(zh.date(millis: june6, style: .yearMonthDay), "2026年6月6日")
        XCTAssertEqual(ko.date(millis: june6, style: .yearMonthDay), "2026년 6월 6일")
        XCTAssertEqual(en.date(millis: june6, style: .yearMonth), "June 2026")
        XCTAssertEqual(ko.date(millis: june6, style: .yearMonth), "2026년 6월")
        XCTAssertEqual(zh.date(millis: june6, style: .year), "2026年")
        XCTAssertEqual(ja.date(millis: june6), "6月6日")
        XCTAssertEqual(ja.date(millis: june6, style: .yearMonthDay), "2026年6月6日")
        XCTAssertEqual(ja.date(millis: june6, style: .yearMonth), "2026年6月")
        XCTAssertEqual(ja.date(millis: june6, style: .year), "2026年")
    }

    /// Korean and Chinese write a time on the hour as the hour, and other times as a clock;
    /// in a zone half an hour off UTC the hour is the zone's.
    func testTimesOnTheHourReadAsTheHourInKoreanAndChinese() {
        let twoAM = 1_795_226_400_000.0  // 2026-11-21T02:00:00Z
        let halfPast = twoAM + 14.5 * 3_600_000
        XCTAssertEqual(ko.date(millis: twoAM, style: .monthDayTime), "11월 21일 2시")
        XCTAssertEqual(ko.date(millis: halfPast, style: .monthDayTime), "11월 21일 16:30")
        XCTAssertEqual(ko.date(millis: twoAM, style: .yearMonthDayTime), "2026년 11월 21일 2시")
        XCTAssertEqual(zh.date(millis: twoAM, style: .monthDayTime), "11月21日 2时")
        XCTAssertEqual(zh.date(millis: halfPast, style: .monthDayTime), "11月21日 16:30")
        XCTAssertEqual(ja.date(millis: twoAM, style: .monthDayTime), "11月21日 2:00")
        XCTAssertEqual(en.date(millis: twoAM, style: .monthDayTime), "November 21 at 2:00\u{202F}AM")
        // An hour the clocks pass twice names its offset in brackets after the hour.
        let fallBack = 1_792_886_400_000.0  // 2026-10-25T00:00:00Z: 02:00 CEST in Berlin
        XCTAssertEqual(ko.date(millis: fallBack, style: .skeleton("MMMMdjmmz"), zone: "Europe/Berlin"), "10월 25일 2시(GMT+2)")
        XCTAssertEqual(zh.date(millis: fallBack + 3_600_000, style: .skeleton("MMMMdjmmz"), zone: "Europe/Berlin"), "10月25日 2时（GMT+1）")
        // India is UTC+5:30: 02:00 UTC is 07:30 there, 02:30 UTC is 8 o'clock.
        XCTAssertEqual(ko.date(millis: twoAM, style: .monthDayTime, zone: "Asia/Kolkata"), "11월 21일 07:30")
        XCTAssertEqual(ko.date(millis: twoAM + 1_800_000, style: .monthDayTime, zone: "Asia/Kolkata"), "11월 21일 8시")
    }

    func testCompactNumbersSpellTheirScale() {
        XCTAssertEqual(en.compactLong(36_345_678_901), "36.3 billion")
        XCTAssertEqual(ko.compactLong(36_345_678_901), "363억")
        XCTAssertEqual(zh.compactLong(36_345_678_901), "363亿")
    }

    func testQuarters() {
        let q4 = 1_727_740_800_000.0  // 2024-10-01
        XCTAssertEqual(en.date(millis: q4, style: .yearQuarter), "Q4 2024")
        XCTAssertEqual(ko.date(millis: q4, style: .yearQuarter), "2024년 4분기")
        XCTAssertEqual(zh.date(millis: q4, style: .yearQuarter), "2024年第4季度")
    }

    func testDateTimesAndZones() {
        let afternoon = june6 + 13 * 3_600_000
        XCTAssertEqual(en.date(millis: afternoon, style: .yearMonthDayTime), "June 6, 2026 at 1:00\u{202F}PM")  // CLDR 42 puts a narrow no-break space before PM
        // On the hour, Chinese and Korean reports name the hour, on the 24-hour clock.
        XCTAssertEqual(zh.date(millis: afternoon, style: .yearMonthDayTime), "2026年6月6日 13时")
        XCTAssertEqual(ko.date(millis: afternoon, style: .yearMonthDayTime), "2026년 6월 6일 13시")
        // Midnight UTC is still June 5 in Los Angeles and already 9 AM in Seoul.
        XCTAssertEqual(en.date(millis: june6, zone: "America/Los_Angeles"), "June 5")
        XCTAssertEqual(ko.date(millis: june6, style: .monthDayTime, zone: "Asia/Seoul"), "6월 6일 9시")
        // Japanese reports use the 24-hour clock, as CLDR's Japanese patterns do.
        XCTAssertEqual(ja.date(millis: afternoon, style: .yearMonthDayTime), "2026年6月6日 13:00")
        XCTAssertEqual(ja.date(millis: june6, style: .monthDayTime, zone: "Asia/Tokyo"), "6月6日 9:00")
        XCTAssertEqual(ja.date(millis: june6 + 15 * 3_600_000, style: .monthDayTime, zone: "Asia/Tokyo"), "6月7日 0:00")
    }

    func testLists() {
        XCTAssertEqual(en.list(["Asia", "Europe", "Africa"]), "Asia, Europe, and Africa")
        XCTAssertEqual(zh.list(["亚洲", "欧洲", "非洲"]), "亚洲、欧洲和非洲")
        XCTAssertEqual(ko.list(["아시아", "유럽", "아프리카"]), "아시아, 유럽 및 아프리카")
        XCTAssertEqual(ja.list(["アジア", "ヨーロッパ", "アフリカ"]), "アジア、ヨーロッパ、アフリカ")
        XCTAssertEqual(en.list(["Asia", "Europe"]), "Asia and Europe")
        XCTAssertEqual(en.list(["Asia", "Europe"], conjunction: .or), "Asia or Europe")
        XCTAssertEqual(ko.list(["매출"]), "매출")
        XCTAssertEqual(en.list([]), "")
    }

    func testPluralCategoriesCountVisibleDigits() {
        XCTAssertEqual(en.pluralCategory(1), .one)
        XCTAssertEqual(en.pluralCategory(1, fractionDigits: 1), .other)
        XCTAssertEqual(en.pluralCategory(2), .other)
        XCTAssertEqual(ko.pluralCategory(1), .other)
        XCTAssertEqual(ja.pluralCategory(1), .other)
        XCTAssertEqual(PluralRules.forLocale("ja")?.categories, [.other])
        XCTAssertEqual(LocaleFormats(locale: "ru").pluralCategory(3), .few)
        XCTAssertEqual(LocaleFormats(locale: "ru").pluralCategory(5), .many)
        XCTAssertEqual(LocaleFormats(locale: "fr").pluralCategory(0), .one)
        XCTAssertEqual(PluralRules.forLocale("ru")?.categories, [.one, .few, .many, .other])
        XCTAssertEqual(PluralRules.forLocale("zh-Hans")?.categories, [.other])
    }

    func testFormattingFromManyThreadsAgreesWithOneThread() {
        let locales = ["en", "zh-Hans", "ko", "ja", "ru"]
        let start = june6
        @Sendable func work(_ i: Int) -> String {
            let f = LocaleFormats(locale: locales[i % locales.count])
            return [f.number(Double(i) * 1.25, precision: .fractionDigits(2)), f.compact(Double(i * 997)),
                    f.measure(Double(i), unit: "duration-minute"), f.date(millis: start + Double(i) * 86_400_000),
                    f.list(["a", "b", "c"]), f.pluralCategory(Double(i)).rawValue].joined(separator: "|")
        }
        let expected = (0..<400).map(work)
        let results = ResultBox(count: 400)
        DispatchQueue.concurrentPerform(iterations: 400) { i in results.set(i, work(i)) }
        XCTAssertEqual(results.values, expected)
    }
}
