@testable import ChartpipeText
import ChartpipeTestSupport
import XCTest

/// Numbers of fixed fraction digits are written without ICU where that gives ICU's bytes
/// (`DecimalShortcut`): checked here against ICU itself, value by value, in every shipped locale
/// and with every skeleton the formats use.
final class DecimalShortcutTests: XCTestCase {
    static let locales = ["en", "ja", "ko", "zh-Hans"]

    /// The precisions and units `LocaleFormats` writes values with, as skeletons.
    static var skeletons: [String] {
        let precisions = ["", "precision-integer", ".0", ".00", ".#", ".##", ".###", ".######", ".0#", ".00##"]
        let units = ["", "percent", "measure-unit/energy-kilowatt-hour unit-width-full-name",
                     "measure-unit/temperature-celsius unit-width-full-name", "measure-unit/duration-minute unit-width-full-name",
                     "measure-unit/length-kilometer unit-width-full-name", "currency/USD unit-width-hidden",
                     "currency/KRW unit-width-hidden", "currency/USD unit-width-full-name", "currency/EUR"]
        var out: [String] = []
        for unit in units {
            for precision in precisions where !(unit.hasPrefix("currency/") && precision.isEmpty) {
                out.append([unit, precision, "sign-negative"].filter { !$0.isEmpty }.joined(separator: " "))
            }
        }
        return out
    }

    /// Values that round half to even at each digit, carry across groups, sit on either side of
    /// zero and one, and random values of many magnitudes.
    static var values: [Double] {
        var out: [Double] = [0, -0.0, 1, -1, 2, 0.5, 1.5, 2.5, 3.5, -0.5, -2.5, 0.05, 0.15, 0.25, 0.35, 0.125, 0.375, 1.005, 2.675,
                             1.0049999, 0.995, 9.995, 99.995, 999.5, 999.995, 9_999.9999, 99_999.5, 999_999.5, 1e6, 1e14, 9.99e14,
                             123_456_789.125, 0.0001, 0.00001, 1e-7, 1e-20, 0.999, 1.0001, 0.9999999, 12.345, 1_234.5678]
        var random = SeededRandom(seed: 12)
        for _ in 0..<1_000 {
            let magnitude = Double.random(in: -8...15, using: &random)
            let v = Double.random(in: 1..<10, using: &random) * pow10(Int(magnitude.rounded(.down)))
            out.append(random.next() & 1 == 0 ? v : -v)
            // Values as data files write them: a few decimals, often on a rounding tie.
            let decimals = Int(random.next() % 5)
            let scaled = (Double(Int64(random.next() % 2_000_000)) - 1_000_000) / pow10(decimals)
            out.append(scaled)
            out.append(scaled + 5 / pow10(decimals + 1))
        }
        return out
    }

    static func pow10(_ n: Int) -> Double {
        var v = 1.0
        for _ in 0..<abs(n) { v *= 10 }
        return n < 0 ? 1 / v : v
    }

    func testTheShortcutWritesICUsText() {
        let values = Self.values
        var compared = 0
        for locale in Self.locales {
            for skeleton in Self.skeletons {
                for value in values {
                    let (icu, shortcut) = FormatterCache.shared.numberTexts(locale: locale, skeleton: skeleton, value)
                    guard let shortcut else { continue }
                    compared += 1
                    if icu != shortcut {
                        XCTFail("\(locale) '\(skeleton)' \(value): ICU '\(icu ?? "nil")', shortcut '\(shortcut)'")
                        return
                    }
                }
            }
        }
        // Every skeleton of every shipped locale takes the shortcut (a silent fallback would pass).
        XCTAssertEqual(compared, Self.locales.count * Self.skeletons.count * values.count)
    }

    func testOnlyFixedDigitsTakeTheShortcut() {
        for skeleton in ["compact-short sign-negative", "@@@ sign-negative", "group-off .# sign-negative", "scientific .00 sign-negative",
                         "currency/USD sign-negative", ".##", "precision-integer"] {
            XCTAssertNil(FormatterCache.shared.numberTexts(locale: "en", skeleton: skeleton, 1234.5).shortcut, skeleton)
        }
        // Arabic digits, Indian grouping, and plural rules other than English's are left to ICU.
        for locale in ["ar-EG", "hi-IN", "fr", "ru"] {
            XCTAssertNil(FormatterCache.shared.numberTexts(locale: locale, skeleton: ".## sign-negative", 1234.5).shortcut, locale)
        }
    }
}
