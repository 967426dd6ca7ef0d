@testable import ChartpipeCore
import CFileSync
import ChartpipeLock
import Foundation
import Synchronization
import XCTest

final class ArtifactWriterTests: XCTestCase {
    func testRefusesPathsThatLeaveTheOutputFolder() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("chartpipe-writer-\(UUID().uuidString)")
        let writer = ArtifactWriter(root: root.path)
        for bad in ["../x", "/etc/passwd", "charts/../../x", "a//b", "./a"] {
            XCTAssertThrowsError(try writer.write([1], to: bad, kind: "t", locale: nil), bad)
        }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("charts").path, withDestinationPath: "/tmp")
        XCTAssertThrowsError(try writer.write([1], to: "charts/a.txt", kind: "t", locale: nil))
        let entry = try writer.write(Array("ok".utf8), to: "x/y.txt", kind: "t", locale: "ko")
        XCTAssertEqual(entry.bytes, 2)
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("x/y.txt"), encoding: .utf8), "ok")
        try? FileManager.default.removeItem(at: root)
    }

    /// A stream's bytes (`Artifact.bytes`, for one-off commands) are made in a file without a name:
    /// while the stream writes, nothing is in TMPDIR that a killed process would leave.
    func testAStreamRenderedToBytesLeavesNoFileInTMPDIR() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chartpipe-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let probe = cfilesync_open_unnamed(folder.path)
        guard probe >= 0 else { throw XCTSkip("this file system has no unnamed files (O_TMPFILE): a named file is used there") }
        close(probe)
        let previous = ProcessInfo.processInfo.environment["TMPDIR"]
        setenv("TMPDIR", folder.path, 1)
        defer { if let previous { setenv("TMPDIR", previous, 1) } else { unsetenv("TMPDIR") } }
        XCTAssertTrue(NSTemporaryDirectory().hasPrefix(folder.path), "TMPDIR is not what NSTemporaryDirectory reads")
        let seen = Locked<[String]?>(nil)
        let artifact = Artifact(path: "a.txt", kind: "t", content: .stream { sink in
            try sink.write(String(repeating: "chart ", count: 50_000))
            seen.withLock { $0 = try? FileManager.default.contentsOfDirectory(atPath: folder.path) }
        })
        XCTAssertEqual(artifact.bytes, Array(String(repeating: "chart ", count: 50_000).utf8))
        XCTAssertEqual(seen.withLock { $0 }, [], "a named file was in TMPDIR while the stream wrote")
        // A writer that takes the descriptor and seeks, as libsndfile does, leaving the offset
        // mid-file: the whole file comes back.
        let seeking = Artifact(path: "b.bin", kind: "t", content: .stream { sink in
            let fd = sink.fileDescriptor
            XCTAssertEqual(Glibc.write(fd, "HEADxxxxBODY", 12), 12)
            XCTAssertEqual(pwrite(fd, "SIZE", 4, 4), 4)
            XCTAssertEqual(lseek(fd, 2, SEEK_SET), 2)
        })
        XCTAssertEqual(seeking.bytes, Array("HEADSIZEBODY".utf8))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    }

    /// A stream is written into the file as it goes, then read back for its size and hash; a
    /// stream that fails leaves nothing behind.
    func testStreamedContentIsHashedAsWritten() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("chartpipe-writer-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let writer = ArtifactWriter(root: root.path)
        let chunk = [UInt8](repeating: 0x61, count: 100_003)
        let entry = try writer.write(.stream { sink in
            for _ in 0..<7 { try sink.write(chunk) }
            // A library writing through the descriptor (libsndfile rewrites its header) is read back as written.
            _ = lseek(sink.fileDescriptor, 0, SEEK_SET)
            try sink.write(Array("HEAD".utf8))
        }, to: "a/big.bin", kind: "t", locale: nil)
        let expected = Array("HEAD".utf8) + [UInt8](repeating: 0x61, count: 7 * 100_003 - 4)
        XCTAssertEqual(entry.bytes, expected.count)
        XCTAssertEqual(entry.sha256, SHA256.hex(expected))
        struct Boom: Error {}
        XCTAssertThrowsError(try writer.write(.stream { sink in try sink.write(chunk); throw Boom() }, to: "a/bad.bin",
                                              kind: "t", locale: nil))
        let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("a").path)
        XCTAssertEqual(names, ["big.bin"])
    }

    /// A library that wrote through the descriptor says how many bytes it put in the file; a file
    /// that holds fewer (a write lost under it, as libsndfile's MP3 encoder lost one on a full disk)
    /// is never put in place or listed.
    func testAFileThatHoldsFewerBytesThanWrittenIsNotListed() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("chartpipe-writer-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let writer = ArtifactWriter(root: root.path)
        let bytes = [UInt8](repeating: 0x4D, count: 20_000)
        let whole = try writer.write(.stream { sink in
            _ = bytes.withUnsafeBytes { pwrite(sink.fileDescriptor, $0.baseAddress, $0.count, 0) }
            sink.declareSize(bytes.count)
        }, to: "a/whole.mp3", kind: "audio", locale: nil)
        XCTAssertEqual(whole.bytes, bytes.count)
        XCTAssertThrowsError(try writer.write(.stream { sink in
            // The encoder wrote 20,000 bytes, but the bytes from 16,384 on never reached the file.
            _ = bytes.withUnsafeBytes { pwrite(sink.fileDescriptor, $0.baseAddress, 16_384, 0) }
            sink.declareSize(bytes.count)
        }, to: "a/short.mp3", kind: "audio", locale: nil)) { error in
            XCTAssertEqual((error as? ChartError)?.code, "output.write-failed", "\(error)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("a").path), ["whole.mp3"])
    }

    /// The journal hook is called before a file is renamed into place, so that a run killed
    /// between the two never leaves a file that no manifest or journal lists (the next run would
    /// refuse to replace it: FaultTests met this once in 30 kills).
    func testAFileIsJournaledBeforeItIsInPlace() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("chartpipe-writer-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let seen = Locked<[String: Bool]>([:])
        let writer = ArtifactWriter(root: root.path) { path in
            let inPlace = FileManager.default.fileExists(atPath: root.path + "/" + path)
            seen.withLock { $0[path] = inPlace }
        }
        _ = try writer.write(Array("one".utf8), to: "a/one.txt", kind: "t", locale: nil)
        try writer.write([Artifact(path: "two.txt", kind: "t", bytes: Array("two".utf8))], into: "b") { _ in }
        XCTAssertEqual(seen.withLock { $0 }, ["a/one.txt": false, "b/two.txt": false])
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.path + "/a/one.txt"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.path + "/b/two.txt"))
    }

    /// A chart's files written on two processors (`WorkerBudget.split`): every file in place is
    /// reported, in the batch's order, and then the first failure by order is thrown; the failed
    /// files leave nothing behind, and no file is begun after a failure. On one processor, the
    /// files after a failure are not written.
    func testABatchOnTwoProcessorsReportsWhatIsInPlaceInOrderThenTheFirstFailure() throws {
        struct Boom: Error {}
        for idle in [0, 1] {
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("chartpipe-writer-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: root) }
            let writer = ArtifactWriter(root: root.path)
            let artifacts = (0..<6).map { i in
                Artifact(path: "f\(i).txt", kind: "t", content: .stream { sink in
                    if i == 2 || i == 4 { throw ChartError("broken \(i)", code: "test.broken") }
                    for _ in 0..<50 { try sink.write(Array(repeating: UInt8(0x30 + i), count: 1000)) }
                })
            }
            var reported: [String] = []
            let budget = WorkerBudget(idle: idle)
            XCTAssertThrowsError(try WorkerBudget.$current.withValue(budget) {
                try writer.write(artifacts, into: "c") { reported.append($0.path) }
            }) { error in
                XCTAssertEqual((error as? ChartError)?.message, "broken 2", "idle \(idle)")
            }
            XCTAssertEqual(budget.idleCount, idle)
            let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("c").path).sorted()
            if idle == 0 {
                XCTAssertEqual(reported, ["c/f0.txt", "c/f1.txt"])
            } else {
                // Every file before the first failure is written; f3 may have been begun before f2 failed.
                XCTAssertEqual(budget.lentCount, 1)
                XCTAssertTrue([["c/f0.txt", "c/f1.txt"], ["c/f0.txt", "c/f1.txt", "c/f3.txt"]].contains(reported), "\(reported)")
            }
            XCTAssertEqual(names, reported.map { String($0.dropFirst(2)) }, "idle \(idle): on disk is what was reported")
        }
    }

    /// More files than a window (`ArtifactWriter.window`): every file is in place with its bytes
    /// and hash, in order; with a failure in the second window, the files before it are in place
    /// and reported in order, none after it is, and no temporary file is left, on one processor
    /// and on two.
    func testFilesBeyondOneWindowAreWrittenInOrderAndAFailureStopsTheRest() throws {
        let count = ArtifactWriter.window * 2 + 5
        for failing in [nil, ArtifactWriter.window + 3] as [Int?] {
            for idle in [0, 1] {
                let root = FileManager.default.temporaryDirectory.appendingPathComponent("chartpipe-writer-\(UUID().uuidString)")
                defer { try? FileManager.default.removeItem(at: root) }
                let writer = ArtifactWriter(root: root.path)
                let artifacts = (0..<count).map { i in
                    i % 2 == 0
                        ? Artifact(path: "f\(i).txt", kind: "t", content: .bytes(Array("file \(i)".utf8)))
                        : Artifact(path: "f\(i).txt", kind: "t", content: .stream { sink in
                            if i == failing { throw ChartError("broken \(i)", code: "test.broken") }
                            try sink.write(Array("file \(i)".utf8))
                        })
                }
                var reported: [ManifestArtifact] = []
                let budget = WorkerBudget(idle: idle)
                do {
                    try WorkerBudget.$current.withValue(budget) { try writer.write(artifacts, into: "c") { reported.append($0) } }
                    XCTAssertNil(failing, "idle \(idle)")
                } catch {
                    XCTAssertEqual((error as? ChartError)?.message, "broken \(failing ?? -1)", "idle \(idle)")
                }
                let placed = failing ?? count
                XCTAssertEqual(reported.map(\.path), (0..<placed).map { "c/f\($0).txt" }, "idle \(idle), failing \(String(describing: failing))")
                let folder = root.appendingPathComponent("c").path
                XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).sorted(),
                               (0..<placed).map { "f\($0).txt" }.sorted(), "nothing else on disk, no temporary file")
                for entry in reported {
                    let bytes = try [UInt8](Data(contentsOf: root.appendingPathComponent(entry.path)))
                    XCTAssertEqual(SHA256.hex(bytes), entry.sha256, entry.path)
                    XCTAssertEqual(bytes.count, entry.bytes, entry.path)
                    XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "file " + entry.path.dropFirst(3).dropLast(4), entry.path)
                }
                XCTAssertEqual(budget.idleCount, idle)
            }
        }
    }

    /// A folder swapped for a symbolic link to somewhere else while files are written into it:
    /// openat with O_NOFOLLOW on every component means no write ever lands outside.
    func testASymbolicLinkSwappedInDuringWritesNeverLeadsOut() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("chartpipe-swap-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let root = base.appendingPathComponent("out"), outside = base.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("charts/a"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let writer = ArtifactWriter(root: root.path)
        let chart = root.appendingPathComponent("charts/a").path, parked = root.appendingPathComponent("charts/parked").path
        let done = Atomic<Bool>(false)
        let swapper = Thread {
            var stray = 0
            while !done.load(ordering: .relaxed) {
                // Swap the real folder out and a link to `outside` in, then back.
                rename(chart, parked)
                symlink(outside.path, chart)
                usleep(50)
                unlink(chart)
                // The writer may have made a folder of its own in the gap: move it aside, inside the output.
                if rename(parked, chart) != 0 {
                    stray += 1
                    rename(chart, chart + "-stray-\(stray)")
                    rename(parked, chart)
                }
            }
        }
        swapper.start()
        var refused = 0, i = 0
        // Until the swapper has been caught in the act a few times (so the test is not vacuous).
        while refused < 5, i < 20_000 {
            do { _ = try writer.write(Array("\(i)".utf8), to: "charts/a/f\(i).txt", kind: "t", locale: nil) } catch { refused += 1 }
            i += 1
        }
        done.store(true, ordering: .relaxed)
        while !swapper.isFinished { usleep(1000) }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside.path), [], "a write went through the link")
        XCTAssertEqual(refused, 5, "the swapper should have been caught in the act")
    }

    /// The run cache reads back what it wrote (negative device numbers, paths with spaces, stage
    /// state), and a damaged or other-version cache is ignored as a whole.
    func testTheRunCacheRoundTripsAndRefusesWhatItDidNotWrite() throws {
        let a = FileIdentity(device: UInt64.max, inode: 12, size: 3, modified: 1_780_272_000_123_456_789, changed: -5,
                             sha256: String(repeating: "a", count: 64))
        let b = FileIdentity(device: 2049, inode: 0, size: 0, modified: 0, changed: 0, sha256: String(repeating: "b", count: 64))
        // The extremes of the numbers as written (a device or inode above Int64.max is written negative).
        let c = FileIdentity(device: 1 << 63, inode: UInt64(Int64.max), size: Int64.max, modified: Int64.min, changed: 7,
                             sha256: String(repeating: "c", count: 64))
        let cache = RunCache(files: ["charts/x y/data.json": a, "report.en.html": b, "charts/온도/data.json": c], inputs: ["/data/in put.csv": b],
                             stages: ["report": .object([("en", .array([.int(1), .string("t")]))])])
        let read = try XCTUnwrap(RunCache(bytes: cache.bytes))
        XCTAssertEqual(read.files, cache.files)
        XCTAssertEqual(read.inputs, cache.inputs)
        XCTAssertEqual(read.stages, cache.stages)
        // Written in a given order (the manifest's) as well as sorted: the same cache is read.
        var ordered = cache
        ordered.order = ["report.en.html", "charts/x y/data.json", "charts/온도/data.json"]
        XCTAssertNotEqual(ordered.bytes, cache.bytes)
        XCTAssertEqual(RunCache(bytes: ordered.bytes)?.files, cache.files)
        var other = cache.bytes
        other.replaceSubrange(0..<RunCache.header.utf8.count, with: Array("chartpipe-cache 9 ".utf8))
        XCTAssertNil(RunCache(bytes: other))
        XCTAssertNil(RunCache(bytes: Array(cache.bytes.dropLast(40))))
        XCTAssertNil(RunCache(bytes: Array(cache.bytes.prefix(cache.bytes.count - 100)) + Array(cache.bytes.suffix(67))))
        var edited = cache.bytes
        edited[30] = edited[30] == UInt8(ascii: "a") ? UInt8(ascii: "b") : UInt8(ascii: "a")
        XCTAssertNil(RunCache(bytes: edited))
    }
}
