#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `LocaleFormats.date` for one style and zone, with its ICU formatters looked up once: for an
/// axis whose instants all take it. Writes the same text as `date`.
public struct DateFormat: Sendable {
    public let formats: LocaleFormats
    public let style: DateStyle
    public let zone: String
    /// The formatter of the style, and of its hour alone where Korean and Chinese write a time on
    /// the hour as the hour ("11월 21일 2시"); nil where `date` is asked (an hour named with its zone).
    private let main: DateSkeletonFormatter?
    private let onTheHour: DateSkeletonFormatter?
    private let asksDate: Bool

    init(formats: LocaleFormats, style: DateStyle, zone: String) {
        self.formats = formats
        self.style = style
        self.zone = zone
        let language = LocaleFallback.language(of: formats.locale)
        // As `LocaleFormats.date` chooses its skeletons.
        var skeleton = language == "ko" ? String(style.skeleton.map { $0 == "j" ? "H" : $0 }) : style.skeleton
        if style == .yearQuarter, language == "ko" || language == "en" { skeleton = "yQQQ" }
        if language == "ko" { skeleton = LocaleFormats.koreanSeconds(skeleton) }
        let clock = skeleton.hasSuffix("jmm") || skeleton.hasSuffix("Hmm") || skeleton.hasSuffix("jmmz") || skeleton.hasSuffix("Hmmz")
        let hours = clock && ["ko", "zh"].contains(language)
        let zoned = skeleton.hasSuffix("jmmz") || skeleton.hasSuffix("Hmmz")
        asksDate = hours && zoned
        main = try? FormatterCache.shared.date(locale: formats.locale, skeleton: skeleton, zone: zone)
        onTheHour = hours && !zoned
            ? try? FormatterCache.shared.date(locale: formats.locale, skeleton: String(skeleton.dropLast(3)) + "H", zone: zone) : nil
    }

    public func text(millis: Double) -> String {
        if asksDate { return formats.date(millis: millis, style: style, zone: zone) }
        let formatter = onTheHour != nil && formats.minute(millis, zone: zone) == 0 ? onTheHour : main
        guard let formatter, let text = formatter.format(millis: millis) else {
            return formats.date(millis: millis, style: style, zone: zone)
        }
        return text
    }

    /// `ChineseText.normalize(text(millis:))`, without normalizing what needs none.
    public func chineseText(millis: Double) -> String {
        if asksDate { return ChineseText.normalize(formats.date(millis: millis, style: style, zone: zone)) }
        let formatter = onTheHour != nil && formats.minute(millis, zone: zone) == 0 ? onTheHour : main
        guard let formatter, let text = formatter.chineseText(millis: millis) else {
            return ChineseText.normalize(formats.date(millis: millis, style: style, zone: zone))
        }
        return text
    }
}
