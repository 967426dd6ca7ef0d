@testable import ChartpipeCore
import ChartpipeJSON
import ChartpipeLock
import Foundation
import XCTest

/// Writes one file per locale of the run (`words.<locale>.txt`), as describe does.
private struct Words: ChartStage {
    static let description = StageDescription(name: "words", summary: "one file per locale", needs: [Need(.series)], adds: ["words"])
    init(options: StageOptions) {}
    func run(_ context: inout ChartContext) throws {
        for locale in context.run.locales {
            let text = "\(locale) \(context.chart.id) \(context.data.pointCount)\n"
            context.emit(Artifact(path: "words.\(locale).txt", kind: "words", locale: locale, bytes: Array(text.utf8)))
        }
    }
}

/// A run-level stage that writes what it sees: every chart of the pipeline, its status, whether
/// this run ran it, and the data it reads back through the run context.
private struct Survey: RunStage {
    static let description = StageDescription(name: "survey", summary: "sees every chart", needs: [Need("words")])
    init(options: StageOptions) {}
    func run(_ context: inout RunContext) throws {
        var lines: [String] = []
        for chart in context.charts {
            let points = (try? context.data(of: chart).pointCount).map(String.init) ?? "-"
            lines.append("\(chart.id) \(chart.record?.status.rawValue ?? "none") \(chart.ranNow ? "now" : "kept") \(points)")
        }
        for locale in context.locales {
            context.artifacts.append(Artifact(path: "survey.\(locale).txt", kind: "report", locale: locale,
                                              bytes: Array((lines.joined(separator: "\n") + "\n").utf8)))
        }
    }
}

/// Fails the run-level step: the manifest must still be written and say so.
private struct Broken: RunStage {
    static let description = StageDescription(name: "broken", summary: "fails")
    init(options: StageOptions) {}
    func run(_ context: inout RunContext) throws { throw ChartError("the survey could not be made", code: "test.broken") }
}

/// Writes `spill.bin` as a stream; for a chart whose `fail-<id>` file is beside the pipeline the
/// stream fails half way, as a write failing mid-file does, after the chart's `data.json` and
/// `words.*.txt` are already in place.
private struct Spill: ChartStage {
    struct WriteFault: Error {}
    /// What the chart's folder held when the stream failed (read through the temporary file's descriptor).
    static let folderAtFault = Locked<[String]>([])
    static let description = StageDescription(name: "spill", summary: "a streamed file that may fail", needs: [Need(.series)])
    init(options: StageOptions) {}
    /// Written before spill.bin, so that it is in the writer's second window: the files of the
    /// first are in place when it fails.
    static let fillers = (0..<ArtifactWriter.window).map { String(format: "fill-%02d.txt", $0) }
    func run(_ context: inout ChartContext) throws {
        let fails = FileManager.default.fileExists(atPath: context.run.pipelineDirectory + "/fail-" + context.chart.id)
        for name in Self.fillers { context.emit(Artifact(path: name, kind: "fill", content: .bytes(Array(name.utf8)))) }
        context.emit(Artifact(path: "spill.bin", kind: "spill", content: .stream { sink in
            try sink.write([UInt8](repeating: 0x5A, count: 70_000))
            if fails {
                let folder = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(sink.fileDescriptor)"))
                    .map { ($0 as NSString).deletingLastPathComponent } ?? ""
                let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
                Spill.folderAtFault.withLock { $0 = names.filter { !$0.hasPrefix(".") }.sorted() }
                throw WriteFault()
            }
            try sink.write([UInt8](repeating: 0x5B, count: 70_000))
        }))
    }
}

/// Sequences of runs into one folder: after each, the manifest lists exactly the files on disk,
/// every listed file matches its size and hash, and nothing unlisted is removed.
final class RerunTests: XCTestCase {
    let registry = StageRegistry([StageRegistration(LineSource.self), StageRegistration(Words.self),
                                  StageRegistration(Survey.self), StageRegistration(Broken.self), StageRegistration(Spill.self)])
    var folder: URL!
    var out: URL { folder.appendingPathComponent("out") }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("chartpipe-rerun-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func pipeline(charts: [String], locales: [String] = ["en", "ko"], stages: String = #"{ "use": "survey" }"#) throws -> PipelineSpec {
        for id in charts {
            let rows = (0..<(10 + id.count)).map { "\($0),\($0 * 3 % 7)" }.joined(separator: "\n")
            try rows.write(to: folder.appendingPathComponent("\(id).csv"), atomically: true, encoding: .utf8)
        }
        let list = charts.map { #"{ "id": "\#($0)", "title": "T", "source": { "path": "\#($0).csv" }, "x": { "field": "x" }, "y": { "field": "y" } }"# }
        let localeList = locales.map { "\"\($0)\"" }.joined(separator: ", ")
        let text = #"{ "version": 1, "name": "nightly", "locales": [\#(localeList)], "stages": [ { "use": "ingest" }, { "use": "words" }, \#(stages) ], "charts": [ \#(list.joined(separator: ", ")) ] }"#
        try text.write(to: folder.appendingPathComponent("nightly.pipeline"), atomically: true, encoding: .utf8)
        return try PipelineLoader(registry: registry).load(path: folder.appendingPathComponent("nightly.pipeline").path)
    }

    @discardableResult
    func run(_ spec: PipelineSpec, locales: [String]? = nil, only: [String]? = nil, userFiles: Set<String> = []) throws -> RunOutcome {
        let outcome = try Runner(spec: spec, registry: registry,
                                 options: RunOptions(output: out.path, jobs: 2, locales: locales, only: only, generatedAt: 0)).run()
        try assertManifestMatchesDisk(userFiles: userFiles)
        return outcome
    }

    /// Every listed file is on disk with its size and hash; every file on disk (but the manifest
    /// and files a user put there) is listed.
    func assertManifestMatchesDisk(userFiles: Set<String> = [], file: StaticString = #filePath, line: UInt = #line) throws {
        let json = try JSONParser.parse(Array(try Data(contentsOf: out.appendingPathComponent("manifest.json"))))
        let manifest = try XCTUnwrap(Manifest(json: json), file: file, line: line)
        var listed: Set<String> = []
        for a in manifest.allArtifacts {
            listed.insert(a.path)
            let bytes = Array(try Data(contentsOf: out.appendingPathComponent(a.path)))
            XCTAssertEqual(bytes.count, a.bytes, a.path, file: file, line: line)
            XCTAssertEqual(SHA256.hex(bytes), a.sha256, a.path, file: file, line: line)
        }
        var onDisk: Set<String> = []
        for path in try FileManager.default.subpathsOfDirectory(atPath: out.path) {
            var dir: ObjCBool = false
            if FileManager.default.fileExists(atPath: out.appendingPathComponent(path).path, isDirectory: &dir), !dir.boolValue {
                onDisk.insert(path)
            }
        }
        XCTAssertEqual(onDisk.subtracting(["manifest.json", RunLock.fileName, ".chartpipe-cache"]).subtracting(userFiles), listed, file: file, line: line)
    }

    func manifest() throws -> Manifest {
        try XCTUnwrap(Manifest(json: JSONParser.parse(Array(try Data(contentsOf: out.appendingPathComponent("manifest.json"))))))
    }

    func text(_ path: String) throws -> String { try String(contentsOf: out.appendingPathComponent(path), encoding: .utf8) }

    /// full → a German preview of one chart → full: the German files go, `de` leaves the locales.
    func testAPreviewInAnotherLocaleDoesNotStay() throws {
        let spec = try pipeline(charts: ["nile", "rhine"])
        try run(spec)
        try run(spec, locales: ["de"], only: ["nile"])
        XCTAssertEqual(try manifest().locales, ["en", "ko", "de"])
        XCTAssertEqual(try text("charts/nile/words.de.txt"), "de nile 14\n")
        XCTAssertEqual(try text("charts/nile/words.ko.txt"), "ko nile 14\n")
        // The run-level stage saw every chart, the kept one too, and wrote the pipeline's locales.
        XCTAssertEqual(try text("survey.en.txt"), "nile ok now 14\nrhine ok kept 15\n")
        XCTAssertEqual(try manifest().selected, ["nile"])
        try run(spec)
        XCTAssertEqual(try manifest().locales, ["en", "ko"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("charts/nile/words.de.txt").path))
        XCTAssertEqual(try manifest().selected, ["nile", "rhine"])
    }

    /// full → a chart removed from the pipeline → full: its files and folder go.
    func testAChartRemovedFromThePipelineIsRemovedFromTheFolder() throws {
        try run(try pipeline(charts: ["nile", "rhine", "danube"]))
        let mine = out.appendingPathComponent("notes.txt")
        try "mine".write(to: mine, atomically: true, encoding: .utf8)
        try run(try pipeline(charts: ["nile", "danube"]), userFiles: ["notes.txt"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("charts/rhine").path))
        XCTAssertEqual(try manifest().charts.map(\.id), ["nile", "danube"])
        XCTAssertEqual(try text("survey.en.txt"), "nile ok now 14\ndanube ok now 16\n")
        try run(try pipeline(charts: ["nile", "danube"]), userFiles: ["notes.txt"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: mine.path))
    }

    /// A locale removed from the pipeline: its files go from every chart, the run-level ones too.
    func testALocaleRemovedFromThePipelineIsRemoved() throws {
        try run(try pipeline(charts: ["nile", "rhine"], locales: ["en", "ko", "ja"]))
        XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent("survey.ja.txt").path))
        let spec = try pipeline(charts: ["nile", "rhine"], locales: ["en", "ko"])
        try run(spec, only: ["nile"])
        XCTAssertEqual(try manifest().locales, ["en", "ko"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("charts/rhine/words.ja.txt").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("survey.ja.txt").path))
    }

    /// A run-level stage that fails is recorded; the manifest is still written and says so.
    func testAFailingRunLevelStageIsRecorded() throws {
        let outcome = try run(try pipeline(charts: ["nile"], stages: #"{ "use": "broken" }"#))
        XCTAssertEqual(outcome.exitCode, 1)
        let m = try manifest()
        XCTAssertEqual(m.status, .failed)
        XCTAssertEqual(m.stages.map(\.status), [.failed])
        XCTAssertEqual(m.stages.first?.error?.code, "test.broken")
        XCTAssertEqual(m.charts.map(\.status), [.ok])
    }

    /// The manifest names the pipeline file relative to the output folder, with its digest.
    func testTheManifestRecordsThePipelineFile() throws {
        try run(try pipeline(charts: ["nile"]))
        let m = try manifest()
        XCTAssertEqual(m.pipelineFile?.path, "../nightly.pipeline")
        XCTAssertEqual(m.pipelineFile?.sha256, SHA256.hex(Array(try Data(contentsOf: folder.appendingPathComponent("nightly.pipeline")))))
    }

    /// The test doubles are stages from outside any built-in list: they are listed, schema'd and run.
    func testAStageFromOutsideTheBuiltInsIsListedSchemadAndRun() throws {
        XCTAssertTrue(StageListing.list(registry).contains("  words   one file per locale"))
        XCTAssertTrue(StageListing.detail(Words.description, registry: registry).contains("Adds: words"))
        let schema = PipelineSchema.make(registry: registry)
        XCTAssertNotNil(schema["$defs"]?["stage-survey"])
        let outcome = try run(try pipeline(charts: ["nile"]))
        XCTAssertEqual(outcome.exitCode, 0)
        XCTAssertEqual(try text("charts/nile/words.ko.txt"), "ko nile 14\n")
    }

    /// A kept file changed behind the manifest's back is not read as current by run-level stages.
    func testTheArtifactReaderRefusesChangedFiles() throws {
        try run(try pipeline(charts: ["nile", "rhine"]))
        try "[]".write(to: out.appendingPathComponent("charts/rhine/data.json"), atomically: true, encoding: .utf8)
        let spec = try pipeline(charts: ["nile", "rhine"])
        try Runner(spec: spec, registry: registry, options: RunOptions(output: out.path, jobs: 1, only: ["nile"], generatedAt: 0)).run()
        XCTAssertEqual(try text("survey.en.txt"), "nile ok now 14\nrhine ok kept -\n")
    }

    /// Issue 11: a chart whose write fails after some of its files are in place leaves none of its
    /// files behind, new or earlier (they would be mistaken for current ones), and no temporary
    /// file; the manifest lists it as failed with no files and matches the disk; the other chart is
    /// whole. Checked on a first run and on a rerun over a complete folder.
    func testAChartFailingMidWriteLeavesNoneOfItsFiles() throws {
        let spec = try pipeline(charts: ["a", "b"], stages: #"{ "use": "spill" }"#)
        let whole = ["data.json", "history.json", "spill.bin", "words.en.txt", "words.ko.txt"] + Spill.fillers
        // The writer's first window: what is in place when spill.bin (in the second) fails.
        let firstWindow = Array((["data.json", "words.en.txt", "words.ko.txt"] + Spill.fillers).prefix(ArtifactWriter.window))
        func chartFiles(_ id: String) throws -> [String] {
            let dir = out.appendingPathComponent("charts/\(id)")
            guard FileManager.default.fileExists(atPath: dir.path) else { return [] }
            return try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        }
        func assertFailedWithoutFiles(_ outcome: RunOutcome, _ context: String) throws {
            XCTAssertEqual(outcome.exitCode, 1, context)
            XCTAssertEqual(outcome.manifest.charts.map(\.status), [.failed, .ok], context)
            XCTAssertEqual(outcome.manifest.charts[0].artifacts.map(\.path), [], context)
            XCTAssertTrue(outcome.manifest.charts[0].error?.message.contains("WriteFault") ?? false,
                          "\(outcome.manifest.charts[0].error?.description ?? "no error"): \(context)")
            XCTAssertEqual(try chartFiles("a"), [], context)
            XCTAssertEqual(try chartFiles("b"), whole.sorted(), context)
        }

        // A first run: data.json, both words files and the first fillers of 'a' were renamed into
        // place before spill.bin failed.
        let fault = folder.appendingPathComponent("fail-a")
        try Data().write(to: fault)
        try assertFailedWithoutFiles(try run(spec), "first run")
        XCTAssertEqual(Spill.folderAtFault.withLock { $0 }, firstWindow.sorted())

        // A rerun over a complete folder: the earlier files of 'a' go too.
        try FileManager.default.removeItem(at: fault)
        XCTAssertEqual(try run(spec).exitCode, 0)
        XCTAssertEqual(try chartFiles("a"), whole.sorted())
        try Data().write(to: fault)
        Spill.folderAtFault.withLock { $0 = [] }
        try assertFailedWithoutFiles(try run(spec), "rerun")
        // The first window's files replaced the earlier ones before the fault; the rest are earlier ones.
        XCTAssertEqual(Spill.folderAtFault.withLock { $0 }, whole.sorted())
    }
}
