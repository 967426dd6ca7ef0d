import Foundation
import ChartpipeJSON

/// One `{ "use": … }` entry of a pipeline's `stages`.
public struct StageEntry: Sendable {
    /// The stage it uses.
    public var name: String
    /// The entry's own name, for a stage listed more than once.
    public var id: String?
    /// Options written in the pipeline file (without `use` and `id`).
    public var options: [String: JSONValue]
    public var location: SourceLocation
    /// JSON Pointer of the entry in the pipeline file (`/stages/2`).
    public var pointer: String

    public init(name: String, id: String? = nil, options: [String: JSONValue] = [:], location: SourceLocation, pointer: String) {
        self.name = name
        self.id = id
        self.options = options
        self.location = location
        self.pointer = pointer
    }

    /// How charts' `stages` overrides address the entry: its `id`, else its stage's name.
    public var key: String { id ?? name }
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
    /// Per-chart stage options: chart id → entry key → options.
    public var overrides: [String: [String: [String: JSONValue]]]
    /// SHA-256 of the pipeline file's bytes.
    public var sha256: String
    /// Each chart's entry as written, by id: what an incremental run compares.
    public var chartJSON: [String: JSONValue]
    /// What validation found worth saying that does not stop the pipeline.
    public var warnings: [Diagnostic] = []

    public init(path: String, directory: String, name: String, output: String, locales: [String], strings: [String],
                stages: [StageEntry], charts: [ChartSpec], overrides: [String: [String: [String: JSONValue]]], sha256: String,
                chartJSON: [String: JSONValue] = [:]) {
        self.path = path
        self.directory = directory
        self.name = name
        self.output = output
        self.locales = locales
        self.strings = strings
        self.stages = stages
        self.charts = charts
        self.overrides = overrides
        self.sha256 = sha256
        self.chartJSON = chartJSON
    }

    public func runInfo(locales override: [String]? = nil) -> RunInfo {
        RunInfo(locales: override ?? locales, strings: strings, pipelineDirectory: directory, pipelineName: name)
    }

    /// The pipeline file as the manifest records it: its path relative to `root` (the output
    /// folder) and its digest.
    public func fileRecord(relativeTo root: String) -> Manifest.PipelineFile {
        let file = directory + "/" + (path as NSString).lastPathComponent
        return Manifest.PipelineFile(path: RelativePath.from(root, to: file), sha256: sha256)
    }
}

/// Relative paths between absolute, standardized paths.
public enum RelativePath {
    /// The path of `target` as seen from the folder `base` (`../../pipelines/weekly.pipeline`).
    public static func from(_ base: String, to target: String) -> String {
        let b = base.split(separator: "/"), t = target.split(separator: "/")
        var common = 0
        while common < b.count, common < t.count, b[common] == t[common] { common += 1 }
        let up = Array(repeating: "..", count: b.count - common)
        return (up + t[common...].map(String.init)).joined(separator: "/")
    }
}
