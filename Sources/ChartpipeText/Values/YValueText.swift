#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes y values for one written language with the axis's unit (currency, percent, CLDR unit
/// or none), at a precision that suits the data.
public struct YValueText: Sendable {
    public let facts: YAxisFacts
    let formats: LocaleFormats
    let precision: NumberPrecision
    /// Values at the axis's precision, with the formatter looked up once.
    let values: QuantityFormat

    public init(facts: YAxisFacts, language: WrittenLanguage) {
        self.facts = facts
        formats = language.formats
        switch UnitKind(facts.unit) {
        case .percent: precision = .maxFractionDigits(1)
        case let .currency(code):
            // ISO 4217's minor units are a floor, not a cap: a JPY price of 7.74 is "7.74円", never "8円".
            // An axis of millions drops cents ("$8.16 million", "843만 2천 원").
            let minor = language.formats.minorUnits(code)
            let decimals = facts.decimals > 0 ? facts.decimals : 2
            if facts.wholeValues || facts.largest >= 1e6 { precision = .integer }
            else { precision = decimals > minor ? .fractionDigits(decimals) : .automatic }
        case .none, .measure:
            if facts.largest > 0 && facts.largest < 1 { precision = .significantDigits(3) }
            // Plain numbers written with two decimals (index levels, prices without a currency) keep both.
            else if facts.unit == nil && facts.decimals == 2 { precision = .fractionDigits(2) }
            else { precision = .maxFractionDigits(2) }
        }
        values = formats.quantityFormat(unit: facts.unit, precision: precision)
    }

    /// The axis's unit.
    public var unit: String? { facts.unit }

    /// A value with its unit; a value too small for the axis's precision keeps three significant
    /// digits, so that 0.004 is never said as 0.
    public func text(_ y: Double) -> String { text(y, trimmingCents: false) }

    /// A value with its unit; `trimmingCents` drops the needless cents of a whole amount of money (a
    /// threshold of "$1,500", a change of "$200"), which data values keep so that they read alike.
    public func text(_ y: Double, trimmingCents: Bool) -> String { text(y, trimmingCents: trimmingCents, extraDigits: 0) }

    /// `text` with `extraDigits` more than the axis's precision: what two values that differ need
    /// to read apart (`apart`).
    func text(_ y: Double, trimmingCents: Bool = false, extraDigits: Int) -> String {
        if facts.unit == nil, y.isFinite {
            // Statistics of whole values (a mean of counts) keep at most one decimal, none from 100 on.
            let shown = facts.wholeValues && abs(y) >= 100 && extraDigits == 0 ? y.rounded() : y
            if let large = formats.largeNumber(shown, extraDigits: extraDigits) { return large }
            if facts.wholeValues && y != y.rounded() {
                return formats.number(shown, precision: abs(y) >= 100 ? YValueText.adding(extraDigits, to: .integer)
                                        : .maxFractionDigits(1 + extraDigits))
            }
        }
        if case let .currency(code) = UnitKind(facts.unit), isMillions,
           let large = formats.largeCurrency(y, code: code, extraDigits: extraDigits) {
            return large
        }
        if trimmingCents, extraDigits == 0, case .currency = UnitKind(facts.unit), precision != .integer, y == y.rounded(), abs(y) < 1e15 {
            return formats.quantity(y, unit: facts.unit, precision: .integer)
        }
        let kept = YValueText.keepingSignificance(y, precision)
        let shown = YValueText.adding(extraDigits, to: kept, minor: minorUnits)
        return shown == precision ? values.text(y) : formats.quantity(y, unit: facts.unit, precision: shown)
    }

    /// Whether the axis is one of money in millions, whose amounts the press writes by scale or in myriads.
    var isMillions: Bool { UnitKind(facts.unit).isCurrency && facts.largest >= 1e6 }

    /// The currency's ISO 4217 digits (0 without a currency).
    var minorUnits: Int {
        if case let .currency(code) = UnitKind(facts.unit) { return formats.minorUnits(code) }
        return 0
    }

    /// `precision` with `extra` more digits.
    static func adding(_ extra: Int, to precision: NumberPrecision, minor: Int = 2) -> NumberPrecision {
        guard extra > 0 else { return precision }
        switch precision {
        case .automatic: return .fractionDigits(minor + extra)
        case .integer: return .maxFractionDigits(extra)
        case let .fractionDigits(n): return .fractionDigits(n + extra)
        case let .maxFractionDigits(n): return .maxFractionDigits(n + extra)
        case let .significantDigits(n): return .significantDigits(n + extra)
        }
    }

    /// Two values said together (the ends of a change or a range): two that differ never read
    /// alike ("went from ¥9 to ¥9"), so each is given the fewest extra digits that tells them apart.
    public func apart(_ a: Double, _ b: Double, trimmingCents: Bool = false) -> (String, String) {
        var first = text(a, trimmingCents: trimmingCents), second = text(b, trimmingCents: trimmingCents)
        var extra = 0
        while a != b, a.isFinite, b.isFinite, first == second, extra < 8 {
            extra += 1
            first = text(a, extraDigits: extra)
            second = text(b, extraDigits: extra)
        }
        return (first, second)
    }

    /// The two ends of a range or a change, with the unit said once where the language's press
    /// does: English names a spelled-out unit after the second value only ("from 67 to 68 degrees
    /// Fahrenheit"); Korean and Japanese drop the scale word before the second ("화씨 67도에서 68도로",
    /// "華氏67度から68度へ"). Currencies, percents and other languages keep both as they are.
    public func ends(_ a: Double, _ b: Double) -> (String, String) {
        let (first, second) = apart(a, b)
        guard case .measure = UnitKind(facts.unit) else { return (first, second) }
        var extra = 0
        while a != b, extra < 8, text(a) == text(b) { extra += 1 }
        let number = formats.number(a, precision: YValueText.adding(extra, to: YValueText.keepingSignificance(a, precision)))
        guard let range = first.range(of: number) else { return (first, second) }
        let prefix = first[..<range.lowerBound], suffix = first[range.upperBound...]
        switch LocaleFallback.language(of: formats.locale) {
        case "en" where prefix.isEmpty && suffix.hasPrefix(" "):
            return (number, second)
        case "ko", "ja" where !prefix.isEmpty && second.hasPrefix(prefix):
            return (first, String(second.dropFirst(prefix.count)).trimmingLeadingSpace())
        default:
            return (first, second)
        }
    }

    /// A statistic (a mean, a spread) of the values: as `text`, except that a currency without minor
    /// units keeps two decimals below 100 ("4.30원", never "4원").
    public func statistic(_ y: Double) -> String {
        if case let .currency(code) = UnitKind(facts.unit), abs(y) < 100, y != y.rounded(), y.isFinite {
            return formats.currency(y, code: code, precision: .fractionDigits(2))
        }
        return text(pressRounded(y))
    }

    /// A statistic or a rate of money in 억 (億) and above, to whole 억 in Korean and Japanese, as the
    /// press rounds a derived figure ("3877억 달러", never "3876억 9844만 달러"); data values keep two groups.
    func pressRounded(_ y: Double) -> Double {
        guard isMillions, abs(y) >= 1e8, y.isFinite, ["ko", "ja"].contains(LocaleFallback.language(of: formats.locale)) else { return y }
        return (y / 1e8).rounded() * 1e8
    }

    static func keepingSignificance(_ y: Double, _ precision: NumberPrecision) -> NumberPrecision {
        guard y != 0, y.isFinite, case let .maxFractionDigits(needed) = rateDigits(y) else { return precision }
        switch precision {
        // Only where the axis's digits would leave fewer than two significant ones.
        case let .maxFractionDigits(d) where needed > d && abs(y) * Double.pow10(d - 1) < 1: return .maxFractionDigits(needed)
        case .integer where abs(y) < 1: return .maxFractionDigits(needed)
        case .automatic where abs(y) < 0.01: return .maxFractionDigits(needed)
        default: return precision
        }
    }

    /// A rate such as a slope: three significant digits, so that small rates do not round to zero.
    public func rate(_ y: Double) -> String {
        // A large rate of whole values (a count) reads as the values do: "2만 8853", "2.89万", never "28,853"
        // beside "570만 8천".
        if facts.unit == nil, facts.wholeValues, abs(y) >= 1e4, let large = formats.largeNumber(y.rounded()) { return large }
        // A rate of millions of money reads as the amounts do ("$1.2 million", "12만 3456원").
        if case let .currency(code) = UnitKind(facts.unit), isMillions, let large = formats.largeCurrency(pressRounded(y), code: code) {
            return large
        }
        // Money keeps its cents ("-$2.40") unless the rate is below a cent; a currency without minor
        // units keeps three significant digits ("0.153円", never "0円").
        let currencyDigits = UnitKind(facts.unit).isCurrency && abs(y) >= 0.01 && minorUnits > 0
        // An axis of millions has no cents, its rates neither ("$85,927 per month").
        if isMillions, abs(y) >= 1 { return formats.quantity(y, unit: facts.unit, precision: .integer) }
        return formats.quantity(y, unit: facts.unit, precision: currencyDigits ? .automatic : YValueText.rateDigits(y))
    }

    /// At most three significant digits, trailing zeros dropped ("3", "25.8", "0.0123").
    public static func rateDigits(_ y: Double) -> NumberPrecision {
        guard y != 0, y.isFinite else { return .integer }
        var order = 0
        var v = abs(y)
        while v >= 10 { v /= 10; order += 1 }
        while v < 1 { v *= 10; order -= 1 }
        return .maxFractionDigits(min(15, max(0, 2 - order)))
    }

    /// The size of a change without its sign: its percent when there is one and ratios mean
    /// something, else the amount with its unit.
    public func magnitude(absolute: Double, percent: Double?) -> String {
        if let percent, hasTrueZero { return formats.percent(abs(percent)) }
        return text(abs(absolute))
    }

    /// A change with its sign (for changes that are neither a rise nor a fall).
    public func signed(absolute: Double, percent: Double?) -> String {
        if let percent, hasTrueZero { return formats.percent(percent) }
        return text(absolute)
    }

    /// Whether a ratio of values means something: not for temperatures in Celsius or Fahrenheit,
    /// whose zero is arbitrary ("rose 379% from 15 °C" would be false), so their changes are amounts.
    public var hasTrueZero: Bool {
        !(facts.unit.map { $0.hasPrefix("temperature-") && $0 != "temperature-kelvin" } ?? false)
    }
}
