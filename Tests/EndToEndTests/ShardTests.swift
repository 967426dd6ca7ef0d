import ChartpipeCore
import ChartpipeJSON
import Foundation
import XCTest

/// A run split over machines — through `--shard`, the Kubernetes and the Slurm variables — and
/// merged is byte for byte the run on one machine; `merge` refuses shards that do not belong
/// together; `--incremental` keeps what did not change and remakes what did or was tampered with.
final class ShardTests: XCTestCase {
    var folder: URL!
    let epoch = ["SOURCE_DATE_EPOCH": "1780272000"]

    override func setUpWithError() throws {
        folder = try Harness.temporaryFolder()
        try Harness.copyDemo(into: folder)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Harness.Result {
        try Harness.run(arguments, in: folder, environment: epoch.merging(environment) { $1 })
    }

    func files(_ out: String) throws -> [String: Data] {
        try Harness.files(in: folder.appendingPathComponent(out))
    }

    func testThreeShardsAndAMergeAreOneRunByteForByte() throws {
        let single = try run(["run", "weekly.pipeline", "--out", "one", "--no-progress"])
        XCTAssertEqual(single.status, 0, single.stderr)
        let expected = try files("one")
        XCTAssertGreaterThan(expected.count, 40)

        // Through --shard.
        for i in 0..<3 {
            let shard = try run(["run", "weekly.pipeline", "--out", "flags", "--no-progress", "--shard", "\(i)/3"])
            XCTAssertEqual(shard.status, 0, shard.stderr)
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("flags/manifest.shard-\(i).json").path))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("flags/manifest.json").path))
        let merged = try run(["merge", "flags"])
        XCTAssertEqual(merged.status, 0, merged.stderr)
        XCTAssertEqual(try files("flags"), expected)

        // Through Kubernetes' Indexed Job variables, and Slurm's array (numbered from 1 here).
        for i in 0..<3 {
            XCTAssertEqual(try run(["run", "weekly.pipeline", "--out", "k8s", "--no-progress"],
                                   environment: ["JOB_COMPLETION_INDEX": "\(i)", "CHARTPIPE_SHARDS": "3"]).status, 0)
            XCTAssertEqual(try run(["run", "weekly.pipeline", "--out", "slurm", "--no-progress"],
                                   environment: ["SLURM_ARRAY_TASK_ID": "\(i + 1)", "SLURM_ARRAY_TASK_COUNT": "3",
                                                 "SLURM_ARRAY_TASK_MIN": "1"]).status, 0)
        }
        XCTAssertEqual(try run(["merge", "k8s"]).status, 0)
        XCTAssertEqual(try run(["merge", "slurm"]).status, 0)
        XCTAssertEqual(try files("k8s"), expected)
        XCTAssertEqual(try files("slurm"), expected)
    }

    func testShardsAreBalancedAndDisjoint() throws {
        let charts = ["sales.csv", "visits.json", "latency.csv", "battery.tsv", "sales.csv", "latency.csv"].enumerated().map { i, name in
            ChartSpec(id: "c\(i)", title: "C", source: SourceSpec(path: folder.appendingPathComponent("data/\(name)").path, displayPath: name, format: .csv),
                      x: XSpec(field: "x", type: .time), y: YSpec(fields: ["y"]), location: SourceLocation(path: "p"))
        }
        let plan = ShardPlan.assign(charts, count: 2)
        XCTAssertEqual(Set(plan.keys), Set(charts.map(\.id)))
        XCTAssertEqual(plan, ShardPlan.assign(charts.reversed(), count: 2), "the order charts are listed in does not matter")
        // Largest first, each to the lighter shard: the two shards' data differ by at most the largest file.
        var load = [0, 0]
        for chart in charts {
            let size = (try FileManager.default.attributesOfItem(atPath: chart.source.path)[.size] as? Int) ?? 0
            load[plan[chart.id] ?? 0] += size
        }
        let largest = try charts.map { (try FileManager.default.attributesOfItem(atPath: $0.source.path)[.size] as? Int) ?? 0 }.max() ?? 0
        XCTAssertLessThanOrEqual(abs(load[0] - load[1]), largest)
        // FNV-1a's published test vectors: stable on every machine.
        XCTAssertEqual(ShardPlan.fnv1a64(""), 0xcbf2_9ce4_8422_2325)
        XCTAssertEqual(ShardPlan.fnv1a64("a"), 0xaf63_dc4c_8601_ec8c)
        XCTAssertEqual(ShardPlan.fnv1a64("foobar"), 0x8594_4171_f739_67e8)
    }

    func testMergeRefusesShardsThatDoNotBelongTogether() throws {
        XCTAssertEqual(try run(["run", "weekly.pipeline", "--out", "o", "--no-progress", "--shard", "0/3"]).status, 0)
        XCTAssertEqual(try run(["run", "weekly.pipeline", "--out", "o", "--no-progress", "--shard", "2/3"]).status, 0)
        let missing = try run(["merge", "o"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("shard 1 of 3 is missing (no manifest.shard-1.json); run it with --shard 1/3, then merge"), missing.stderr)

        // A shard of a changed pipeline file.
        let pipeline = folder.appendingPathComponent("weekly.pipeline")
        try (String(contentsOf: pipeline, encoding: .utf8) + "\n").write(to: pipeline, atomically: true, encoding: .utf8)
        XCTAssertEqual(try run(["run", "weekly.pipeline", "--out", "o", "--no-progress", "--shard", "1/3"]).status, 0)
        let other = try run(["merge", "o"])
        XCTAssertEqual(other.status, 2)
        XCTAssertTrue(other.stderr.contains("comes from another pipeline (or another version of its file)"), other.stderr)

        // A shard that was killed says it is running.
        let shardFile = folder.appendingPathComponent("o/manifest.shard-1.json")
        var json = try String(contentsOf: shardFile, encoding: .utf8)
        // The manifest's own status comes before its charts'.
        if let first = json.range(of: #""status": "ok""#) { json.replaceSubrange(first, with: #""status": "running""#) }
        try json.write(to: shardFile, atomically: true, encoding: .utf8)
        XCTAssertEqual(try run(["run", "weekly.pipeline", "--out", "o", "--no-progress", "--shard", "0/3"]).status, 0)
        XCTAssertEqual(try run(["run", "weekly.pipeline", "--out", "o", "--no-progress", "--shard", "2/3"]).status, 0)
        let killed = try run(["merge", "o"])
        XCTAssertEqual(killed.status, 2)
        XCTAssertTrue(killed.stderr.contains("shard 1 of 3 did not finish"), killed.stderr)

        let bad = try run(["run", "weekly.pipeline", "--out", "o", "--shard", "3/3"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("the shard index must be from 0 to 2 for 3 shards, not '3'"), bad.stderr)
    }

    func testIncrementalRunsKeepWhatDidNotChange() throws {
        XCTAssertEqual(try run(["run", "weekly.pipeline", "--out", "o", "--no-progress", "--incremental"]).status, 0)
        let first = try files("o")
        let again = try run(["run", "weekly.pipeline", "--out", "o", "--no-progress", "--incremental"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stderr.contains("4 of 4 charts written (4 unchanged, kept)"), again.stderr)
        // Every chart file as it was; only the manifest and the reports say the second run compared
        // with the first (and that nothing changed since).
        func chartFiles(_ all: [String: Data]) -> [String: Data] { all.filter { $0.key.hasPrefix("charts/") } }
        XCTAssertEqual(chartFiles(try files("o")), chartFiles(first))
        let report = try String(decoding: XCTUnwrap(try files("o")["report.en.html"]), as: UTF8.self)
        XCTAssertTrue(report.contains("Nothing changed since the last run on"), "the report says nothing changed")

        // Changed data, and a tampered file: those two charts are made again, the others kept.
        let latency = folder.appendingPathComponent("data/latency.csv")
        var csv = try String(contentsOf: latency, encoding: .utf8).split(separator: "\n").map(String.init)
        csv[1] = csv[1].split(separator: ",").dropLast().joined(separator: ",") + ",9.99"
        try (csv.joined(separator: "\n") + "\n").write(to: latency, atomically: true, encoding: .utf8)
        let tampered = folder.appendingPathComponent("o/charts/battery-level/description.en.md")
        try "tampered\n".write(to: tampered, atomically: true, encoding: .utf8)
        // Rewritten in place with bytes of the same size, and its modification time set back: the
        // run cache's identity of the file (its change time) no longer holds, so it is hashed.
        let table = folder.appendingPathComponent("o/charts/site-visits/table.csv")
        let modified = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: table.path)[.modificationDate] as? Date)
        var bytes = Array(try Data(contentsOf: table))
        bytes[bytes.count - 2] = bytes[bytes.count - 2] == UInt8(ascii: "1") ? UInt8(ascii: "2") : UInt8(ascii: "1")
        let handle = try FileHandle(forWritingTo: table)
        try handle.write(contentsOf: Data(bytes))
        try handle.close()
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: table.path)
        let third = try run(["run", "weekly.pipeline", "--out", "o", "--no-progress", "--incremental"])
        XCTAssertEqual(third.status, 0, third.stderr)
        XCTAssertTrue(third.stderr.contains("4 of 4 charts written (1 unchanged, kept)"), third.stderr)
        XCTAssertTrue(third.stderr.contains("request-latency: ok"), third.stderr)
        XCTAssertTrue(third.stderr.contains("battery-level: ok"), third.stderr)
        XCTAssertTrue(third.stderr.contains("site-visits: ok"), third.stderr)
        XCTAssertEqual(try files("o")["charts/battery-level/description.en.md"], first["charts/battery-level/description.en.md"])
        XCTAssertEqual(try files("o")["charts/site-visits/table.csv"], first["charts/site-visits/table.csv"])
        XCTAssertNotEqual(try files("o")["charts/request-latency/data.json"], first["charts/request-latency/data.json"])
    }

    func reportWork(_ out: String, _ locale: String) throws -> (made: Int?, copied: Int?) {
        try Harness.reportWork(in: folder.appendingPathComponent(out), locale)
    }

    /// An incremental run's report copies the sections of the charts it kept from the previous
    /// report, and makes those of the charts it ran again; it is byte for byte the report made
    /// without the cache (folder `p`, whose cache is removed before each run). A previous report
    /// changed since it was written is not copied from.
    /// A single-page report (`layout: single`); a report of pages is ReportBatchTests'.
    func testAnIncrementalReportCopiesTheSectionsOfKeptCharts() throws {
        try Harness.editPipeline(folder.appendingPathComponent("weekly.pipeline"), stages: ["report": [("layout", "single")]])
        func both(_ extra: [String] = []) throws {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent("p/.chartpipe-cache"))
            for out in ["o", "p"] {
                let result = try run(["run", "weekly.pipeline", "--out", out, "--no-progress", "--incremental"] + extra)
                XCTAssertEqual(result.status, 0, result.stderr)
            }
            let (o, p) = (try files("o"), try files("p"))
            for locale in ["en", "ko", "zh-Hans", "ja"] {
                let name = "report.\(locale).html"
                XCTAssertNotNil(o[name], name)
                XCTAssertEqual(o[name], p[name], name)
            }
        }
        try both()
        XCTAssertEqual(try reportWork("o", "en").made, 4)
        XCTAssertEqual(try reportWork("o", "en").copied, 0)

        try both()
        for locale in ["en", "ko"] {
            XCTAssertEqual(try reportWork("o", locale).made, 0, locale)
            XCTAssertEqual(try reportWork("o", locale).copied, 4, locale)
            XCTAssertEqual(try reportWork("p", locale).made, 4, locale)
        }

        // One chart's data changed, and the English report changed by hand: Korean copies the three
        // kept charts' sections, English makes every section again.
        let latency = folder.appendingPathComponent("data/latency.csv")
        var csv = try String(contentsOf: latency, encoding: .utf8).split(separator: "\n").map(String.init)
        csv[1] = csv[1].split(separator: ",").dropLast().joined(separator: ",") + ",9.99"
        try (csv.joined(separator: "\n") + "\n").write(to: latency, atomically: true, encoding: .utf8)
        let english = folder.appendingPathComponent("o/report.en.html")
        var page = try String(contentsOf: english, encoding: .utf8)
        page = page.replacingOccurrences(of: "<section class=\"cp-chart", with: "<section class=\"cp-chart cp-edited")
        try page.write(to: english, atomically: false, encoding: .utf8)
        try both()
        XCTAssertEqual(try reportWork("o", "ko").made, 1)
        XCTAssertEqual(try reportWork("o", "ko").copied, 3)
        XCTAssertEqual(try reportWork("o", "en").made, 4)
        XCTAssertEqual(try reportWork("o", "en").copied, 0)
        XCTAssertFalse(try String(contentsOf: english, encoding: .utf8).contains("cp-edited"))

        // A chart left out by --only is not copied: its entry is from an earlier run, and its
        // section is made from the pipeline as it is now (its new title).
        try Harness.editPipeline(folder.appendingPathComponent("weekly.pipeline"), charts: ["site-visits": [("title", "Site visits a day")]])
        try both(["--only", "daily-sales"])
        XCTAssertEqual(try reportWork("o", "en").copied, 1)
        XCTAssertEqual(try reportWork("o", "en").made, 3)
        XCTAssertTrue(try String(contentsOf: english, encoding: .utf8).contains("Site visits a day"))
    }
}

/// Each run is compared with the previous one (or `--compare DIR`): the manifest records the
/// baseline and the changes; `--fail-on-change` exits 3; a baseline that cannot be one is refused
/// before anything runs.
final class ComparisonRunTests: XCTestCase {
    func testRunsRecordWhatChangedAndFailOnChange() throws {
        let folder = try Harness.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func write(_ days: Int, revise: Bool = false) throws {
            var rows = "d,v\n"
            for i in 0..<days { rows += "2026-06-\(i + 1 < 10 ? "0" : "")\(i + 1),\(revise && i == 2 ? 99 : 10 + i)\n" }
            try Data(rows.utf8).write(to: folder.appendingPathComponent("d.csv"))
        }
        try write(20)
        try Data(#"{ "version": 1, "name": "t", "stages": [ { "use": "ingest" }, { "use": "trend" } ], "charts": [ { "id": "c", "title": "C", "source": { "path": "d.csv" }, "x": { "field": "d", "type": "time" }, "y": { "field": "v" } } ] }"#.utf8)
            .write(to: folder.appendingPathComponent("t.pipeline"))
        func manifest() throws -> [String: Any] {
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("out/manifest.json"))) as? [String: Any] ?? [:]
        }
        func changes() throws -> [String] {
            let chart = (try manifest()["charts"] as? [[String: Any]])?.first
            return ((chart?["comparison"] as? [String: Any])?["changes"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
        }
        XCTAssertEqual(try Harness.run(["run", "t.pipeline", "--out", "out", "--no-progress"], in: folder).status, 0)
        XCTAssertTrue(((try manifest()["charts"] as? [[String: Any]])?.first?["comparison"]) is NSNull, "a first run has no baseline")
        try Data().write(to: folder.appendingPathComponent("unchanged"))
        XCTAssertEqual(try Harness.run(["run", "t.pipeline", "--out", "out", "--no-progress", "--fail-on-change", "new-points"], in: folder).status, 0)
        XCTAssertEqual(try changes(), [])
        try write(22)
        let grown = try Harness.run(["run", "t.pipeline", "--out", "out", "--no-progress", "--fail-on-change", "new-points,revised"], in: folder)
        XCTAssertEqual(grown.status, 3, grown.stderr)
        // Which chart and change made it exit 3 (issue 31).
        XCTAssertTrue(grown.stderr.contains("exit 3 (--fail-on-change): chart 'c': new-points (series 'v')"), grown.stderr)
        XCTAssertEqual(try changes(), ["new-points", "latest-changed", "new-high"])
        try write(22, revise: true)
        XCTAssertEqual(try Harness.run(["run", "t.pipeline", "--out", "out", "--no-progress", "--fail-on-change", "new-points"], in: folder).status, 0)
        XCTAssertEqual(try changes(), ["revised", "new-high"])
        XCTAssertEqual(try Harness.run(["run", "t.pipeline", "--out", "out", "--no-progress", "--no-compare"], in: folder).status, 0)
        XCTAssertTrue(((try manifest()["charts"] as? [[String: Any]])?.first?["comparison"]) is NSNull)
        let bad = try Harness.run(["run", "t.pipeline", "--out", "out", "--fail-on-change", "new-hihg"], in: folder)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("'new-hihg' is not a kind of change; did you mean 'new-high'?"), bad.stderr)
    }

    /// A chart kept by `--incremental` is still compared with the run's baseline: another folder's
    /// changes are recorded, not none; and a chart whose files state other changes is made again.
    func testAKeptChartIsComparedWithTheBaselineOfThisRun() throws {
        let folder = try Harness.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func write(_ days: Int) throws {
            var rows = "d,v\n"
            for i in 0..<days { rows += "2026-06-\(i + 1 < 10 ? "0" : "")\(i + 1),\(10 + i)\n" }
            try Data(rows.utf8).write(to: folder.appendingPathComponent("d.csv"))
        }
        try Data(#"{ "version": 1, "name": "t", "stages": [ { "use": "ingest" }, { "use": "trend" } ], "charts": [ { "id": "c", "title": "C", "source": { "path": "d.csv" }, "x": { "field": "d", "type": "time" }, "y": { "field": "v" } } ] }"#.utf8)
            .write(to: folder.appendingPathComponent("t.pipeline"))
        func changes() throws -> [String] {
            let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("out/manifest.json"))) as? [String: Any]
            let chart = (manifest?["charts"] as? [[String: Any]])?.first
            return ((chart?["comparison"] as? [String: Any])?["changes"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
        }
        try write(20)
        XCTAssertEqual(try Harness.run(["run", "t.pipeline", "--out", "early", "--no-progress"], in: folder).status, 0)
        try write(22)
        XCTAssertEqual(try Harness.run(["run", "t.pipeline", "--out", "out", "--no-progress", "--incremental", "--compare", "early"], in: folder).status, 0)
        XCTAssertEqual(try changes(), ["new-points", "latest-changed", "new-high"])
        let kept = try Harness.run(["run", "t.pipeline", "--out", "out", "--no-progress", "--incremental", "--compare", "early"], in: folder)
        XCTAssertEqual(kept.status, 0, kept.stderr)
        XCTAssertTrue(kept.stderr.contains("(1 unchanged, kept)"), kept.stderr)
        XCTAssertEqual(try changes(), ["new-points", "latest-changed", "new-high"], "the kept chart against the other folder")
        // Against the previous run (itself) nothing changed, but its files say what changed since `early`: made again.
        let again = try Harness.run(["run", "t.pipeline", "--out", "out", "--no-progress", "--incremental"], in: folder)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertFalse(again.stderr.contains("unchanged, kept"), again.stderr)
        XCTAssertEqual(try changes(), [])
        let still = try Harness.run(["run", "t.pipeline", "--out", "out", "--no-progress", "--incremental"], in: folder)
        XCTAssertTrue(still.stderr.contains("(1 unchanged, kept)"), still.stderr)
        XCTAssertEqual(try changes(), [])
    }

    func testABaselineThatCannotBeOneIsRefusedBeforeAnythingRuns() throws {
        let folder = try Harness.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("d,v\n1,1\n2,2\n".utf8).write(to: folder.appendingPathComponent("d.csv"))
        for name in ["t", "other"] {
            try Data(#"{ "version": 1, "name": "\#(name)", "stages": [ { "use": "ingest" } ], "charts": [ { "id": "c", "title": "C", "source": { "path": "d.csv" }, "x": { "field": "d" }, "y": { "field": "v" } } ] }"#.utf8)
                .write(to: folder.appendingPathComponent("\(name).pipeline"))
        }
        XCTAssertEqual(try Harness.run(["run", "other.pipeline", "--out", "other-out", "--no-progress"], in: folder).status, 0)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("corrupt"), withIntermediateDirectories: true)
        try Data("{ not json".utf8).write(to: folder.appendingPathComponent("corrupt/manifest.json"))
        let cases = [("nowhere", "there is no folder here"), ("corrupt", "is not one chartpipe wrote, or it is damaged"),
                     ("other-out", "holds the output of the pipeline 'other', not of 't'")]
        for (dir, message) in cases {
            let result = try Harness.run(["run", "t.pipeline", "--out", "out", "--compare", dir], in: folder)
            XCTAssertEqual(result.status, 2, dir)
            XCTAssertTrue(result.stderr.contains(message), result.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path), "nothing was written")
        }
    }
}
