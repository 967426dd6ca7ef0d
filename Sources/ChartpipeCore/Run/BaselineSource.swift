import ChartpipeJSON
import Foundation

/// Where a run finds the run each chart is compared with: the previous run in its own output
/// folder (read before anything is replaced), or another folder (`--compare DIR`).
public struct BaselineSource: Sendable {
    let reader: ArtifactReader
    let manifest: Manifest
    /// Each chart's place in `manifest.charts`, by id: a run looks up every chart it makes, and a
    /// search through the list for each made a run of n charts do n²/2 comparisons.
    let index: [String: Int]

    init(reader: ArtifactReader, manifest: Manifest) {
        self.reader = reader
        self.manifest = manifest
        // The first of a repeated id, as a search from the start found it.
        index = Dictionary(manifest.charts.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The output folder at `path` as a baseline for `pipeline`; refused, before anything runs, when
    /// it is missing, holds no manifest chartpipe wrote, or is the output of another pipeline.
    public static func folder(_ path: String, pipeline: String) throws(ChartError) -> BaselineSource {
        let reader = ArtifactReader(root: path)
        let at = SourceLocation(path: reader.root)
        var info = stat()
        guard stat(reader.root, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw ChartError("--compare: there is no folder here; name the output folder of an earlier run", code: .compareMissing, at: at)
        }
        guard let bytes = try? reader.writer.read("manifest.json") else {
            throw ChartError("--compare: the folder holds no manifest.json, so it is not the output of a run", code: .compareNoManifest, at: at)
        }
        guard let json = try? JSONParser.parse(bytes), let manifest = Manifest(json: json) else {
            throw ChartError("--compare: the folder's manifest.json is not one chartpipe wrote, or it is damaged", code: .compareBadManifest, at: at)
        }
        guard manifest.pipeline == pipeline else {
            throw ChartError("--compare: the folder holds the output of the pipeline '\(manifest.pipeline)', not of '\(pipeline)'",
                             code: .compareOtherPipeline, at: at)
        }
        return BaselineSource(reader: reader, manifest: manifest)
    }

    /// The charts that run had, in its order.
    public var chartIDs: [String] { manifest.charts.map(\.id) }
    /// When that run ran (its manifest's `generatedAt`).
    public var generatedAt: Int64 { manifest.generatedAt }
    /// The SHA-256 of that run's pipeline file.
    public var pipelineDigest: String? { manifest.pipelineFile?.sha256 }

    /// The baseline of chart `id`: nil when that run had no such chart, or its history is missing
    /// or was changed since it was listed.
    public func baseline(for id: String) -> Baseline? {
        index[id].flatMap { Self.baseline(of: manifest.charts[$0], in: manifest, reader: reader) }
    }

    /// The baseline that `record`, a chart of the run of `manifest` whose files `reader` reads,
    /// gives: nil when it failed, or its history is missing or was changed since it was listed.
    static func baseline(of record: ChartRecord, in manifest: Manifest, reader: ArtifactReader) -> Baseline? {
        guard record.status == .ok,
              let artifact = record.artifacts.first(where: { $0.kind == "history" }),
              let bytes = try? reader.bytes(of: artifact), let json = try? JSONParser.parse(bytes),
              let history = ChartHistory(json: json) else { return nil }
        return Baseline(history: history, generatedAt: manifest.generatedAt, pipelineDigest: manifest.pipelineFile?.sha256)
    }
}
