import Foundation
import ProcessCheck
import XCTest

/// `chartpipe run` with plugins, as users run it: a misbehaving plugin fails its chart only, writes
/// nothing anywhere, leaves no process behind; a Ctrl-C stops plugins too; plugins of different
/// charts run at once; a persistent plugin runs one process per worker.
final class PluginRunTests: XCTestCase {
    static let doubles = Harness.root.appendingPathComponent("Tests/PluginTests/Fixtures")
    let epoch = ["SOURCE_DATE_EPOCH": "1780272000"]
    var folder: URL!
    var pids: URL!

    override func setUpWithError() throws {
        folder = try Harness.temporaryFolder()
        pids = folder.appendingPathComponent("pids")
        try FileManager.default.createDirectory(at: pids, withIntermediateDirectories: true)
        try Data("date,value\n2026-06-01,1\n2026-06-02,2\n2026-06-03,4\n".utf8).write(to: folder.appendingPathComponent("d.csv"))
    }

    override func tearDown() {
        ProcessCheck.assertNothingLeftBehind(pids)
        try? FileManager.default.removeItem(at: folder)
    }

    /// Writes `t.pipeline` with these stage entries (JSON text) and one chart per id, each with
    /// its own stage options (JSON text, or nothing).
    func pipeline(_ stages: String, charts: [(id: String, stages: String?)]) throws {
        let items = charts.map { chart in
            #"{ "id": "\#(chart.id)", "title": "T", "source": { "path": "d.csv" }, "x": { "field": "date", "type": "time" }, "y": { "field": "value" }"#
                + (chart.stages.map { #", "stages": \#($0)"# } ?? "") + " }"
        }
        let text = #"{ "version": 1, "name": "t", "output": "out", "locales": ["en"], "stages": [ { "use": "ingest" }, \#(stages) ], "charts": [ \#(items.joined(separator: ",\n")) ] }"#
        try Data(text.utf8).write(to: folder.appendingPathComponent("t.pipeline"))
    }

    func command(_ script: String) -> String {
        #"["sh", "\#(Self.doubles.appendingPathComponent(script).path)", "\#(pids.path)"]"#
    }

    func manifest() throws -> [[String: Any]] {
        let data = try Data(contentsOf: folder.appendingPathComponent("out/manifest.json"))
        return (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["charts"] as? [[String: Any]] ?? []
    }

    func testEachMisbehavingPluginFailsOnlyItsChart() throws {
        let quick = #"{ "plugin": { "timeout": 1 } }"#
        let expected: [(id: String, stages: String?, code: String?)] = [
            ("ok", nil, nil), ("fail", nil, "plugin.exited"), ("garbage", nil, "plugin.invalid-json"),
            ("flood", nil, "plugin.response-too-large"), ("sleep", quick, "plugin.timeout"), ("stubborn", quick, "plugin.timeout"),
            ("forker", nil, nil), ("escape", nil, "plugin.artifact-path"), ("future", nil, "plugin.protocol-version"),
            ("schema", nil, "plugin.invalid-response"),
        ]
        try pipeline(#"{ "use": "plugin", "name": "double", "command": \#(command("double.sh")), "timeout": 20, "responseLimit": 1 }"#,
                     charts: expected.map { ($0.id, $0.stages) })
        let result = try Harness.run(["run", "t.pipeline", "--jobs", "4", "--no-progress"], in: folder, environment: epoch)
        XCTAssertEqual(result.status, 1, result.stderr)
        let charts = try manifest()
        XCTAssertEqual(charts.map { $0["id"] as? String }, expected.map(\.id))
        for (chart, want) in zip(charts, expected) {
            XCTAssertEqual(chart["status"] as? String, want.code == nil ? "ok" : "failed", want.id)
            XCTAssertEqual((chart["error"] as? [String: Any])?["code"] as? String, want.code, want.id)
        }
        XCTAssertTrue(result.stderr.contains("| ValueError: something broke"), result.stderr)
        // Only the files of the charts that succeeded, and nothing beside the output folder.
        let written = try FileManager.default.subpathsOfDirectory(atPath: folder.appendingPathComponent("out").path)
            .filter { !$0.hasSuffix("charts") && !$0.hasSuffix("/ok") && !$0.hasSuffix("/forker") && $0 != ".chartpipe.lock" && $0 != ".chartpipe-cache" }.sorted()
        XCTAssertEqual(written, ["charts/forker/data.json", "charts/forker/history.json", "charts/ok/data.json", "charts/ok/history.json",
                                 "charts/ok/plugin.double.json", "manifest.json"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["d.csv", "out", "pids", "t.pipeline"])
    }

    func testCtrlCStopsRunningPlugins() throws {
        try interrupt(charts: ["sleep", "sleep-2"], signals: 1)
    }

    /// A second Ctrl-C quits at once, and takes the plugins along, even one that ignores SIGTERM.
    func testASecondCtrlCKillsPluginsThatIgnoreSIGTERM() throws {
        try interrupt(charts: ["stubborn"], signals: 2)
    }

    /// Runs the double for `charts` at once, waits until each plugin runs, then sends SIGINT `signals` times.
    func interrupt(charts: [String], signals: Int) throws {
        try pipeline(#"{ "use": "plugin", "name": "double", "command": \#(command("double.sh")), "timeout": 600 }"#,
                     charts: charts.map { ($0, nil) })
        let process = Process()
        process.executableURL = Harness.binary
        process.arguments = ["run", "t.pipeline", "--jobs", String(charts.count), "--no-progress"]
        process.currentDirectoryURL = folder
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // A stubborn double has set its trap once it has recorded its child.
        let started = charts.map { pids.appendingPathComponent($0 + ($0.hasPrefix("stubborn") ? ".child" : ".pid")).path }
        for _ in 0..<600 where !started.allSatisfy(FileManager.default.fileExists(atPath:)) { usleep(50_000) }
        XCTAssertTrue(started.allSatisfy(FileManager.default.fileExists(atPath:)), "every plugin started")
        kill(process.processIdentifier, SIGINT)
        if signals > 1 {
            // Signals of one kind do not queue: the second is sent once chartpipe says it is stopping.
            var said = ""
            while !said.contains("stopping") {
                let chunk = errors.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                said += String(decoding: chunk, as: UTF8.self)
            }
            kill(process.processIdentifier, SIGINT)
        }
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 130)
    }

    /// A run killed with SIGKILL leaves its plugin's working folder in TMPDIR; the next chartpipe
    /// that starts a plugin removes it, once it has been unchanged for ten minutes (the test sets
    /// its time back). While the run lives, its lock keeps its folder from such a sweep, however
    /// old; a folder another process holds stays, and so does one changed just now.
    func testTheNextRunRemovesTheFolderOfAPluginWhoseRunWasKilled() throws {
        let tmp = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        let environment = epoch.merging(["TMPDIR": tmp.path]) { $1 }
        func pluginFolders() -> Set<String> {
            Set(((try? FileManager.default.contentsOfDirectory(atPath: tmp.path)) ?? []).filter { $0.hasPrefix("chartpipe-plugin-") })
        }
        func age(_ names: Set<String>) {
            for name in names {
                var times = [timeval(tv_sec: time(nil) - 3_600, tv_usec: 0), timeval(tv_sec: time(nil) - 3_600, tv_usec: 0)]
                XCTAssertEqual(utimes(tmp.appendingPathComponent(name).path, &times), 0, name)
            }
        }

        try pipeline(#"{ "use": "plugin", "name": "double", "command": \#(command("double.sh")), "timeout": 600 }"#,
                     charts: [("sleep", nil)])
        let process = Process()
        process.executableURL = Harness.binary
        process.arguments = ["run", "t.pipeline", "--no-progress"]
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The double writes its pid into the file it creates: wait for the number, not the file.
        for _ in 0..<600 where ProcessCheck.recordedPIDs(in: pids).isEmpty { usleep(50_000) }
        let plugin = ProcessCheck.recordedPIDs(in: pids)
        XCTAssertFalse(plugin.isEmpty, "the plugin started")
        let live = pluginFolders()
        XCTAssertEqual(live.count, 1, "the running plugin's folder: \(live)")

        // Another chartpipe that starts a plugin (validate asks it to describe itself) sweeps, and
        // leaves the folder of the live run, old as it looks: the run holds its lock.
        age(live)
        let validated = try Harness.run(["validate", "t.pipeline"], in: folder, environment: environment)
        XCTAssertEqual(validated.status, 0, validated.stderr)
        XCTAssertEqual(pluginFolders(), live, "a live run's folder is kept")

        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        // The plugin outlives the killed run (its process group is its own): stopped here, as the
        // plugin of a killed run ends once its input closes.
        for pid in plugin { kill(-pid, SIGKILL) }
        for _ in 0..<200 where !plugin.flatMap(ProcessCheck.running(pid:)).isEmpty { usleep(50_000) }
        XCTAssertEqual(pluginFolders(), live, "the killed run's working folder is left")

        // Beside it: one held by a live process (this one), and one changed just now that no one holds.
        let held = "chartpipe-plugin-held", recent = "chartpipe-plugin-recent"
        for name in [held, recent] { try FileManager.default.createDirectory(at: tmp.appendingPathComponent(name), withIntermediateDirectories: false) }
        let lock = open(tmp.appendingPathComponent(held).path, O_RDONLY | O_DIRECTORY)
        defer { close(lock) }
        XCTAssertEqual(flock(lock, LOCK_EX), 0)
        age(live.union([held]))

        try pipeline(#"{ "use": "plugin", "name": "double", "command": \#(command("double.sh")), "timeout": 600 }"#,
                     charts: [("ok", nil)])
        let result = try Harness.run(["run", "t.pipeline", "--no-progress"], in: folder, environment: environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(pluginFolders(), [held, recent], "the killed run's folder is removed; the others stay")
    }

    func testPluginsOfDifferentChartsRunAtTheSameTime() throws {
        try pipeline(#"{ "use": "plugin", "name": "rendezvous", "command": \#(command("rendezvous.sh")), "timeout": 120 }"#,
                     charts: [("a", nil), ("b", nil)])
        let result = try Harness.run(["run", "t.pipeline", "--jobs", "2", "--no-progress"], in: folder, environment: epoch)
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    func testAPersistentPluginRunsOneProcessPerWorker() throws {
        try pipeline(#"{ "use": "plugin", "name": "steady", "command": \#(command("persistent.sh")) }"#,
                     charts: (0..<8).map { ("c\($0)", nil) })
        let result = try Harness.run(["run", "t.pipeline", "--jobs", "2", "--no-progress"], in: folder, environment: epoch)
        XCTAssertEqual(result.status, 0, result.stderr)
        let processes = Set(ProcessCheck.recordedPIDs(in: pids))
        XCTAssertTrue((1...2).contains(processes.count), "\(processes.count) processes for 8 charts and 2 workers")
        XCTAssertEqual(try manifest().count, 8)
    }

    func testAFoundPluginIsCheckedAndListedLikeABuiltIn() throws {
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("plugins"),
                                                   withDestinationURL: Self.doubles.appendingPathComponent("plugins"))
        try pipeline(#"{ "use": "aggregate", "every": "day" }, { "use": "trend" }, { "use": "smooth", "window": 1 }, { "use": "describe" }"#,
                     charts: [("a", nil)])
        let result = try Harness.run(["validate", "t.pipeline"], in: folder)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr.split(separator: "\n").dropLast().map(String.init), [
            "t.pipeline:1:188: error: 'window' must be an integer from 2 to 99 (it is 1)",
            "t.pipeline:1:202: error: stage 'describe' needs 'trend', which 'smooth' makes stale by running after 'trend'; move { \"use\": \"smooth\" } before { \"use\": \"trend\" }",
        ])
        let listed = try Harness.run(["stages", "--pipeline", "t.pipeline"], in: folder)
        XCTAssertTrue(listed.stdout.contains("  smooth      Replaces each value by the mean of a window around it. (plugin: "), listed.stdout)
        XCTAssertTrue(listed.stdout.contains("  broken      Unusable plugin: chartpipe-stage-broken --describe exited with status 1"), listed.stdout)
        let smooth = try Harness.run(["stages", "smooth", "--pipeline", "t.pipeline"], in: folder)
        XCTAssertTrue(smooth.stdout.contains("Makes stale when it runs after them: trend, descriptions, audio"), smooth.stdout)
        XCTAssertTrue(smooth.stdout.contains("  window  an integer from 2 to 99; default 3\n      Points in the window."), smooth.stdout)
    }

    /// The Python example's own tests (pipelines/plugins/test_weekday.py): its Kruskal-Wallis test
    /// against scipy's numbers, its sentences in every locale, its protocol.
    func testThePythonExamplePassesItsOwnTests() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Harness.root.appendingPathComponent("pipelines/plugins/test_weekday.py").path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, said)
        XCTAssertTrue(said.contains("OK"), said)
    }

    /// The Swift example (an executable target of this package, found on PATH) replaces the series
    /// by their rolling mean before `trend`; after `trend` the replacement fails the chart.
    func testTheSwiftExampleReplacesTheSeriesBeforeTrend() throws {
        let path = ["PATH": Harness.binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")]
        try pipeline(#"{ "use": "rolling", "window": 2 }, { "use": "trend" }"#, charts: [("a", nil)])
        let result = try Harness.run(["run", "t.pipeline", "--no-progress"], in: folder, environment: path.merging(epoch) { a, _ in a })
        XCTAssertEqual(result.status, 0, result.stderr)
        let data = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("out/charts/a/data.json"))) as? [String: Any]
        let points = ((data?["series"] as? [[String: Any]])?.first?["points"] as? [[String: Any]]) ?? []
        XCTAssertEqual(points.map { $0["y"] as? Double }, [1, 1.5, 3])
        XCTAssertEqual(points.map { $0["records"] as? [Int] }, [[0, 0], [0, 1], [1, 2]])
        let trend = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("out/charts/a/trend.json"))) as? [String: Any]
        XCTAssertEqual(((trend?["series"] as? [[String: Any]])?.first?["max"] as? [String: Any])?["y"] as? Double, 3)

        try pipeline(#"{ "use": "trend" }, { "use": "rolling" }"#, charts: [("a", nil)])
        let late = try Harness.run(["run", "t.pipeline", "--no-progress"], in: folder, environment: path)
        XCTAssertEqual(late.status, 1)
        XCTAssertTrue(late.stderr.contains("plugin 'rolling' replaced the series after 'trend' described them; list it before { \"use\": \"trend\" }"), late.stderr)
    }

    /// `chartpipe plugin new` writes a Python plugin whose own test passes and that a pipeline can
    /// use as it is. (The Swift skeleton is built and tested by `make test`.)
    func testANewPythonPluginWorksAsWritten() throws {
        let made = try Harness.run(["plugin", "new", "counter", "--in", folder.path])
        XCTAssertEqual(made.status, 0, made.stderr)
        XCTAssertTrue(made.stdout.contains("counter/test_chartpipe_stage_counter.py"), made.stdout)
        let test = Process()
        test.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        test.arguments = ["python3", folder.appendingPathComponent("counter/test_chartpipe_stage_counter.py").path]
        test.standardError = FileHandle.nullDevice
        test.standardOutput = FileHandle.nullDevice
        try test.run()
        test.waitUntilExit()
        XCTAssertEqual(test.terminationStatus, 0, "the skeleton's own test")

        try pipeline(#"{ "use": "plugin", "name": "counter", "command": ["counter/chartpipe-stage-counter"] }"#, charts: [("a", nil)])
        let result = try Harness.run(["run", "t.pipeline", "--no-progress"], in: folder, environment: epoch)
        XCTAssertEqual(result.status, 0, result.stderr)
        let notes = try String(contentsOf: folder.appendingPathComponent("out/charts/a/plugin.counter.json"), encoding: .utf8)
        XCTAssertTrue(notes.contains(#""en": ["The chart has 3 data points."]"#), notes)

        XCTAssertEqual(try Harness.run(["plugin", "new", "counter", "--in", folder.path]).status, 1, "an existing folder is kept")
        XCTAssertEqual(try Harness.run(["plugin", "new", "Counter"]).status, 2)
        XCTAssertEqual(try Harness.run(["plugin", "new", "x", "--language", "rust"]).status, 2)
        XCTAssertEqual(try Harness.run(["plugin", "nwe", "x"]).stderr.contains("did you mean 'new'?"), true)
    }

    /// `validate --stamp` (what the SwiftPM build-tool plugin runs) writes its file only for a valid pipeline.
    func testValidateWritesItsStampOnlyForAValidPipeline() throws {
        try pipeline(#"{ "use": "trend" }"#, charts: [("a", nil)])
        let stamp = folder.appendingPathComponent("stamp.swift")
        XCTAssertEqual(try Harness.run(["validate", "t.pipeline", "--stamp", stamp.path], in: folder).status, 0)
        XCTAssertEqual(try String(contentsOf: stamp, encoding: .utf8), "// chartpipe validate: t.pipeline is valid.\n")
        try FileManager.default.removeItem(at: stamp)
        try pipeline(#"{ "use": "trend", "alpha": 2 }"#, charts: [("a", nil)])
        XCTAssertEqual(try Harness.run(["validate", "t.pipeline", "--stamp", stamp.path], in: folder).status, 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: stamp.path))
    }

    /// A plugin's navigation list joins the description's lists, its sentences the notes layer, the
    /// Markdown and the first cue; its files land in its own folder of the chart.
    func testEveryKindOfNoteReachesTheDescriptionAndTheCues() throws {
        var rows = "date,region,value\n"
        for d in 1...5 { rows += "2026-06-0\(d),North,\(d)\n2026-06-0\(d),South,\(10 - d)\n" }
        try Data(rows.utf8).write(to: folder.appendingPathComponent("d.csv"))
        let stages = #"{ "use": "plugin", "name": "capture", "command": \#(command("capture.sh")) }, { "use": "trend" }, { "use": "describe" }, { "use": "sonify", "formats": ["wav"] }"#
        let text = #"{ "version": 1, "name": "t", "output": "out", "locales": ["en", "ko"], "stages": [ { "use": "ingest" }, \#(stages) ], "charts": [ { "id": "a", "title": "T", "source": { "path": "d.csv" }, "x": { "field": "date", "type": "time" }, "y": { "field": "value" }, "series": { "field": "region" } } ] }"#
        try Data(text.utf8).write(to: folder.appendingPathComponent("t.pipeline"))
        let result = try Harness.run(["run", "t.pipeline", "--no-progress"], in: folder, environment: epoch)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("plugin 'capture': Two weeks are few."), result.stderr)
        let chart = folder.appendingPathComponent("out/charts/a")
        let description = try JSONSerialization.jsonObject(with: Data(contentsOf: chart.appendingPathComponent("description.ko.json"))) as? [String: Any]
        XCTAssertEqual((description?["notes"] as? [[String: Any]])?.first?["text"] as? String, "북부는 월요일에 가장 높습니다.")
        let list = (description?["navigation"] as? [String: Any])?["capture.mondays"] as? [String: Any]
        XCTAssertEqual(list?["title"] as? String, "월요일")
        XCTAssertEqual((list?["entries"] as? [[String: Any]])?.first?["label"] as? String, "6월 1일")
        XCTAssertEqual((list?["entries"] as? [[String: Any]])?.first?["series"] as? String, "South")
        let markdown = try String(contentsOf: chart.appendingPathComponent("description.en.md"), encoding: .utf8)
        XCTAssertTrue(markdown.contains("## Notes\n\n- North is highest on Mondays.\n"), markdown)
        XCTAssertTrue(markdown.contains("### Mondays\n\n- June 1\n"), markdown)
        let cues = try String(contentsOf: chart.appendingPathComponent("audio.en.vtt"), encoding: .utf8)
        XCTAssertTrue(cues.components(separatedBy: "\n\n")[1].hasSuffix("\nNorth is highest on Mondays."), cues)
        XCTAssertEqual(try String(contentsOf: chart.appendingPathComponent("capture/tables/weekday.csv"), encoding: .utf8), "day,mean\nMon,1\n")
        let manifest = try String(contentsOf: folder.appendingPathComponent("out/manifest.json"), encoding: .utf8)
        XCTAssertTrue(manifest.contains(#""path": "charts/a/capture/bytes.bin""#), manifest)
    }
}
