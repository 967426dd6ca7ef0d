#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Numbers, currencies, percents, units, dates and lists written for one locale with CLDR data (ICU).
///
/// A value type over a shared cache of ICU formatters: cheap to create, and usable from any
/// number of threads at once.
public struct LocaleFormats: Sendable, Hashable {
    /// A BCP 47 identifier such as `en`, `zh-Hans` or `ko-KR`.
    public let locale: String

    public init(locale: String) { self.locale = locale }

    /// `1,234.5` in en, zh-Hans and ko alike.
    public func number(_ value: Double, precision: NumberPrecision = .automatic) -> String {
        format(value, skeleton: precision.skeleton) ?? PlainNumber.text(value)
    }

    /// `1,234`: an integer with the locale's grouping.
    public func integer(_ value: Int) -> String {
        // As `format(_:skeleton: "precision-integer")`, with the formatter kept per locale: sentences
        // count positions and points at every label.
        FormatterCache.shared.integers(locale: locale)?.format(Double(value)) ?? String(value)
    }

    /// `12K` / `1.2万` / `1.2만`: a short compact number.
    public func compact(_ value: Double, precision: NumberPrecision = .automatic) -> String {
        format(value, skeleton: join("compact-short", precision.skeleton)) ?? PlainNumber.text(value)
    }

    /// `36.3 billion` / `363억` / `363亿`: a compact number with its scale spelled out (never
    /// "36.3B", which a listener hears as a letter).
    public func compactLong(_ value: Double, precision: NumberPrecision = .significantDigits(3)) -> String {
        format(value, skeleton: join("compact-long", precision.skeleton)) ?? PlainNumber.text(value)
    }

    /// `$1,234.50` / `1,234.50달러` / `1,234.50美元` / `1,234.50ドル`: `code` is an ISO 4217 currency such as `USD`.
    /// With `precision` automatic the currency's own digits are used (two for USD, none for KRW).
    public func currency(_ value: Double, code: String, precision: NumberPrecision = .automatic) -> String {
        switch LocaleFallback.language(of: locale) {
        case "ko":
            // Korean reports write the amount and then the currency's name: "1,209.77달러", "1,210원".
            if let name = Self.koreanCurrencyNames[code],
               let amount = format(value, skeleton: join("currency/\(code) unit-width-hidden", precision.skeleton)) {
                return amount + name
            }
        case "ja":
            // Japanese reports too: "1,209.77ドル", "1,235円", "1,234.56ユーロ". Other currencies take
            // CLDR's full name, written without spaces as Japanese text is ("1,234.56ブラジルレアル").
            if let name = Self.japaneseCurrencyNames[code],
               let amount = format(value, skeleton: join("currency/\(code) unit-width-hidden", precision.skeleton)) {
                return amount + name
            }
            if let text = format(value, skeleton: join("currency/\(code) unit-width-full-name", precision.skeleton)) {
                return Self.withoutSpaces(text)
            }
        case "zh":
            // Chinese likewise: "1,209.77美元", "1,210韩元"; yuan amounts read "元".
            if code == "CNY", let amount = format(value, skeleton: join("currency/CNY unit-width-hidden", precision.skeleton)) {
                return amount + "元"
            }
            if let text = format(value, skeleton: join("currency/\(code) unit-width-full-name", precision.skeleton)) {
                return text
            }
        default:
            break
        }
        return format(value, skeleton: join("currency/\(code)", precision.skeleton))
            ?? number(value, precision: precision) + " " + code
    }

    /// Names Korean text uses after an amount; other currencies keep ICU's symbol form.
    static let koreanCurrencyNames: [String: String] = [
        "USD": "달러", "KRW": "원", "CNY": "위안", "JPY": "엔", "EUR": "유로", "GBP": "파운드",
        "CAD": "캐나다 달러", "AUD": "호주 달러", "HKD": "홍콩 달러", "TWD": "대만 달러", "CHF": "스위스 프랑",
    ]

    /// Names Japanese text uses after an amount, as Japanese reports write them ("ドル", not "米ドル").
    static let japaneseCurrencyNames: [String: String] = [
        "USD": "ドル", "JPY": "円", "EUR": "ユーロ", "CNY": "人民元", "KRW": "ウォン", "GBP": "ポンド",
        "CAD": "カナダドル", "AUD": "豪ドル", "HKD": "香港ドル", "TWD": "台湾ドル", "CHF": "スイスフラン",
    ]

    /// Japanese text keeps no spaces between a number and its unit: CLDR writes "60 分", reports "60分".
    static func withoutSpaces(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != " " && $0 != "\u{00A0}" && $0 != "\u{202F}" }))
    }

    /// Names of units that CLDR has no full name for, by language: singular and plural in
    /// English, one form elsewhere (ICU writes "GWh" or "기가와트⋅시간" for them).
    static let unitsCLDRLacks: [String: [String: (String, String)]] = [
        "energy-megawatt-hour": ["en": ("megawatt-hour", "megawatt-hours"), "ko": ("메가와트시", ""), "zh": ("兆瓦时", ""),
                                 "ja": ("メガワット時", "")],
        "energy-gigawatt-hour": ["en": ("gigawatt-hour", "gigawatt-hours"), "ko": ("기가와트시", ""), "zh": ("吉瓦时", ""),
                                 "ja": ("ギガワット時", "")],
        "energy-terawatt-hour": ["en": ("terawatt-hour", "terawatt-hours"), "ko": ("테라와트시", ""), "zh": ("太瓦时", ""),
                                 "ja": ("テラワット時", "")],
    ]

    /// Unit names a language's press writes where CLDR's differ: Korean writes a metric ton as 톤
    /// ("5톤"), never CLDR's "5메트릭 톤"; an age in years (`duration-year-person`) as 세, 岁, 歳.
    static let pressUnitNames: [String: [String: String]] = [
        "mass-tonne": ["ko": "톤"], "mass-metric-ton": ["ko": "톤"],
        // CLDR writes a person's age as a duration ("44년", "44年"): the press writes "44세", "44歳", "44岁".
        "duration-year-person": ["ko": "세", "ja": "歳", "zh": "岁"],
    ]

    private func spelledOut(_ value: Double, names: [String: (String, String)], precision: NumberPrecision) -> String {
        let digits = number(value, precision: precision)
        let language = LocaleFallback.language(of: locale)
        guard let (one, other) = names[language] else {
            let english = names["en"] ?? ("", "")
            return digits + " " + (pluralCategory(value, fractionDigits: digits.contains(".") ? 1 : 0) == .one ? english.0 : english.1)
        }
        if language == "en" {
            return digits + " " + (pluralCategory(value, fractionDigits: digits.contains(".") ? 1 : 0) == .one ? one : other)
        }
        return digits + one
    }

    /// A large plain number as the language's press writes it, or nil to write it as usual.
    /// Korean and Japanese count in myriads (만, 万): "2만 8853", "760만 1천", "760万1000"; Chinese
    /// writes one number of 万 or 亿 ("2.89万", "760.1万"). Elsewhere, and for values beyond exact
    /// grouping, a million and more read by scale: "5.71 million", "36.3 billion" (never "36.3B").
    public func largeNumber(_ value: Double) -> String? { largeNumber(value, extraDigits: 0) }

    /// `largeNumber` with `extraDigits` more than the press's style, so that two values that differ read apart.
    public func largeNumber(_ value: Double, extraDigits: Int) -> String? {
        let magnitude = abs(value)
        // Below ten thousand every language writes the number as usual.
        guard magnitude >= 1e4 else { return nil }
        // Beyond the press's words for scales (a quadrillion, 1경): powers of ten, "1.7 × 10^308".
        if magnitude >= 1e15 && value.isFinite { return scientific(value) }
        let language = LocaleFallback.language(of: locale)
        if magnitude >= 1e4, magnitude < 1e16, value == value.rounded(), ["ko", "ja", "zh"].contains(language) {
            return myriads(Int64(value), language: language, extraDigits: extraDigits)
        }
        // English and others: a million and more by scale ("5.71 million"), as the press writes them.
        return magnitude >= 1e6 && value.isFinite ? compactLong(value, precision: .significantDigits(3 + extraDigits)) : nil
    }

    /// `1.7 × 10^308`: at most three significant digits and a power of ten, the same in every language.
    public func scientific(_ value: Double) -> String {
        guard value != 0, value.isFinite else { return number(value) }
        var exponent = Int(log10(abs(value)).rounded(.down))
        var mantissa = value / pow(10, Double(exponent))
        if abs(mantissa) >= 9.995 { mantissa /= 10; exponent += 1 }
        return (format(mantissa, skeleton: "@##") ?? number(mantissa)) + " × 10^" + String(exponent)
    }

    /// Groups of four digits named 조/억/만 (兆/億/万 in Japanese), in one style for values, statistics
    /// and rates alike, as the press of each language writes counts: exact below a million ("2만
    /// 8853", "2万8853"); from a million, to whole thousands ("963만 1천", "963万1000"); from a
    /// hundred million, the two leading groups, rounded ("363억 4568만"). No group has a comma.
    /// Chinese: one number of 万 (at most two decimals below a million, one from a million:
    /// "2.89万", "963.1万") or 亿 (two decimals: "363.46亿"), without grouping.
    /// `extraDigits` says more than the press's style where two values would otherwise read alike:
    /// Chinese adds decimals, Korean and Japanese write more groups exactly.
    func myriads(_ value: Int64, language: String, extraDigits: Int = 0) -> String {
        let sign = value < 0 ? "-" : ""
        var rest = value.magnitude
        if language == "zh" {
            let (scale, name) = rest >= 100_000_000 ? (1e8, "亿") : (1e4, "万")
            let decimals = (rest >= 1_000_000 && rest < 100_000_000 ? 1 : 2) + extraDigits
            let digits = "group-off ." + String(repeating: "#", count: min(decimals, 8))
            let amount = format(Double(rest) / scale, skeleton: digits) ?? String(Double(rest) / scale)
            return sign + amount + name
        }
        // The scale the value is rounded to: thousands from a million, the second group's above 억.
        var scale: UInt64 = rest >= 1_000_000 && extraDigits == 0 ? 1_000 : 1
        if rest >= 100_000_000 {
            scale = 1
            var scratch = rest
            while scratch >= 100_000_000 { scratch /= 10_000; scale *= 10_000 }
            // Each extra digit writes one more group exactly.
            for _ in 0..<max(0, extraDigits) where scale > 1 { scale /= 10_000 }
        }
        rest = (rest + scale / 2) / scale * scale
        var groups: [UInt64] = []
        var scratch = rest
        while scratch > 0 { groups.append(scratch % 10_000); scratch /= 10_000 }
        let names = language == "ko" ? ["", "만", "억", "조", "경"] : ["", "万", "億", "兆", "京"]
        var parts: [String] = []
        for (i, group) in groups.enumerated().reversed() where group > 0 && i < names.count {
            // Korean reads a whole thousand in the last group as 천: "760만 1천".
            let digits = language == "ko" && i == 0 && group % 1000 == 0 ? "\(group / 1000)천" : String(group)
            parts.append(digits + names[i])
        }
        return sign + parts.joined(separator: language == "ko" ? " " : "")
    }

    /// `12.5%`: `value` is already in percent (12.5 means 12.5%).
    /// A percent that is not zero never reads as zero ("0.04%", never "0%"): it keeps up to three significant digits then.
    public func percent(_ value: Double, precision: NumberPrecision = .maxFractionDigits(1)) -> String {
        let shown = readsAsZero(value, precision) ? YValueText.rateDigits(value) : precision
        return format(value, skeleton: join("percent", shown.skeleton)) ?? number(value, precision: shown) + "%"
    }

    /// `number`, except that a value that is not zero never reads as zero: it keeps up to three
    /// significant digits then ("0.04 percentage points", never "0 percentage points").
    public func nonZeroNumber(_ value: Double, precision: NumberPrecision) -> String {
        number(value, precision: readsAsZero(value, precision) ? YValueText.rateDigits(value) : precision)
    }

    /// Whether `value`, not zero, rounds to zero at `precision`.
    func readsAsZero(_ value: Double, _ precision: NumberPrecision) -> Bool {
        guard value != 0, value.isFinite else { return false }
        switch precision {
        case .integer: return abs(value) < 0.5
        case let .fractionDigits(n), let .maxFractionDigits(n): return abs(value) < 0.5 * Double.pow10(-max(0, n))
        case .automatic: return abs(value) < 5e-7
        case .significantDigits: return false
        }
    }

    /// `60 minutes` / `60分钟` / `60분` / `60分`: a CLDR unit (`duration-minute`, `length-kilometer`…)
    /// spelled out in full, never abbreviated.
    public func measure(_ value: Double, unit: String, precision: NumberPrecision = .automatic) -> String {
        if let names = Self.unitsCLDRLacks[unit] { return spelledOut(value, names: names, precision: precision) }
        if let name = Self.pressUnitNames[unit]?[LocaleFallback.language(of: locale)] { return number(value, precision: precision) + name }
        guard let text = format(value, skeleton: join("measure-unit/\(unit) unit-width-full-name", precision.skeleton)) else {
            return number(value, precision: precision) + " " + unit
        }
        // Japanese writes "60分" and "摂氏21.5度" where CLDR has "60 分" and "摂氏 21.5 度".
        return LocaleFallback.language(of: locale) == "ja" ? Self.withoutSpaces(text) : text
    }

    /// A value of an axis whose `unit` is as a pipeline writes it (SPEC §3 `y.unit`): an ISO 4217
    /// currency, `percent`, a CLDR unit id, or nil for a plain number.
    public func quantity(_ value: Double, unit: String?, precision: NumberPrecision = .automatic) -> String {
        switch UnitKind(unit) {
        case .none: return number(value, precision: precision)
        case let .currency(code): return currency(value, code: code, precision: precision)
        case .percent: return percent(value, precision: precision)
        case let .measure(id): return measure(value, unit: id, precision: precision)
        }
    }

    /// The name of a unit as a pipeline writes it, for a table header or an axis title ("Revenue
    /// (US dollars)"): CLDR's full name of a currency or unit as the locale writes it for an amount
    /// ("US dollars", "美元", "minutes", "분"), the same name `currency` writes after Korean and
    /// Japanese amounts ("달러", "ドル"), `%` for percent, and nil without a unit.
    public func unitName(_ unit: String?) -> String? {
        let skeleton: String
        switch UnitKind(unit) {
        case .none: return nil
        case .percent: return "%"
        case let .currency(code):
            switch LocaleFallback.language(of: locale) {
            case "ko": if let name = Self.koreanCurrencyNames[code] { return name }
            case "ja": if let name = Self.japaneseCurrencyNames[code] { return name }
            case "zh": if code == "CNY" { return "元" }
            default: break
            }
            skeleton = "currency/\(code) unit-width-full-name"
        case let .measure(id):
            if let name = Self.pressUnitNames[id]?[LocaleFallback.language(of: locale)] { return name }
            skeleton = "measure-unit/\(id) unit-width-full-name"
        }
        // ICU has no C call for a unit's display name: the name is an amount's text without the amount.
        guard let text = format(2, skeleton: skeleton + " precision-integer numbering-system/latn"),
              let digit = text.firstIndex(of: "2") else { return unit }
        var name = text
        name.remove(at: digit)
        let spaces: Set<Character> = [" ", "\u{00A0}", "\u{202F}"]
        // Japanese sets a unit without spaces, as `measure` writes it: "華氏度", never "華氏  度" (CLDR's "華氏 2 度").
        if LocaleFallback.language(of: locale) == "ja" { return Self.withoutSpaces(name) }
        let trimmed = String(name.drop { spaces.contains($0) }.reversed().drop { spaces.contains($0) }.reversed())
        // A name around the amount ("華氏 2 度") keeps one space where the amount was, never two.
        return trimmed.replacing("  ", with: " ")
    }

    /// The name of one of a CLDR unit, without the number, as a rate says it: "per kilometer",
    /// "킬로미터당", "每千米", never "per 1 kilometer".
    public func unitName(one unit: String) -> String {
        let one = measure(1, unit: unit)
        guard let digit = one.firstIndex(of: "1") else { return one }
        var name = one
        name.remove(at: digit)
        let spaces: Set<Character> = [" ", "\u{00A0}", "\u{202F}"]
        return String(name.drop { spaces.contains($0) }.reversed().drop { spaces.contains($0) }.reversed())
    }

    /// A date with the month spelled out, in `zone` (an IANA identifier, default UTC).
    /// `millis` counts milliseconds since 1970-01-01T00:00:00Z, as time series store x.
    public func date(millis: Double, style: DateStyle = .monthDay, zone: String = "UTC") -> String {
        // Korean reports read times on the 24-hour clock ("11월 21일 00:00", not "오전 12:00").
        var skeleton = LocaleFallback.language(of: locale) == "ko" ? String(style.skeleton.map { $0 == "j" ? "H" : $0 })
            : style.skeleton
        // Korean's long quarter ("제 4/4분기") reads like a fraction, English's ("2nd quarter 1945") as
        // no newspaper writes it: the short ones are the usual forms ("1945년 2분기", "Q2 1945").
        if style == .yearQuarter, ["ko", "en"].contains(LocaleFallback.language(of: locale)) { skeleton = "yQQQ" }
        if LocaleFallback.language(of: locale) == "ko" { skeleton = Self.koreanSeconds(skeleton) }
        // Korean and Chinese desks write a time on the hour as the hour ("11월 21일 2시", "11月21日2时"),
        // as they write "2시~3시" for hours of the day, not as a zero-padded clock ("02:00").
        let language = LocaleFallback.language(of: locale)
        let clock = skeleton.hasSuffix("jmm") || skeleton.hasSuffix("Hmm") || skeleton.hasSuffix("jmmz") || skeleton.hasSuffix("Hmmz")
        // The minute is looked up only for a time of day in these two languages (ICU outside UTC).
        if clock, ["ko", "zh"].contains(language), minute(millis, zone: zone) == 0 {
            if skeleton.hasSuffix("jmm") || skeleton.hasSuffix("Hmm") {
                skeleton = String(skeleton.dropLast(3)) + "H"
            } else if skeleton.hasSuffix("jmmz") || skeleton.hasSuffix("Hmmz"),
                      let zoneName = try? FormatterCache.shared.date(locale: locale, skeleton: "z", zone: zone).format(millis: millis) {
                // An hour the clocks pass twice names its offset after it, in brackets: ICU's
                // "11月25日 GMT+12时" would read as a twelve o'clock.
                let hour = date(millis: millis, style: .skeleton(String(skeleton.dropLast(4)) + "jmm"), zone: zone)
                return language == "ko" ? "\(hour)(\(zoneName))" : "\(hour)（\(zoneName)）"
            }
        }
        guard let formatter = try? FormatterCache.shared.date(locale: locale, skeleton: skeleton, zone: zone),
              let text = formatter.format(millis: millis)
        else { return PlainNumber.text(millis) }
        return text
    }

    /// A Korean time with seconds as Korean writes it, "9시 0분 14.5초", not the clock "09:00:14.500".
    static func koreanSeconds(_ skeleton: String) -> String {
        for (clock, spoken) in [("HmmssSSS", "HmsSSS"), ("Hmmss", "Hms")] where skeleton.hasSuffix(clock) {
            return String(skeleton.dropLast(clock.count)) + spoken
        }
        return skeleton
    }

    /// The minute of the hour of `millis` in `zone`: by arithmetic in UTC, by ICU elsewhere (a zone's
    /// offset may be a half or three quarters of an hour).
    func minute(_ millis: Double, zone: String) -> Int? {
        guard millis.isFinite else { return nil }
        if zone == "UTC" || zone == "Etc/UTC" || zone == "GMT" {
            let minutes = (millis / 60_000).rounded(.down)
            return Int(minutes - (minutes / 60).rounded(.down) * 60)
        }
        guard let formatter = try? FormatterCache.shared.date(locale: "en", skeleton: "m", zone: zone),
              let text = formatter.format(millis: millis) else { return nil }
        return Int(text)
    }

    /// `A, B, and C` / `A、B和C` / `A, B 및 C`.
    public func list(_ items: [String], conjunction: ListConjunction = .and) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        guard let formatter = try? FormatterCache.shared.list(locale: locale, conjunction: conjunction),
              let text = formatter.format(items)
        else { return items.joined(separator: ", ") }
        return text
    }

    /// The CLDR plural category of `value` shown with `fractionDigits` digits after the point.
    public func pluralCategory(_ value: Double, fractionDigits: Int = 0) -> PluralCategory {
        PluralRules.forLocale(locale)?.category(of: value, fractionDigits: fractionDigits) ?? .other
    }

    /// Formats with an ICU number skeleton (https://unicode-org.github.io/icu/userguide/format_parse/numbers/skeletons.html).
    ///
    /// A negative zero, and a negative value that rounds to zero at the skeleton's precision, reads
    /// as 0 in every locale: `sign-negative` is ICU's sign display that drops the minus from zero.
    public func format(_ value: Double, skeleton: String) -> String? {
        numberFormatter(skeleton)?.format(value)
    }

    /// The cached formatter `format(_:skeleton:)` writes with.
    func numberFormatter(_ skeleton: String) -> NumberSkeletonFormatter? {
        try? FormatterCache.shared.number(locale: locale, skeleton: skeleton.isEmpty ? "sign-negative" : skeleton + " sign-negative")
    }

    /// Whether ICU knows `unit` as a pipeline writes it (currency, `percent` or CLDR unit id).
    public static func isKnownUnit(_ unit: String) -> Bool {
        let skeleton: String
        switch UnitKind(unit) {
        case .none, .percent: return true
        case let .currency(code): skeleton = "currency/\(code)"
        case let .measure(id):
            if unitsCLDRLacks[id] != nil { return true }
            skeleton = "measure-unit/\(id)"
        }
        return (try? FormatterCache.shared.number(locale: "en", skeleton: skeleton)) != nil
    }

    private func join(_ stem: String, _ precision: String) -> String {
        precision.isEmpty ? stem : stem + " " + precision
    }
}
extension LocaleFormats {
    /// `quantity(_:unit:precision:)` resolved once for `unit` and `precision`.
    public func quantityFormat(unit: String?, precision: NumberPrecision = .automatic) -> QuantityFormat {
        QuantityFormat(formats: self, unit: unit, precision: precision)
    }

    /// `date(millis:style:zone:)` resolved once for `style` and `zone`.
    public func dateFormat(style: DateStyle = .monthDay, zone: String = "UTC") -> DateFormat {
        DateFormat(formats: self, style: style, zone: zone)
    }
}
