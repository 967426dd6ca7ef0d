@testable import ChartpipeCore
import Foundation
import XCTest
import ChartpipeJSON

/// Reads "x,y[,series]" lines: a stand-in for ingest, so the runner is tested on its own.
final class LineStream: ObservationStream {
    let xType = XType.number
    var seriesNames: [String] = []
    let categories: [String] = []
    let sourcePath: String
    var recordsRead = 0
    let recordsSkipped = 0
    let warnings: [Diagnostic] = []
    private var lines: [Substring]

    init(path: String, display: String) throws {
        sourcePath = display
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw ChartError("cannot open: No such file or directory", at: SourceLocation(path: display))
        }
        lines = text.split(separator: "\n")
    }

    func next() throws -> ObservationBatch? {
        guard !lines.isEmpty else { return nil }
        var batch = ObservationBatch()
        for line in lines.prefix(2) {
            let f = line.split(separator: ",")
            let name = f.count > 2 ? String(f[2]) : "values"
            if !seriesNames.contains(name) { seriesNames.append(name) }
            batch.append(series: Int32(seriesNames.firstIndex(of: name) ?? 0), x: Double(f[0]) ?? .nan,
                         y: Double(f[1]) ?? .nan, record: recordsRead, line: Int32(recordsRead + 1))
            recordsRead += 1
        }
        lines.removeFirst(min(2, lines.count))
        return batch
    }
}

struct LineSource: SourceStage {
    static let description = StageDescription(name: "ingest", summary: "test source", adds: [.series])
    init(options: StageOptions) {}
    func open(chart: ChartSpec) throws -> any ObservationStream { try LineStream(path: chart.source.path, display: chart.source.displayPath) }
}

/// Writes one file per chart; fails charts whose id starts with "fail".
struct Stamp: ChartStage {
    static let word = Option<String>("word", doc: "a word", default: "hello")
    static let description = StageDescription(name: "stamp", summary: "test stage", options: [word], needs: [Need(.series)],
                                              adds: ["stamped"])
    let word: String
    init(options: StageOptions) throws { word = try options.value(Self.word) }
    func run(_ context: inout ChartContext) throws {
        if context.chart.id.hasPrefix("fail") { throw ChartError("this chart fails", field: "y") }
        let sum = context.data.series.flatMap(\.y).reduce(0, +)
        context.emit(Artifact(path: "stamp.txt", kind: "stamp", locale: context.run.locales.first,
                              bytes: Array("\(word) \(context.chart.id) \(context.data.pointCount) \(sum)\n".utf8)))
    }
}

struct Index: RunStage {
    static let description = StageDescription(name: "index", summary: "test run stage", needs: [Need("stamped")])
    init(options: StageOptions) {}
    func run(_ context: inout RunContext) throws {
        let text = context.charts.map { "\($0.id) \($0.record?.status.rawValue ?? "none")" }.joined(separator: "\n")
            + "\nrun at \(context.generatedAt)\n"
        context.artifacts.append(Artifact(path: "index.txt", kind: "report", bytes: Array(text.utf8)))
    }
}

/// A run-level stage whose file is being written when the run is interrupted (a SIGTERM then).
struct InterruptedIndex: RunStage {
    static let description = StageDescription(name: "interrupted-index", summary: "test run stage", needs: [Need("stamped")])
    init(options: StageOptions) {}
    func run(_ context: inout RunContext) throws {
        let cancellation = context.cancellation
        context.artifacts.append(Artifact(path: "index.txt", kind: "report", content: .stream { sink in
            try sink.write(Array("half".utf8))
            cancellation.cancel()
            try cancellation.check()
        }))
    }
}

final class RunnerTests: XCTestCase {
    let registry = StageRegistry([StageRegistration(LineSource.self), StageRegistration(Stamp.self), StageRegistration(Index.self),
                                  StageRegistration(InterruptedIndex.self)])
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("chartpipe-runner-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func pipeline(charts: [String], stamp: String = "{ \"use\": \"stamp\" }") throws -> PipelineSpec {
        for id in charts where !id.hasPrefix("missing") {
            let rows = (0..<30).map { "\($0),\(($0 * 7) % 11)" + ($0 % 2 == 0 ? ",a" : ",b") }.joined(separator: "\n")
            try rows.write(to: folder.appendingPathComponent("\(id).csv"), atomically: true, encoding: .utf8)
        }
        let chartJSON = charts.map { id in
            #"{ "id": "\#(id)", "title": "T", "source": { "path": "\#(id).csv" }, "x": { "field": "x" }, "y": { "field": "y" }, "series": { "field": "s" } }"#
        }.joined(separator: ",\n")
        let text = """
        { "version": 1, "name": "test", "locales": ["en", "ko"],
          "stages": [ { "use": "ingest" }, \(stamp), { "use": "index" } ],
          "charts": [ \(chartJSON) ] }
        """
        return try PipelineLoader(registry: registry).load(bytes: Array(text.utf8), path: "test.pipeline", directory: folder.path)
    }

    func run(_ spec: PipelineSpec, jobs: Int, out: String, failFast: Bool = false, only: [String]? = nil) throws -> RunOutcome {
        try Runner(spec: spec, registry: registry,
                   options: RunOptions(output: folder.appendingPathComponent(out).path, jobs: jobs, only: only,
                                       failFast: failFast, generatedAt: 1_780_272_000)).run()
    }

    func testOutputIsTheSameWhateverTheJobs() throws {
        let spec = try pipeline(charts: (1...12).map { "c\($0)" })
        let one = try run(spec, jobs: 1, out: "one")
        let four = try run(spec, jobs: 4, out: "four")
        XCTAssertEqual(one.exitCode, 0)
        let a = try files(folder.appendingPathComponent("one")), b = try files(folder.appendingPathComponent("four"))
        XCTAssertEqual(a.count, 12 * 3 + 2)
        XCTAssertEqual(a, b)
        let index = String(decoding: a["index.txt"] ?? Data(), as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(index.first, "c1 ok")
        // Run-level stages see the run's time stamp, the manifest's generatedAt.
        XCTAssertEqual(index.last, "run at 1780272000")
    }

    func testAFailedChartDoesNotStopTheOthers() throws {
        let spec = try pipeline(charts: ["a", "fail-b", "missing-c", "d"])
        let outcome = try run(spec, jobs: 2, out: "out")
        XCTAssertEqual(outcome.exitCode, 1)
        XCTAssertEqual(outcome.manifest.charts.map(\.status), [.ok, .failed, .failed, .ok])
        XCTAssertEqual(outcome.manifest.charts[1].error?.description, "test.pipeline:2:36: error: field 'y': this chart fails")
        XCTAssertEqual(outcome.manifest.charts[2].error?.description, "missing-c.csv: error: cannot open: No such file or directory")
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/charts/d/stamp.txt").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/charts/fail-b").path))
    }

    func testFailFastStartsNoMoreCharts() throws {
        let spec = try pipeline(charts: ["fail-a", "b", "c"])
        let outcome = try run(spec, jobs: 1, out: "out", failFast: true)
        XCTAssertEqual(outcome.results.map(\.chart.id), ["fail-a"])
        XCTAssertEqual(outcome.manifest.notRun, ["b", "c"])
        XCTAssertEqual(outcome.exitCode, 1)
    }

    func testManifestRecordsEveryArtifact() throws {
        let spec = try pipeline(charts: ["a"], stamp: #"{ "use": "stamp", "word": "hi" }"#)
        let outcome = try run(spec, jobs: 1, out: "out")
        let manifest = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: outcome.manifestPath))))
        XCTAssertEqual(manifest["generatedAt"], "2026-06-01T00:00:00Z")
        XCTAssertEqual(manifest["status"], "ok")
        let chart = manifest["charts"]?.arrayValue?.first
        XCTAssertEqual(chart?["rows"], .object([("read", 30), ("skipped", 0)]))
        XCTAssertEqual(chart?["points"], .object([("input", 30), ("output", 30)]))
        let artifacts = chart?["artifacts"]?.arrayValue ?? []
        XCTAssertEqual(artifacts.map { $0["path"]?.stringValue }, ["charts/a/data.json", "charts/a/stamp.txt", "charts/a/history.json"])
        let stamp = try Data(contentsOf: folder.appendingPathComponent("out/charts/a/stamp.txt"))
        XCTAssertEqual(String(decoding: stamp, as: UTF8.self), "hi a 30 152.0\n")
        XCTAssertEqual(artifacts[1]["sha256"]?.stringValue, SHA256.hex(Array(stamp)))
        XCTAssertEqual(artifacts[1]["bytes"]?.intValue, stamp.count)
        XCTAssertEqual(artifacts[1]["locale"], "en")
    }

    func testDataFileListsSeriesWithRecords() throws {
        let spec = try pipeline(charts: ["a"])
        _ = try run(spec, jobs: 1, out: "out")
        let data = try JSONParser.parse(Array(try Data(contentsOf: folder.appendingPathComponent("out/charts/a/data.json"))))
        let series = data["series"]?.arrayValue ?? []
        XCTAssertEqual(series.map { $0["name"]?.stringValue }, ["a", "b"])
        let first = series[1]["points"]?.arrayValue?.first
        XCTAssertEqual(first, .object([("x", 1), ("y", 7), ("records", [1, 1])]))
    }

    /// A file the previous run listed and this run no longer writes is removed.
    func testFilesAnEarlierRunListedAndThisOneDoesNotWriteAreRemoved() throws {
        _ = try run(try pipeline(charts: ["a"]), jobs: 1, out: "out")
        let stamp = folder.appendingPathComponent("out/charts/a/stamp.txt")
        XCTAssertTrue(FileManager.default.fileExists(atPath: stamp.path))
        let text = """
        { "version": 1, "name": "test", "locales": ["en", "ko"], "stages": [ { "use": "ingest" } ],
          "charts": [ { "id": "a", "title": "T", "source": { "path": "a.csv" }, "x": { "field": "x" }, "y": { "field": "y" }, "series": { "field": "s" } } ] }
        """
        let spec = try PipelineLoader(registry: registry).load(bytes: Array(text.utf8), path: "test.pipeline", directory: folder.path)
        _ = try run(spec, jobs: 1, out: "out")
        XCTAssertFalse(FileManager.default.fileExists(atPath: stamp.path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/charts/a/data.json").path))
    }

    func testInterruptStopsSchedulingAndMarksTheManifest() throws {
        let spec = try pipeline(charts: (1...6).map { "c\($0)" })
        final class StopAfterFirst: RunObserver {
            let runner = Locked<Runner?>(nil)
            func chartStarted(_ chart: ChartSpec, running: [String], done: Int, total: Int) {}
            func chartFinished(_ result: ChartResult, seconds: Double, running: [String], done: Int, total: Int) {
                runner.withLock { $0?.interrupt() }
            }
        }
        let observer = StopAfterFirst()
        let runner = Runner(spec: spec, registry: registry,
                            options: RunOptions(output: folder.appendingPathComponent("out").path, jobs: 1, generatedAt: 0),
                            observer: observer)
        observer.runner.withLock { $0 = runner }
        let outcome = try runner.run()
        XCTAssertEqual(outcome.exitCode, 130)
        XCTAssertEqual(outcome.results.map(\.chart.id), ["c1"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/index.txt").path))
        let names = try FileManager.default.subpathsOfDirectory(atPath: folder.appendingPathComponent("out").path)
        XCTAssertFalse(names.contains { $0.contains(".tmp-") }, "\(names)")
    }

    /// A signal while a run-level stage writes (the report, on a SIGTERM at the end of a run): the
    /// run is interrupted, not failed — exit 130 and an interrupted manifest — and the file being
    /// written is neither left nor listed.
    func testAnInterruptDuringARunLevelStageIsAnInterruption() throws {
        let spec = try pipeline(charts: ["c1", "c2"], stamp: "{ \"use\": \"stamp\" }, { \"use\": \"interrupted-index\" }")
        let outcome = try run(spec, jobs: 2, out: "out")
        XCTAssertEqual(outcome.exitCode, 130)
        XCTAssertTrue(outcome.manifest.interrupted)
        XCTAssertEqual(outcome.manifest.charts.map(\.id), ["c1", "c2"])
        XCTAssertFalse(outcome.manifest.artifacts.contains { $0.path == "index.txt" })
        let names = try FileManager.default.subpathsOfDirectory(atPath: folder.appendingPathComponent("out").path)
        XCTAssertFalse(names.contains { $0.contains(".tmp-") || $0 == "index.txt" }, "\(names)")
    }

    /// A registration whose kind says run-level but whose stage is another kind fails that stage in
    /// the manifest; it was skipped without a word.
    func testARunLevelRegistrationOfAnotherKindFailsLoudly() throws {
        let posing = StageRegistration(description: StageDescription(name: "posing", summary: "not a run stage"), kind: .run, origin: nil) {
            try Stamp(options: $0)
        }
        let registry = StageRegistry(self.registry.registrations + [posing])
        try "0,1,a\n1,2,a\n".write(to: folder.appendingPathComponent("c1.csv"), atomically: true, encoding: .utf8)
        let text = """
        { "version": 1, "name": "test", "locales": ["en"], "stages": [ { "use": "ingest" }, { "use": "stamp" }, { "use": "posing" } ],
          "charts": [ { "id": "c1", "title": "T", "source": { "path": "c1.csv" }, "x": { "field": "x" }, "y": { "field": "y" }, "series": { "field": "s" } } ] }
        """
        let spec = try PipelineLoader(registry: registry).load(bytes: Array(text.utf8), path: "test.pipeline", directory: folder.path)
        let outcome = try Runner(spec: spec, registry: registry,
                                 options: RunOptions(output: folder.appendingPathComponent("out").path, jobs: 1, generatedAt: 1_780_272_000)).run()
        XCTAssertEqual(outcome.manifest.stages.map(\.status), [.failed])
        XCTAssertEqual(outcome.manifest.stages.first?.error?.message,
                       "stage 'posing' is registered to run once after every chart, but it is not a run-level stage")
        XCTAssertEqual(outcome.manifest.stages.first?.error?.code, "pipeline.misplaced-stage")
    }

    func testAFailedChartKeepsItsRowCountsAndWarnings() throws {
        let spec = try pipeline(charts: ["gaps"])
        try "1,NA\n2,NA\n3,NA".write(to: folder.appendingPathComponent("gaps.csv"), atomically: true, encoding: .utf8)
        let outcome = try run(spec, jobs: 1, out: "out")
        let chart = try XCTUnwrap(outcome.manifest.charts.first)
        XCTAssertEqual(chart.status, .failed)
        XCTAssertEqual(chart.error?.description, "gaps.csv: error: field 'y': all 3 values are missing (empty, NA, null or NaN); there is nothing to describe")
        XCTAssertEqual(chart.recordsRead, 3)
    }

    /// Only files an earlier run listed are ever removed; a user's own files in the folder stay.
    func testOnlyListedFilesAreRemoved() throws {
        let spec = try pipeline(charts: ["a"])
        _ = try run(spec, jobs: 1, out: "out")
        let mine = folder.appendingPathComponent("out/charts/a/notes.txt")
        try "mine".write(to: mine, atomically: true, encoding: .utf8)
        _ = try run(spec, jobs: 1, out: "out")
        XCTAssertTrue(FileManager.default.fileExists(atPath: mine.path))
        // A chart that fails leaves none of its earlier outputs behind, but the user's file stays.
        try "x,y\n".write(to: folder.appendingPathComponent("a.csv"), atomically: true, encoding: .utf8)
        let failed = try run(spec, jobs: 1, out: "out")
        XCTAssertEqual(failed.exitCode, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/charts/a/stamp.txt").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/charts/a/data.json").path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: mine.path))
    }

    /// `--only` leaves the other charts' entries; `--locales` leaves the other locales' files.
    func testPartialRunsKeepWhatTheyDoNotRedo() throws {
        let spec = try pipeline(charts: ["a", "b"])
        _ = try run(spec, jobs: 1, out: "out")
        let partial = try Runner(spec: spec, registry: registry,
                                 options: RunOptions(output: folder.appendingPathComponent("out").path, jobs: 1, locales: ["ko"],
                                                     only: ["b"], generatedAt: 0)).run()
        XCTAssertEqual(partial.exitCode, 0)
        let manifest = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: partial.manifestPath))))
        let charts = manifest["charts"]?.arrayValue ?? []
        XCTAssertEqual(charts.map { $0["id"]?.stringValue }, ["a", "b"])
        // The folder holds the pipeline's locales, in the pipeline's order, whatever a preview wrote.
        XCTAssertEqual(manifest["locales"], ["en", "ko"])
        // b's stamp is now the ko one; a kept its en stamp and entry.
        let bStamp = try String(contentsOf: folder.appendingPathComponent("out/charts/b/stamp.txt"), encoding: .utf8)
        XCTAssertEqual(bStamp, "hello b 30 152.0\n")
        XCTAssertEqual(charts[0]["artifacts"]?.arrayValue?.count, 3)
    }

    func testOptionsMergeDefaultsPipelineAndChart() throws {
        let text = """
        { "version": 1, "name": "t", "stages": [ { "use": "ingest" }, { "use": "stamp", "word": "pipeline" } ],
          "charts": [ { "id": "a", "title": "A", "source": { "path": "a.csv" }, "x": { "field": "x" }, "y": { "field": "y" },
                        "stages": { "stamp": { "word": "chart" } } },
                      { "id": "b", "title": "B", "source": { "path": "b.csv" }, "x": { "field": "x" }, "y": { "field": "y" } } ] }
        """
        let spec = try PipelineLoader(registry: registry).load(bytes: Array(text.utf8), path: "t.pipeline", directory: folder.path)
        let execution = try ChartExecution(spec: spec, registry: registry, run: spec.runInfo(), cancellation: Cancellation())
        XCTAssertEqual(try execution.options(of: spec.stages[1], for: spec.charts[0]).value(Stamp.word), "chart")
        XCTAssertEqual(try execution.options(of: spec.stages[1], for: spec.charts[1]).value(Stamp.word), "pipeline")
        XCTAssertEqual(try execution.options(of: spec.stages[1], for: nil).value(Stamp.word), "pipeline")
        XCTAssertEqual(spec.charts[0].source.path, folder.appendingPathComponent("a.csv").standardizedFileURL.path)
    }

    func testChainChecks() {
        let text = """
        { "version": 1, "name": "t", "stages": [ { "use": "index" }, { "use": "stamp" }, { "use": "ingest" } ],
          "charts": [ { "id": "a", "title": "A", "source": { "path": "a.csv" }, "x": { "field": "x" }, "y": { "field": "y" } } ] }
        """
        XCTAssertThrowsError(try PipelineLoader(registry: registry).load(bytes: Array(text.utf8), path: "t.pipeline", directory: "/")) { error in
            XCTAssertEqual((error as? PipelineErrors)?.diagnostics.map(\.message), [
                "the first stage must read the data; add { \"use\": \"ingest\" } before 'index'",
                "stage 'stamp' works on one chart and must come before the run stages (such as 'report')",
                "stage 'stamp' needs 'series'; add { \"use\": \"ingest\" } before it",
                "stage 'ingest' reads the data and must be the first stage",
            ])
        }
    }

    func files(_ url: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        // Hidden files (the run's lock) are chartpipe's own, not output.
        for path in try FileManager.default.subpathsOfDirectory(atPath: url.path) where !path.hasPrefix(".") {
            var dir: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.appendingPathComponent(path).path, isDirectory: &dir), !dir.boolValue {
                result[path] = try Data(contentsOf: url.appendingPathComponent(path))
            }
        }
        return result
    }
}

import ChartpipeLock
