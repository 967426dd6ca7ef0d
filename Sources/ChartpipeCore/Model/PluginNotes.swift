// What external stages (plugins, SPEC §9) said about a chart: sentences per locale, notes on
// single points and navigation lists. `describe` adds them to the description layers, `sonify` to
// the cues; the report reads `plugin.<name>.json` from the chart's folder (docs/plugins.md).

import Foundation
import ChartpipeJSON

/// The key under which plugins leave their notes, in the order the plugins ran.
public enum PluginNotesKey: ContextKey {
    public typealias Value = [PluginNote]
}

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

/// A point of a chart's full series that a plugin speaks about, with its text by locale.
public struct PluginPoint: Sendable, Equatable {
    /// Index of the series in the chart.
    public var series: Int
    /// Index into the full series (as trend.json).
    public var index: Int
    /// Raw x: epoch milliseconds for time, the category's index for category x.
    public var x: Double
    /// `nil` for a gap.
    public var y: Double?
    /// The note (or, in a navigation list, the entry's label) by locale.
    public var text: [String: String]

    public init(series: Int, index: Int, x: Double, y: Double?, text: [String: String]) {
        self.series = series
        self.index = index
        self.x = x
        self.y = y
        self.text = text
    }
}

/// A named list of points a plugin adds to the chart's navigation lists (custom rotors).
public struct PluginNavigation: Sendable, Equatable {
    /// A stable identifier, unique within the plugin (`weekdayHighs`).
    public var name: String
    /// The list's name by locale.
    public var title: [String: String]
    public var entries: [PluginPoint]

    public init(name: String, title: [String: String], entries: [PluginPoint]) {
        self.name = name
        self.title = title
        self.entries = entries
    }
}

extension [PluginNote] {
    /// Every plugin's sentences in `locale`, in the order the plugins ran: a layer of the
    /// description, and the first cue of the audio graph.
    public func sentences(in locale: String) -> [(plugin: String, text: String)] {
        flatMap { note in (note.sentences[locale] ?? []).map { (note.plugin, $0) } }
    }

    /// The plugins' navigation lists in `locale`, as the description's lists named
    /// `<plugin>.<list>`; entries at a gap or without a label in the locale are left out.
    public func navigationLists(in locale: String) -> [NavigationList] {
        flatMap { note in
            note.navigation.compactMap { list -> NavigationList? in
                let entries = list.entries.compactMap { e -> NavigationEntry? in
                    guard let y = e.y, let label = e.text[locale] else { return nil }
                    return NavigationEntry(series: e.series, index: e.index, x: e.x, y: y, label: label)
                }
                guard !entries.isEmpty else { return nil }
                return NavigationList(name: "\(note.plugin).\(list.name)", title: list.title[locale] ?? list.name, entries: entries)
            }
        }
    }
}
