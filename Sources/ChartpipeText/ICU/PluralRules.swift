import CICU

/// The CLDR cardinal plural rules of a locale, from ICU (`uplrules_selectFormatted`).
///
/// Selection goes through a formatted number, so visible fraction digits count: in English
/// "1 point" but "1.0 points".
public final class PluralRules: @unchecked Sendable {  // unchecked: ICU plural rules are immutable; select is const
    public let locale: String
    /// The categories the locale distinguishes, in CLDR order (`one`, `few`, `many`, `other` for ru).
    public let categories: [PluralCategory]
    private let handle: OpaquePointer

    init(locale: String) throws(ICUError) {
        var status: Int32 = 0
        guard let handle = cicu_plural_rules_open(locale, &status) else {
            throw ICUError("plural rules for \(locale)", status: status)
        }
        TextWork.count(TextWork.formatterOpenings)
        self.locale = locale
        self.handle = handle
        let keywords = takeString(cicu_plural_keywords(handle, &status)) ?? "other"
        self.categories = keywords.split(separator: " ").compactMap { PluralCategory(rawValue: String($0)) }.sorted()
    }

    deinit { cicu_plural_rules_close(handle) }

    /// The category of `value` shown with exactly `fractionDigits` digits after the point.
    public func category(of value: Double, fractionDigits: Int = 0) -> PluralCategory {
        let digits = max(0, min(fractionDigits, 15))
        let skeleton = digits == 0 ? "precision-integer" : "." + String(repeating: "0", count: digits)
        guard let formatter = try? FormatterCache.shared.number(locale: locale, skeleton: skeleton + " group-off") else {
            return .other
        }
        let keyword = formatter.withHandle { numberHandle -> String? in
            var status: Int32 = 0
            return takeString(cicu_plural_select(handle, numberHandle, value, &status))
        }
        return keyword.flatMap(PluralCategory.init(rawValue:)) ?? .other
    }

    /// The rules for `locale`, shared and cached.
    public static func forLocale(_ locale: String) -> PluralRules? {
        try? FormatterCache.shared.plural(locale: locale)
    }
}
