import ChartpipeCalendar
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes x values for one written language: dates in the axis's zone at the data's
/// granularity, numbers, or category labels translated through the run's catalogs.
public struct XValueText: Sendable {
    public let facts: XAxisFacts
    /// How dates are written; chosen from the spacing of the data and whether it spans years.
    public let style: DateStyle
    public let language: WrittenLanguage
    let formats: LocaleFormats
    let catalog: Catalog
    /// Instants in `style`, with the formatters looked up once (nil for other axes).
    let dates: DateFormat?
    /// The zone of a time axis whose instants data files write with an offset: nil for UTC (and
    /// other axes), found once, not for every value.
    public let offsetZone: TimeZone?

    public init(facts: XAxisFacts, language: WrittenLanguage, catalog: Catalog) {
        self.facts = facts
        self.language = language
        self.catalog = catalog
        formats = language.formats
        style = XValueText.style(of: facts)
        dates = facts.kind == .time ? formats.dateFormat(style: style, zone: facts.zone) : nil
        offsetZone = facts.kind == .time && facts.zone != "UTC" && facts.zone != "GMT" ? TimeZone(identifier: facts.zone) : nil
    }

    /// How the dates of an axis are written: from the spacing of the data and whether it spans years.
    static func style(of facts: XAxisFacts) -> DateStyle {
        let spansYears = facts.range.map {
            XValueText.year($0.lowerBound, zone: facts.zone) != XValueText.year($0.upperBound, zone: facts.zone)
        } ?? false
        if facts.isYears {
            // Years read as years ("1700", "1700년", "1700年"); fractions of a year as months or days.
            let spacing = facts.spacing ?? 1
            return spacing >= 0.9 ? .year : (spacing >= 27.0 / 365.2425 ? .yearMonth : .yearMonthDay)
        }
        switch TimeGranularity(spacing: facts.spacing) {
        case .year: return .year
        case .month: return .yearMonth
        case .quarter: return .yearQuarter
        case .day: return spansYears ? .yearMonthDay : .monthDay
        case .hour:
            // Points between whole hours write every time as a clock, so that one description writes
            // times one way ("07:00" beside "07:30", never "7시"): the skeleton's fields in another
            // order, which ICU reads alike, keep `LocaleFormats.date` from writing the hour alone.
            if let spacing = facts.spacing, spacing.truncatingRemainder(dividingBy: 3_600_000) != 0 {
                return .skeleton(spansYears ? "yMMMMdmmj" : "MMMMdmmj")
            }
            return spansYears ? .yearMonthDayTime : .monthDayTime
        // Points seconds apart need their seconds, else two of them read alike; data within one day
        // writes its times alone ("9시 0분 0초"), the summary names the date once (`text(_:withYear:)`).
        case .second: return .skeleton(withinADay(facts) ? "jmmss" : spansYears ? "yMMMMdjmmss" : "MMMMdjmmss")
        case .millisecond: return .skeleton(withinADay(facts) ? "jmmssSSS" : spansYears ? "yMMMMdjmmssSSS" : "MMMMdjmmssSSS")
        }
    }

    /// Whether every instant of a time axis falls on one calendar day in its zone.
    static func withinADay(_ facts: XAxisFacts) -> Bool {
        guard let range = facts.range else { return false }
        return day(range.lowerBound, zone: facts.zone) == day(range.upperBound, zone: facts.zone)
    }

    /// The calendar day of an instant in `zone`, as (year, month, day).
    static func day(_ millis: Double, zone: String) -> [Int] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone) ?? TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: (millis / 1000).rounded(.down)))
        return [parts.year ?? 0, parts.month ?? 0, parts.day ?? 0]
    }

    /// Whether two instants of a time axis fall on the same calendar day in its zone.
    public func sameDay(_ a: Double, _ b: Double) -> Bool {
        facts.kind == .time && XValueText.day(a, zone: facts.zone) == XValueText.day(b, zone: facts.zone)
    }

    /// Whether the axis writes a time of day with each value.
    public var writesTimes: Bool {
        facts.kind == .time && style.skeleton.contains { $0 == "j" || $0 == "H" || $0 == "h" }
    }

    /// The time of day of `x` alone ("11:00", "11:00 AM"), for the end of a range within one day whose
    /// other end names the date ("12월 12일 08:40부터 11:00까지"); as `text` on other axes.
    public func timeOfDay(_ x: Double) -> String {
        guard writesTimes, facts.bucket == nil || facts.bucket == .calendar("hour") else { return text(x) }
        // The style's fields without those of the date, whatever their order ("MMMMdmmj" is "mmj").
        let skeleton = String(style.skeleton.filter { !"GyQMLdEc".contains($0) })
        guard skeleton != style.skeleton else { return text(x) }
        return XValueText.trimmingSecondFractions(language.typeset(formats.date(millis: x, style: zoned(.skeleton(skeleton), x), zone: facts.zone)))
    }

    /// A time written with milliseconds without their trailing zeros ("14.5", "0", never "14.500" or "0.000").
    static func trimmingSecondFractions(_ text: String) -> String {
        guard text.contains(".") else { return text }
        var out = ""
        let chars = Array(text)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == ".", i > 0, chars[i - 1].isASCII, chars[i - 1].isNumber {
                var j = i + 1
                while j < chars.count, chars[j].isASCII, chars[j].isNumber { j += 1 }
                if j - i - 1 == 3 {
                    let digits = String(chars[(i + 1)..<j]).reversed().drop { $0 == "0" }.reversed()
                    if !digits.isEmpty { out += "." + String(digits) }
                    i = j
                    continue
                }
            }
            out.append(c)
            i += 1
        }
        return out
    }

    /// The x value as a reader hears it; an aggregated one names its bucket ("the week of June 29",
    /// "1950–1959"), and a partly covered first or last bucket says so.
    public func text(_ x: Double) -> String { bucketText(x, plain(x)) }

    /// The x value itself, not as the bucket it may stand for: what a gridline at it is called.
    public func plain(_ x: Double) -> String {
        switch facts.kind {
        case .time:
            let shown = zoned(style, x)
            let text: String
            if shown == style, let dates {
                text = language.usesChineseTypography ? dates.chineseText(millis: x) : dates.text(millis: x)
            } else {
                text = language.typeset(formats.date(millis: x, style: shown, zone: facts.zone))
            }
            return style.skeleton.hasSuffix("SSS") ? XValueText.trimmingSecondFractions(text) : text
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
        // A time alone (data within one day) is said once with its date.
        case let .skeleton(skeleton) where !skeleton.contains("d"): full = .skeleton("yMMMMd" + skeleton)
        case let .skeleton(skeleton) where !skeleton.contains("y"): full = .skeleton("y" + skeleton)
        default: return text(x)
        }
        let dated = language.typeset(formats.date(millis: x, style: zoned(full, x), zone: facts.zone))
        return bucketText(x, full.skeleton.hasSuffix("SSS") ? XValueText.trimmingSecondFractions(dated) : dated)
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
        case .width where facts.kind == .number && facts.binExtents[x] != nil:
            // A bin is named by the data it holds: one value as that value ("1952", not "1952–1952"),
            // else its lowest and highest x, never a value beyond the data ("2005–2007", not "2005–2009").
            if let held = facts.binExtents[x] {
                if held.lowerBound == held.upperBound {
                    out = plain(held.lowerBound)
                } else {
                    let whole = held.lowerBound == held.lowerBound.rounded()
                    let start = facts.isYears && style == .year && whole ? String(Int(held.lowerBound)) : plain(held.lowerBound)
                    out = render("describe.bin", [.text(start), .text(plain(held.upperBound))])
                }
            }
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

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar.
    static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        Int(CivilCalendar.days(year: year, month: month, day: day))
    }

    /// The calendar year of an instant in `zone`.
    static func year(_ millis: Double, zone: String) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone) ?? TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar.component(.year, from: Date(timeIntervalSince1970: (millis / 1000).rounded(.down)))
    }
}
