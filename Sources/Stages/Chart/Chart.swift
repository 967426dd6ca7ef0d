import ChartpipeChartText
import ChartpipeCore
import ChartpipeText

/// The `chart` stage (SPEC §1, §4, §11): `chart.<locale>.svg` for every locale, named by the
/// localized title and summary of `describe`, the charted points drawn as the chart's mark.
public struct Chart: ChartStage {
    public static let width = Option<Int>("width", doc: "Width of the SVG in CSS pixels.", default: 720, min: 320, max: 4000)
    public static let height = Option<Int>("height", doc: "Height of the SVG in CSS pixels.", default: 420, min: 240, max: 4000)

    public static let description = StageDescription(
        name: "chart",
        summary: "Draws chart.<locale>.svg: nice ticks, never colour alone, a localized title and summary.",
        options: [width, height],
        needs: [Need(.descriptions)],
        adds: [.charts])

    public var width: Int
    public var height: Int

    public init(width: Int = 720, height: Int = 420) throws(ChartError) {
        try Self.width.validate(width)
        try Self.height.validate(height)
        self.width = width
        self.height = height
    }

    public init(options: StageOptions) throws {
        try self.init(width: options.value(Self.width), height: options.value(Self.height))
    }

    public func run(_ context: inout ChartContext) throws {
        let catalog = try context.catalog(for: "chart")
        for locale in context.run.locales {
            try context.cancellation.check()
            guard let description = context[DescriptionsKey.self]?[locale] else {
                throw ChartError("stage 'chart' is named by the title and summary of 'describe'; add { \"use\": \"describe\" } before it.",
                                 code: "chart.needs-descriptions")
            }
            context.emit(Artifact(path: "chart.\(locale).svg", kind: "chart", locale: locale,
                                  bytes: Array(svg(context, locale: locale, description: description, catalog: catalog).utf8)))
        }
    }

    /// The SVG of the chart in `locale`.
    func svg(_ context: ChartContext, locale: String, description: ChartDescription, catalog: Catalog) -> String {
        let language = catalog.writtenLanguage(for: locale)
        let picture = ChartPicture(
            chart: context.chart, data: context.data,
            names: ChartNames(chart: context.chart, series: context.data, language: language, catalog: catalog),
            title: description.title, summary: description.summary, labels: context[PointLabelsKey.self]?[locale],
            width: Double(width), height: Double(height), id: "chartpipe-\(context.chart.id)-\(locale)")
        return picture.svg()
    }
}
