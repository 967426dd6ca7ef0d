import Foundation
import ChartpipeJSON

/// The notes of one plugin on one chart.
public struct PluginNote: Sendable, Equatable {
    /// The plugin's name: its stage name, or the `name` of a `plugin` entry.
    public var plugin: String
    /// Sentences by locale, in the plugin's order; a locale the plugin did not write is absent.
    public var sentences: [String: [String]]
    /// Notes on single points.
    public var annotations: [PluginPoint]
    public var navigation: [PluginNavigation]

    public init(plugin: String, sentences: [String: [String]] = [:], annotations: [PluginPoint] = [],
                navigation: [PluginNavigation] = []) {
        self.plugin = plugin
        self.sentences = sentences
        self.annotations = annotations
        self.navigation = navigation
    }

    public var isEmpty: Bool { sentences.values.allSatisfy(\.isEmpty) && annotations.isEmpty && navigation.isEmpty }

    /// `plugin.<name>.json`, the notes as the report reads them: x as `data.json` writes it, the
    /// series by name and index, texts by locale.
    public func json(data: SeriesSet, chart: ChartSpec) -> JSONValue {
        let zone = chart.x.zone == "UTC" ? nil : TimeZone(identifier: chart.x.zone)
        func texts(_ byLocale: [String: String]) -> JSONValue {
            .object(byLocale.keys.sorted().map { ($0, .string(byLocale[$0] ?? "")) })
        }
        func point(_ p: PluginPoint, key: String) -> JSONValue {
            .object([
                ("series", .string(data.series.indices.contains(p.series) ? data.series[p.series].name : "")),
                ("seriesIndex", .int(p.series)), ("index", .int(p.index)),
                ("x", DataFile.x(p.x, data: data, zone: zone)), ("y", p.y.map(JSONValue.double) ?? .null),
                (key, texts(p.text)),
            ])
        }
        return .object([
            ("plugin", .string(plugin)),
            ("sentences", .object(sentences.keys.sorted().map { ($0, .array((sentences[$0] ?? []).map(JSONValue.string))) })),
            ("annotations", .array(annotations.map { point($0, key: "text") })),
            ("navigation", .array(navigation.map { list in
                .object([("name", .string(list.name)), ("title", texts(list.title)),
                         ("entries", .array(list.entries.map { point($0, key: "label") }))])
            })),
        ])
    }
}
