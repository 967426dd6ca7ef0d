import ChartpipeCore
import ChartpipeText

/// The report's words in one locale: its own sentences from the shipped `Report` catalog (and the
/// `describe.heading.*` headings the Markdown descriptions use), the pipeline's names translated
/// through the run's catalogs, and values written for the locale.
struct ReportWords {
    let catalog: Catalog
    let locale: String
    let language: WrittenLanguage

    init(catalog: Catalog, locale: String) {
        self.catalog = catalog
        self.locale = locale
        language = catalog.writtenLanguage(for: locale)
    }

    /// A sentence or label of the catalogs.
    func callAsFunction(_ key: String, _ arguments: [TemplateArgument] = []) -> String {
        catalog.render(key, locale: locale, arguments)
    }

    /// A text of the pipeline (the pipeline's name, a chart title), translated where a catalog has it.
    func name(_ text: String) -> String { catalog.text(text, locale: locale) }

    var formats: LocaleFormats { language.formats }

    /// The page's `lang`: the locale its words are written in.
    var lang: String { language.formattingLocale }

    /// The name of `other`'s language in that language ("한국어"), for the list of languages; the
    /// locale itself when no catalog names it in its own language.
    func languageName(of other: String) -> String {
        guard let (found, localization) = catalog.localization(of: "report.language.name", locale: other),
              LocaleFallback.language(of: found) == LocaleFallback.language(of: other) else { return other }
        return Catalog.render(localization, locale: found, []).text
    }

    /// The run's date and time, in UTC (as the manifest's `generatedAt`).
    func date(seconds: Int64) -> String {
        formats.date(millis: Double(seconds) * 1000, style: .yearMonthDayTime, zone: "UTC")
    }

    /// A file's size with its unit spelled out ("181.5 kilobytes").
    func size(bytes: Int) -> String {
        let kilo = Double(bytes) / 1000
        if kilo < 1000 { return formats.measure(kilo, unit: "digital-kilobyte", precision: .maxFractionDigits(1)) }
        return formats.measure(kilo / 1000, unit: "digital-megabyte", precision: .maxFractionDigits(1))
    }

    /// A count as the locale writes it ("1,234").
    func count(_ n: Int) -> String { formats.integer(n) }

    /// The sentence that says, in the reader's language, why a chart failed: the diagnostic's
    /// stable code chooses it (the message itself is the tool's English, shown beside it).
    static func errorKey(code: String) -> String {
        if code.hasPrefix("run.") { return "report.error.files" }
        if code.hasPrefix("plugin.") { return "report.error.plugin" }
        if code == "ingest.unreadable" || code == "ingest.not-a-file" { return "report.error.source" }
        if ["too-many", "too-large", "too-long", "too-deep"].contains(where: code.contains) { return "report.error.limit" }
        if code.hasPrefix("ingest.") || code.hasPrefix("data.") { return "report.error.input" }
        return "report.error.stage"
    }

    /// The sentence for a warning a reader of the chart should know about, by its code; nil for
    /// warnings meant for whoever runs the pipeline. Skipped records are counted separately.
    static func warningKey(code: String) -> String? {
        switch code {
        case "aggregate.partial-bucket": return "report.warning.partialBucket"
        case "data.outside-range": return "report.warning.outsideRange"
        case "sonify.sparse": return "report.warning.sparse"
        case "sonify.shortened": return "report.warning.shortened"
        case "table.rows-capped": return "report.warning.rowsCapped"
        case "data.unsorted-x": return "report.warning.unsorted"
        default: return nil
        }
    }

    /// Codes of warnings about skipped records, which the report states as one count.
    static let skippedCodes: Set<String> = ["ingest.skipped-record", "ingest.skipped-records"]
}
