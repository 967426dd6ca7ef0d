import Foundation
import ChartpipeJSON

/// `manifest.json` (SPEC §4): what the output folder holds, chart by chart, in pipeline order —
/// charts run now and charts kept from earlier runs alike — with enough about the pipeline
/// (its file and digest, the charts this run selected) that a later `merge` needs nothing else.
public struct Manifest: Sendable, Equatable {
    public static let toolName = "chartpipe"
    public static let toolVersion = "0.1.0"

    public enum Status: String, Sendable { case ok, failed, interrupted, running }

    /// The pipeline file: its path relative to the output folder (so that the manifest does not
    /// depend on where chartpipe was started) and the SHA-256 of its bytes.
    public struct PipelineFile: Sendable, Equatable {
        public var path: String
        public var sha256: String
        public init(path: String, sha256: String) {
            self.path = path
            self.sha256 = sha256
        }
    }

    public var toolVersion: String = Manifest.toolVersion
    public var pipeline: String
    public var pipelineFile: PipelineFile?
    /// Seconds since 1970: `SOURCE_DATE_EPOCH` when set, so that runs are reproducible.
    public var generatedAt: Int64
    /// Every locale whose files the folder holds: the pipeline's, then a preview's extra ones.
    public var locales: [String]
    /// Charts this run selected (all of the pipeline without `--only`).
    public var selected: [String]
    public var charts: [ChartRecord]
    /// Charts this run selected but did not run (after an interruption or `--fail-fast`).
    public var notRun: [String]
    /// Run-level stages and how they went.
    public var stages: [RunStageRecord]
    /// Files of run-level stages (paths relative to the output folder).
    public var artifacts: [ManifestArtifact]
    public var interrupted: Bool
    /// The shard of a run split over machines that wrote this manifest (`manifest.shard-I.json`).
    public var shard: Shard?
    /// Written while a run works: the folder may change, and `uncertain` names the charts whose
    /// listed files may no longer match (the next run checks them).
    public var running = false
    public var uncertain: [String] = []
    /// Files chartpipe wrote and could not remove (a file made immutable, say): still its own, so a
    /// later run may replace or remove them; written only when there are some.
    public var leftovers: [String] = []

    public init(pipeline: String, pipelineFile: PipelineFile? = nil, generatedAt: Int64, locales: [String],
                selected: [String] = [], charts: [ChartRecord], notRun: [String] = [], stages: [RunStageRecord] = [],
                artifacts: [ManifestArtifact] = [], interrupted: Bool = false) {
        self.pipeline = pipeline
        self.pipelineFile = pipelineFile
        self.generatedAt = generatedAt
        self.locales = locales
        self.selected = selected
        self.charts = charts
        self.notRun = notRun
        self.stages = stages
        self.artifacts = artifacts
        self.interrupted = interrupted
    }

    public var status: Status {
        if running { return .running }
        if interrupted { return .interrupted }
        let failed = charts.contains { $0.status == .failed } || stages.contains { $0.status == .failed }
        return failed ? .failed : .ok
    }

    /// Every file the manifest lists, charts' and the run's.
    public var allArtifacts: [ManifestArtifact] { charts.flatMap(\.artifacts) + artifacts }

    /// `SOURCE_DATE_EPOCH` if set and valid, else now.
    public static func timestamp(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int64 {
        if let text = environment["SOURCE_DATE_EPOCH"], let v = Int64(text), validEpoch.contains(v) { return v }
        return Int64(Date().timeIntervalSince1970)
    }

    /// Seconds that ISO 8601 can write with a four-digit year (0001 to 9999).
    public static let validEpoch: ClosedRange<Int64> = -62_135_596_800 ... 253_402_300_799

    // MARK: JSON

    /// The manifest's text, pretty (`manifest.json`) or on one line (the manifest of a run in
    /// progress): written straight from the records, not through a `JSONValue` tree, since an
    /// incremental run of many charts writes it twice and does little else.
    public func bytes(pretty: Bool = true) -> [UInt8] {
        var s = JSONStream(pretty: pretty, capacity: 1 << 20)
        write(into: &s)
        s.finish()
        return s.buffer
    }

    func write(into s: inout JSONStream) {
        s.beginObject()
        s.key("tool")
        s.beginObject()
        s.key("name"); s.string(Manifest.toolName)
        s.key("version"); s.string(toolVersion)
        s.endObject()
        s.key("pipeline"); s.string(pipeline)
        if let pipelineFile {
            s.key("pipelineFile")
            s.beginObject()
            s.key("path"); s.string(pipelineFile.path)
            s.key("sha256"); s.string(pipelineFile.sha256)
            s.endObject()
        }
        if let shard {
            s.key("shard")
            s.beginObject()
            s.key("index"); s.int(shard.index)
            s.key("count"); s.int(shard.count)
            s.endObject()
        }
        s.key("generatedAt"); s.string(TimeText.iso8601(milliseconds: Double(generatedAt) * 1000))
        s.key("locales"); Self.write(strings: locales, into: &s)
        s.key("status"); s.string(status.rawValue)
        if running { s.key("uncertain"); Self.write(strings: uncertain, into: &s) }
        s.key("selected"); Self.write(strings: selected, into: &s)
        s.key("charts")
        s.beginArray(scalars: false)
        for chart in charts { Self.write(chart: chart, into: &s) }
        s.endArray()
        s.key("notRun"); Self.write(strings: notRun, into: &s)
        s.key("stages")
        s.beginArray(scalars: false)
        for stage in stages {
            s.beginObject()
            s.key("key"); s.string(stage.key)
            s.key("use"); s.string(stage.stage)
            s.key("status"); s.string(stage.status.rawValue)
            s.key("error"); Self.write(diagnostic: stage.error, into: &s)
            s.endObject()
        }
        s.endArray()
        s.key("artifacts"); Self.write(artifacts: artifacts, into: &s)
        if !leftovers.isEmpty { s.key("leftovers"); Self.write(strings: leftovers, into: &s) }
        s.endObject()
    }

    static func write(chart r: ChartRecord, into s: inout JSONStream) {
        s.beginObject()
        s.key("id"); s.string(r.id)
        s.key("status"); s.string(r.status.rawValue)
        s.key("error"); write(diagnostic: r.error, into: &s)
        s.key("warnings")
        s.beginArray(scalars: false)
        for warning in r.warnings { write(diagnostic: warning, into: &s) }
        s.endArray()
        s.key("rows")
        s.beginObject()
        s.key("read"); s.int(r.recordsRead)
        s.key("skipped"); s.int(r.recordsSkipped)
        s.endObject()
        s.key("points")
        s.beginObject()
        s.key("input"); s.int(r.pointsInput)
        s.key("output"); s.int(r.pointsOutput)
        s.endObject()
        s.key("series"); write(strings: r.series, into: &s)
        s.key("comparison"); s.value(r.comparison ?? .null)
        s.key("artifacts"); write(artifacts: r.artifacts, into: &s)
        if let inputs = r.inputs { s.key("inputs"); s.string(inputs) }
        s.endObject()
    }

    private static func write(strings: [String], into s: inout JSONStream) {
        s.beginArray(scalars: true)
        for string in strings { s.string(string) }
        s.endArray()
    }

    private static func write(diagnostic: Diagnostic?, into s: inout JSONStream) {
        if let diagnostic { s.value(json(diagnostic: diagnostic)) } else { s.null() }
    }

    private static func write(artifacts: [ManifestArtifact], into s: inout JSONStream) {
        s.beginArray(scalars: false)
        for a in artifacts {
            s.beginObject()
            s.key("path"); s.string(a.path)
            s.key("kind"); s.string(a.kind)
            s.key("locale")
            if let locale = a.locale { s.string(locale) } else { s.null() }
            s.key("bytes"); s.int(a.bytes)
            s.key("sha256"); s.string(a.sha256)
            s.endObject()
        }
        s.endArray()
    }

    /// A diagnostic as the manifest and `--log-format json` write it.
    public static func json(diagnostic d: Diagnostic) -> JSONValue {
        .object([
            ("severity", .string(d.severity.rawValue)), ("code", .string(d.code.rawValue)), ("message", .string(d.message)),
            ("file", d.location.map { .string($0.path) } ?? .null),
            ("line", d.location?.line.map { .int($0) } ?? .null),
            ("column", d.location?.column.map { .int($0) } ?? .null),
            ("field", d.field.map { .string($0) } ?? .null),
        ])
    }

    static func json(artifact a: ManifestArtifact) -> JSONValue {
        .object([
            ("path", .string(a.path)), ("kind", .string(a.kind)), ("locale", a.locale.map { .string($0) } ?? .null),
            ("bytes", .int(a.bytes)), ("sha256", .string(a.sha256)),
        ])
    }

    /// Reads a manifest that chartpipe wrote; nil for anything else (another tool's file, a
    /// truncated one). Manifests of earlier versions, whose warnings were plain text, read too.
    public init?(json: JSONValue) {
        guard json["tool"]?["name"]?.stringValue == Manifest.toolName,
              let pipeline = json["pipeline"]?.stringValue,
              let chartItems = json["charts"]?.arrayValue else { return nil }
        self.pipeline = pipeline
        toolVersion = json["tool"]?["version"]?.stringValue ?? ""
        if let file = json["pipelineFile"], let path = file["path"]?.stringValue, let sha = file["sha256"]?.stringValue {
            pipelineFile = PipelineFile(path: path, sha256: sha)
        }
        if let index = json["shard"]?["index"]?.intValue, let count = json["shard"]?["count"]?.intValue {
            shard = Shard(index: index, count: count)
        }
        generatedAt = json["generatedAt"]?.stringValue.flatMap(TimeText.epochSeconds(iso8601:)) ?? 0
        locales = json["locales"]?.arrayValue?.compactMap(\.stringValue) ?? []
        selected = json["selected"]?.arrayValue?.compactMap(\.stringValue) ?? []
        var charts: [ChartRecord] = []
        for item in chartItems {
            guard let chart = Manifest.chart(item) else { return nil }
            charts.append(chart)
        }
        self.charts = charts
        notRun = json["notRun"]?.arrayValue?.compactMap(\.stringValue) ?? []
        stages = (json["stages"]?.arrayValue ?? []).compactMap { s in
            guard let key = s["key"]?.stringValue, let use = s["use"]?.stringValue,
                  let status = s["status"]?.stringValue.flatMap(ChartRecord.Status.init(rawValue:)) else { return nil }
            return RunStageRecord(key: key, stage: use, status: status, error: s["error"].flatMap(Manifest.diagnostic))
        }
        artifacts = (json["artifacts"]?.arrayValue ?? []).compactMap(Manifest.artifact)
        interrupted = json["status"]?.stringValue == Status.interrupted.rawValue
        running = json["status"]?.stringValue == Status.running.rawValue
        uncertain = json["uncertain"]?.arrayValue?.compactMap(\.stringValue) ?? []
        leftovers = json["leftovers"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    static func chart(_ json: JSONValue) -> ChartRecord? {
        guard let id = json["id"]?.stringValue,
              let status = json["status"]?.stringValue.flatMap(ChartRecord.Status.init(rawValue:)) else { return nil }
        var record = ChartRecord(
            id: id, status: status, error: json["error"].flatMap(diagnostic),
            warnings: (json["warnings"]?.arrayValue ?? []).compactMap { w in
                w.stringValue.map { Diagnostic.warning($0, code: Diagnostic.unclassified) } ?? diagnostic(w)
            },
            recordsRead: json["rows"]?["read"]?.intValue ?? 0, recordsSkipped: json["rows"]?["skipped"]?.intValue ?? 0,
            pointsInput: json["points"]?["input"]?.intValue ?? 0, pointsOutput: json["points"]?["output"]?.intValue ?? 0,
            artifacts: (json["artifacts"]?.arrayValue ?? []).compactMap(artifact), inputs: json["inputs"]?.stringValue)
        record.series = json["series"]?.arrayValue?.compactMap(\.stringValue) ?? []
        record.comparison = json["comparison"].flatMap { $0 == .null ? Optional.none : $0 }  // (`nil` alone: JSONValue's nil literal)
        return record
    }

    static func diagnostic(_ json: JSONValue) -> Diagnostic? {
        guard let message = json["message"]?.stringValue else { return nil }
        let location = json["file"]?.stringValue.map {
            SourceLocation(path: $0, line: json["line"]?.intValue, column: json["column"]?.intValue)
        }
        return Diagnostic(message, code: json["code"]?.stringValue.map(DiagnosticCode.init(rawValue:)) ?? Diagnostic.unclassified,
                          severity: json["severity"]?.stringValue.flatMap(Diagnostic.Severity.init(rawValue:)) ?? .error,
                          at: location, field: json["field"]?.stringValue)
    }

    static func artifact(_ json: JSONValue) -> ManifestArtifact? {
        guard let path = json["path"]?.stringValue, let kind = json["kind"]?.stringValue,
              let bytes = json["bytes"]?.intValue, let sha = json["sha256"]?.stringValue else { return nil }
        return ManifestArtifact(path: path, kind: kind, locale: json["locale"]?.stringValue, bytes: bytes, sha256: sha)
    }
}
