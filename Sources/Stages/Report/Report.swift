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

    public func run(_ context: inout RunContext) throws {
        let catalog = try context.catalog(for: "report")
        let files = context.charts.map { ChartFiles(chart: $0, context: context) }
        for locale in context.locales {
            try context.cancellation.check()
            let words = ReportWords(catalog: catalog, locale: locale)
            let page = ReportPage(words: words, pipeline: context.run.pipelineName, locales: context.locales,
                                  generatedAt: context.generatedAt, charts: files.map { $0.material(words: words) })
            context.artifacts.append(Artifact(path: "report.\(locale).html", kind: "report", locale: locale,
                                              bytes: Array(page.html().utf8)))
        }
    }
}
