import ChartpipeChartText
import ChartpipeCore
import ChartpipeText
import ChartpipeJSON

/// The `describe` stage: what a VoiceOver user hears first (SPEC §4, §5).
///
/// For every locale of the run it writes `description.<locale>.json` and `.md` (title, summary,
/// axes, statistics, per-series summaries, segment and point labels, navigation lists) and
/// `axchart.<locale>.json` shaped like AXChartDescriptor. Every number comes from the `trend`
/// statistics; Mann-Kendall's verdict decides whether a direction is stated at all. It also labels
/// every drawn point in every locale (`PointLabelsKey`) for the audio cues and the report.
public struct Describe: ChartStage {
    /// The formats of `description.<locale>`.
    public enum Format: String, Sendable, CaseIterable, OptionChoice { case json, md }

    public static let points = Option<PointSelection>(
        "points",
        doc: "Which points get labels in the description: all, notable (first, last, extremes, peaks, valleys, outliers, segment starts), none, "
            + "or auto: all for a chart of at most 10 series and 10,000 drawn points, notable for more.",
        default: .auto)
    public static let formats = Option<[Format]>("formats", doc: "Files of the description layers; axchart.<locale>.json is always written.",
                                                 default: [.json, .md])

    public static let description = StageDescription(
        name: "describe",
        summary: "Description layers in every locale: summary, axes, statistics, segments, point labels, navigation lists; plus an AXChartDescriptor-shaped JSON.",
        options: [points, formats],
        needs: [Need(.trend)],
        adds: [.descriptions],
        perPoint: true)

    public var points: PointSelection
    public var formats: [Format]

    public init(options: StageOptions) throws {
        points = try options.value(Self.points)
        formats = try options.value(Self.formats)
    }

    public func run(_ context: inout ChartContext) throws {
        guard let trend = context[TrendKey.self] else {
            throw ChartError("stage 'describe' needs the statistics of 'trend'; add { \"use\": \"trend\" } before it.",
                             code: .describeNeedsTrend)
        }
        let catalog: Catalog
        do {
            catalog = try Catalog.forRun(paths: context.run.strings)
        } catch {
            throw ChartError("cannot load the string catalogs: \(error)", code: .describeCatalogs, field: "strings")
        }
        var descriptions: [String: ChartDescription] = [:]
        var labels: [String: PointLabels] = [:]
        var problems: [String] = []
        // The cycles of the series and the facts of the axes, found once for every locale.
        let facts = ChartDescriber.Facts(context, trend: trend)
        for locale in context.run.locales {
            try context.cancellation.check()
            // Decided once per locale; everything that writes its words follows it.
            let language = catalog.writtenLanguage(for: locale)
            if !language.isTranslated {
                problems.append("no catalog translates '\(locale)'; its texts are in '\(language.catalogLocale)' (add a translation to the pipeline's 'strings')")
            }
            let result = try describe(context, trend: trend, language: language, catalog: catalog, facts: facts)
            descriptions[locale] = result.description
            labels[locale] = result.labels
            for artifact in result.artifacts { context.emit(artifact) }
            for problem in result.problems where !problems.contains(problem) { problems.append(problem) }
        }
        for problem in problems { context.warn(problem, code: .describeCatalog) }
        context[DescriptionsKey.self] = descriptions
        context[PointLabelsKey.self] = labels
    }

    /// Everything `describe` makes for one locale, written in `language`: the layers, the labels of
    /// the drawn points (per series), the files, and the catalog problems met (a translation that
    /// did not render). Polls the run's cancellation while it labels points and writes its files.
    public func describe(_ context: ChartContext, trend: TrendResult, language: WrittenLanguage, catalog: Catalog)
        throws(Cancelled) -> (description: ChartDescription, labels: PointLabels, artifacts: [Artifact], problems: [String]) {
        try describe(context, trend: trend, language: language, catalog: catalog, facts: nil)
    }

    /// As `describe(_:trend:language:catalog:)`, with the chart's facts when they were found already.
    func describe(_ context: ChartContext, trend: TrendResult, language: WrittenLanguage, catalog: Catalog, facts: ChartDescriber.Facts?)
        throws(Cancelled) -> (description: ChartDescription, labels: PointLabels, artifacts: [Artifact], problems: [String]) {
        let locale = language.requested
        let describer = ChartDescriber(context: context, trend: trend, language: language, catalog: catalog, facts: facts)
        let described = try describer.describe(points: points)
        var description = described.0
        let labels = described.labels
        var problems = describer.problems
        // What changed since the run this chart is compared with (none without one).
        if let baseline = context[BaselineKey.self] {
            // The comparison `ChartContext.changes` makes, with the history read once for it and for the words.
            let history = ChartHistory(context)
            let changes = Comparison.changes(from: baseline.history, to: history)
            var words = ChangeSentences(chart: context.chart, history: history, language: language, catalog: catalog)
            description.changes = words.sentences(changes).map { ChangeDescription(kind: $0.kind.rawValue, series: $0.series, text: $0.text) }
            for problem in words.problems where !problems.contains(problem) { problems.append(problem) }
        }
        description.layout = describer.layoutDescription(context[ChartLayoutsKey.self]?[locale])
        // What plugins that ran before said (docs/plugins.md): their lists, and their sentences as a layer.
        let notes = context[PluginNotesKey.self] ?? []
        description.navigation += notes.navigationLists(in: locale)
        let documents = DescriptionDocuments(description: description, describer: describer, labels: labels,
                                             isContinuous: context.chart.mark.isContinuous, fixedRange: context.chart.y.range,
                                             notes: notes.sentences(in: locale))
        // Written when the runner writes the files, point by point, polling the run's cancellation.
        let cancellation = context.cancellation
        var artifacts: [Artifact] = []
        for format in formats {
            try cancellation.check()
            switch format {
            case .json:
                artifacts.append(Artifact(path: "description.\(locale).json", kind: "description", locale: locale,
                                          content: Self.json(cancellation) { json, flush in try documents.writeJSON(into: &json, flush: flush) }))
            case .md:
                artifacts.append(Artifact(path: "description.\(locale).md", kind: "description", locale: locale, content: .stream { sink in
                    var text = TextLines()
                    try documents.writeMarkdown(into: &text, heading: { catalog.render("describe.heading." + $0, locale: locale) }) { text in
                        try cancellation.check()
                        try text.drain { try sink.write($0) }
                    }
                    try text.drain(atLeast: 0) { try sink.write($0) }
                }))
            }
        }
        artifacts.append(Artifact(path: "axchart.\(locale).json", kind: "axchart", locale: locale,
                                  content: Self.json(cancellation) { json, flush in try documents.writeAXChart(into: &json, flush: flush) }))
        // Every series' lists, for the report's keys (the description's stop at 100 entries a chart).
        let navigation = SeriesNavigation(describer: describer).json
        artifacts.append(Artifact(path: "navigation.\(locale).json", kind: "navigation", locale: locale,
                                  content: .bytes(Array(JSONWriter(pretty: false).string(navigation).utf8))))
        return (description, labels, artifacts, problems)
    }

    /// A JSON file written by `write` into the artifact's file as it is made: `write` calls the
    /// flush it is given every few thousand points, which polls `cancellation` and hands the
    /// buffer over once it holds 64 KiB.
    static func json(_ cancellation: Cancellation,
                     _ write: @escaping @Sendable (inout JSONStream, (inout JSONStream) throws -> Void) throws -> Void) -> Artifact.Content {
        .stream { sink in
            var json = JSONStream()
            try write(&json) { json in
                try cancellation.check()
                try json.drain { try sink.write($0) }
            }
            try json.drain(atLeast: 0) { try sink.write($0) }
        }
    }
}
