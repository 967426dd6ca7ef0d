@testable import ChartpipeCore
import ChartpipeJSON
import XCTest

/// The manifest is written straight from its records (`Manifest.bytes`), not through a JSON tree:
/// its text must still be the one `JSONWriter` writes for the same document, and read back whole.
final class ManifestTests: XCTestCase {
    private func manifest(running: Bool) -> Manifest {
        let artifact = ManifestArtifact(path: "charts/a/data.json", kind: "data", locale: nil, bytes: 12, sha256: String(repeating: "ab", count: 32))
        let described = ManifestArtifact(path: "charts/a/description.ko.json", kind: "description", locale: "ko", bytes: 3,
                                         sha256: String(repeating: "cd", count: 32))
        var ok = ChartRecord(id: "a", status: .ok,
                             warnings: [Diagnostic.warning("3 rows \"skipped\" </script>", code: "ingest.skipped",
                                                           at: SourceLocation(path: "data/a.csv", line: 4, column: 2), field: "y")],
                             recordsRead: 10, recordsSkipped: 3, pointsInput: 7, pointsOutput: 7, artifacts: [artifact, described],
                             inputs: String(repeating: "ef", count: 32))
        ok.series = ["온도", "Rain\nfall"]
        ok.comparison = .object([("baseline", .object([("generatedAt", .string("2026-01-01T00:00:00Z")), ("pipelineSha256", .null)])),
                                 ("changes", .array([.object([("x", .int(1)), ("from", .double(1.5)), ("to", .array([.int(1), .int(2)]))])]))])
        let failed = ChartRecord(id: "b", status: .failed, error: Diagnostic("no such file", code: "ingest.missing",
                                                                            at: SourceLocation(path: "data/b.csv")))
        var m = Manifest(pipeline: "p", pipelineFile: .init(path: "../p.pipeline", sha256: String(repeating: "01", count: 32)),
                         generatedAt: 1_700_000_000, locales: ["en", "ko"], selected: ["a", "b"], charts: [ok, failed],
                         notRun: ["c"], stages: [RunStageRecord(key: "report", stage: "report", status: .failed,
                                                                error: Diagnostic("disk full", code: "output.disk-full")),
                                                 RunStageRecord(key: "x", stage: "x", status: .ok)],
                         artifacts: [ManifestArtifact(path: "report.en.html", kind: "report", locale: "en", bytes: 9, sha256: "00")])
        m.shard = Shard(index: 1, count: 3)
        m.running = running
        m.uncertain = running ? ["a"] : []
        return m
    }

    func testTheManifestIsWrittenAsJSONWriterWritesItAndReadsBack() throws {
        for running in [false, true] {
            let m = manifest(running: running)
            for pretty in [true, false] {
                let bytes = m.bytes(pretty: pretty)
                let tree = try JSONParser.parse(bytes)
                XCTAssertEqual(JSONWriter(pretty: pretty).bytes(tree), bytes, "running \(running), pretty \(pretty)")
                XCTAssertEqual(Manifest(json: tree), m, "running \(running), pretty \(pretty)")
            }
        }
        // An empty manifest: empty arrays and no optional members.
        let empty = Manifest(pipeline: "p", generatedAt: 0, locales: [], charts: [])
        XCTAssertEqual(JSONWriter().bytes(try JSONParser.parse(empty.bytes())), empty.bytes())
        XCTAssertEqual(Manifest(json: try JSONParser.parse(empty.bytes())), empty)
    }
}
