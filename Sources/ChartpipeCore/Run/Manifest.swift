import Foundation
import ChartpipeJSON

/// `manifest.json` (SPEC §4): what a run produced, chart by chart, in pipeline order.
public struct Manifest: Sendable {
    public static let toolName = "chartpipe"
    public static let toolVersion = "0.1.0"

    /// One chart's entry: run now, or kept from the previous manifest of the same output folder
    /// (a run with `--only` leaves the other charts as they were).
    public enum Entry: Sendable {
        case result(ChartResult)
        case kept(id: String, json: JSONValue)
    }

    public var pipeline: String
    public var locales: [String]
    /// Seconds since 1970: `SOURCE_DATE_EPOCH` when set, so that runs are reproducible.
    public var generatedAt: Int64
    public var entries: [Entry]
    public var artifacts: [ManifestArtifact]
    public var interrupted: Bool
    /// Charts this run selected but did not run (after an interruption or `--fail-fast`).
    public var notRun: [String]

    public init(pipeline: String, locales: [String], generatedAt: Int64, entries: [Entry],
                artifacts: [ManifestArtifact], interrupted: Bool, notRun: [String] = []) {
        self.pipeline = pipeline
        self.locales = locales
        self.generatedAt = generatedAt
        self.entries = entries
        self.artifacts = artifacts
        self.interrupted = interrupted
        self.notRun = notRun
    }

    /// The charts run now.
    public var charts: [ChartResult] {
        entries.compactMap { if case let .result(r) = $0 { return r }; return nil }
    }

    /// `SOURCE_DATE_EPOCH` if set and valid, else now.
    public static func timestamp(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int64 {
        if let text = environment["SOURCE_DATE_EPOCH"], let v = Int64(text), validEpoch.contains(v) { return v }
        return Int64(Date().timeIntervalSince1970)
    }

    /// Seconds that ISO 8601 can write with a four-digit year (0001 to 9999).
    public static let validEpoch: ClosedRange<Int64> = -62_135_596_800 ... 253_402_300_799

    public var json: JSONValue {
        let failed = charts.contains { $0.status == .failed } || entries.contains {
            if case let .kept(_, json) = $0 { return json["status"]?.stringValue == "failed" }
            return false
        }
        return .object([
            ("tool", .object([("name", .string(Manifest.toolName)), ("version", .string(Manifest.toolVersion))])),
            ("pipeline", .string(pipeline)),
            ("generatedAt", .string(TimeText.iso8601(milliseconds: Double(generatedAt) * 1000))),
            ("locales", .array(locales.map { .string($0) })),
            ("status", .string(interrupted ? "interrupted" : failed ? "failed" : "ok")),
            ("charts", .array(entries.map { entry in
                switch entry {
                case let .result(r): return Manifest.chart(r)
                case let .kept(_, json): return json
                }
            })),
            ("notRun", .array(notRun.map { .string($0) })),
            ("artifacts", .array(artifacts.map(Manifest.artifact))),
        ])
    }

    static func chart(_ r: ChartResult) -> JSONValue {
        var members: [(String, JSONValue)] = [("id", .string(r.chart.id)), ("status", .string(r.status.rawValue))]
        if let e = r.error {
            var error: [(String, JSONValue)] = [("message", .string(e.message))]
            error.append(("file", e.location.map { .string($0.path) } ?? .null))
            error.append(("line", e.location?.line.map { .int($0) } ?? .null))
            error.append(("column", e.location?.column.map { .int($0) } ?? .null))
            error.append(("field", e.field.map { .string($0) } ?? .null))
            members.append(("error", .object(error)))
        } else {
            members.append(("error", .null))
        }
        members.append(("warnings", .array(r.warnings.map { .string($0) })))
        members.append(("rows", .object([("read", .int(r.recordsRead)), ("skipped", .int(r.recordsSkipped))])))
        members.append(("points", .object([("input", .int(r.pointsInput)), ("output", .int(r.pointsOutput))])))
        members.append(("artifacts", .array(r.artifacts.map(artifact))))
        return .object(members)
    }

    static func artifact(_ a: ManifestArtifact) -> JSONValue {
        .object([
            ("path", .string(a.path)), ("kind", .string(a.kind)), ("locale", a.locale.map { .string($0) } ?? .null),
            ("bytes", .int(a.bytes)), ("sha256", .string(a.sha256)),
        ])
    }
}

/// What the previous run wrote into the same output folder, read from its manifest: the only
/// files a run may remove are the ones an earlier run of the same pipeline listed.
public struct PreviousManifest: Sendable {
    /// Chart id → its manifest entry.
    public var charts: [String: JSONValue] = [:]
    public var locales: [String] = []

    public init() {}

    /// Reads `manifest.json` in `folder` if it is there, parses, and belongs to `pipeline`.
    public init(folder: String, pipeline: String) {
        guard let data = FileManager.default.contents(atPath: folder + "/manifest.json"),
              let json = try? JSONParser.parse(Array(data)), json["pipeline"]?.stringValue == pipeline else { return }
        for chart in json["charts"]?.arrayValue ?? [] {
            if let id = chart["id"]?.stringValue { charts[id] = chart }
        }
        locales = json["locales"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    /// The artifacts the previous run listed for chart `id`.
    public func artifacts(of id: String) -> [ManifestArtifact] {
        (charts[id]?["artifacts"]?.arrayValue ?? []).compactMap { a in
            guard let path = a["path"]?.stringValue, let kind = a["kind"]?.stringValue else { return nil }
            return ManifestArtifact(path: path, kind: kind, locale: a["locale"]?.stringValue, bytes: a["bytes"]?.intValue ?? 0,
                                    sha256: a["sha256"]?.stringValue ?? "")
        }
    }
}
