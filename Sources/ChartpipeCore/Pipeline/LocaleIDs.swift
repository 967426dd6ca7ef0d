import Foundation

/// Locale ids as BCP 47 tags whose language the platform has locale data for.
public enum LocaleIDs {
    /// Every language (and language-script, language-region…) tag the platform knows, in BCP 47 form.
    /// (Underscores swapped byte by byte: Foundation's `replacingOccurrences` over the thousand
    /// identifiers was a noticeable part of starting a run.)
    public static let known: [String] = Locale.availableIdentifiers.map { id in
        String(decoding: id.utf8.map { $0 == UInt8(ascii: "_") ? UInt8(ascii: "-") : $0 }, as: UTF8.self)
    }.sorted()

    private static let languages = Set(known.map { String($0.split(separator: "-")[0]) })

    /// Why `id` is not a locale (`kr`, `xx-YY`), with the closest known tag, or nil. A country
    /// code written for a language (`kr` for Korea) suggests the `preferred` locale spoken there.
    public static func problem(_ id: String, preferring preferred: [String] = []) -> String? {
        let language = String(id.split(separator: "-").first ?? "")
        if languages.contains(language.lowercased()) { return nil }
        // CLDR's likely subtags: the language most spoken in a region ("und-KR" → "ko-Kore-KR").
        let likely = id.count == 2 ? Locale.Language(identifier: "und-" + id.uppercased()).maximalIdentifier : ""
        let likelyLanguage = String(likely.split(separator: "-").first ?? "")
        let spokenThere = likelyLanguage == "und" || likelyLanguage.isEmpty ? nil
            : preferred.first { $0 == likelyLanguage || $0.hasPrefix(likelyLanguage + "-") && likely.contains($0.dropFirst(likelyLanguage.count + 1)) }
                ?? preferred.first { $0.hasPrefix(likelyLanguage) }
        let near = spokenThere ?? Suggestion.closest(to: id, in: preferred) ?? Suggestion.closest(to: id, in: known)
        return "'\(id)' is not a locale: no language '\(language)' is known" + (near.map { "; did you mean '\($0)'?" } ?? "")
    }
}
