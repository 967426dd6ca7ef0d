import ChartpipeJSON

/// The text of `chartpipe stages` (the list, and one stage's options), made from a registry so that
/// built-ins, plugins and test doubles are listed alike.
public enum StageListing {
    /// One line per stage: name and summary; a plugin says where it comes from.
    public static func list(_ registry: StageRegistry) -> String {
        let width = (registry.descriptions.map(\.name.count).max() ?? 0) + 2
        var text = ""
        for d in registry.descriptions {
            let note = registry.registration(named: d.name)?.origin.map { " (plugin: \($0))" } ?? ""
            text += "  " + d.name + String(repeating: " ", count: width - d.name.count) + d.summary + note + "\n"
        }
        return text + "\nRun 'chartpipe stages NAME' for a stage's options.\n"
    }

    /// A stage's use, what it needs, adds and makes stale, and its options with defaults and docs.
    public static func detail(_ d: StageDescription, registry: StageRegistry) -> String {
        var text = "\(d.name): \(d.summary)\n"
        if let origin = registry.registration(named: d.name)?.origin { text += "Plugin: \(origin)\n" }
        text += "\nUse: { \"use\": \"\(d.name)\"\(d.options.filter(\.required).map { ", \"\($0.name)\": …" }.joined()) }\n"
        if d.mayRepeat { text += "May be listed more than once; give each entry its own \"id\".\n" }
        if let kind = registry.kind(of: d.name) {
            switch kind {
            case .source: text += "Runs first, for every chart: it reads the data.\n"
            case .fold: text += "Runs right after the stage that reads the data, folding it as it streams.\n"
            case .chart: text += "Runs for every chart.\n"
            case .run: text += "Runs once after every chart, over every chart of the pipeline.\n"
            }
        }
        text += "Needs: \(d.needs.isEmpty ? "nothing" : d.needs.map(\.summary).joined(separator: ", "))"
        text += "   Adds: \(d.adds.isEmpty ? "nothing" : d.adds.map(\.rawValue).joined(separator: ", "))\n"
        if !d.invalidates.isEmpty {
            text += "Makes stale when it runs after them: \(d.invalidates.map(\.rawValue).joined(separator: ", "))\n"
        }
        if d.options.isEmpty { return text + "\nNo options.\n" }
        text += "\nOptions:\n"
        for o in d.options {
            text += "  \(o.name)  \(o.shape.summary)"
            if let v = o.defaultValue { text += "; default \(JSONWriter(pretty: false).string(v))" }
            if o.required { text += "; required" }
            text += "\n      \(o.doc)\n"
        }
        return text
    }
}
