import Foundation
import ChartpipeLock
import ChartpipeJSON

/// The output folder across runs. After any sequence of runs the manifest lists exactly the files
/// the current pipeline produced, and they are on disk: a run writes its charts' files, keeps the
/// files of locales it did not write (a `--locales` preview), keeps the entries of charts it did
/// not select (`--only`), and removes what the previous manifest listed that the pipeline no longer
/// produces — files of locales and charts no longer in it, stale files of a chart run again.
/// It removes only files that chartpipe wrote (an earlier manifest or an interrupted run's journal
/// lists them), nothing else.
///
/// While a run works, `manifest.json` says so (`"status": "running"`) and names the charts whose
/// files may change (`uncertain`); a run that ends early leaves that manifest and its journal, and
/// the next run repairs the folder from them.
final class OutputFolder: Sendable {
    /// What a run does in the folder.
    enum Role: Sendable, Equatable {
        /// A run of the whole pipeline (or of `--only` charts): it owns the folder.
        case whole
        /// One shard of a run split over machines: it writes its charts and `manifest.shard-I.json`.
        case shard(Shard)
        /// `merge`: the shards' charts, then the run-level stages and `manifest.json`.
        case merge
    }

    let role: Role
    /// More than one processor may be used (`--jobs` above 1): see `Background`.
    private let concurrently: Bool
    /// The run's files are flushed to disk before its manifest, and the manifests are durable (not `--no-sync`).
    private let sync: Bool
    let writer: ArtifactWriter
    let lock: RunLock
    let journal: RunJournal
    /// The previous manifest of the same pipeline in this folder, repaired, if any (for a shard,
    /// overlaid with its own earlier shard manifest).
    let previous: Manifest?
    /// Every locale whose files the folder may hold after this run: the pipeline's, then this run's others.
    let locales: [String]
    /// The locales this run writes.
    let runLocales: [String]
    let pipelineCharts: [String]
    /// Where each chart's entry is in `previous.charts`: looked up for every chart of a run.
    private let previousIndex: [String: Int]
    /// What the previous run of this folder (this shard) left for this one: see `RunCache`.
    let cache: RunCache
    /// Files written by this run, per chart, so that a chart that fails while writing leaves none.
    private let written = Locked<[String: [String]]>([:])

    private var shard: Shard? {
        if case let .shard(s) = role { return s }
        return nil
    }

    /// The manifest this run writes.
    var manifestName: String { shard?.manifestName ?? "manifest.json" }

    /// Locks the folder, reads and repairs what an earlier run left, refuses a folder that holds
    /// files chartpipe did not write, and marks the run as in progress.
    init(root: String, pipeline spec: PipelineSpec, selected: [String], runLocales: [String]?, wait: Bool,
         generatedAt: Int64, role: Role = .whole, jobs: Int = 1, sync: Bool = true) throws(ChartError) {
        self.role = role
        self.sync = sync
        let concurrently = jobs > 1
        self.concurrently = concurrently
        let shard: Shard? = { if case let .shard(s) = role { return s }; return nil }()
        let probe = ArtifactWriter(root: root)
        try probe.prepare()
        let lock = try RunLock.acquire(root: probe.root, shard: shard, wait: wait)
        self.lock = lock
        // A run refused here wrote nothing, and leaves no lock file it made (docs/output.md).
        var started = false
        defer { if !started { lock.discardCreated() } }
        // Read beside the previous manifest: neither needs the other.
        let cached = Background(concurrently: concurrently) { RunCache.read(probe, name: RunCache.fileName(shard)) }
        var previous = try Self.readPrevious(probe, name: "manifest.json", pipeline: spec.name)
        // Shards' manifests not yet merged: their files are chartpipe's too.
        let shardManifests = try Self.shardManifests(probe, pipeline: spec.name)
        if let shard, let own = shardManifests.first(where: { $0.shard == shard }) {
            previous = Self.overlay(own, on: previous)
        }
        let run = runLocales ?? spec.locales
        self.runLocales = run
        locales = spec.locales + run.filter { !spec.locales.contains($0) }
        pipelineCharts = spec.charts.map(\.id)

        // What an interrupted run wrote: listed and intact stays, anything else of its goes. A shard
        // repairs only its own journal (the others may be running); a whole run or a merge, all.
        let leftOver = RunJournal.leftOver(in: probe.root, shard: shard, allShards: shard == nil)
        // A run that ended (done, interrupted, out of disk) left no temporary file in the charts'
        // folders; one that was killed left its manifest saying it was running, or its journal.
        let endedCleanly = shard == nil && shardManifests.isEmpty && leftOver.isEmpty
            && previous.map { $0.status != .running } ?? false
        var owned = Set((previous?.allArtifacts ?? []).map(\.path) + (previous?.leftovers ?? []))
        if shard == nil { owned.formUnion(shardManifests.flatMap(\.allArtifacts).map(\.path)) }
        if !leftOver.isEmpty || previous?.status == .running {
            previous = previous.map { Self.repair($0, journal: leftOver, writer: probe) }
            let kept = Set(previous?.allArtifacts.map(\.path) ?? []).union(shard == nil ? [] : owned)
            probe.remove(leftOver.filter { !kept.contains($0) && !$0.contains("/") && !$0.hasPrefix("manifest") }, below: nil)
            for path in leftOver where !kept.contains(path) && path.contains("/") {
                probe.remove([path], below: (path as NSString).deletingLastPathComponent)
            }
            owned = owned.intersection(kept).union(kept).union(previous?.leftovers ?? [])
        }
        let mine = shard == nil ? Set(pipelineCharts + (previous?.charts.map(\.id) ?? [])) : Set(selected)
        if !endedCleanly { for id in mine { probe.removeTemporaries(in: "charts/\(id)") } }
        if shard == nil { probe.removeTemporaries(in: "") }

        // A first run never replaces what another tool left where chartpipe writes.
        if previous == nil, shardManifests.isEmpty {
            for id in selected {
                if let name = probe.files(in: "charts/\(id)").first(where: { !$0.hasPrefix(".") }) {
                    throw ChartError("'charts/\(id)/\(name)' is in the output folder, but no chartpipe manifest lists it; chartpipe does not replace files it did not write: move them away or choose another output folder",
                                     code: .outputUnlistedFile, at: SourceLocation(path: probe.root))
                }
            }
        }

        journal = try RunJournal(root: probe.root, shard: shard)
        let journal = self.journal
        let manifests = Set(["manifest.json"] + shardManifests.compactMap { $0.shard?.manifestName } + [shard?.manifestName].compactMap { $0 })
        writer = ArtifactWriter(root: probe.root, replacing: .listed(owned.union(manifests))) { journal.append($0) }
        // Trusted only while a file keeps its identity, so it stays valid through a run that stops early.
        var cache = cached.value
        if shard != nil {
            // What the merge of the previous run knew (read only: the merge writes it).
            cache.adopt(RunCache.read(probe, name: RunCache.fileName(nil)))
        } else if role == .merge {
            // What the shards knew of the files they wrote and read; their caches go with them.
            for name in probe.files(in: "") where name.hasPrefix(RunCache.fileName(nil) + ".shard-") {
                cache.adopt(RunCache.read(probe, name: name))
            }
        }
        self.cache = cache
        writer.remember(cache.files)
        // What an earlier run wrote and could not remove goes now, if it can (else it stays listed).
        let listedNow = Set(previous?.allArtifacts.map(\.path) ?? [])
        writer.removeLeftovers((previous?.leftovers ?? []).filter { !listedNow.contains($0) } + probe.leftovers)
        self.previous = previous
        previousIndex = Dictionary((previous?.charts ?? []).enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        try markRunning(selected: selected, generatedAt: generatedAt, pipeline: spec)
        started = true
    }

    /// The manifest `name` in the folder: nil when there is none; refused when chartpipe did not
    /// write it or it belongs to another pipeline (its files are not this pipeline's to replace).
    private static func readPrevious(_ writer: ArtifactWriter, name: String, pipeline: String) throws(ChartError) -> Manifest? {
        guard writer.exists(name) || FileManager.default.fileExists(atPath: writer.root + "/" + name) else { return nil }
        let at = SourceLocation(path: writer.root + "/" + name)
        guard let bytes = try? writer.read(name), let json = try? JSONParser.parse(bytes),
              let manifest = Manifest(json: json) else {
            throw ChartError("the output folder holds a \(name) that chartpipe did not write; chartpipe does not replace it: choose another output folder, or move it away",
                             code: .outputForeignManifest, at: at)
        }
        guard manifest.pipeline == pipeline else {
            throw ChartError("the output folder holds the output of the pipeline '\(manifest.pipeline)'; choose another output folder for '\(pipeline)', or remove that one",
                             code: .outputOtherPipeline, at: at)
        }
        return manifest
    }

    /// The shard manifests in the folder (`manifest.shard-I.json`), in shard order.
    static func shardManifests(_ writer: ArtifactWriter, pipeline: String) throws(ChartError) -> [Manifest] {
        var found: [Manifest] = []
        for name in writer.files(in: "") where name.hasPrefix("manifest.shard-") && name.hasSuffix(".json") {
            if let manifest = try readPrevious(writer, name: name, pipeline: pipeline) { found.append(manifest) }
        }
        return found.sorted { ($0.shard?.index ?? 0) < ($1.shard?.index ?? 0) }
    }

    /// `base` with the charts of a shard's own later manifest in place of its entries.
    private static func overlay(_ own: Manifest, on base: Manifest?) -> Manifest {
        guard var merged = base else { return own }
        // By id through an index, not a search of the list per record (quadratic in the charts).
        var place = Dictionary(merged.charts.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        for record in own.charts {
            if let i = place[record.id] {
                merged.charts[i] = record
            } else {
                place[record.id] = merged.charts.count
                merged.charts.append(record)
            }
        }
        if own.status == .running {
            merged.running = true
            merged.uncertain += own.uncertain
        }
        return merged
    }

    /// The manifest of an interrupted run with only the files that are on disk as listed.
    private static func repair(_ manifest: Manifest, journal: [String], writer: ArtifactWriter) -> Manifest {
        var repaired = manifest
        let suspect = Set(journal)
        let uncertain = Set(manifest.uncertain)
        func holds(_ a: ManifestArtifact) -> Bool {
            suspect.contains(a.path) || uncertain.contains(a.path.split(separator: "/").dropFirst().first.map(String.init) ?? "")
                ? writer.verifies(a) : writer.matches(a)
        }
        repaired.charts = manifest.charts.map { record in
            var r = record
            r.artifacts = record.artifacts.filter(holds)
            return r
        }
        repaired.artifacts = manifest.artifacts.filter(holds)
        repaired.uncertain = []
        return repaired
    }

    /// Writes the manifest of a run in progress: the folder as the previous run left it, with the
    /// charts this run may change named as uncertain. On one line (it is read by the next run if
    /// this one stops early, and replaced when it ends), which is less to write at every start.
    private func markRunning(selected: [String], generatedAt: Int64, pipeline spec: PipelineSpec) throws(ChartError) {
        let records = previous?.charts ?? []
        let chosen = Set(selected), inPipeline = Set(pipelineCharts)
        let touched = records.filter { record in
            chosen.contains(record.id) || !inPipeline.contains(record.id)
                || record.artifacts.contains { $0.locale.map { !locales.contains($0) } ?? false }
        }.map(\.id)
        var running = Manifest(pipeline: spec.name, pipelineFile: spec.fileRecord(relativeTo: writer.root),
                               generatedAt: generatedAt, locales: previous?.locales ?? [], selected: selected,
                               charts: shard == nil ? records : records.filter { chosen.contains($0.id) },
                               artifacts: shard == nil ? previous?.artifacts ?? [] : [])
        running.shard = shard
        running.running = true
        running.uncertain = touched
        running.leftovers = writer.leftovers
        // Durable before any file is replaced: after a power cut the next run finds it and checks
        // the uncertain charts' files by hash (see `repair`).
        _ = try writer.write(running.bytes(pretty: false), to: manifestName, kind: "manifest", locale: nil, durable: sync)
    }

    /// Sets room aside on the disk for the run's manifest, at least as large as `bound` (with the
    /// leftovers known now) and a margin: the manifest's write then takes no room of its own.
    func reserveManifest(_ bound: Manifest) throws(ChartError) {
        var bound = bound
        bound.leftovers = writer.leftovers
        let size = bound.bytes().count
        try writer.reserve(size + size / 16 + 4096, for: manifestName)
    }

    /// Writes the run's manifest; the run's journal is then closed and removed, and the next run
    /// gets its cache (the identities of the listed files, and what the run-level stages saved:
    /// `stageStates`). A whole run or a merge also removes what shards left (their manifests,
    /// journals, locks and caches), which it replaces.
    func finish(_ manifest: Manifest, stageStates: [String: JSONValue] = [:], inputs: FileDigests? = nil) throws(ChartError) {
        // The cache holds the listed files' identities, not the manifest's: it is made and written
        // beside the manifest. (Which of the two a crash leaves does not matter: a cache is trusted
        // only for files whose identity and listed SHA-256 both match it.)
        let (writer, shard, remembered) = (writer, shard, cache.inputs)
        let inputIdentities = inputs?.identities
        let cacheWritten = Background(concurrently: concurrently) {
            let paths = manifest.allArtifacts.map(\.path)
            var cache = RunCache(files: writer.identities(of: paths), inputs: inputIdentities ?? remembered, stages: stageStates)
            cache.order = paths
            cache.write(writer, shard: shard)
        }
        defer { _ = cacheWritten.value }
        var manifest = manifest
        let listed = Set(manifest.allArtifacts.map(\.path))
        manifest.leftovers = writer.leftovers.filter { !listed.contains($0) }
        // Once for every file of the run (none was flushed on its own), before the manifest that
        // lists them is put in place; then the manifest and its folder entry.
        if sync { try writer.flushFileSystem() }
        _ = try writer.write(manifest.bytes(), to: manifestName, kind: "manifest", locale: nil, durable: sync)
        journal.finish()
        guard shard == nil else { return }
        for name in writer.files(in: "") {
            let shardFile = name.hasPrefix("manifest.shard-") && name.hasSuffix(".json")
                || name.hasPrefix(RunJournal.fileName + ".shard-") || name.hasPrefix(".chartpipe.shard-") && name.hasSuffix(".lock")
                || name.hasPrefix(RunCache.fileName(nil) + ".shard-")
            if shardFile { unlink(writer.root + "/" + name) }
        }
    }

    /// The previous manifest's entry of chart `id`.
    func previousRecord(_ id: String) -> ChartRecord? { previousIndex[id].flatMap { previous?.charts[$0] } }

    /// Writes a chart's files (`data.json` first in the manifest; at once on idle processors) and
    /// settles its earlier ones: rewritten or removed when of a locale this run writes, kept when of another locale of the folder, removed when of a
    /// locale the folder no longer holds. A write that fails is an error; `discard` then removes what
    /// this commit wrote.
    func commit(_ context: ChartContext) throws(ChartError) -> ChartRecord {
        let id = context.chart.id
        let folder = "charts/\(id)"
        let history = ChartHistory(context)
        var files = [Artifact(path: "data.json", kind: "data", content: DataFile.content(context.data, chart: context.chart))]
        files += context.artifacts
        // What the next run compares this chart with.
        // Made when it is written, as the other files are: not held beside them until the commit.
        files.append(Artifact(path: "history.json", kind: "history", content: .stream { sink in
            try sink.write(JSONWriter(pretty: false).bytes(history.json))
        }))
        var listed: [ManifestArtifact] = []
        try writer.write(files, into: folder) { entry in
            written.withLock { $0[id, default: []].append(entry.path) }
            listed.append(entry)
        }
        let paths = Set(listed.map(\.path))
        var kept: [ManifestArtifact] = []
        var stale: [String] = []
        for old in previousRecord(id)?.artifacts ?? [] where !paths.contains(old.path) {
            if let locale = old.locale, !runLocales.contains(locale), locales.contains(locale), writer.matches(old) {
                kept.append(old)
            } else {
                stale.append(old.path)
            }
        }
        writer.remove(stale, below: folder)
        var record = ChartRecord(id: id, status: .ok, warnings: context.warnings, recordsRead: context.recordsRead,
                                 recordsSkipped: context.recordsSkipped, pointsInput: context.pointsInput,
                                 pointsOutput: context.data.pointCount, artifacts: listed + kept)
        record.series = context.data.series.map(\.name)
        if let baseline = context[BaselineKey.self] {
            record.comparison = Self.comparison(baseline, changes: Comparison.changes(from: baseline.history, to: history),
                                                chart: context.chart, xType: history.xType, categories: history.categories)
        }
        return record
    }

    /// The manifest's `comparison` of a chart: the baseline run (when, which pipeline file) and the
    /// changes, with x written as the chart's files write it.
    static func comparison(_ baseline: Baseline, changes: [Change], chart: ChartSpec, xType: XType,
                           categories: [String] = []) -> JSONValue {
        comparison(generatedAt: baseline.generatedAt, pipelineDigest: baseline.pipelineDigest, changes: changes, chart: chart,
                   xType: xType, categories: categories)
    }

    static func comparison(generatedAt: Int64, pipelineDigest: String?, changes: [Change], chart: ChartSpec, xType: XType,
                           categories: [String] = []) -> JSONValue {
        let data = SeriesSet(xType: xType, categories: categories)
        let zone = chart.x.zone == "UTC" ? nil : TimeZone(identifier: chart.x.zone)
        return .object([
            ("baseline", .object([
                ("generatedAt", .string(TimeText.iso8601(milliseconds: Double(generatedAt) * 1000))),
                ("pipelineSha256", pipelineDigest.map { .string($0) } ?? .null),
            ])),
            ("changes", .array(changes.map { $0.json { DataFile.x($0, data: data, zone: zone) } })),
        ])
    }

    /// A chart that failed leaves none of its files behind, earlier or new, to be mistaken for current ones.
    func discard(_ id: String) {
        let new = written.withLock { $0.removeValue(forKey: id) ?? [] }
        writer.remove(new + (previousRecord(id)?.artifacts.map(\.path) ?? []), below: "charts/\(id)")
    }

    /// Every chart of the pipeline that has an entry, in pipeline order: run now, or kept from the
    /// previous manifest with only the files of the folder's locales still listed (the others removed).
    func records(ran: [ChartRecord]) -> [ChartRecord] {
        let now = Dictionary(ran.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        return pipelineCharts.compactMap { id in
            if let record = now[id] { return record }
            guard var record = previousRecord(id) else { return nil }
            let (keep, drop) = record.artifacts.partitioned { a in a.locale.map(locales.contains) ?? true }
            writer.remove(drop.map(\.path), below: "charts/\(id)")
            record.artifacts = keep
            return record
        }
    }

    /// The run-level files to list: those written now, and earlier ones of the folder's other
    /// locales of a kind written now (a `--locales` preview keeps the other reports). When the
    /// run-level stages did not run (an interruption), the earlier ones stay as they were.
    func runArtifacts(written now: [ManifestArtifact], ranStages: Bool) -> [ManifestArtifact] {
        let earlier = previous?.artifacts ?? []
        let paths = Set(now.map(\.path))
        let kinds = Set(now.map(\.kind))
        var keep: [ManifestArtifact] = []
        var drop: [String] = []
        for old in earlier where !paths.contains(old.path) {
            let ownLocale = old.locale.map(locales.contains) ?? true
            let otherLocale = old.locale.map { !runLocales.contains($0) } ?? false
            if ownLocale, !ranStages || (otherLocale && kinds.contains(old.kind)), writer.matches(old) {
                keep.append(old)
            } else {
                drop.append(old.path)
            }
        }
        writer.remove(drop.filter { !$0.contains("/") }, below: nil)
        // A report's chart pages lie in the charts' folders.
        for path in drop where path.contains("/") {
            writer.remove([path], below: (path as NSString).deletingLastPathComponent)
        }
        return now + keep
    }

    /// Files of charts that the previous manifest listed and the pipeline no longer has.
    func removeChartsNoLongerInPipeline() {
        let inPipeline = Set(pipelineCharts)
        for record in previous?.charts ?? [] where !inPipeline.contains(record.id) {
            writer.remove(record.artifacts.map(\.path), below: "charts/\(record.id)")
            writer.removeFolderIfEmpty("charts/\(record.id)")
        }
    }

    /// The locales whose files the manifest lists, in the folder's order: this run's, and those of
    /// files kept from earlier runs.
    func listedLocales(_ records: [ChartRecord], _ runArtifacts: [ManifestArtifact]) -> [String] {
        let present = Set(runLocales + (records.flatMap(\.artifacts) + runArtifacts).compactMap(\.locale))
        return locales.filter(present.contains)
    }

    /// The record without files that are no longer on disk as listed.
    func keepingOnlyExisting(_ record: ChartRecord) -> ChartRecord {
        var record = record
        record.artifacts = writer.present(record.artifacts)
        return record
    }
}

extension Array {
    /// The elements that satisfy `predicate`, and the others, each in order.
    func partitioned(by predicate: (Element) -> Bool) -> (matching: [Element], other: [Element]) {
        var a: [Element] = [], b: [Element] = []
        for e in self { if predicate(e) { a.append(e) } else { b.append(e) } }
        return (a, b)
    }
}
