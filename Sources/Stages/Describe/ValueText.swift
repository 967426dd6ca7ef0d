import ChartpipeCore
import ChartpipeText
import ChartpipeJSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How finely a time axis is written, chosen from the spacing of the data (SPEC §5: dates are
/// always unambiguous, with the month spelled out).
enum TimeGranularity: Equatable {
    case millisecond, second, hour, day, month, quarter, year

    /// The granularity of points spaced at least `spacing` milliseconds apart.
    init(spacing: Double?) {
        guard let spacing else { self = .day; return }
        let day = 86_400_000.0
        // A day less an hour still counts as daily: a daylight saving change shortens one day.
        if spacing >= 360 * day { self = .year }
        else if spacing >= 89 * day { self = .quarter }
        else if spacing >= 28 * day { self = .month }
        else if spacing >= 23 * 3_600_000 { self = .day }
        else if spacing >= 60_000 { self = .hour }
        else if spacing >= 1_000 { self = .second }
        else { self = .millisecond }
    }
}

/// Writes x values for one locale: dates in the chart's zone at the data's granularity, numbers,
/// or category labels translated through the run's catalogs.
struct XText {
    let xType: XType
    let categories: [String]
    let formats: LocaleFormats
    let zone: String
    let style: DateStyle
    let catalog: Catalog
    let language: WrittenLanguage

    /// Number x that are all integers from 1000 to 2999: years, written without grouping.
    let yearLike: Bool

    init(set: SeriesSet, zone: String, language: WrittenLanguage, catalog: Catalog) {
        self.xType = set.xType
        let xs = set.series.flatMap(\.x).filter(\.isFinite)
        yearLike = set.xType == .number && !xs.isEmpty && xs.allSatisfy { $0 == $0.rounded() && $0 >= 1000 && $0 < 3000 }
        self.categories = set.categories
        self.formats = language.formats
        self.zone = zone
        self.catalog = catalog
        self.language = language
        var spacing: Double?
        var low = Double.infinity, high = -Double.infinity
        for series in set.series {
            var previous: Double?
            for x in series.x where x.isFinite {
                low = Swift.min(low, x)
                high = Swift.max(high, x)
                if let p = previous, x > p { spacing = Swift.min(spacing ?? .infinity, x - p) }
                previous = x
            }
        }
        let spansYears = low.isFinite && XText.localYear(low, zone: zone) != XText.localYear(high, zone: zone)
        switch TimeGranularity(spacing: spacing) {
        case .year: style = .year
        case .month: style = .yearMonth
        case .quarter: style = .yearQuarter
        case .day: style = spansYears ? .yearMonthDay : .monthDay
        case .hour: style = spansYears ? .yearMonthDayTime : .monthDayTime
        // Points seconds apart need their seconds, else two of them read alike.
        case .second: style = .skeleton(spansYears ? "yMMMMdjmmss" : "MMMMdjmmss")
        case .millisecond: style = .skeleton(spansYears ? "yMMMMdjmmssSSS" : "MMMMdjmmssSSS")
        }
    }

    /// The x value as a reader hears it.
    func text(_ x: Double) -> String {
        switch xType {
        case .time:
            return language.typeset(formats.date(millis: x, style: style, zone: zone))
        // Years and other four-digit integer x read as written ("2015", not "2,015").
        case .number: return yearLike ? String(Int(x)) : formats.number(x)
        case .category: return catalog.text(label(x), locale: language.requested)
        }
    }

    /// The category label of a category x, untranslated (as data.json writes it).
    func label(_ x: Double) -> String {
        let i = Int(x.rounded(.up))
        return categories.indices.contains(i) ? categories[i] : formats.number(x)
    }

    /// The x value as the JSON files write it: ISO 8601 in the chart's zone, a number, or the label.
    func json(_ x: Double) -> JSONValue {
        switch xType {
        case .time: return .string(TimeText.iso8601(milliseconds: x, zone: TimeZone(identifier: zone)))
        case .number: return .double(x)
        case .category: return .string(label(x))
        }
    }

    /// The calendar year of an instant in `zone`.
    static func localYear(_ millis: Double, zone: String) -> Int {
        let seconds = (millis / 1000).rounded(.down)
        let offset = TimeZone(identifier: zone)?.secondsFromGMT(for: Date(timeIntervalSince1970: seconds)) ?? 0
        let days = Int64(((seconds + Double(offset)) / 86_400).rounded(.down))
        return TimeText.civil(fromDays: days).year
    }
}

/// Writes y values for one locale with the chart's unit (currency, percent, CLDR unit or none),
/// at a precision that suits the data.
struct YText {
    let formats: LocaleFormats
    let unit: String?
    let precision: NumberPrecision

    /// `wholeValues`: every value is an integer, so currencies drop their cents ("$1,200", not "$1,200.00").
    init(formats: LocaleFormats, unit: String?, largest: Double, wholeValues: Bool = false) {
        self.formats = formats
        self.unit = unit
        if unit == "percent" {
            precision = .maxFractionDigits(1)
        } else if YText.isCurrency(unit) {
            precision = wholeValues ? .integer : .automatic
        } else if largest > 0 && largest < 1 {
            precision = .significantDigits(3)
        } else {
            precision = .maxFractionDigits(2)
        }
    }

    /// A value with its unit; a value too small for the chart's precision keeps three significant
    /// digits, so that 0.004 is never said as 0.
    func text(_ y: Double) -> String {
        // Ten million and more, without a unit, read better by scale: "36.3 billion", "363억", "363亿".
        if unit == nil, abs(y) >= 1e7, y.isFinite { return formats.compactLong(y) }
        return formats.quantity(y, unit: unit, precision: YText.keepingSignificance(y, precision))
    }

    static func keepingSignificance(_ y: Double, _ precision: NumberPrecision) -> NumberPrecision {
        guard y != 0, y.isFinite, case let .maxFractionDigits(needed) = rateDigits(y) else { return precision }
        switch precision {
        // Only where the chart's digits would leave fewer than two significant ones.
        case let .maxFractionDigits(d) where needed > d && abs(y) * Double.pow10(d - 1) < 1: return .maxFractionDigits(needed)
        case .integer where abs(y) < 1: return .maxFractionDigits(needed)
        case .automatic where abs(y) < 0.01: return .maxFractionDigits(needed)
        default: return precision
        }
    }

    /// A rate such as a slope: three significant digits, so that small rates do not round to zero.
    func rate(_ y: Double) -> String {
        // Money keeps its cents ("-$2.40") unless the rate is below a cent.
        let currencyDigits = YText.isCurrency(unit) && abs(y) >= 0.01
        return formats.quantity(y, unit: unit, precision: currencyDigits ? .automatic : YText.rateDigits(y))
    }

    /// At most three significant digits, trailing zeros dropped ("3", "25.8", "0.0123").
    static func rateDigits(_ y: Double) -> NumberPrecision {
        guard y != 0, y.isFinite else { return .integer }
        var order = 0
        var v = abs(y)
        while v >= 10 { v /= 10; order += 1 }
        while v < 1 { v *= 10; order -= 1 }
        return .maxFractionDigits(min(15, max(0, 2 - order)))
    }

    /// The size of a change: its percent when there is one, else the amount with its unit, without sign.
    func magnitude(_ change: TrendChange) -> String {
        if let percent = change.percent, hasTrueZero { return formats.percent(abs(percent)) }
        return text(abs(change.absolute))
    }

    /// A change with its sign (for changes that are neither a rise nor a fall).
    func signed(_ change: TrendChange) -> String {
        if let percent = change.percent, hasTrueZero { return formats.percent(percent) }
        return text(change.absolute)
    }

    /// Whether a ratio of values means something: not for temperatures in Celsius or Fahrenheit,
    /// whose zero is arbitrary ("rose 379% from 15 °C" would be false), so their changes are amounts.
    var hasTrueZero: Bool {
        !(unit.map { $0.hasPrefix("temperature-") && $0 != "temperature-kelvin" } ?? false)
    }

    static func isCurrency(_ unit: String?) -> Bool {
        guard let unit else { return false }
        return unit.utf8.count == 3 && unit.utf8.allSatisfy { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }
    }
}

extension Double {
    /// 10 to the power `n`, exactly for the small integer powers used in rounding decisions.
    static func pow10(_ n: Int) -> Double {
        var v = 1.0
        for _ in 0..<abs(n) { v *= 10 }
        return n < 0 ? 1 / v : v
    }
}
