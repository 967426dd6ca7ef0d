import Foundation
import XCTest

/// `chartpipe run` end to end, on the demo pipeline and on small fixtures.
final class RunTests: XCTestCase {
    let epoch = ["SOURCE_DATE_EPOCH": "1780272000"]

    func testDemoOutputIsIdenticalForOneAndFourJobs() throws {
        let folder = try Harness.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let one = try Harness.run(["run", "pipelines/weekly.pipeline", "--jobs", "1", "--out", folder.appendingPathComponent("one").path, "--no-progress"], environment: epoch)
        let four = try Harness.run(["run", "pipelines/weekly.pipeline", "--jobs", "4", "--out", folder.appendingPathComponent("four").path, "--no-progress"], environment: epoch)
        XCTAssertEqual(one.status, 0, one.stderr)
        XCTAssertEqual(four.status, 0, four.stderr)
        let a = try Harness.files(in: folder.appendingPathComponent("one"))
        let b = try Harness.files(in: folder.appendingPathComponent("four"))
        XCTAssertFalse(a.isEmpty)
        XCTAssertEqual(Set(a.keys), Set(b.keys))
        for (path, bytes) in a { XCTAssertEqual(bytes, b[path], path) }
        // Every chart of the demo has its manifest entry and data file.
        let manifest = try JSONSerialization.jsonObject(with: a["manifest.json"] ?? Data()) as? [String: Any]
        let charts = manifest?["charts"] as? [[String: Any]] ?? []
        XCTAssertEqual(charts.map { $0["id"] as? String }, ["daily-sales", "site-visits", "request-latency", "battery-level"])
        XCTAssertEqual(charts.map { $0["status"] as? String }, ["ok", "ok", "ok", "ok"])
        XCTAssertEqual(manifest?["generatedAt"] as? String, "2026-06-01T00:00:00Z")
        for chart in charts {
            XCTAssertNotNil(a["charts/\(chart["id"] as? String ?? "")/data.json"])
        }
    }

    func testAMissingDataFileFailsOnlyItsChart() throws {
        let folder = try Harness.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("date,value\n2026-01-01,1\n2026-01-02,2\n".utf8).write(to: folder.appendingPathComponent("ok.csv"))
        try Data("""
        { "version": 1, "name": "t", "stages": [ { "use": "ingest" } ],
          "charts": [
            { "id": "gone", "title": "Gone", "source": { "path": "missing.csv" }, "x": { "field": "date", "type": "time" }, "y": { "field": "value" } },
            { "id": "fine", "title": "Fine", "source": { "path": "ok.csv" }, "x": { "field": "date", "type": "time" }, "y": { "field": "value" } }
          ] }
        """.utf8).write(to: folder.appendingPathComponent("t.pipeline"))
        let result = try Harness.run(["run", "t.pipeline", "--out", "out", "--no-progress"], in: folder, environment: epoch)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("gone: failed: missing.csv: error: "), result.stderr)
        XCTAssertTrue(result.stderr.contains("No such file or directory"), result.stderr)
        XCTAssertTrue(result.stderr.contains("fine: ok"), result.stderr)
        XCTAssertEqual(result.stdout, "Output: \(folder.appendingPathComponent("out").standardizedFileURL.path)\nManifest: \(folder.appendingPathComponent("out/manifest.json").standardizedFileURL.path)\n")
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("out/manifest.json"))) as? [String: Any]
        XCTAssertEqual(manifest?["status"] as? String, "failed")
        let charts = manifest?["charts"] as? [[String: Any]] ?? []
        let error = charts.first?["error"] as? [String: Any]
        XCTAssertEqual(error?["file"] as? String, "missing.csv")
        XCTAssertEqual((charts.last?["rows"] as? [String: Any])?["read"] as? Int, 2)
    }

    func testAnOutputFolderThatIsAFileIsAUsageError() throws {
        let folder = try Harness.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("afile")
        try Data("x".utf8).write(to: file)
        let result = try Harness.run(["run", "pipelines/weekly.pipeline", "--out", file.path, "--no-progress"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "\(file.path): error: the output folder is a file, not a folder; choose another --out or 'output'\n")
    }

    /// An output folder that cannot be made names the OS reason and the path in the way, not
    /// Foundation's "NSCocoaErrorDomain error 512".
    func testAnOutputFolderBelowAFileNamesTheReasonAndThePath() throws {
        let folder = try Harness.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("afile")
        try Data("x".utf8).write(to: file)
        let out = file.appendingPathComponent("out/deeper").path
        let result = try Harness.run(["run", "pipelines/weekly.pipeline", "--out", out, "--no-progress"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "\(out): error: cannot create the output folder: Not a directory: '\(file.path)' is a file; choose another --out or 'output'\n")
        // No permission to make it: the OS reason and the folder it could not make.
        guard getuid() != 0 else { return } // root may write anywhere
        let locked = folder.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o500])
        defer { chmod(locked.path, 0o700) }
        let denied = try Harness.run(["run", "pipelines/weekly.pipeline", "--out", locked.path + "/out/x", "--no-progress"])
        XCTAssertEqual(denied.stderr, "\(locked.path)/out/x: error: cannot create the output folder: Permission denied (creating '\(locked.path)/out'); choose another --out or 'output'\n")
    }

    /// A time no calendar can write is a row error, never a crash of the whole run.
    func testAnEpochOutsideTheCalendarIsARowError() throws {
        let folder = try Harness.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("t,v\n1e300,1\n2,3\n".utf8).write(to: folder.appendingPathComponent("e.csv"))
        try Data(#"{ "version": 1, "name": "t", "stages": [ { "use": "ingest" } ], "charts": [ { "id": "e", "title": "E", "source": { "path": "e.csv" }, "x": { "field": "t", "type": "time", "format": "epoch-seconds" }, "y": { "field": "v" } } ] }"#.utf8)
            .write(to: folder.appendingPathComponent("t.pipeline"))
        let result = try Harness.run(["run", "t.pipeline", "--out", "out", "--no-progress"], in: folder)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("e.csv:2:1: error: field 't': '1e300' seconds since 1970 is outside the years 0001 to 9999; check x.format"), result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/manifest.json").path))
    }

    /// On a terminal, run draws a progress bar (done/total, the charts running, ETA) on stderr.
    func testAProgressBarOnATerminal() throws {

        let folder = try Harness.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        let command = "'\(Harness.binary.path)' run pipelines/weekly.pipeline --jobs 1 --out '\(folder.path)'"
        process.arguments = ["-qec", command, folder.appendingPathComponent("typescript").path]
        process.currentDirectoryURL = Harness.root
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.environment = ProcessInfo.processInfo.environment.merging(["SOURCE_DATE_EPOCH": "1780272000"]) { $1 }
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let screen = try String(contentsOf: folder.appendingPathComponent("typescript"), encoding: .utf8)
        XCTAssertTrue(screen.contains("\u{1B}[2K[░░░░░░░░░░░░░░░░░░░░░░░░] 0/4  daily-sales"), screen)
        XCTAssertTrue(screen.contains("] 4/4"), screen)
        XCTAssertTrue(screen.contains("4 of 4 charts written"), screen)
    }

    func testValuesOutsideAFixedRangeAreWarnedAbout() throws {
        let folder = try Harness.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("t,level\n1,50\n2,120\n3,80\n".utf8).write(to: folder.appendingPathComponent("b.csv"))
        try Data(#"{ "version": 1, "name": "t", "stages": [ { "use": "ingest" } ], "charts": [ { "id": "b", "title": "B", "source": { "path": "b.csv" }, "x": { "field": "t" }, "y": { "field": "level", "unit": "percent", "range": [0, 100] } } ] }"#.utf8)
            .write(to: folder.appendingPathComponent("t.pipeline"))
        let result = try Harness.run(["run", "t.pipeline", "--out", "out", "--no-progress"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("b.csv: warning: field 'level': 1 value lies outside the fixed range [0, 100] of y (from 120 to 120)"), result.stderr)
    }

    /// Daily data from a Saturday summed by ISO week: the first and last weeks are partial, and
    /// the run says so rather than let a two-day sum pass for a week.
    func testPartlyCoveredEdgeBucketsAreWarnedAbout() throws {
        let folder = try Harness.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var rows = "date,v\n"
        for day in 1...31 { rows += "2022-01-\(day < 10 ? "0" : "")\(day),100\n" }
        try Data(rows.utf8).write(to: folder.appendingPathComponent("d.csv"))
        try Data(#"{ "version": 1, "name": "w", "stages": [ { "use": "ingest" }, { "use": "aggregate", "every": "week", "op": "sum" } ], "charts": [ { "id": "w", "title": "W", "source": { "path": "d.csv" }, "x": { "field": "date", "type": "time" }, "y": { "field": "v" } } ] }"#.utf8)
            .write(to: folder.appendingPathComponent("w.pipeline"))
        let result = try Harness.run(["run", "w.pipeline", "--out", "out", "--no-progress"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("d.csv: warning: the first week (from 2021-12-27T00:00:00Z) holds data only from 2022-01-01T00:00:00Z; its sum covers part of it"), result.stderr)
        XCTAssertTrue(result.stderr.contains("d.csv: warning: the last week (from 2022-01-31T00:00:00Z) holds data only until 2022-01-31T00:00:00Z; its sum covers part of it"), result.stderr)
    }

    /// A first week whose Monday the daily data leaves out is partial; one that starts on its
    /// Monday is not, nor is a first day of hourly readings taken at half past.
    func testAFirstBucketMissingOneStepIsPartial() throws {
        let folder = try Harness.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func firstBucketWarning(_ rows: String, every: String) throws -> Bool {
            try Data(("t,v\n" + rows).utf8).write(to: folder.appendingPathComponent("d.csv"))
            try Data(#"{ "version": 1, "name": "w", "stages": [ { "use": "ingest" }, { "use": "aggregate", "every": "\#(every)", "op": "mean" } ], "charts": [ { "id": "w", "title": "W", "source": { "path": "d.csv" }, "x": { "field": "t", "type": "time" }, "y": { "field": "v" } } ] }"#.utf8)
                .write(to: folder.appendingPathComponent("w.pipeline"))
            let result = try Harness.run(["run", "w.pipeline", "--out", "out", "--no-progress"], in: folder)
            XCTAssertEqual(result.status, 0, result.stderr)
            return result.stderr.contains("warning: the first \(every)")
        }
        // 2022-01-04 is a Tuesday: its week starts on Monday the 3rd, which has no reading.
        let fromTuesday = (4...16).map { "2022-01-\($0 < 10 ? "0" : "")\($0),\($0)\n" }.joined()
        XCTAssertTrue(try firstBucketWarning(fromTuesday, every: "week"))
        let fromMonday = (3...16).map { "2022-01-\($0 < 10 ? "0" : "")\($0),\($0)\n" }.joined()
        XCTAssertFalse(try firstBucketWarning(fromMonday, every: "week"))
        let halfPast = (0..<48).map { "2022-01-\($0 < 24 ? "03" : "04")T\($0 % 24 < 10 ? "0" : "")\($0 % 24):30:00Z,\($0)\n" }.joined()
        XCTAssertFalse(try firstBucketWarning(halfPast, every: "day"))
    }

    /// --fail-fast counts the charts it did not start among those the run was to write.
    func testFailFastCountsTheChartsNotRun() throws {
        let folder = try Harness.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("t,v\n1,1\n2,2\n3,3\n4,x\n".utf8).write(to: folder.appendingPathComponent("bad.csv"))
        try Data("t,v\n1,1\n2,2\n".utf8).write(to: folder.appendingPathComponent("good.csv"))
        let charts = [("a", "bad"), ("b", "good"), ("c", "good")].map { id, file in
            #"{ "id": "\#(id)", "title": "C", "source": { "path": "\#(file).csv" }, "x": { "field": "t" }, "y": { "field": "v" } }"#
        }.joined(separator: ",")
        try Data(#"{ "version": 1, "name": "f", "stages": [ { "use": "ingest" } ], "charts": [ \#(charts) ] }"#.utf8)
            .write(to: folder.appendingPathComponent("f.pipeline"))
        let result = try Harness.run(["run", "f.pipeline", "--out", "out", "--no-progress", "--jobs", "1", "--fail-fast"], in: folder)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("0 of 3 charts written, 1 failed, 2 not run"), result.stderr)
    }

    func testJSONLogHasOneObjectPerLine() throws {
        let folder = try Harness.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Harness.run(["run", "pipelines/weekly.pipeline", "--out", folder.path, "--log-format", "json", "--only", "site-visits,daily-sales"], environment: epoch)
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 3)
        let objects = try lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        XCTAssertEqual(Set(objects.prefix(2).map { $0?["id"] as? String }), ["site-visits", "daily-sales"])
        XCTAssertEqual(objects.last??["event"] as? String, "run")
        XCTAssertEqual(objects.last??["status"] as? String, "ok")
        XCTAssertEqual(result.stdout, "")
    }

    func testQuietPrintsNothingOnSuccess() throws {
        let folder = try Harness.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Harness.run(["run", "pipelines/weekly.pipeline", "--out", folder.path, "--quiet", "--locales", "ko"], environment: epoch)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(result.stdout, "")
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("manifest.json"))) as? [String: Any]
        // The charts' files are in Korean only; the report is written in every locale of the
        // pipeline (and says where a chart has no text in that locale yet), so the manifest lists
        // those locales' reports too.
        XCTAssertEqual(manifest?["locales"] as? [String], ["en", "zh-Hans", "ko", "ja"])
        let charts = manifest?["charts"] as? [[String: Any]] ?? []
        let chartLocales = Set(charts.flatMap { ($0["artifacts"] as? [[String: Any]] ?? []).compactMap { $0["locale"] as? String } })
        XCTAssertEqual(chartLocales, ["ko"])
    }

    /// SIGINT while a chart is inside a stage: exit 130, a manifest of what completed, the stopped
    /// chart in `notRun`, no partial file. The stage is held by a plugin that waits on a FIFO only
    /// the test writes, so the signal always lands mid-stage: nothing depends on timing.
    func testInterruptWritesTheManifestAndExits130() throws {
        let folder = try Harness.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("t,v\n1,1\n2,2\n3,3\n".utf8).write(to: folder.appendingPathComponent("d.csv"))
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("gate").path, 0o600), 0)
        let gate = Harness.fixtures.appendingPathComponent("gate.sh").path
        let charts = ["first", "slow", "last"].map { id in
            #"{ "id": "\#(id)", "title": "C", "source": { "path": "d.csv" }, "x": { "field": "t" }, "y": { "field": "v" } }"#
        }.joined(separator: ",")
        try Data(#"{ "version": 1, "name": "t", "stages": [ { "use": "ingest" }, { "use": "plugin", "name": "gate", "command": ["\#(gate)", "\#(folder.path)"] } ], "charts": [ \#(charts) ] }"#.utf8)
            .write(to: folder.appendingPathComponent("t.pipeline"))
        let process = Process()
        process.executableURL = Harness.binary
        process.arguments = ["run", "t.pipeline", "--out", "out", "--jobs", "1", "--no-progress"]
        process.currentDirectoryURL = folder
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // The event, not a time: the slow chart's plugin has started and is waiting on the gate.
        let started = folder.appendingPathComponent("slow.started").path
        for _ in 0..<60_000 where !FileManager.default.fileExists(atPath: started) && process.isRunning { usleep(1000) }
        XCTAssertTrue(FileManager.default.fileExists(atPath: started), "the slow chart's plugin never started")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 130)
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("out/manifest.json"))) as? [String: Any]
        XCTAssertEqual(manifest?["status"] as? String, "interrupted")
        XCTAssertEqual((manifest?["charts"] as? [[String: Any]] ?? []).map { $0["id"] as? String }, ["first"])
        XCTAssertEqual(manifest?["notRun"] as? [String], ["slow", "last"])
        let all = try FileManager.default.subpathsOfDirectory(atPath: folder.appendingPathComponent("out").path)
        XCTAssertFalse(all.contains { $0.contains(".tmp-") }, "\(all)")
        XCTAssertFalse(all.contains { $0.hasPrefix("charts/slow") }, "\(all)")
    }

    /// A signal that arrives before the run starts (here: pending since before exec, the earliest
    /// moment there is) is an interruption: exit 130, nothing written — not a kill (143).
    func testASignalAtStartUpIsAnInterruption() throws {
        let folder = try Harness.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = """
        import os, signal, sys
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM})
        pid = os.fork()
        if pid == 0:
            os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
            os.execv(sys.argv[1], [sys.argv[1], "run", "pipelines/weekly.pipeline", "--out", sys.argv[2], "--no-progress"])
        os.kill(pid, signal.SIGTERM)
        print(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]))
        """
        let result = try Harness.command(["python3", "-c", script, Harness.binary.path, folder.appendingPathComponent("out").path])
        XCTAssertEqual(result.stdout, "130\n", result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/manifest.json").path))
    }

    /// A run started with SIGINT ignored (a background job) keeps ignoring it: SIGINT sent all
    /// through the run changes nothing.
    func testAnInheritedIgnoredSIGINTStaysIgnored() throws {
        let folder = try Harness.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = """
        import os, signal, sys, time
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        pid = os.fork()
        if pid == 0:
            os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
            os.execv(sys.argv[1], [sys.argv[1], "run", "pipelines/weekly.pipeline", "--out", sys.argv[2], "--no-progress", "--jobs", "1"])
        sent = 0
        while os.waitpid(pid, os.WNOHANG) == (0, 0):
            os.kill(pid, signal.SIGINT)
            sent += 1
            time.sleep(0.005)
        print(sent > 0)
        """
        let result = try Harness.command(["python3", "-c", script, Harness.binary.path, folder.appendingPathComponent("out").path])
        XCTAssertEqual(result.stdout, "True\n", result.stderr)
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("out/manifest.json"))) as? [String: Any]
        XCTAssertEqual(manifest?["status"] as? String, "ok")
    }

    /// With --log-format json every line on stderr is a JSON object, usage errors included.
    func testJSONLogCoversUsageAndPipelineErrors() throws {
        let usage = try Harness.run(["run", "pipelines/weekly.pipeline", "--log-format", "json", "--jobs", "0"])
        XCTAssertEqual(usage.status, 2)
        let line = try JSONSerialization.jsonObject(with: Data(usage.stderr.utf8)) as? [String: Any]
        XCTAssertEqual(line?["event"] as? String, "diagnostic")
        XCTAssertEqual(line?["code"] as? String, "usage")
        let bad = try Harness.run(["run", "bad/14-chain-order.pipeline", "--log-format", "json"], in: Harness.fixtures)
        XCTAssertEqual(bad.status, 2)
        for text in bad.stderr.split(separator: "\n") {
            let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
            XCTAssertEqual(object?["event"] as? String, "diagnostic", String(text))
            XCTAssertEqual(object?["file"] as? String, "bad/14-chain-order.pipeline")
        }
    }

    /// Text from a data file that reaches the terminal cannot drive it: an escape sequence and a
    /// bidi override in a bad cell are shown as visible escapes.
    func testMessagesQuoteDataSafelyOnATerminal() throws {
        let folder = try Harness.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("t,v\n1,\u{1B}[31mred\u{202E}x\n".utf8).write(to: folder.appendingPathComponent("b.csv"))
        try Data(#"{ "version": 1, "name": "t", "stages": [ { "use": "ingest" } ], "charts": [ { "id": "b", "title": "B", "source": { "path": "b.csv" }, "x": { "field": "t" }, "y": { "field": "v" } } ] }"#.utf8)
            .write(to: folder.appendingPathComponent("t.pipeline"))
        let result = try Harness.run(["run", "t.pipeline", "--out", "out", "--no-progress"], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertFalse(result.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E }, result.stderr)
        XCTAssertTrue(result.stderr.contains("\\u{1B}[31mred\\u{202E}x"), result.stderr)
    }

    /// Without `type`, x is read from the data: dates are time, numbers numbers, the rest categories.
    func testTheXTypeIsReadFromTheDataWhenNotGiven() throws {
        let folder = try Harness.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("d,v\n2024-03-01,1\n2024-03-02,2\n".utf8).write(to: folder.appendingPathComponent("t.csv"))
        try Data("n,v\n1700,1\n1701,2\n".utf8).write(to: folder.appendingPathComponent("n.csv"))
        try Data("c,v\nNorth,1\nSouth,2\n".utf8).write(to: folder.appendingPathComponent("c.csv"))
        let charts = ["t", "n", "c"].map { id in
            #"{ "id": "\#(id)", "title": "T", "source": { "path": "\#(id).csv" }, "x": { "field": "\#(id == "t" ? "d" : id)" }, "y": { "field": "v" } }"#
        }.joined(separator: ",")
        try Data(#"{ "version": 1, "name": "t", "stages": [ { "use": "ingest" } ], "charts": [ \#(charts) ] }"#.utf8)
            .write(to: folder.appendingPathComponent("t.pipeline"))
        let result = try Harness.run(["run", "t.pipeline", "--out", "out", "--no-progress"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        func firstX(_ id: String) throws -> Any? {
            let data = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("out/charts/\(id)/data.json"))) as? [String: Any]
            let series = data?["series"] as? [[String: Any]]
            return (series?.first?["points"] as? [[String: Any]])?.first?["x"]
        }
        XCTAssertEqual(try firstX("t") as? String, "2024-03-01T00:00:00Z")
        XCTAssertEqual(try firstX("n") as? Double, 1700)
        XCTAssertEqual(try firstX("c") as? String, "North")
    }
}
