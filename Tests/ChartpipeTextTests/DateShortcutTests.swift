@testable import ChartpipeText
import ChartpipeTestSupport
import XCTest

/// Dates in UTC are written from ICU's pattern without ICU where that gives ICU's bytes
/// (`DateShortcut`): checked against ICU instant by instant, in every shipped locale and with every
/// skeleton the formats use.
final class DateShortcutTests: XCTestCase {
    static let locales = ["en", "ja", "ko", "zh-Hans"]

    /// The skeletons of `DateStyle` and the ones `LocaleFormats.date` derives from them (Korean's
    /// 24-hour clock, hours on the hour), with seconds and milliseconds as `XValueText` asks.
    static let skeletons = ["MMMMd", "yMMMMd", "yMMMM", "y", "MMMMdjmm", "yMMMMdjmm", "MMMMdHmm", "yMMMMdHmm", "MMMMdH", "yMMMMdH",
                            "MMMMdjmmss", "yMMMMdjmmss", "MMMMdjmmssSSS", "yMMMMdjmmssSSS", "MMMMdHmmss", "M", "MMMM"]

    func testTheShortcutWritesICUsText() {
        var random = SeededRandom(seed: 7)
        var instants: [Double] = [0, -1, 86_399_999, 86_400_000, 951_782_400_000, 946_684_799_999, DateShortcut.range.lowerBound,
                                  DateShortcut.range.upperBound - 1]
        for _ in 0..<2_000 {
            let millis = Double.random(in: DateShortcut.range, using: &random).rounded(.down)
            instants.append(millis)
            // On the hour, as hourly data is.
            instants.append((millis / 3_600_000).rounded(.down) * 3_600_000)
        }
        var compared = 0
        for locale in Self.locales {
            for skeleton in Self.skeletons {
                let pattern = FormatterCache.shared.datePattern(locale: locale, skeleton: skeleton, zone: "UTC") ?? "?"
                for millis in instants {
                    let (icu, shortcut) = FormatterCache.shared.dateTexts(locale: locale, skeleton: skeleton, zone: "UTC", millis)
                    guard let shortcut else {
                        XCTFail("\(locale) '\(skeleton)' (pattern '\(pattern)') has no shortcut")
                        break
                    }
                    compared += 1
                    if icu != shortcut {
                        XCTFail("\(locale) '\(skeleton)' (pattern '\(pattern)') \(millis): ICU '\(icu ?? "nil")', shortcut '\(shortcut)'")
                        return
                    }
                }
            }
        }
        XCTAssertEqual(compared, Self.locales.count * Self.skeletons.count * instants.count)
    }

    /// Chinese dates are set by Chinese typography through the shape of their text
    /// (`DateSkeletonFormatter.chineseText`): the same text as normalizing each one, in UTC (the
    /// shortcut) and in a zone ICU writes, on the hour (where "6月1日 6时" loses its space) and not.
    func testChineseDatesAreTypesetAsNormalizingEachWould() throws {
        var random = SeededRandom(seed: 11)
        var instants: [Double] = [0, -1, DateShortcut.range.lowerBound, DateShortcut.range.upperBound - 1, -5e12, 9e12]
        for _ in 0..<500 {
            let millis = Double.random(in: DateShortcut.range, using: &random).rounded(.down)
            instants += [millis, (millis / 3_600_000).rounded(.down) * 3_600_000]
        }
        var changed = 0
        for zone in ["UTC", "Asia/Shanghai"] {
            for skeleton in Self.skeletons {
                let formatter = try FormatterCache.shared.date(locale: "zh-Hans", skeleton: skeleton, zone: zone)
                for millis in instants {
                    let text = try XCTUnwrap(formatter.format(millis: millis))
                    let expected = ChineseText.normalize(text)
                    if expected != text { changed += 1 }
                    XCTAssertEqual(formatter.chineseText(millis: millis), expected, "\(skeleton) \(zone) \(millis)")
                }
            }
        }
        XCTAssertGreaterThan(changed, 0, "some dates need typesetting")
    }

    func testOtherZonesAndFieldsAreLeftToICU() {
        // A zone with an offset, a zone's name, weekdays and quarters: ICU writes them.
        XCTAssertNil(FormatterCache.shared.dateTexts(locale: "en", skeleton: "MMMMd", zone: "America/New_York", 0).shortcut)
        for skeleton in ["MMMMdjmmz", "EEEEMMMMd", "yQQQQ"] {
            XCTAssertNil(FormatterCache.shared.dateTexts(locale: "en", skeleton: skeleton, zone: "UTC", 0).shortcut, skeleton)
        }
        // Fractions of a millisecond and instants before 1900 too.
        let (icu, shortcut) = FormatterCache.shared.dateTexts(locale: "en", skeleton: "MMMMd", zone: "UTC", 0)
        XCTAssertEqual(icu, shortcut)
        let formats = LocaleFormats(locale: "en")
        XCTAssertEqual(formats.date(millis: -5_000_000_000_000, style: .yearMonthDay), "July 23, 1811")
        XCTAssertEqual(formats.date(millis: 0.5, style: .yearMonthDayTime), "January 1, 1970 at 12:00\u{202F}AM")
    }
}
