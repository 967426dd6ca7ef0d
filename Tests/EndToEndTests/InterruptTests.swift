import ChartpipeCore
import ChartpipeTestSupport
import Foundation
import XCTest

/// SIGTERM at random moments of a 300-chart run: 8 in `make test`, 30 in `make test-long`. The moments
/// are counted, not timed: the signal goes out after the k-th finished-chart line on standard error,
/// k drawn from the trial's seed (printed; `CHARTPIPE_TRIAL_SEED` replays one trial, see `Trials`). After each: exit status 130, every
/// file the manifest lists matches its size and SHA-256, nothing on disk that it does not list, no
/// temporary file; then a `--incremental` rerun keeps exactly the charts the interrupted run
/// completed, makes the others, and leaves every file as an uninterrupted run writes it.
final class InterruptTests: XCTestCase {
    var folder: URL!
    var out: URL { folder.appendingPathComponent("out") }
    let charts = 300
    let environment = ["SOURCE_DATE_EPOCH": "1780272000"]

    override func setUpWithError() throws {
        folder = try Harness.temporaryFolder()
        let data = folder.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        // Small charts: 40 days each, a trend, a wave and a little noise, all from one seed. The stages
        // are the cheap ones (up to 30 rounds of 300 charts, twice): a report over 300 charts would cost
        // more than the charts; FaultTests stops runs that write one.
        var random = SeededRandom(seed: 17)
        var entries: [String] = []
        for i in 0..<charts {
            var rows = "date,value\n"
            let slope = Double(Int(random.next() % 21) - 10) / 10
            for day in 0..<40 {
                let noise = Double(random.next() % 1000) / 1000
                let value = 100 + slope * Double(day) + 8 * sin(Double(day + i) / 3) + noise
                rows += String(format: "2026-%02d-%02d,%.3f\n", 5 + day / 30, day % 30 + 1, value)
            }
            let id = String(format: "c%03d", i)
            try Data(rows.utf8).write(to: data.appendingPathComponent("\(id).csv"))
            entries.append(#"{ "id": "\#(id)", "title": "Series \#(i)", "source": { "path": "data/\#(id).csv" }, "x": { "field": "date", "type": "time" }, "y": { "field": "value", "unit": "USD" } }"#)
        }
        let pipeline = """
            { "version": 1, "name": "many", "output": "out", "locales": ["en"],
              "stages": [ { "use": "ingest" }, { "use": "trend" }, { "use": "describe" }, { "use": "table", "formats": ["csv"] } ],
              "charts": [
              \(entries.joined(separator: ",\n  "))
              ] }
            """
        try Data(pipeline.utf8).write(to: folder.appendingPathComponent("many.pipeline"))
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// Starts `run --incremental`, sends SIGTERM after `lines` finished-chart lines,
    /// and returns the exit status and how many such lines it printed in all.
    func runInterrupted(after lines: Int) throws -> (status: Int32, finished: Int, stderr: String) {
        let process = Process()
        process.executableURL = Harness.binary
        process.arguments = ["run", "many.pipeline", "--no-progress", "--jobs", "2", "--incremental"]
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var text = "", finished = 0, signalled = false
        func count() {
            finished = text.split(separator: "\n").filter { $0.hasPrefix("[") && $0.contains("/\(charts)] c") }.count
        }
        while true {
            let chunk = err.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
            count()
            if !signalled, finished >= lines {
                kill(process.processIdentifier, SIGTERM)
                signalled = true
            }
        }
        process.waitUntilExit()
        return (process.terminationStatus, finished, text)
    }

    /// Every file the manifest lists, checked against the disk; returns the ids of its completed
    /// charts. Nothing else is on disk (but the manifest and the lock), and no temporary file.
    @discardableResult
    func assertFolderIsTrue(_ context: String, file: StaticString = #filePath, line: UInt = #line) throws -> Set<String> {
        var onDisk: Set<String> = []
        if FileManager.default.fileExists(atPath: out.path) {
            for path in try FileManager.default.subpathsOfDirectory(atPath: out.path) {
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: out.appendingPathComponent(path).path, isDirectory: &isFolder), !isFolder.boolValue {
                    onDisk.insert(path)
                }
            }
        }
        let temporary = onDisk.filter { ($0 as NSString).lastPathComponent.contains(".tmp-") }
        XCTAssertTrue(temporary.isEmpty, "temporary files left: \(temporary.sorted().prefix(5)): \(context)", file: file, line: line)
        guard let data = FileManager.default.contents(atPath: out.appendingPathComponent("manifest.json").path) else {
            // Stopped while the pipeline was being checked: nothing was written.
            XCTAssertTrue(onDisk.subtracting([".chartpipe.lock", ".chartpipe-cache"]).isEmpty, "files but no manifest: \(context)", file: file, line: line)
            return []
        }
        let manifest = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any], context, file: file, line: line)
        var listed: Set<String> = [], completed: Set<String> = []
        func check(_ artifacts: [[String: Any]]) {
            for artifact in artifacts {
                let path = artifact["path"] as? String ?? ""
                listed.insert(path)
                let bytes = FileManager.default.contents(atPath: out.appendingPathComponent(path).path)
                XCTAssertEqual(bytes?.count, artifact["bytes"] as? Int, "\(path): \(context)", file: file, line: line)
                XCTAssertEqual(bytes.map { SHA256.hex(Array($0)) }, artifact["sha256"] as? String, "\(path): \(context)", file: file, line: line)
            }
        }
        for chart in manifest["charts"] as? [[String: Any]] ?? [] {
            check(chart["artifacts"] as? [[String: Any]] ?? [])
            if chart["status"] as? String == "ok", let id = chart["id"] as? String { completed.insert(id) }
        }
        check(manifest["artifacts"] as? [[String: Any]] ?? [])
        XCTAssertEqual(onDisk.subtracting(["manifest.json", ".chartpipe.lock", ".chartpipe-cache"]), listed, "files on disk the manifest does not list: \(context)",
                       file: file, line: line)
        return completed
    }

    func chartFiles() throws -> [String: Data] {
        try Harness.files(in: out.appendingPathComponent("charts"))
    }

    func testSIGTERMAtRandomMomentsLeavesTheTruthAndIncrementalFinishes() throws {
        // The uninterrupted run, to compare every chart file with.
        let whole = try Harness.run(["run", "many.pipeline", "--no-progress", "--jobs", "2", "--incremental"], in: folder,
                                    environment: environment)
        XCTAssertEqual(whole.status, 0, whole.stderr)
        XCTAssertTrue(whole.stderr.contains("\(charts) of \(charts) charts written"), whole.stderr)
        try assertFolderIsTrue("the uninterrupted run")
        let expected = try chartFiles()
        XCTAssertGreaterThan(expected.count, charts * 5)

        // From the first finished chart (a signal before the program has set its handlers would test
        // the C library, not chartpipe) to 40 before the last: the run is still going when it lands.
        let trials = Trials.seeds("InterruptTests", quick: 8, long: 30, base: 20_261_201)
        for (round, seed) in trials.enumerated() {
            var random = SeededRandom(seed: seed)
            let moment = 1 + Int(random.next() % UInt64(charts - 40))
            print("InterruptTests: round \(round) (trial seed \(seed)): SIGTERM after \(moment) finished charts")
            try? FileManager.default.removeItem(at: out)
            let context = "round \(round), SIGTERM after \(moment) charts (CHARTPIPE_TRIAL_SEED=\(seed) replays it)"
            let stopped = try runInterrupted(after: moment)
            XCTAssertEqual(stopped.status, 130, "\(context): \(stopped.stderr.suffix(400))")
            XCTAssertLessThan(stopped.finished, charts, context)
            let completed = try assertFolderIsTrue(context)
            XCTAssertGreaterThanOrEqual(completed.count, min(moment, stopped.finished), context)
            XCTAssertLessThan(completed.count, charts, context)

            let rerun = try Harness.run(["run", "many.pipeline", "--no-progress", "--jobs", "2", "--incremental"], in: folder,
                                        environment: environment)
            XCTAssertEqual(rerun.status, 0, "\(context): rerun: \(rerun.stderr.suffix(400))")
            let summary = completed.isEmpty ? "\(charts) of \(charts) charts written\n"
                : "\(charts) of \(charts) charts written (\(completed.count) unchanged, kept)"
            XCTAssertTrue(rerun.stderr.contains(summary), "\(context): expected '\(summary)' in \(rerun.stderr.suffix(300))")
            try assertFolderIsTrue("\(context), after the incremental rerun")
            XCTAssertEqual(try chartFiles(), expected, "\(context): the finished folder differs from an uninterrupted run's")
        }
    }
}
