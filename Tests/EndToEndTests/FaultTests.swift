import ChartpipeCore
import ChartpipeTestSupport
import Foundation
import XCTest

/// Faults caused, not imagined: full disks (a small tmpfs), kill -9 and double signals at random
/// moments, two runs at once. After each, the manifest never lies — every file it lists matches
/// its size and hash, or it says the run is in progress and which charts are uncertain — and a
/// rerun exits 0 with every file right and nothing left behind.
final class FaultTests: XCTestCase {
    var folder: URL!
    var out: URL { folder.appendingPathComponent("out") }

    override func setUpWithError() throws {
        folder = try Harness.temporaryFolder()
        // Short audio in one format: the faults are in the writing, not in the sound.
        try Harness.copyDemo(into: folder, stages: ["sonify": [("duration", 2), ("formats", ["wav"])]])
    }

    override func tearDownWithError() throws {
        unmountTmpfs()
        try? FileManager.default.removeItem(at: folder)
    }

    // MARK: helpers

    func start(_ extra: [String] = []) throws -> Process {
        let process = Process()
        process.executableURL = Harness.binary
        process.arguments = ["run", "weekly.pipeline", "--no-progress", "--jobs", "2"] + extra
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        // Kept outside the output folder (whose disk a test fills), for the message of a failure.
        FileManager.default.createFile(atPath: stderrPath.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: stderrPath)
        try process.run()
        return process
    }

    var stderrPath: URL { folder.appendingPathComponent("stderr.txt") }

    /// The end of what the last run started said on stderr: a status no test expects says why.
    var lastStderr: String {
        let text = (try? String(contentsOf: stderrPath, encoding: .utf8)) ?? ""
        return String(text.suffix(1_500))
    }

    func runPipeline(_ extra: [String] = []) throws -> Int32 {
        let process = try start(extra)
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// The manifest's promise, checked against the disk. `settled` asks more: a finished run,
    /// every file on disk listed, no journal, no temporary file.
    func assertManifestTells(settled: Bool, _ context: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let path = out.appendingPathComponent("manifest.json")
        guard let data = FileManager.default.contents(atPath: path.path) else {
            XCTAssertFalse(settled, "no manifest: \(context)", file: file, line: line)
            // Killed before the run marked itself: it wrote nothing a manifest should list.
            let charts = (try? FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("charts").path)) ?? []
            XCTAssertTrue(charts.isEmpty, "files but no manifest: \(context)", file: file, line: line)
            return
        }
        let manifest = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any], context, file: file, line: line)
        let status = manifest["status"] as? String ?? ""
        let uncertain = Set(manifest["uncertain"] as? [String] ?? [])
        if settled { XCTAssertEqual(status, "ok", context, file: file, line: line) }
        var listed: Set<String> = []
        func check(_ artifacts: [[String: Any]], certain: Bool) {
            for a in artifacts {
                let p = a["path"] as? String ?? ""
                listed.insert(p)
                guard certain else { continue }
                let bytes = FileManager.default.contents(atPath: out.appendingPathComponent(p).path)
                XCTAssertEqual(bytes?.count, a["bytes"] as? Int, "\(p) (\(status)): \(context)", file: file, line: line)
                XCTAssertEqual(bytes.map { SHA256.hex(Array($0)) }, a["sha256"] as? String, "\(p) (\(status)): \(context)", file: file, line: line)
            }
        }
        for chart in manifest["charts"] as? [[String: Any]] ?? [] {
            check(chart["artifacts"] as? [[String: Any]] ?? [], certain: status != "running" || !uncertain.contains(chart["id"] as? String ?? ""))
        }
        check(manifest["artifacts"] as? [[String: Any]] ?? [], certain: status != "running")
        guard settled else { return }
        var onDisk: Set<String> = []
        for p in try FileManager.default.subpathsOfDirectory(atPath: out.path) {
            var dir: ObjCBool = false
            if FileManager.default.fileExists(atPath: out.appendingPathComponent(p).path, isDirectory: &dir), !dir.boolValue {
                onDisk.insert(p)
            }
        }
        XCTAssertEqual(onDisk.subtracting(["manifest.json", ".chartpipe.lock", ".chartpipe-cache"]), listed, context, file: file, line: line)
    }

    /// The kilobytes the files under `folder` take on a tmpfs, each rounded up to whole 4 KiB pages.
    func pagedKilobytes(_ folder: URL) throws -> Int {
        var total = 0
        for p in try FileManager.default.subpathsOfDirectory(atPath: folder.path) {
            let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(p).path)
            guard attributes[.type] as? FileAttributeType == .typeRegular else { continue }
            let bytes = (attributes[.size] as? NSNumber)?.intValue ?? 0
            total += (bytes + 4095) / 4096 * 4
        }
        return total
    }

    /// A tmpfs of `kilobytes` mounted on the output folder.
    func mountTmpfs(kilobytes: Int) throws {
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let result = try Harness.command(["mount", "-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", out.path])
        XCTAssertEqual(result.status, 0, "mounting a tmpfs needs root, as CI runs: \(result.stderr)")
    }

    func remountTmpfs(kilobytes: Int) throws {
        let result = try Harness.command(["mount", "-o", "remount,size=\(kilobytes)k", out.path])
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    func unmountTmpfs() {
        guard let folder else { return }
        _ = try? Harness.command(["umount", folder.appendingPathComponent("out").path])
    }

    // MARK: full disk

    /// A full disk at random points of a first run and of a rerun: the run stops with status 4 (or
    /// completes, when everything fitted), the manifest never lies, and after every round a repair
    /// rerun with room exits 0 with every listed file matching its size and hash. 3 rounds in
    /// `make test`, 8 in `make test-long`; each round's points come from its printed seed
    /// (`CHARTPIPE_TRIAL_SEED` replays one round).
    func testAFullDiskAtAnyPointLeavesATruthfulManifest() throws {
        let trials = Trials.seeds("FaultTests.fullDisk", quick: 3, long: 8)
        // What the whole run takes on a tmpfs (whole 4 KiB pages per file), measured rather than
        // assumed: the cuts below scale with it, and a repair gets room for the old output plus a
        // new copy of every file beside it.
        XCTAssertEqual(try runPipeline(), 0, "a run with room")
        let need = try pagedKilobytes(out)
        try FileManager.default.removeItem(at: out)
        let repairRoom = 2 * need + 1024
        for (round, seed) in trials.enumerated() {
            var generator = SeededRandom(seed: seed)
            // A first run cut anywhere from its first file to its last, and a rerun left anywhere
            // from a few kilobytes of room to enough.
            let kilobytes = Int.random(in: 16...(need + need / 10), using: &generator)
            let room = Int.random(in: 8...(need + need / 10), using: &generator)
            let context = "round \(round) (CHARTPIPE_TRIAL_SEED=\(seed)): first run in \(kilobytes) KB, rerun with \(room) KB of room"
            try mountTmpfs(kilobytes: kilobytes)
            let status = try runPipeline()
            XCTAssertTrue([0, 4].contains(status), "status \(status), \(context); stderr: \(lastStderr)")
            try assertManifestTells(settled: false, "first run, \(context)")
            try remountTmpfs(kilobytes: repairRoom)
            XCTAssertEqual(try runPipeline(), 0, "repair after the first run, \(context); stderr: \(lastStderr)")
            try assertManifestTells(settled: true, "repair after the first run, \(context)")

            // Now a rerun into a folder filled up to `room` kilobytes of room.
            let filler = out.appendingPathComponent("filler.bin")
            var info = statvfs()
            XCTAssertEqual(statvfs(out.path, &info), 0)
            let fill = Int(info.f_bavail) * Int(info.f_frsize) / 1024 - room
            if fill > 0 { _ = try Harness.command(["fallocate", "-l", "\(fill)k", filler.path]) }
            let rerun = try runPipeline()
            XCTAssertTrue([0, 4].contains(rerun), "status \(rerun) of a rerun, \(context); stderr: \(lastStderr)")
            try? FileManager.default.removeItem(at: filler)
            try assertManifestTells(settled: false, "rerun, \(context)")
            XCTAssertEqual(try runPipeline(), 0, "repair after the rerun, \(context); stderr: \(lastStderr)")
            try assertManifestTells(settled: true, "repair after the rerun, \(context)")
            unmountTmpfs()
            try? FileManager.default.removeItem(at: out)
        }
    }

    /// A disk that fills up while the report is written (its chart pages, then its indexes, are the
    /// last files before the manifest), on a disk sized for everything but the manifest and nine
    /// tenths, half and a fifth of the report: the charts are all written and the run exits 4
    /// as for a chart. The room of the final manifest was set aside before the report's first
    /// file, so in every cut the run ends with its final manifest, which records the report's
    /// failure and lists the report files that were written (a rerun with room is then not refused
    /// for unlisted files), and the folder never lies.
    func testAFullDiskDuringTheReportExits4AndListsTheReportsWritten() throws {
        XCTAssertEqual(try runPipeline(), 0, "a run with room")
        let need = try pagedKilobytes(out)
        let manifestKB = (try FileManager.default.attributesOfItem(atPath: out.appendingPathComponent("manifest.json").path)[.size] as? NSNumber)
            .map { ($0.intValue + 4095) / 4096 * 4 } ?? 0
        let reportKinds: Set<String> = ["report", "report-page"]
        func reportFiles(_ manifest: [String: Any]) -> [String] {
            (manifest["artifacts"] as? [[String: Any]] ?? []).filter { reportKinds.contains($0["kind"] as? String ?? "") }
                .compactMap { $0["path"] as? String }
        }
        let first = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("manifest.json"))) as? [String: Any])
        let reportKB = try reportFiles(first).reduce(0) { total, path in
            let bytes = (try FileManager.default.attributesOfItem(atPath: out.appendingPathComponent(path).path)[.size] as? NSNumber)?.intValue ?? 0
            return total + (bytes + 4095) / 4096 * 4
        }
        XCTAssertGreaterThan(reportKB, 8, "the report's files: \(reportFiles(first))")
        try FileManager.default.removeItem(at: out)
        for tenths in [9, 5, 2] {
            let context = "a full disk with \(tenths)/10 of the report's \(reportKB) KB missing"
            try mountTmpfs(kilobytes: need - manifestKB - reportKB * tenths / 10)
            XCTAssertEqual(try runPipeline(), 4, "\(context): \(lastStderr.suffix(600))")
            try assertManifestTells(settled: false, context)
            let data = try XCTUnwrap(FileManager.default.contents(atPath: out.appendingPathComponent("manifest.json").path), context)
            let manifest = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any], context)
            XCTAssertEqual(manifest["status"] as? String, "failed", "\(context): the run's final manifest, not the one of the run in progress")
            let stages = manifest["stages"] as? [[String: Any]] ?? []
            let report = try XCTUnwrap(stages.first { $0["use"] as? String == "report" }, "\(context): \(stages)")
            XCTAssertEqual(report["status"] as? String, "failed", context)
            XCTAssertEqual((report["error"] as? [String: Any])?["code"] as? String, "output.disk-full", context)
            XCTAssertEqual((manifest["charts"] as? [[String: Any]])?.map { $0["status"] as? String }, ["ok", "ok", "ok", "ok"], context)
            let onDisk = try FileManager.default.subpathsOfDirectory(atPath: out.path)
                .filter { ($0 as NSString).lastPathComponent.hasPrefix("report.") && $0.hasSuffix(".html") }
            XCTAssertEqual(Set(onDisk), Set(reportFiles(manifest)), "\(context): no report file on disk that the manifest does not list")
            XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: out.path).contains { $0.contains(".tmp-") },
                           "\(context): the manifest's room is used, not left behind")
            try remountTmpfs(kilobytes: 2 * need + 1024)
            XCTAssertEqual(try runPipeline(), 0, "\(context): a rerun with room: \(lastStderr.suffix(600))")
            try assertManifestTells(settled: true, "\(context): a rerun with room")
            unmountTmpfs()
            try? FileManager.default.removeItem(at: out)
        }
    }

    // MARK: kills and signals

    /// kill -9 and a double SIGINT at random moments of first runs and reruns: 20 rounds in `make
    /// test`, 60 in `make test-long`. A round's moment comes from its printed seed; a replayed round
    /// (`CHARTPIPE_TRIAL_SEED`) starts from a clean folder rather than the damage of the rounds before.
    func testKillsAndDoubleSignalsAtRandomMomentsNeverLeaveALie() throws {
        let trials = Trials.seeds("FaultTests.kills", quick: 20, long: 60)
        for (round, seed) in trials.enumerated() {
            var generator = SeededRandom(seed: seed)
            let process = try start()
            usleep(UInt32.random(in: 0...700_000, using: &generator))
            if round % 2 == 0 {
                kill(process.processIdentifier, SIGKILL)
            } else {
                kill(process.processIdentifier, SIGINT)
                usleep(UInt32.random(in: 0...5_000, using: &generator))
                kill(process.processIdentifier, SIGINT)
            }
            process.waitUntilExit()
            try assertManifestTells(settled: false, "round \(round) (CHARTPIPE_TRIAL_SEED=\(seed))")
            // Every fifth round repairs; the others leave the next round a damaged folder to start from.
            if round % 5 == 4 {
                let rerun = try Harness.run(["run", "weekly.pipeline", "--no-progress", "--jobs", "2"], in: folder)
                XCTAssertEqual(rerun.status, 0, "rerun after round \(round): \(rerun.stderr)")
                try assertManifestTells(settled: true, "rerun after round \(round)")
            }
        }
    }

    // MARK: two runs

    /// A second run into a folder that a run holds fails at once (2); with --wait it starts when
    /// the first ends.
    func testASecondRunIntoTheSameFolderIsRefusedOrWaits() throws {
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let lock = open(out.appendingPathComponent(".chartpipe.lock").path, O_RDWR | O_CREAT, 0o644)
        XCTAssertEqual(flock(lock, LOCK_EX), 0)
        let refused = try Harness.run(["run", "weekly.pipeline", "--no-progress"], in: folder)
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("another chartpipe run is writing into this output folder"), refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("manifest.json").path))
        let waiting = try start(["--wait"])
        usleep(200_000)
        XCTAssertTrue(waiting.isRunning, "it waits for the lock")
        flock(lock, LOCK_UN)
        close(lock)
        waiting.waitUntilExit()
        XCTAssertEqual(waiting.terminationStatus, 0)
        try assertManifestTells(settled: true, "after waiting")
    }

    /// Two runs started together: one runs, the other is refused; the folder stays true.
    func testTwoRunsAtOnce() throws {
        for _ in 0..<3 {
            let a = try start(), b = try start()
            a.waitUntilExit()
            b.waitUntilExit()
            let statuses = [a.terminationStatus, b.terminationStatus]
            XCTAssertTrue(statuses.allSatisfy { [0, 2].contains($0) } && statuses.contains(0), "\(statuses)")
            try assertManifestTells(settled: true, "two runs at once")
        }
    }

    // MARK: a closed output pipe

    /// Runs chartpipe with stdout and stderr on a pipe whose reader has gone (`| head -1` once it
    /// has its line): its exit status, and whether it ended by itself rather than by a signal.
    func runIntoAClosedPipe(_ arguments: [String]) throws -> (status: Int32, exited: Bool) {
        let process = Process()
        process.executableURL = Harness.binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, process.terminationReason == .exit)
    }

    /// Nobody listening is no reason to stop: the run does its work, writes its manifest and exits
    /// with its normal status, in both log formats; `strings import` says its error to nobody and exits 1.
    func testAClosedOutputPipeDoesNotStopARun() throws {
        for format in ["text", "json"] {
            try? FileManager.default.removeItem(at: out)
            let run = try runIntoAClosedPipe(["run", "weekly.pipeline", "--no-progress", "--log-format", format])
            XCTAssertTrue(run.exited, "\(format): ended by signal \(run.status)")
            XCTAssertEqual(run.status, 0, format)
            try assertManifestTells(settled: true, "a run into a closed pipe, --log-format \(format)")
        }
        // An import that warns (a unit of no key) and then rewrites the catalog.
        let catalog = folder.appendingPathComponent("weekly.xcstrings")
        let po = folder.appendingPathComponent("weekly.ko.po")
        try Data("msgid \"\"\nmsgstr \"Language: ko\\n\"\n\nmsgctxt \"no such key\"\nmsgid \"x\"\nmsgstr \"y\"\n".utf8).write(to: po)
        let before = try FileManager.default.attributesOfItem(atPath: catalog.path)[.systemFileNumber] as? Int
        let imported = try runIntoAClosedPipe(["strings", "import", po.path, catalog.path])
        XCTAssertTrue(imported.exited, "strings import ended by signal \(imported.status)")
        XCTAssertEqual(imported.status, 0)
        XCTAssertNotEqual(try FileManager.default.attributesOfItem(atPath: catalog.path)[.systemFileNumber] as? Int, before,
                          "the catalog was written anew")
        let failed = try runIntoAClosedPipe(["strings", "import", "missing.po", catalog.path])
        XCTAssertTrue(failed.exited, "strings import ended by signal \(failed.status)")
        XCTAssertEqual(failed.status, 1)
    }

    // MARK: a file chartpipe cannot remove

    /// A file of chartpipe's made immutable (`chattr +i`): the rerun cannot replace or remove it, so
    /// the chart fails and the manifest lists the file as a leftover; once it may be changed
    /// again, the next run replaces it, where it used to refuse it as a file no manifest lists.
    func testAFileChartpipeCannotRemoveStaysItsOwn() throws {
        XCTAssertEqual(try runPipeline(), 0, lastStderr)
        let file = out.appendingPathComponent("charts/daily-sales/data.json")
        let locked = try Harness.command(["chattr", "+i", file.path])
        guard locked.status == 0 else { throw XCTSkip("the file system refuses chattr +i: \(locked.stderr)") }
        var immutable = true
        defer { if immutable { _ = try? Harness.command(["chattr", "-i", file.path]) } }
        XCTAssertEqual(try runPipeline(), 1, "the chart whose file cannot be replaced fails: \(lastStderr)")
        let data = try XCTUnwrap(FileManager.default.contents(atPath: out.appendingPathComponent("manifest.json").path))
        let manifest = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual(manifest["leftovers"] as? [String], ["charts/daily-sales/data.json"])
        let chart = (manifest["charts"] as? [[String: Any]] ?? []).first { $0["id"] as? String == "daily-sales" }
        XCTAssertEqual(chart?["status"] as? String, "failed")
        XCTAssertEqual(try runPipeline(), 1, "still immutable, still a leftover: \(lastStderr)")
        XCTAssertEqual(try Harness.command(["chattr", "-i", file.path]).status, 0)
        immutable = false
        XCTAssertEqual(try runPipeline(), 0, "the leftover is replaced: \(lastStderr)")
        try assertManifestTells(settled: true, "after the file could be replaced again")
        let settled = try XCTUnwrap(FileManager.default.contents(atPath: out.appendingPathComponent("manifest.json").path))
        XCTAssertNil((try JSONSerialization.jsonObject(with: settled) as? [String: Any])?["leftovers"])
    }

    // MARK: files chartpipe did not write

    func testAManifestChartpipeDidNotWriteIsNeverReplaced() throws {
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try #"{"mine": true}"#.write(to: out.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
        let result = try Harness.run(["run", "weekly.pipeline", "--no-progress"], in: folder)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("manifest.json that chartpipe did not write"), result.stderr)
        XCTAssertEqual(try String(contentsOf: out.appendingPathComponent("manifest.json"), encoding: .utf8), #"{"mine": true}"#)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.path), ["manifest.json"], "a refused run leaves no lock file")
    }

    func testFilesNoManifestListsAreNeverReplaced() throws {
        let chart = out.appendingPathComponent("charts/daily-sales")
        try FileManager.default.createDirectory(at: chart, withIntermediateDirectories: true)
        try "mine".write(to: chart.appendingPathComponent("data.json"), atomically: true, encoding: .utf8)
        let result = try Harness.run(["run", "weekly.pipeline", "--no-progress"], in: folder)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("'charts/daily-sales/data.json' is in the output folder, but no chartpipe manifest lists it"), result.stderr)
        XCTAssertEqual(try String(contentsOf: chart.appendingPathComponent("data.json"), encoding: .utf8), "mine")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.path), ["charts"], "a refused run leaves no lock file")
    }

    /// A run refused while another holds the folder leaves that run's lock file, which it did not make.
    func testARefusedRunRemovesOnlyTheLockFileItMade() throws {
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let lock = out.appendingPathComponent(".chartpipe.lock")
        FileManager.default.createFile(atPath: lock.path, contents: nil)
        let fd = open(lock.path, O_RDWR)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        XCTAssertEqual(flock(fd, LOCK_EX | LOCK_NB), 0)
        let refused = try Harness.run(["run", "weekly.pipeline", "--no-progress"], in: folder)
        XCTAssertEqual(refused.status, 2, refused.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: lock.path), "the holder's lock file stays")
        flock(fd, LOCK_UN)
        try FileManager.default.removeItem(at: lock)
        try #"{"mine": true}"#.write(to: out.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try Harness.run(["run", "weekly.pipeline", "--no-progress"], in: folder).status, 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: lock.path), "the lock file the refused run made is gone")
    }
}
