import Foundation

/// `manifest.json` (SPEC §4): what a run produced, chart by chart, in pipeline order.
public struct Manifest: Sendable {
    public static let toolName = "chartpipe"
    public static let toolVersion = "0.1.0"

    public var pipeline: String
    public var locales: [String]
    /// Seconds since 1970: `SOURCE_DATE_EPOCH` when set, so that runs are reproducible.
    public var generatedAt: Int64
    public var charts: [ChartResult]
    public var artifacts: [ManifestArtifact]
    public var interrupted: Bool

    public init(pipeline: String, locales: [String], generatedAt: Int64, charts: [ChartResult],
                artifacts: [ManifestArtifact], interrupted: Bool) {
        self.pipeline = pipeline
        self.locales = locales
        self.generatedAt = generatedAt
        self.charts = charts
        self.artifacts = artifacts
        self.interrupted = interrupted
    }

    /// `SOURCE_DATE_EPOCH` if set and valid, else now.
    public static func timestamp(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int64 {
        if let text = environment["SOURCE_DATE_EPOCH"], let v = Int64(text) { return v }
        return Int64(Date().timeIntervalSince1970)
    }

    public var json: JSONValue {
        let failed = charts.contains { $0.status == .failed }
        return .object([
            ("tool", .object([("name", .string(Manifest.toolName)), ("version", .string(Manifest.toolVersion))])),
            ("pipeline", .string(pipeline)),
            ("generatedAt", .string(TimeText.iso8601(milliseconds: Double(generatedAt) * 1000))),
            ("locales", .array(locales.map { .string($0) })),
            ("status", .string(interrupted ? "interrupted" : failed ? "failed" : "ok")),
            ("charts", .array(charts.map(Manifest.chart))),
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
        let c = r.context
        members.append(("rows", .object([("read", .int(c?.recordsRead ?? 0)), ("skipped", .int(c?.recordsSkipped ?? 0))])))
        members.append(("points", .object([("input", .int(c?.pointsInput ?? 0)), ("output", .int(c?.data.pointCount ?? 0))])))
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
