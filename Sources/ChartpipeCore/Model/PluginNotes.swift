// What external stages (plugins, SPEC §9) said about a chart: sentences per locale, notes on
// single points and navigation lists. `describe` adds them to the description layers, `sonify` to
// the cues; the report reads `plugin.<name>.json` from the chart's folder (docs/plugins.md).

import Foundation
import ChartpipeJSON

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
