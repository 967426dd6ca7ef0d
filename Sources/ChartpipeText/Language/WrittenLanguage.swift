/// The language a run's locale is written in, decided once from the catalogs (see
/// `Catalog.writtenLanguage(for:)`), with the rules for setting text in it.
///
/// Everything that formats, joins or typesets text for a locale takes this value rather than
/// reading the locale string again: a `zh-Hant` run that no catalog translates is English
/// throughout, in its sentences, numbers, dates and the spaces between sentences.
public struct WrittenLanguage: Sendable, Hashable {
    /// The locale the run asked for (`zh-Hant`, `ko-KR`, `pt-BR`); catalog lookups start from it.
    public let requested: String
    /// The catalog locale whose texts are used: the first locale of the requested one's fallback
    /// chain that a catalog translates (`ko` for `ko-KR`, `zh-Hans` for `zh-CN`), else the catalogs'
    /// source language.
    public let catalogLocale: String
    /// Whether a catalog translates the requested locale; when not, its texts are in the source
    /// language and the run should say so.
    public let isTranslated: Bool
    /// The locale numbers, dates, units and lists are written for: the requested locale when it is
    /// translated (so `en-GB` keeps its own dates), else the source language, so that a sentence
    /// never mixes two languages ("From 1. Juni").
    public let formattingLocale: String
    /// The language subtag of the text, lowercased: `zh`, `ja`, `ko`, `en`.
    public let language: String

    /// Decides the written language of `requested` from the locales the catalogs translate; the
    /// one place this is decided.
    init(requested: String, translated: Set<String>, sourceLanguage: String) {
        self.requested = requested
        let found = LocaleFallback.chain(requested).first(where: translated.contains)
        isTranslated = found != nil
        catalogLocale = found ?? sourceLanguage
        formattingLocale = found == nil ? sourceLanguage : LocaleFallback.normalized(requested)
        language = LocaleFallback.language(of: catalogLocale)
    }

    /// CLDR number, date, unit and list formats of `formattingLocale`.
    public var formats: LocaleFormats { LocaleFormats(locale: formattingLocale) }

    /// What separates two sentences or clauses: nothing in Chinese and Japanese, which set them
    /// one after another (W3C "Requirements for Chinese Text Layout", "… Japanese Text Layout"),
    /// a space elsewhere.
    public var sentenceSeparator: String { language == "zh" || language == "ja" ? "" : " " }

    /// Whether a range of dates names its year at its start ("2026년 6월 1일부터 8월 31일까지",
    /// "2026年6月1日至8月31日") rather than at its end ("June 1 to August 31, 2026").
    public var yearLeads: Bool { language == "zh" || language == "ja" || language == "ko" }

    /// Whether text gets Chinese typography: full-width punctuation, no spaces between Han
    /// characters and digits.
    public var usesChineseTypography: Bool { language == "zh" }

    /// Sentences or clauses set one after another with `sentenceSeparator`.
    public func joining(_ sentences: [String]) -> String { sentences.joined(separator: sentenceSeparator) }

    /// `items` as a list in the language's style: "A, B, and C", "A、B和C", "A, B 및 C".
    public func list(_ items: [String]) -> String { formats.list(items) }

    /// `items` joined by the language's enumeration comma alone, without a conjunction: "A, B, C",
    /// "A、B、C" (Japanese and Chinese); for clauses that a conjunction would break ("북부는 67.7%, 남부는 27.7%").
    public func enumeration(_ items: [String]) -> String {
        items.joined(separator: language == "zh" || language == "ja" ? "、" : ", ")
    }

    /// A title as it reads inside an English sentence: a sentence-case title loses its capital
    /// ("shows revenue by month", not "shows Revenue by Month"); a name, an acronym or a title in
    /// title case keeps it ("United States", "GDP", "Air Passengers"). Other languages are unchanged.
    public func midSentence(_ title: String) -> String {
        guard language == "en", let first = title.first, first.isUppercase else { return title }
        let words = title.split(separator: " ")
        if let lead = words.first, Self.properWords.contains(String(lead)) { return title }
        guard let lead = words.first, lead.count > 1, lead.dropFirst().allSatisfy({ !$0.isUppercase && !$0.isNumber }),
              words.dropFirst().allSatisfy({ word in !word.contains(where: \.isUppercase) }) else { return title }
        return first.lowercased() + title.dropFirst()
    }

    /// A title as a noun in running text: mid-sentence case, and in English "the" before a common
    /// noun ("The x axis shows the month", "the population increased"); other languages unchanged.
    public func running(_ title: String) -> String {
        language == "en" ? EnglishText.withArticle(midSentence(title)) : title
    }

    /// Words English capitalizes anywhere: months and weekdays.
    static let properWords: Set<String> = ["January", "February", "March", "April", "May", "June", "July", "August",
                                           "September", "October", "November", "December", "Monday", "Tuesday",
                                           "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// Formatted text (a date, a value) set by the language's typography; CLDR's "11月20日 06:00"
    /// keeps its date-time space, other languages' text is unchanged.
    public func typeset(_ text: String) -> String { usesChineseTypography ? ChineseText.normalize(text) : text }
}
