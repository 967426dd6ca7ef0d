#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How finely a time axis is written, chosen from the spacing of the data (SPEC §5: dates are
/// always unambiguous, with the month spelled out).
public enum TimeGranularity: Sendable, Equatable {
    case millisecond, second, hour, day, month, quarter, year

    /// The granularity of points spaced at least `spacing` milliseconds apart.
    public init(spacing: Double?) {
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

/// What writing a chart's x values needs to know about its axis, as plain values: each stage that
/// writes words (describe, table, chart, report) builds it from its own model.
public struct XAxisFacts: Sendable, Hashable {
    /// What an x value is.
    public enum Kind: Sendable, Hashable {
        /// Milliseconds since 1970-01-01T00:00:00Z.
        case time
        case number
        /// The index of a label in `categories`.
        case category
    }

    public var kind: Kind
    /// The IANA time zone dates are written in.
    public var zone: String
    /// The category labels, in order.
    public var categories: [String]
    /// The smallest step between consecutive x of one series; nil with no two distinct x.
    public var spacing: Double?
    /// The lowest and highest finite x; nil without one.
    public var range: ClosedRange<Double>?
    /// Every x is an integer from 1000 to 2999 on a number axis: years, written without grouping.
    public var isYearLike: Bool
    /// The unit of a number axis (SPEC §3 `x.unit`): `year` (x values are calendar years, and may
    /// carry a fraction of a year) or a CLDR unit id; nil for plain numbers.
    public var unit: String?
    /// The buckets `aggregate` folded the values into, if it did: an x then names its bucket ("the
    /// week of June 29", "1950–1959").
    public var bucket: AxisBucket?
    /// The x of buckets that hold data for only part of their span (the first or last).
    public var partialX: Set<Double>
    /// Time axis: the instants whose wall-clock time in `zone` occurs twice, because the clocks
    /// move back over it when daylight saving ends; a time of day there is written with its
    /// offset ("2:00 AM GMT+2", "2:00 AM GMT+1"), else two points would read alike.
    public var repeatedSpans: [Range<Double>]

    /// The facts of an axis whose series have the x values `series` (in series order).
    public init(kind: Kind, zone: String = "UTC", categories: [String] = [], unit: String? = nil, bucket: AxisBucket? = nil,
                partialX: Set<Double> = [], series: [[Double]]) {
        self.bucket = bucket
        self.partialX = partialX
        self.kind = kind
        self.zone = zone
        self.categories = categories
        self.unit = kind == .number ? unit : nil
        var spacing: Double?
        var low = Double.infinity, high = -Double.infinity
        var yearLike = kind == .number
        for xs in series {
            var previous: Double?
            for x in xs where x.isFinite {
                low = min(low, x)
                high = max(high, x)
                if let p = previous, x > p { spacing = min(spacing ?? .infinity, x - p) }
                previous = x
                if yearLike, x != x.rounded() || x < 1000 || x >= 3000 { yearLike = false }
            }
        }
        self.spacing = spacing
        range = low <= high ? low...high : nil
        isYearLike = yearLike && range != nil
        // Only an axis that writes times of day can write one twice.
        let timesOfDay = [.hour, .second, .millisecond].contains(TimeGranularity(spacing: spacing))
        repeatedSpans = kind == .time && zone != "UTC" && timesOfDay ? Self.repeatedSpans(in: range, zone: zone) : []
    }

    /// The spans of instants (milliseconds) within `range` whose wall-clock time repeats in `zone`:
    /// for each change that moves the clocks back by d, the d before it and the d after it.
    static func repeatedSpans(in range: ClosedRange<Double>?, zone: String) -> [Range<Double>] {
        guard let range, let timeZone = TimeZone(identifier: zone) else { return [] }
        var spans: [Range<Double>] = []
        var from = Date(timeIntervalSince1970: range.lowerBound / 1000 - 86_400)
        let end = Date(timeIntervalSince1970: range.upperBound / 1000 + 86_400)
        while let change = timeZone.nextDaylightSavingTimeTransition(after: from), change < end, change > from {
            let before = timeZone.secondsFromGMT(for: change.addingTimeInterval(-1)), after = timeZone.secondsFromGMT(for: change)
            if after < before {
                let at = change.timeIntervalSince1970 * 1000, back = Double(before - after) * 1000
                spans.append(at - back ..< at + back)
            }
            from = change
        }
        return spans
    }
}

/// Writes x values for one written language: dates in the axis's zone at the data's
/// granularity, numbers, or category labels translated through the run's catalogs.
public struct XValueText: Sendable {
    public let facts: XAxisFacts
    /// How dates are written; chosen from the spacing of the data and whether it spans years.
    public let style: DateStyle
    public let language: WrittenLanguage
    let formats: LocaleFormats
    let catalog: Catalog

    public init(facts: XAxisFacts, language: WrittenLanguage, catalog: Catalog) {
        self.facts = facts
        self.language = language
        self.catalog = catalog
        formats = language.formats
        let spansYears = facts.range.map {
            XValueText.year($0.lowerBound, zone: facts.zone) != XValueText.year($0.upperBound, zone: facts.zone)
        } ?? false
        if facts.isYears {
            // Years read as years ("1700", "1700년", "1700年"); fractions of a year as months or days.
            let spacing = facts.spacing ?? 1
            style = spacing >= 0.9 ? .year : (spacing >= 27.0 / 365.2425 ? .yearMonth : .yearMonthDay)
            return
        }
        switch TimeGranularity(spacing: facts.spacing) {
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

    /// The x value as a reader hears it; an aggregated one names its bucket ("the week of June 29",
    /// "1950–1959"), and a partly covered first or last bucket says so.
    public func text(_ x: Double) -> String { bucketText(x, plain(x)) }

    /// The x value itself, not as the bucket it may stand for: what a gridline at it is called.
    public func plain(_ x: Double) -> String {
        switch facts.kind {
        case .time: return language.typeset(formats.date(millis: x, style: zoned(style, x), zone: facts.zone))
        // Years and other four-digit integer x read as written ("2015", not "2,015").
        case .number:
            if facts.isYears { return formats.date(millis: XValueText.millis(year: x), style: style, zone: "UTC") }
            if let unit = facts.unit { return formats.measure(x, unit: unit) }
            return facts.isYearLike ? String(Int(x)) : formats.number(x)
        case .category: return catalog.text(label(x), locale: language.requested)
        }
    }

    /// The x value with its year even where the axis leaves it out (data within one year): a
    /// summary states the year at least once.
    public func text(_ x: Double, withYear: Bool) -> String {
        guard withYear, facts.kind == .time else { return text(x) }
        let full: DateStyle
        switch style {
        case .monthDay: full = .yearMonthDay
        case .monthDayTime: full = .yearMonthDayTime
        case let .skeleton(skeleton) where !skeleton.contains("y"): full = .skeleton("y" + skeleton)
        default: return text(x)
        }
        return bucketText(x, language.typeset(formats.date(millis: x, style: zoned(full, x), zone: facts.zone)))
    }

    /// The x value without its year, for the end of a range that names the year at its other end
    /// ("June to July 2026", "2026년 6월부터 7월까지"); as `text` where the style has no year.
    public func textWithoutYear(_ x: Double) -> String {
        guard facts.kind == .time else { return text(x) }
        let short: DateStyle
        switch style {
        case .yearMonthDay: short = .monthDay
        case .yearMonthDayTime: short = .monthDayTime
        // Chinese, Japanese and Korean write a month as its number ("7月", "7월"), not "七月".
        case .yearMonth: short = .skeleton(["zh", "ja", "ko"].contains(language.language) ? "M" : "MMMM")
        default: return text(x)
        }
        return bucketText(x, language.typeset(formats.date(millis: x, style: zoned(short, x), zone: facts.zone)))
    }

    /// `style` with the zone's offset when it writes a time of day that the clocks pass twice at `x`.
    private func zoned(_ style: DateStyle, _ x: Double) -> DateStyle {
        guard !facts.repeatedSpans.isEmpty, facts.repeatedSpans.contains(where: { $0.contains(x) }),
              style.skeleton.contains(where: { $0 == "j" || $0 == "H" || $0 == "h" }) else { return style }
        return .skeleton(style.skeleton + "z")
    }

    /// Whether two instants fall in the same calendar year in the axis's zone.
    public func sameYear(_ a: Double, _ b: Double) -> Bool {
        facts.kind == .time && XValueText.year(a, zone: facts.zone) == XValueText.year(b, zone: facts.zone)
    }

    /// `base` (the x written plainly) as the bucket it stands for.
    private func bucketText(_ x: Double, _ base: String) -> String {
        var out = base
        switch facts.bucket {
        case .calendar("week") where facts.kind == .time:
            out = render("describe.week", [.text(base)])
        case let .width(width) where facts.kind == .number:
            // Bins of whole numbers end at the last whole number in them ("1950–1959").
            let whole = width == width.rounded() && x == x.rounded()
            // A bin of whole years names the year once, after its end: "1700—1709年", "1700~1709년".
            let start = facts.isYears && style == .year && whole && base == plain(x) ? String(Int(x)) : base
            out = render("describe.bin", [.text(start), .text(plain(x + (whole ? width - 1 : width)))])
        default:
            break
        }
        return facts.partialX.contains(x) ? render("describe.partial", [.text(out)]) : out
    }

    private func render(_ key: String, _ arguments: [TemplateArgument]) -> String {
        language.typeset(catalog.render(key, locale: language.requested, arguments))
    }

    /// The category label of a category x, untranslated (as data files write it); other x as a
    /// number.
    public func label(_ x: Double) -> String {
        let i = Int(x.rounded(.up))
        return facts.categories.indices.contains(i) ? facts.categories[i] : formats.number(x)
    }

    /// How an event at an x reads in a sentence, for `describe.when.*`: a period ("in 2009",
    /// "in June 2026"), a day or an instant ("on June 12"), or a point on a number or category axis.
    public var when: WhenKind {
        switch facts.kind {
        case .category: return .point
        case .number: return facts.isYears && style != .yearMonthDay ? .period : .point
        case .time:
            switch style {
            case .year, .yearMonth, .yearQuarter: return .period
            default: return .day
            }
        }
    }

    /// The instant of a (possibly fractional) calendar year in UTC: the fraction counts twelfths
    /// of the year as months, as monthly data written in decimal years does (1749.083 is February
    /// 1749), and the rest of a twelfth as days of that month.
    public static func millis(year x: Double) -> Double {
        let day = 86_400_000.0
        let whole = Int(x.rounded(.down))
        let twelfths = (x - Double(whole)) * 12 + 1e-6
        let month = min(11, Int(twelfths.rounded(.down)))
        let start = daysFromCivil(whole, month + 1, 1)
        let next = month == 11 ? daysFromCivil(whole + 1, 1, 1) : daysFromCivil(whole, month + 2, 1)
        let days = ((twelfths - Double(month)) * Double(next - start)).rounded(.down)
        return (Double(start) + min(days, Double(next - start - 1))) * day
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's days_from_civil).
    static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The calendar year of an instant in `zone`.
    static func year(_ millis: Double, zone: String) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone) ?? TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar.component(.year, from: Date(timeIntervalSince1970: (millis / 1000).rounded(.down)))
    }
}

/// The buckets of an aggregated axis.
public enum AxisBucket: Sendable, Hashable {
    /// A calendar unit: `hour`, `day`, `week` (ISO, from Monday), `month`, `quarter`, `year`.
    case calendar(String)
    /// Numeric bins of this width, each starting at its x.
    case width(Double)
    /// One bucket per category.
    case category
}

extension XAxisFacts {
    /// Whether x values are calendar years (`x.unit` is `year`).
    public var isYears: Bool { kind == .number && unit == "year" }
}

/// How a sentence places an event on the x axis (`describe.when.*` keys).
public enum WhenKind: String, Sendable {
    /// A year, quarter or month: "in 2009".
    case period
    /// A day or an instant: "on June 12".
    case day
    /// A number or category: "at 5".
    case point
}

/// What a y value is, which decides the verbs of a change: prices rise and fall (상승/하락,
/// 上涨/下跌, 上昇/下落), counts increase and decrease, temperatures rise and drop, and a
/// percentage changes by percentage points.
public enum QuantityKind: String, Sendable, CaseIterable {
    /// An amount of money (`y.unit` a currency).
    case price
    /// A temperature (`temperature-*`).
    case temperature
    /// A percentage (`y.unit` is `percent`): changes are in percentage points.
    case percentage
    /// Whole, non-negative values without a unit, or a fold's `count`.
    case count
    /// Anything else: a measure or a plain number.
    case amount
}

/// What writing a chart's y values needs to know about its axis, as plain values.
public struct YAxisFacts: Sendable, Hashable {
    /// As a pipeline writes it (SPEC §3 `y.unit`): an ISO 4217 currency, `percent`, a CLDR unit id,
    /// or nil for a plain number.
    public var unit: String?
    /// The largest magnitude of a finite value; 0 without one.
    public var largest: Double
    /// Every finite value is an integer, so currencies drop their cents ("$1,200", not "$1,200.00").
    public var wholeValues: Bool
    /// No finite value is negative.
    public var nonNegative: Bool
    /// The fraction digits the data is written with (at most 2): plain numbers written with two
    /// keep them, so that 13,058.20 reads beside 13,043.96; 0 when some value has more, or none has any.
    public var decimals: Int

    public init(unit: String?, largest: Double, wholeValues: Bool, nonNegative: Bool = true, decimals: Int = 0) {
        self.unit = unit
        self.largest = largest
        self.wholeValues = wholeValues
        self.nonNegative = nonNegative
        self.decimals = decimals
    }

    /// The facts of an axis whose series have the y values `series`; non-finite values are gaps.
    public init(unit: String?, series: [[Double]]) {
        var largest = 0.0
        var whole = true
        var nonNegative = true
        var decimals = 0
        for ys in series {
            for y in ys where y.isFinite {
                largest = max(largest, abs(y))
                if y != y.rounded() { whole = false }
                if y < 0 { nonNegative = false }
                // Digits needed, tested on the scaled value with a tolerance for binary fractions.
                while decimals <= 2 {
                    let scaled = y * Double.pow10(decimals)
                    if abs(scaled - scaled.rounded()) <= 1e-9 * Swift.max(1, abs(scaled)) { break }
                    decimals += 1
                }
            }
        }
        self.init(unit: unit, largest: largest, wholeValues: whole, nonNegative: nonNegative, decimals: decimals <= 2 ? decimals : 0)
    }

    /// What the values are; `counted` when a fold counted rows into them.
    public func kind(counted: Bool = false) -> QuantityKind {
        switch UnitKind(unit) {
        case .percent: return .percentage
        case .currency: return .price
        case let .measure(id) where id.hasPrefix("temperature-"): return .temperature
        case .measure: return .amount
        case .none: return counted || (wholeValues && nonNegative) ? .count : .amount
        }
    }
}

/// Writes y values for one written language with the axis's unit (currency, percent, CLDR unit
/// or none), at a precision that suits the data.
public struct YValueText: Sendable {
    public let facts: YAxisFacts
    let formats: LocaleFormats
    let precision: NumberPrecision

    public init(facts: YAxisFacts, language: WrittenLanguage) {
        self.facts = facts
        formats = language.formats
        switch UnitKind(facts.unit) {
        case .percent: precision = .maxFractionDigits(1)
        case .currency: precision = facts.wholeValues ? .integer : .automatic
        case .none, .measure:
            if facts.largest > 0 && facts.largest < 1 { precision = .significantDigits(3) }
            // Plain numbers written with two decimals (index levels, prices without a currency) keep both.
            else if facts.unit == nil && facts.decimals == 2 { precision = .fractionDigits(2) }
            else { precision = .maxFractionDigits(2) }
        }
    }

    /// The axis's unit.
    public var unit: String? { facts.unit }

    /// A value with its unit; a value too small for the axis's precision keeps three significant
    /// digits, so that 0.004 is never said as 0.
    public func text(_ y: Double) -> String { text(y, trimmingCents: false) }

    /// A value with its unit; `trimmingCents` drops the needless cents of a whole amount of money (a
    /// threshold of "$1,500", a change of "$200"), which data values keep so that they read alike.
    public func text(_ y: Double, trimmingCents: Bool) -> String {
        if facts.unit == nil, y.isFinite {
            // Statistics of whole values (a mean of counts) keep at most one decimal, none from 100 on.
            let shown = facts.wholeValues && abs(y) >= 100 ? y.rounded() : y
            if let large = formats.largeNumber(shown) { return large }
            if facts.wholeValues && y != y.rounded() {
                return formats.number(shown, precision: abs(y) >= 100 ? .integer : .maxFractionDigits(1))
            }
        }
        if trimmingCents, case .currency = UnitKind(facts.unit), precision == .automatic, y == y.rounded(), abs(y) < 1e15 {
            return formats.quantity(y, unit: facts.unit, precision: .integer)
        }
        return formats.quantity(y, unit: facts.unit, precision: YValueText.keepingSignificance(y, precision))
    }

    /// The two ends of a range or a change, with the unit said once where the language's press
    /// does: English names a spelled-out unit after the second value only ("from 67 to 68 degrees
    /// Fahrenheit"); Korean and Japanese drop the scale word before the second ("화씨 67도에서 68도로",
    /// "華氏67度から68度へ"). Currencies, percents and other languages keep both as they are.
    public func ends(_ a: Double, _ b: Double) -> (String, String) {
        let first = text(a), second = text(b)
        guard case .measure = UnitKind(facts.unit) else { return (first, second) }
        let number = formats.number(a, precision: YValueText.keepingSignificance(a, precision))
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
        return text(y)
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
        // Money keeps its cents ("-$2.40") unless the rate is below a cent.
        let currencyDigits = UnitKind(facts.unit).isCurrency && abs(y) >= 0.01
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

extension String {
    func trimmingLeadingSpace() -> String { String(drop { $0 == " " }) }
}

extension Double {
    /// 10 to the power `n`, exactly for the small integer powers used in rounding decisions.
    static func pow10(_ n: Int) -> Double {
        var v = 1.0
        for _ in 0..<abs(n) { v *= 10 }
        return n < 0 ? 1 / v : v
    }
}
