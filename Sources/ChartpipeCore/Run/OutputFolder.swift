import Foundation
import Synchronization
import ChartpipeJSON

/// The output folder across runs. After any sequence of runs the manifest lists exactly the files
/// the current pipeline produced, and they are on disk: a run writes its charts' files, keeps the
/// files of locales it did not write (a `--locales` preview), keeps the entries of charts it did
/// not select (`--only`), and removes what the previous manifest listed that the pipeline no longer
/// produces — files of locales and charts no longer in it, stale files of a chart run again.
/// It removes only files an earlier manifest of the same pipeline listed, nothing else.
final class OutputFolder: Sendable {
    let writer: ArtifactWriter
    /// The previous manifest of the same pipeline in this folder, if any.
    let previous: Manifest?
    /// Every locale whose files the folder may hold after this run: the pipeline's, then this run's others.
    let locales: [String]
    /// The locales this run writes.
    let runLocales: [String]
    let pipelineCharts: [String]
    /// Files written by this run, per chart, so that a chart that fails while writing leaves none.
    private let written = Mutex<[String: [String]]>([:])

    init(writer: ArtifactWriter, pipeline spec: PipelineSpec, runLocales: [String]?) {
        self.writer = writer
        let text = FileManager.default.contents(atPath: writer.root + "/manifest.json")
        let manifest = text.flatMap { try? JSONParser.parse(Array($0)) }.flatMap(Manifest.init(json:))
        previous = manifest?.pipeline == spec.name ? manifest : nil
        let run = runLocales ?? spec.locales
        self.runLocales = run
        locales = spec.locales + run.filter { !spec.locales.contains($0) }
        pipelineCharts = spec.charts.map(\.id)
    }

    private func previousRecord(_ id: String) -> ChartRecord? { previous?.charts.first { $0.id == id } }

    /// Writes a chart's files (`data.json` first) and settles its earlier ones: rewritten or removed
    /// when of a locale this run writes, kept when of another locale of the folder, removed when of a
    /// locale the folder no longer holds. A write that fails removes what this commit wrote.
    func commit(_ context: ChartContext) throws(ChartError) -> ChartRecord {
        let id = context.chart.id
        let folder = "charts/\(id)"
        var files = [Artifact(path: "data.json", kind: "data", bytes: JSONWriter().bytes(DataFile.json(context.data, chart: context.chart)))]
        files += context.artifacts
        var listed: [ManifestArtifact] = []
        for artifact in files {
            let entry = try writer.write(artifact.content, to: "\(folder)/\(artifact.path)", kind: artifact.kind, locale: artifact.locale)
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
        return ChartRecord(id: id, status: .ok, warnings: context.warnings, recordsRead: context.recordsRead,
                           recordsSkipped: context.recordsSkipped, pointsInput: context.pointsInput,
                           pointsOutput: context.data.pointCount, artifacts: listed + kept)
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
        return now + keep
    }

    /// Files of charts that the previous manifest listed and the pipeline no longer has.
    func removeChartsNoLongerInPipeline() {
        for record in previous?.charts ?? [] where !pipelineCharts.contains(record.id) {
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
        record.artifacts = record.artifacts.filter(writer.matches)
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
