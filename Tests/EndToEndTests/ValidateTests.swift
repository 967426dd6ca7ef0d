import Foundation
import XCTest

/// `chartpipe validate` and `run` on broken pipelines: every problem printed as
/// `file:line:col: error: …`, exit status 2, nothing written.
final class ValidateTests: XCTestCase {
    static let bad = Harness.fixtures.appendingPathComponent("bad")

    func badPipelines() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: Self.bad.path).filter { $0.hasSuffix(".pipeline") }.sorted()
    }

    func testEachBadPipelineGivesItsExactMessages() throws {
        let names = try badPipelines()
        XCTAssertGreaterThanOrEqual(names.count, 15)
        for name in names {
            let result = try Harness.run(["validate", "bad/\(name)"], in: Harness.fixtures)
            XCTAssertEqual(result.status, 2, name)
            XCTAssertEqual(result.stdout, "", name)
            let golden = Self.bad.appendingPathComponent(name.replacingOccurrences(of: ".pipeline", with: ".txt"))
            try Harness.assertGolden(result.stderr, golden)
            // Every diagnostic line names file:line:column.
            for line in result.stderr.split(separator: "\n").dropLast() {
                XCTAssertNotNil(line.wholeMatch(of: /(bad\/[0-9a-z-]+\.pipeline|[0-9a-z\/-]+\.xcstrings):\d+:\d+: error: .+/), "\(name): \(line)")
            }
        }
    }

    func testRunOnABadPipelineWritesNothing() throws {
        let out = try Harness.temporaryFolder().appendingPathComponent("out")
        for name in try badPipelines() {
            let result = try Harness.run(["run", "bad/\(name)", "--out", out.path, "--no-progress"], in: Harness.fixtures)
            XCTAssertEqual(result.status, 2, name)
            XCTAssertTrue(result.stderr.hasSuffix("nothing was written\n"), name)
            XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), name)
        }
    }

    /// Issue 11: an `output` of "sub/a\u0000b" passed validation and `run` wrote into `sub/a%00b`.
    /// Without --out, the run refuses it and creates nothing beside the pipeline.
    func testRunRefusesAnOutputWithANUL() throws {
        let folder = try Harness.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("data.csv"), to: folder.appendingPathComponent("data.csv"))
        let text = try String(contentsOf: Self.bad.appendingPathComponent("30-output-control-characters.pipeline"), encoding: .utf8)
        try text.replacingOccurrences(of: "../data.csv", with: "data.csv").write(to: folder.appendingPathComponent("nul.pipeline"),
                                                                              atomically: true, encoding: .utf8)
        let result = try Harness.run(["run", "nul.pipeline", "--no-progress"], in: folder)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("nul.pipeline:4:13: error: the output folder's path holds a control character"), result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["data.csv", "nul.pipeline"])
    }

    func testMissingPipelineFile() throws {
        let result = try Harness.run(["validate", "nowhere.pipeline"], in: Harness.fixtures)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "nowhere.pipeline: error: cannot read the pipeline file: No such file or directory\n1 error in nowhere.pipeline\n")
    }

    /// Editors on some systems start files with a byte order mark and end lines with CRLF.
    func testABOMAndCRLFArePlainWhitespace() throws {
        let result = try Harness.run(["validate", "bom-crlf.pipeline"], in: Harness.fixtures)
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    func testTheDemoPipelineIsValid() throws {
        let result = try Harness.run(["validate", "pipelines/weekly.pipeline"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("pipelines/weekly.pipeline: ok: 4 charts"), result.stdout)
    }

    /// A stage that labels or plays every point with nothing reducing the points before it: said
    /// once, as a warning, and the pipeline is still valid.
    func testNoReductionBeforeDescribeIsWarnedAboutOnce() throws {
        let folder = try Harness.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("t,v\n1,1\n2,2\n".utf8).write(to: folder.appendingPathComponent("d.csv"))
        let charts = (1...3).map { #"{ "id": "c\#($0)", "title": "C", "source": { "path": "d.csv" }, "x": { "field": "t" }, "y": { "field": "v" } }"# }
        try Data(#"{ "version": 1, "name": "t", "stages": [ { "use": "ingest" }, { "use": "trend" }, { "use": "describe" }, { "use": "sonify" } ], "charts": [ \#(charts.joined(separator: ",")) ] }"#.utf8)
            .write(to: folder.appendingPathComponent("t.pipeline"))
        let result = try Harness.run(["validate", "t.pipeline"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "t.pipeline:1:92: warning: no stage reduces the points before 'describe', which labels or plays every point: a chart of a million rows becomes a million labels and sounds; add { \"use\": \"downsample\" } before it\n")
    }
}
