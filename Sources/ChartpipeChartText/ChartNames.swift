import ChartpipeCore
import ChartpipeText

/// What a chart's parts are called in one written language: its title, its axes and its series,
/// translated through the run's catalogs. Descriptions, tables and SVG charts name things alike
/// because they all ask this value.
public struct ChartNames: Sendable {
    public let chart: ChartSpec
    public let language: WrittenLanguage
    let catalog: Catalog
    /// Series names as the data has them, in series order.
    let seriesNames: [String]

    /// The names of `chart` whose series are `set`, in `language`.
    public init(chart: ChartSpec, series set: SeriesSet, language: WrittenLanguage, catalog: Catalog) {
        self.chart = chart
        self.language = language
        self.catalog = catalog
        seriesNames = set.series.map(\.name)
    }

    /// The locale as the run asked for it; catalog lookups start from it.
    public var locale: String { language.requested }

    /// A text of the pipeline or the data (a title, a series name, a threshold's name), translated.
    public func text(_ text: String) -> String { catalog.text(text, locale: locale) }

    /// A template of the run's catalogs in this language, such as `figure.threshold`.
    public func render(_ key: String, _ arguments: [TemplateArgument]) -> String {
        catalog.render(key, locale: locale, arguments)
    }

    public var title: String { text(chart.title) }
    public var subtitle: String? { chart.subtitle.map(text) }
    /// The x axis's title, else its field.
    public var xTitle: String { text(chart.x.title ?? chart.x.field) }

    /// The y title; wide data without one shows "values", not the name of its first column.
    public var yTitle: String {
        if let title = chart.y.title { return text(title) }
        if chart.y.isWide { return catalog.render("describe.values", locale: locale) }
        return text(chart.y.fields.first ?? "y")
    }

    /// Whether the chart's one series is named for what the y axis measures (one series and no
    /// series field), so that it needs no legend.
    public var seriesIsTheYAxis: Bool { seriesNames.count == 1 && chart.seriesField == nil }

    /// Series `k`'s name; a single series without a series field is named for what the y axis measures.
    public func seriesName(_ k: Int) -> String {
        if seriesIsTheYAxis { return yTitle }
        return seriesNames.indices.contains(k) ? text(seriesNames[k]) : ""
    }

    /// `name` with the name of `unit` ("Revenue (US dollars)", "销售额（美元）"); `name` alone without a unit.
    public func withUnit(_ name: String, unit: String?) -> String {
        guard let unitName = language.formats.unitName(unit) else { return name }
        return render("figure.withUnit", [.text(name), .text(unitName)])
    }

    /// The x axis title with the unit of a number x ("Distance (kilometers)"); years and times have none.
    public var xTitleWithUnit: String {
        chart.x.type == .number && chart.x.unit != XSpec.yearUnit ? withUnit(xTitle, unit: chart.x.unit) : xTitle
    }

    /// The y axis title with its unit ("Revenue (US dollars)").
    public var yTitleWithUnit: String { withUnit(yTitle, unit: chart.y.unit) }
}

extension RunInfo {
    /// The run's string catalogs (the shipped ones and the pipeline's `strings`), loaded once per
    /// run; a catalog that does not load fails the stage with `<stage>.catalogs`.
    public func catalog(for stage: String) throws -> Catalog {
        do {
            return try Catalog.forRun(paths: strings)
        } catch {
            throw ChartError("cannot load the string catalogs: \(error)", code: .catalogs(stage), field: "strings")
        }
    }
}

extension ChartContext {
    /// The run's string catalogs; see `RunInfo.catalog(for:)`.
    public func catalog(for stage: String) throws -> Catalog { try run.catalog(for: stage) }
}

extension RunContext {
    /// The run's string catalogs, for run-level stages; see `RunInfo.catalog(for:)`.
    public func catalog(for stage: String) throws -> Catalog { try run.catalog(for: stage) }
}
