import ChartpipeChartText
import ChartpipeCore
import ChartpipeLock
import ChartpipeText

/// The `report` stage (SPEC §1, §4): for every locale of the pipeline, static, self-contained
/// pages over every chart of the pipeline — run now or kept from an earlier run — that a screen
/// reader user, a keyboard user, a low-vision user and a sighted skimmer can each use fully.
///
/// - `"layout": "pages"` (the default): `report.<locale>.html` is the index (`IndexPage`) and each
///   chart has its page, `charts/<id>/report.<locale>.html` (`ChartPage`). A chart whose page
///   would be what the previous run wrote (`ChartPage.key`) keeps that file: an incremental run
///   writes the pages of the charts that changed, and the index.
/// - `"layout": "single"`: one page per locale with every chart's section (`ReportPage`).
///
/// The page's script is `ReportScript`.
public struct Report: RunStage {
    public enum Layout: String, Sendable, CaseIterable, OptionChoice { case pages, single }

    public static let formats = Option<[String]>("formats", doc: "Report files to write.", default: ["html"],
                                                 shape: .array(.choice(["html"]), minItems: 1, uniqueItems: true))
    public static let layout = Option<Layout>(
        "layout", doc: "pages: report.<locale>.html is an index of the charts, each chart has its page charts/<id>/report.<locale>.html; single: one page with every chart (for small reports).",
        default: .pages)

    public static let description = StageDescription(
        name: "report", summary: "Accessible HTML reports per locale over every chart: an index and a page per chart, or one page.",
        options: [formats, layout], needs: [Need(.descriptions)])

    public let layout: Layout

    public init(options: StageOptions) throws {
        _ = try options.value(Self.formats)
        layout = try options.value(Self.layout)
    }

    public func run(_ context: inout RunContext) throws {
        let catalog = try context.catalog(for: "report")
        switch layout {
        case .single: try single(&context, catalog: catalog)
        case .pages: try pages(&context, catalog: catalog)
        }
    }

    /// One artifact per locale, each a stream that reads the charts' files and writes the page
    /// chart by chart as the runner writes the file (see `ReportPage.write`); the runner may write
    /// the locales side by side, since each page reads only listed files and writes only its own.
    func single(_ context: inout RunContext, catalog: Catalog) throws {
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

    /// Per locale, a page per chart — kept when the previous run wrote the same page and it is
    /// still as listed, else a stream that reads the chart's files as the runner writes it — and
    /// the index, written once every page is, from what the pages found.
    func pages(_ context: inout RunContext, catalog: Catalog) throws {
        let run = context
        let outcomes = context.charts.map { $0.ranNow ? $0.record?.outcomeDigest : nil }
        let previousFiles = Dictionary(context.state.previousFiles.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        for locale in context.locales {
            try context.cancellation.check()
            let words = ReportWords(catalog: catalog, locale: locale)
            let previous = PageIndex.previous(context.state, locale: locale)
            let found = Locked([(entry: PageEntry, key: String?)?](repeating: nil, count: context.charts.count))
            var kept = 0
            for (i, chart) in context.charts.enumerated() {
                let page = ChartPage(words: words, context: run, index: i)
                let key = outcomes[i].map(page.key)
                let path = ChartPage.path(chart.id, locale)
                if let key, let old = previous[chart.id], old.key == key, let file = previousFiles[path],
                   context.reader.open(file) != nil {
                    found.withLock { $0[i] = (old.entry, key) }
                    context.kept.append(file)
                    kept += 1
                    continue
                }
                context.artifacts.append(Artifact(path: path, kind: "report-page", locale: locale, content: .stream { sink in
                    let (entry, lasting) = try page.write(to: &sink)
                    found.withLock { $0[i] = (entry, lasting ? key : nil) }
                }))
            }
            let (made, keptCount) = (context.charts.count - kept, kept)
            context.lastArtifacts.append(Artifact(path: "report.\(locale).html", kind: "report", locale: locale, content: .stream { sink in
                let all = found.withLock { $0 }
                var entries: [PageEntry] = []
                var index = PageIndex()
                for (i, item) in all.enumerated() {
                    guard let item else {
                        throw ChartError("the page of chart '\(run.charts[i].id)' was not written", code: .outputWriteFailed)
                    }
                    entries.append(item.entry)
                    if let key = item.key { index.add(chart: run.charts[i].id, key: key, entry: item.entry) }
                }
                try IndexPage(words: words, context: run, entries: entries).write(to: &sink)
                run.state.save(locale, index.json(made: made, kept: keptCount))
            }))
        }
    }
}
