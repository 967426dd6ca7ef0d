import Foundation
import ChartpipeJSON

/// A pipeline file, parsed and validated.
public struct PipelineSpec: Sendable {
    /// The pipeline file as given on the command line.
    public var path: String
    /// Absolute folder of the pipeline file; relative paths resolve against it.
    public var directory: String
    public var name: String
    /// The report's heading as the pipeline writes it (`title`), translated through the catalogs; nil: "<name> chart report".
    public var title: String?
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
        RunInfo(locales: override ?? locales, strings: strings, pipelineDirectory: directory, pipelineName: name, pipelineTitle: title)
    }

    /// The pipeline file as the manifest records it: its path relative to `root` (the output
    /// folder) and its digest.
    public func fileRecord(relativeTo root: String) -> Manifest.PipelineFile {
        let file = directory + "/" + (path as NSString).lastPathComponent
        return Manifest.PipelineFile(path: RelativePath.from(root, to: file), sha256: sha256)
    }
}
