import ChartpipeCore
import ChartpipeJSON

/// The request for one chart (`schema/plugin-request.schema.json`): the chart's spec, its series
/// (full and charted) as data.json writes them, the trend statistics as trend.json, the locales
/// with the chart's names translated, and the plugin's options.
enum PluginRequest {
    /// `sequence` numbers the requests one process has been sent, from 1; the response echoes it
    /// and the chart's id, so that an answer is tied to its request (docs/plugins.md).
    static func json(_ context: ChartContext, plugin: String, sequence: Int, options: JSONValue,
                     translate: @escaping PluginProvider.Translation) -> JSONValue {
        let chart = context.chart
        func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
        let spec: JSONValue = .object([
            ("id", .string(chart.id)), ("title", .string(chart.title)), ("subtitle", optional(chart.subtitle)),
            ("mark", .string(chart.mark.rawValue)),
            ("source", .object([("path", .string(chart.source.displayPath)), ("format", .string(chart.source.format.rawValue))])),
            ("x", .object([("field", .string(chart.x.field)), ("type", .string(chart.x.type.rawValue)),
                           ("title", optional(chart.x.title)), ("zone", .string(chart.x.zone))])),
            ("y", .object([
                ("fields", .array(chart.y.fields.map(JSONValue.string))), ("title", optional(chart.y.title)),
                ("unit", optional(chart.y.unit)),
                ("range", chart.y.range.map { .array([.double($0.lowerBound), .double($0.upperBound)]) } ?? .null),
                ("thresholds", .object(chart.y.thresholds.map { ($0.name, .double($0.value)) })),
            ])),
            ("seriesField", optional(chart.seriesField)),
        ])
        let full = context.fullSeries
        let names: [(String, JSONValue)] = context.run.locales.map { locale in
            let t = { (text: String) in JSONValue.string(translate(text, locale, context.run.strings)) }
            return (locale, .object([
                ("title", t(chart.title)), ("x", t(chart.x.title ?? chart.x.field)),
                ("y", t(chart.y.title ?? chart.y.fields.first ?? "y")),
                ("series", .array(full.series.map { t($0.name) })),
            ]))
        }
        return .object([
            ("protocol", .int(PluginProtocol.version)),
            ("sequence", .int(sequence)),
            ("plugin", .string(plugin)),
            ("chart", spec),
            ("locales", .array(context.run.locales.map(JSONValue.string))),
            ("names", .object(names)),
            ("options", options),
            ("series", .object([
                ("xType", .string(full.xType.rawValue)),
                ("full", DataFile.json(full, chart: chart)["series"] ?? .array([])),
                ("charted", DataFile.json(context.data, chart: chart)["series"] ?? .array([])),
            ])),
            ("trend", context[TrendKey.self]?.json ?? .null),
        ])
    }
}
