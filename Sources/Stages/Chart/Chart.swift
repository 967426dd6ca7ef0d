import ChartpipeChartText
import ChartpipeCore
import ChartpipeText

/// The `chart` stage (SPEC §1, §4, §11): `chart.<locale>.svg` for every locale, named by the
/// localized title and summary of `describe`, the charted points drawn as the chart's mark.
public struct Chart: ChartStage {
    public static let width = Option<Int>("width", doc: "Width of the SVG in CSS pixels.", default: 720, min: 320, max: 4000)
    public static let height = Option<Int>("height", doc: "Height of the SVG in CSS pixels (more when a long legend or small multiples need it).",
                                           default: 420, min: 240, max: 4000)
    public static let layout = Option<ChartLayout>(
        "layout",
        doc: "How series are arranged: 'overlay' (one plot, every series told apart by shape, dash and pattern as well as colour), "
            + "'small-multiples' (one titled panel per series on a shared scale), 'highlight' (one plot: the \(ChartLayout.highlightCount) series "
            + "with the highest mean in full, the rest thin and grey, listed by name), or 'auto': overlay up to \(SeriesStyle.distinctCount) series, "
            + "small multiples past that.",
        default: .auto)
    public static let narrowWidth = Option<Int>(
        "narrow-width",
        doc: "Width in CSS pixels of chart.<locale>.narrow.svg, the same chart laid out for a phone (legend below, fewer ticks, "
            + "text at its full size); the report shows it on narrow screens. 0 writes none.",
        default: 320, min: 0, max: 600)

    public static let description = StageDescription(
        name: "chart",
        summary: "Draws chart.<locale>.svg: nice ticks, never colour alone, a localized title and summary.",
        options: [width, height, layout, narrowWidth],
        needs: [Need(.descriptions)],
        adds: [.charts])

    public var width: Int
    public var height: Int
    public var layout: ChartLayout
    public var narrowWidth: Int

    /// The options are read through their declarations (limits included); a narrow chart narrower
    /// than 320 is refused here, as its limit is "0 or at least 320".
    public init(options: StageOptions) throws {
        width = try options.value(Self.width)
        height = try options.value(Self.height)
        layout = try options.value(Self.layout)
        narrowWidth = try options.value(Self.narrowWidth)
        if narrowWidth != 0 && narrowWidth < 320 {
            throw ChartError("option 'narrow-width' of stage 'chart' is \(narrowWidth): it is 0 (no narrow chart) or at least 320",
                             code: .chartNarrowWidth)
        }
    }

    /// The layout this chart will draw, for `describe` before it to say (issue 32).
    public func prepare(_ context: inout ChartContext) {
        let drawn = layout.resolved(seriesCount: context.data.series.count)
        context[ChartLayoutsKey.self] = Dictionary(uniqueKeysWithValues: context.run.locales.map { ($0, drawn.rawValue) })
    }

    public func run(_ context: inout ChartContext) throws {
        let catalog = try context.catalog(for: "chart")
        let drawn = layout.resolved(seriesCount: context.data.series.count)
        context[ChartLayoutsKey.self] = Dictionary(uniqueKeysWithValues: context.run.locales.map { ($0, drawn.rawValue) })
        for locale in context.run.locales {
            try context.cancellation.check()
            guard let description = context[DescriptionsKey.self]?[locale] else {
                throw ChartError("stage 'chart' is named by the title and summary of 'describe'; add { \"use\": \"describe\" } before it.",
                                 code: .chartNeedsDescriptions)
            }
            context.emit(Artifact(path: "chart.\(locale).svg", kind: "chart", locale: locale,
                                  bytes: Array(svg(context, locale: locale, description: description, catalog: catalog).utf8)))
            // The same chart laid out (not scaled) for a phone: a static file of its own.
            if narrowWidth > 0 {
                context.emit(Artifact(path: "chart.\(locale).narrow.svg", kind: "chart-narrow", locale: locale,
                                      bytes: Array(svg(context, locale: locale, description: description, catalog: catalog,
                                                       width: narrowWidth, idSuffix: "-narrow").utf8)))
            }
        }
    }

    /// The SVG of the chart in `locale`.
    func svg(_ context: ChartContext, locale: String, description: ChartDescription, catalog: Catalog,
             width: Int? = nil, idSuffix: String = "") -> String {
        let language = catalog.writtenLanguage(for: locale)
        let drawn = layout.resolved(seriesCount: context.data.series.count)
        let names = ChartNames(chart: context.chart, series: context.data, language: language, catalog: catalog)
        var picture = ChartPicture(
            chart: context.chart, data: context.data,
            names: names,
            title: description.title, summary: description.summary, labels: context[PointLabelsKey.self]?[locale],
            width: Double(width ?? self.width), height: Double(height), id: "chartpipe-\(context.chart.id)-\(locale)\(idSuffix)")
        picture.arrangement = drawn
        if let aggregation = context[AggregationKey.self] {
            let op = names.render("describe.op." + aggregation.op, [])
            switch aggregation.bucket {
            case let .calendar(unit):
                picture.aggregate = names.render("describe.aggregate.value", [.text(names.render("describe.bucket." + unit, [])), .text(op)])
            case let .width(bin):
                picture.aggregate = names.render("describe.aggregate.value", [.text(names.render("describe.bucket.bin", [])), .text(op)])
                if context.data.xType == .number { picture.binWidth = bin }
            case .category:
                picture.aggregate = op
            }
        }
        if drawn == .smallMultiples {
            picture.arrangementNote = names.render("figure.smallMultiples", [.integer(context.data.series.count)])
        }
        if drawn == .highlight {
            let highlighted = ChartLayout.highlighted(context.data)
            picture.highlight = highlighted
            let quiet = context.data.series.indices.filter { !highlighted.contains($0) }.map(names.seriesName)
            if !quiet.isEmpty {
                picture.arrangementNote = names.render("figure.highlight", [.integer(highlighted.count), .integer(quiet.count),
                                                                            .text(language.list(quiet))])
            }
        }
        return picture.svg()
    }
}
