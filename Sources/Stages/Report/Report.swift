import ChartpipeChartText
import ChartpipeCore
import ChartpipeText

/// The `report` stage (SPEC §1, §4): `report.<locale>.html` for every locale of the pipeline, one
/// static, self-contained page over every chart of the pipeline — run now or kept from an earlier
/// run — that a screen reader user, a keyboard user, a low-vision user and a sighted skimmer can
/// each use fully. See `ReportPage` and `ChartSection`; the page's script is `ReportScript`.
public struct Report: RunStage {
    public static let formats = Option<[String]>("formats", doc: "Report files to write.", default: ["html"],
                                                 shape: .array(.choice(["html"]), minItems: 1, uniqueItems: true))

    public static let description = StageDescription(
        name: "report", summary: "One self-contained, accessible HTML report per locale over every chart.",
        options: [formats], needs: [Need(.descriptions)])

    public init(options: StageOptions) throws {
        _ = try options.value(Self.formats)
    }

    /// One artifact per locale, each a stream that reads the charts' files and writes the page
    /// chart by chart as the runner writes the file (see `ReportPage.write`); the runner may write
    /// the locales side by side, since each page reads only listed files and writes only its own.
    public func run(_ context: inout RunContext) throws {
        let catalog = try context.catalog(for: "report")
        let run = context
        // Worked out once for every page: what each chart's section is made from. Only for a
        // chart this run ran or kept, whose entry holds this run's inputs digest (spec, options,
        // catalogs, locales, tool): one left as it was (`--only`) may have been made from others.
        let outcomes = context.charts.map { $0.ranNow ? $0.record?.outcomeDigest : nil }
        for locale in context.locales {
            try context.cancellation.check()
            let page = ReportPage(words: ReportWords(catalog: catalog, locale: locale), context: run, outcomes: outcomes)
            context.artifacts.append(Artifact(path: "report.\(locale).html", kind: "report", locale: locale,
                                              content: .stream { sink in try page.write(to: &sink) }))
        }
    }
}
