import ChartpipeJSON
import ChartpipeLock

/// What a run-level stage saved of its work in the previous run of the folder, and what it saves
/// for the next one (see `RunCache`): kept only when every file of the stage was written.
public final class RunStageState: Sendable {
    /// What the stage saved last time (nil: nothing, or the cache was not usable).
    public let previous: JSONValue?
    /// The files the stage wrote last time, as the manifest listed them: what `previous` speaks of.
    public let previousFiles: [ManifestArtifact]
    private let saved: Locked<[String: JSONValue]>

    public init(previous: JSONValue? = nil, previousFiles: [ManifestArtifact] = []) {
        self.previous = previous
        self.previousFiles = previousFiles
        saved = Locked([:])
    }

    /// From the cache's entry of the stage (`entry(files:)`).
    convenience init(cached: JSONValue?) {
        self.init(previous: cached?["saved"], previousFiles: (cached?["files"]?.arrayValue ?? []).compactMap(Manifest.artifact))
    }

    /// Saves `value` under `key` for the next run (a report saves one entry per locale).
    public func save(_ key: String, _ value: JSONValue) {
        saved.withLock { $0[key] = value }
    }

    /// The cache's entry for the next run, with the files the stage wrote: nil when it saved nothing.
    func entry(files: [ManifestArtifact]) -> JSONValue? {
        let all = saved.withLock { $0 }
        guard !all.isEmpty else { return nil }
        return .object([("files", .array(files.map(Manifest.json(artifact:)))),
                        ("saved", .object(all.keys.sorted().map { ($0, all[$0] ?? .null) }))])
    }
}
