import ChartpipeJSON
import Foundation
import Synchronization

/// What a chart's files depend on, as one SHA-256: the tool's version, the chart's entry and the
/// stage entries as written (with the chart's own options), the locales written, the content of
/// the data file (or a database's result, `SourceStage.dataDigest`), of the string catalogs and of the plugin programs. An `--incremental` run keeps
/// a chart whose digest is unchanged and whose files are intact, instead of making them again.
public enum InputsDigest {
    /// The digest of `chart`'s inputs in `spec`, run with `locales`; nil when a file cannot be read
    /// (the chart then runs, and says why).
    public static func of(_ chart: ChartSpec, in spec: PipelineSpec, registry: StageRegistry, locales: [String],
                          files: FileDigests = FileDigests()) -> String? {
        let fileDigest = files.digest
        var hasher = SHA256.Hasher()
        func add(_ label: String, _ text: String) {
            hasher.update(Array("\(label)=\(text.utf8.count):".utf8))
            hasher.update(Array(text.utf8))
        }
        add("tool", Manifest.toolVersion)
        add("chart", canonical(spec.chartJSON[chart.id] ?? .null))
        for entry in spec.stages {
            var options = entry.options
            for (k, v) in spec.overrides[chart.id]?[entry.key] ?? [:] { options[k] = v }
            add("stage", entry.name + "#" + entry.key + canonical(.object(options.map { ($0.key, $0.value) })))
            if let origin = registry.registration(named: entry.name)?.origin {
                guard let program = fileDigest(origin) else { return nil }
                add("program", program)
            }
        }
        add("locales", locales.joined(separator: ","))
        for catalog in spec.strings {
            guard let digest = fileDigest(catalog) else { return nil }
            add("catalog", digest)
        }
        if chart.source.database != nil {
            guard let data = databaseDigest(chart, in: spec, registry: registry) else { return nil }
            add("database", data)
        } else {
            guard let data = fileDigest(chart.source.path) else { return nil }
            add("data", data)
        }
        return hasher.finalizeHex()
    }

    /// What the source stage says of a database's data (its result as it streams, or its version
    /// query's answer); nil when the stage cannot say.
    static func databaseDigest(_ chart: ChartSpec, in spec: PipelineSpec, registry: StageRegistry) -> String? {
        guard let entry = spec.stages.first, let registration = registry.registration(named: entry.name),
              let stage = try? registration.make(StageOptions(entry.options)) as? any SourceStage else { return nil }
        return stage.dataDigest(chart: chart)
    }

    /// JSON with every object's keys sorted, so that the same options give the same text.
    static func canonical(_ value: JSONValue) -> String {
        func sorted(_ v: JSONValue) -> JSONValue {
            switch v {
            case let .object(members): return .object(members.map { ($0.0, sorted($0.1)) }.sorted { $0.0 < $1.0 })
            case let .array(items): return .array(items.map(sorted))
            default: return v
            }
        }
        return JSONWriter(pretty: false).string(sorted(value))
    }
}
