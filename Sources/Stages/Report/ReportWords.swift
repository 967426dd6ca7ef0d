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
    static func errorKey(code: DiagnosticCode) -> String {
        if code.area == DiagnosticCode.runCancelled.area { return "report.error.files" }
        if code.area == DiagnosticCode.pluginFailed.area { return "report.error.plugin" }
        if code == .ingestUnreadable || code == .ingestNotAFile { return "report.error.source" }
        if limitCodes.contains(code) { return "report.error.limit" }
        if code.area == DiagnosticCode.ingestUnreadable.area || code.area == DiagnosticCode.dataNoPoints.area { return "report.error.input" }
        return "report.error.stage"
    }

    /// Codes of a chart stopped by a limit on its input or output (`--max…` options, the formats' own).
    static let limitCodes: Set<DiagnosticCode> = [
        .ingestTooManyColumns, .ingestTooManyPoints, .ingestTooManySeries, .ingestFileTooLarge, .ingestRecordTooLarge, .ingestFieldTooLong,
        .ingestTooDeep, .aggregateTooManyBuckets, .sonifyTooLong, .sonifyWavTooLarge, .tableTooManyRows,
    ]

    /// The sentence for a warning a reader of the chart should know about, by its code; nil for
    /// warnings meant for whoever runs the pipeline. Skipped records are counted separately.
    static func warningKey(code: DiagnosticCode) -> String? {
        switch code {
        case .aggregatePartialBucket: return "report.warning.partialBucket"
        case .dataOutsideRange: return "report.warning.outsideRange"
        case .sonifySparse: return "report.warning.sparse"
        case .sonifyShortened: return "report.warning.shortened"
        case .tableRowsCapped: return "report.warning.rowsCapped"
        case .dataUnsortedX: return "report.warning.unsorted"
        default: return nil
        }
    }

    /// Codes of warnings about skipped records, which the report states as one count.
    static let skippedCodes: Set<DiagnosticCode> = [.ingestSkippedRecord, .ingestSkippedRecords]
}
