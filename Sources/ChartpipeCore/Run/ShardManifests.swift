import ChartpipeJSON

/// The shards of a run, read back for `merge`: all of one pipeline (name and file digest), one
/// tool version and one shard count, every shard present and finished; else a message that names
/// the shard and what to do.
public enum ShardManifests {
    public static func read(root: String) throws(ChartError) -> [Manifest] {
        let writer = ArtifactWriter(root: root)
        let at = SourceLocation(path: writer.root)
        var manifests: [(name: String, manifest: Manifest)] = []
        for name in writer.files(in: "") where name.hasPrefix("manifest.shard-") && name.hasSuffix(".json") {
            guard let bytes = try? writer.read(name), let json = try? JSONParser.parse(bytes), let m = Manifest(json: json), m.shard != nil else {
                throw ChartError("'\(name)' is not a shard manifest chartpipe wrote; remove it, or run that shard again",
                                 code: .mergeForeignShard, at: at)
            }
            manifests.append((name, m))
        }
        guard let first = manifests.first?.manifest, let count = first.shard?.count else {
            throw ChartError("there is nothing to merge: the folder holds no manifest.shard-I.json; run the shards first (chartpipe run --shard I/N)",
                             code: .mergeNoShards, at: at)
        }
        for (name, m) in manifests {
            if m.pipeline != first.pipeline || m.pipelineFile?.sha256 != first.pipelineFile?.sha256 {
                throw ChartError("'\(name)' comes from another pipeline (or another version of its file) than '\(manifests[0].name)'; run every shard with the same pipeline file",
                                 code: .mergeOtherPipeline, at: at)
            }
            if m.toolVersion != first.toolVersion {
                throw ChartError("'\(name)' was written by chartpipe \(m.toolVersion), '\(manifests[0].name)' by \(first.toolVersion); run every shard with one version",
                                 code: .mergeOtherVersion, at: at)
            }
            if m.shard?.count != count {
                throw ChartError("'\(name)' is a shard of \(m.shard?.count ?? 0), '\(manifests[0].name)' of \(count); run every shard with the same count",
                                 code: .mergeOtherCount, at: at)
            }
            if m.running {
                throw ChartError("shard \(m.shard?.index ?? 0) of \(count) did not finish ('\(name)' says it is still running, so it was killed or is running now); run it again with --shard \(m.shard?.index ?? 0)/\(count)",
                                 code: .mergeUnfinishedShard, at: at)
            }
        }
        let present = Set(manifests.compactMap { $0.manifest.shard?.index })
        if let missing = (0..<count).first(where: { !present.contains($0) }) {
            throw ChartError("shard \(missing) of \(count) is missing (no manifest.shard-\(missing).json); run it with --shard \(missing)/\(count), then merge",
                             code: .mergeMissingShard, at: at)
        }
        return manifests.map(\.manifest).sorted { ($0.shard?.index ?? 0) < ($1.shard?.index ?? 0) }
    }
}
