import Foundation
import ChartpipeJSON

/// One `{ "use": … }` entry of a pipeline's `stages`.
public struct StageEntry: Sendable {
    public var name: String
    /// Options written in the pipeline file (without `use`).
    public var options: [String: JSONValue]
    public var location: SourceLocation
    /// JSON Pointer of the entry in the pipeline file (`/stages/2`).
    public var pointer: String
}

/// A pipeline file, parsed and validated.
public struct PipelineSpec: Sendable {
    /// The pipeline file as given on the command line.
    public var path: String
    /// Absolute folder of the pipeline file; relative paths resolve against it.
    public var directory: String
    public var name: String
    /// Absolute output folder.
    public var output: String
    public var locales: [String]
    /// Absolute paths of string catalogs.
    public var strings: [String]
    public var stages: [StageEntry]
    public var charts: [ChartSpec]
    /// Per-chart stage options: chart id → stage name → options.
    public var overrides: [String: [String: [String: JSONValue]]]

    /// The options of `stage` for `chart`: its defaults, then the pipeline's values, then the
    /// chart's (none for run stages, which see every chart).
    public func options(for stage: StageEntry, chart: ChartSpec?, description: StageDescription) -> StageOptions {
        var values: [String: JSONValue] = [:]
        for field in description.options { if let d = field.defaultValue { values[field.name] = d } }
        for (k, v) in stage.options { values[k] = v }
        if let chart { for (k, v) in overrides[chart.id]?[stage.name] ?? [:] { values[k] = v } }
        return StageOptions(values)
    }

    public func runInfo(locales override: [String]? = nil) -> RunInfo {
        RunInfo(locales: override ?? locales, strings: strings, pipelineDirectory: directory, pipelineName: name)
    }
}
