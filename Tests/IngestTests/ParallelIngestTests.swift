import ChartpipeCore
import Foundation
@testable import Ingest
import XCTest

/// One large file read in chunks by several readers (`ChunkedStream`) gives what one reader gives:
/// every observation, count, warning and error, whatever the chunk size. Work is counted (chunks
/// read, chunks a record ran into, whether the file was read again), never timed.
final class ParallelIngestTests: XCTestCase {
    private let s = Scratch()

    /// Everything a read gives, in a form that compares gaps (NaN) by their bits.
    private struct Outcome: Equatable, CustomStringConvertible {
        var series: [Int32] = []
        var x: [UInt64] = []
        var y: [UInt64] = []
        var record: [Int] = []
        var line: [Int32] = []
        var error: String?
        var errorCode: String?
        var recordsRead = 0
        var recordsSkipped = 0
        var warnings: [String] = []
        var seriesNames: [String] = []
        var categories: [String] = []

        var description: String {
            "\(y.count) values, records \(recordsRead), skipped \(recordsSkipped), error \(error ?? "none"), warnings \(warnings)"
        }
    }

    private struct Work {
        var chunksRead = 0
        var chunksReadOn = 0
        var fellBack = false
        var workers = 1
    }

    private func outcome(_ chart: ChartSpec, _ ingest: Ingest) -> (Outcome, Work) {
        var o = Outcome()
        var work = Work()
        do {
            let stream = try ingest.openStream(chart: chart)
            defer {
                o.recordsRead = stream.recordsRead
                o.recordsSkipped = stream.recordsSkipped
                o.warnings = stream.warnings.map { "\($0)" }
                o.seriesNames = stream.seriesNames
                o.categories = stream.categories
                if let chunked = stream as? ChunkedStream<CSVObservationStream> {
                    work = Work(chunksRead: chunked.chunksRead, chunksReadOn: chunked.chunksReadOn, fellBack: chunked.fellBack,
                                workers: chunked.workers)
                } else if let chunked = stream as? ChunkedStream<JSONObservationStream> {
                    work = Work(chunksRead: chunked.chunksRead, chunksReadOn: chunked.chunksReadOn, fellBack: chunked.fellBack,
                                workers: chunked.workers)
                }
            }
            do {
                while let batch = try stream.next() {
                    XCTAssertLessThanOrEqual(batch.count, ingest.batchSize + chart.y.fields.count)
                    o.series += batch.series
                    o.x += batch.x.map(\.bitPattern)
                    o.y += batch.y.map(\.bitPattern)
                    o.record += batch.record
                    o.line += batch.line
                }
            } catch let error as ChartError {
                o.error = "\(error)"
                o.errorCode = error.code.rawValue
            }
        } catch {
            o.error = "at open: \(error)"
        }
        return (o, work)
    }

    /// Reads `chart` with one reader, then in chunks of each size with 3 readers; every read must
    /// give the same. Returns the work of the chunked reads.
    @discardableResult
    private func assertSame(_ chart: ChartSpec, chunkSizes: [Int] = [1, 7, 29, 64, 257, 1024, 4096], batchSize: Int = 65_536,
                            limits: IngestLimits = .standard, file: StaticString = #filePath, line: UInt = #line) -> [Work] {
        let (serial, _) = outcome(chart, Ingest(batchSize: batchSize, limits: limits))
        // A read that fails hands on its batches up to the one with the error, which the chart then
        // drops: one reader and chunks may hand on different lengths of the same values before it.
        // One reader with batches of one value hands on all of them.
        let before = serial.error == nil ? serial : outcome(chart, Ingest(batchSize: 1, limits: limits)).0
        var works: [Work] = []
        for size in chunkSizes {
            var ingest = Ingest(batchSize: batchSize, limits: limits)
            ingest.parallel = ParallelIngest(workers: 3, minBytes: 1, chunkBytes: size)
            var (chunked, work) = outcome(chart, ingest)
            if serial.error != nil {
                XCTAssertEqual(before.error, serial.error, file: file, line: line)
                let n = chunked.y.count
                XCTAssertLessThanOrEqual(n, before.y.count, "values before the error", file: file, line: line)
                guard n <= before.y.count,
                      chunked.series == Array(before.series.prefix(n)), chunked.x == Array(before.x.prefix(n)),
                      chunked.y == Array(before.y.prefix(n)), chunked.record == Array(before.record.prefix(n)),
                      chunked.line == Array(before.line.prefix(n)) else {
                    XCTFail("chunks of \(size) bytes: the values before the error are not those one reader reads", file: file, line: line)
                    continue
                }
                let m = serial.y.count
                (chunked.series, chunked.x, chunked.y, chunked.record, chunked.line) = (serial.series, serial.x, serial.y, serial.record, serial.line)
                XCTAssertEqual(Array(before.y.prefix(m)), serial.y, file: file, line: line)
            }
            if chunked != serial {
                XCTFail("chunks of \(size) bytes: \(chunked) instead of \(serial)", file: file, line: line)
                if let i = zip(chunked.y.indices, zip(chunked.y, serial.y)).first(where: { $0.1.0 != $0.1.1 })?.0 {
                    XCTFail("first difference at value \(i)", file: file, line: line)
                }
            }
            works.append(work)
        }
        return works
    }

    /// A 64-bit linear congruential generator with Knuth's MMIX constants (TAOCP vol. 2, §3.3.4),
    /// its high bits used, so that the generated files are the same on every run.
    private struct Mix {
        var state: UInt64
        mutating func below(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
    }

    /// Rows of time, two numbers and a note; notes are quoted and hold delimiters, doubled quotes
    /// and line breaks (LF or CRLF) now and then.
    private func generated(rows: Int, seed: UInt64, newline: String = "\n", bad: Set<Int> = [], quotedNotes: Bool = true) -> String {
        var mix = Mix(state: seed)
        var text = "t,a,note,b" + newline
        for i in 0..<rows {
            let time = "2024-01-\(String(format: "%02d", 1 + i / 1440 % 28))T\(String(format: "%02d:%02d", i / 60 % 24, i % 60)):00Z"
            let a = bad.contains(i) ? "x\(i)" : String(Double(mix.below(100_000)) / 100)
            let b = mix.below(20) == 0 ? "" : String(mix.below(1000))
            var note = "n\(i)"
            if quotedNotes {
                switch mix.below(8) {
                case 0: note = "\"line one\(newline)line two, \"\"quoted\"\"\(newline)\(newline)end\""
                case 1: note = "\"a,b\""
                case 2: note = "\"\(newline)\""
                case 3: note = "5\" screen"
                default: break
                }
            }
            text += "\(mix.below(30) == 0 ? "\"\(time)\"" : time),\(a),\(note),\(b)\(newline)"
        }
        return text
    }

    private func csv(_ name: String, _ text: String, onError: SourceSpec.OnError = .fail) -> ChartSpec {
        chart(s.file(name, text), y: ["a", "b"], onError: onError)
    }

    func testQuotedLineBreaksReadTheSameInChunks() {
        let works = assertSame(csv("q.csv", generated(rows: 600, seed: 1)))
        XCTAssertTrue(works.allSatisfy { !$0.fellBack && $0.workers == 3 })
        XCTAssertGreaterThan(works[3].chunksRead, 10, "64-byte chunks")
        // Some chunk starts fall inside a quoted note: the reader before reads on through them.
        XCTAssertGreaterThan(works.map(\.chunksReadOn).reduce(0, +), 0)
    }

    func testCRLFAndAByteOrderMark() {
        let text = "\u{FEFF}" + generated(rows: 400, seed: 2, newline: "\r\n")
        let works = assertSame(csv("crlf.csv", text))
        XCTAssertTrue(works.allSatisfy { !$0.fellBack })
        XCTAssertGreaterThan(works[2].chunksRead, 10)
    }

    func testOneRecordLargerThanManyChunks() {
        let huge = String(repeating: "long text, with \"\"quotes\"\"\nand lines\r\n", count: 2_000)
        let text = "t,a,note,b\n2024-01-01T00:00:00Z,1,x,2\n2024-01-01T00:01:00Z,3,\"\(huge)\",4\n" + generated(rows: 50, seed: 3).dropFirst(11)
        let works = assertSame(csv("huge.csv", text), chunkSizes: [64, 1000, 10_000])
        XCTAssertGreaterThan(works[0].chunksReadOn, 1000, "the record runs through the 64-byte chunks after it")
        XCTAssertTrue(works.allSatisfy { !$0.fellBack })
    }

    func testBadRowsAtEveryChunkStartWhenFailingOrSkipping() {
        let text = generated(rows: 500, seed: 4, bad: [3, 77, 78, 200, 333, 499])
        let failing = assertSame(csv("bad.csv", text))
        XCTAssertTrue(failing.allSatisfy(\.fellBack), "the first error is found by one reader")
        let skipping = assertSame(csv("skip.csv", text, onError: .skip))
        // Skipped rows merge without reading again: more than five, so the summary counts them all.
        XCTAssertTrue(skipping.allSatisfy { !$0.fellBack })
        let (serial, _) = outcome(csv("skip.csv", text, onError: .skip), Ingest())
        XCTAssertEqual(serial.recordsSkipped, 6)
        XCTAssertEqual(serial.warnings.count, 6)
        XCTAssertTrue(serial.warnings[0].hasPrefix("skip.csv:"), serial.warnings[0])
    }

    func testMalformedInputInALaterChunk() {
        let base = generated(rows: 300, seed: 5, quotedNotes: false)
        // A closing quote followed by text, an unclosed quote at the end, bytes that are not UTF-8.
        assertSame(csv("syntax.csv", base + "2024-02-01T00:00:00Z,\"1\"x,n,2\n" + base.dropFirst(11)))
        assertSame(csv("syntax-skip.csv", base + "2024-02-01T00:00:00Z,\"1\"x,n,2\n" + base.dropFirst(11), onError: .skip))
        assertSame(csv("unclosed.csv", base + "2024-02-01T00:00:00Z,1,\"never closed\n2024-02-01T00:01:00Z,2,n,3\n"))
        var bytes = Array((base + base.dropFirst(11)).utf8)
        bytes[bytes.count - 100] = 0xFF
        let works = assertSame(chart(s.file("latin.csv", bytes), y: ["a", "b"]))
        XCTAssertTrue(works.allSatisfy(\.fellBack))
        assertSame(csv("short.csv", base + "2024-02-01T00:00:00Z,1\n" + base.dropFirst(11)))
    }

    func testLimitsCountOverTheWholeFile() {
        let text = generated(rows: 400, seed: 6)
        let works = assertSame(csv("points.csv", text), limits: IngestLimits(maxPoints: 555))
        XCTAssertTrue(works.allSatisfy(\.fellBack))
        assertSame(csv("field.csv", text), limits: IngestLimits(maxFieldBytes: 30))
        assertSame(csv("columns.csv", text + "2024-03-01T00:00:00Z,1,2,3,4,5\n"), limits: IngestLimits(maxColumns: 5))
    }

    func testSmallBatchesHeaderlessFilesSkippedLinesAndTabs() {
        let text = generated(rows: 300, seed: 7)
        assertSame(csv("batches.csv", text), chunkSizes: [16, 300], batchSize: 7)
        let rows = text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(separator: "\n")
        let headerless = chart(s.file("nohead.csv", "first line\nsecond \"line\n" + rows), x: "1", y: ["2", "4"], header: false, skipRows: 2)
        let works = assertSame(headerless)
        XCTAssertGreaterThan(works[4].chunksRead, 3)
        let tabs = text.replacingOccurrences(of: ",", with: "\t")
        assertSame(chart(s.file("tabs.tsv", tabs), y: ["a", "b"]))
        assertSame(chart(s.file("comma.csv", text.replacingOccurrences(of: ".", with: ",")
            .replacingOccurrences(of: ",", with: ";")), y: ["a", "b"], delimiter: 0x3B, decimal: ","))
    }

    func testRepeatedWallClockTimesInALaterChunk() {
        var text = "t,a,note,b\n"
        for day in 24...26 {
            for hour in 0..<24 {
                for minute in stride(from: 0, to: 60, by: 10) {
                    text += "2026-10-\(day)T\(String(format: "%02d:%02d", hour, minute)),1,n,2\n"
                    if day == 25, hour == 2 { text += "2026-10-25T02:\(String(format: "%02d", minute)),3,again,4\n" }
                }
            }
        }
        let path = s.file("dst.csv", text)
        let works = assertSame(chart(path, zone: "Europe/Berlin", y: ["a", "b"]))
        XCTAssertTrue(works.contains(where: \.fellBack), "a repeat placed by order after the first chunk is read by one reader")
        assertSame(chart(path, zone: "Europe/Berlin", y: ["a", "b"], ambiguous: .later))
    }

    func testLongDataAndCategoriesAreReadByOneReader() {
        var text = "t,s,v\n"
        for i in 0..<200 { text += "2024-01-01T00:\(String(format: "%02d", i % 60)):00Z,s\(i % 7),\(i)\n" }
        let path = s.file("long.csv", text)
        let works = assertSame(chart(path, series: "s"))
        XCTAssertTrue(works.allSatisfy { $0.chunksRead == 0 && $0.workers == 1 })
        assertSame(chart(path, x: "s", type: .category))
    }

    func testJSONLines() {
        var mix = Mix(state: 9)
        var text = "\u{FEFF}"
        for i in 0..<500 {
            switch mix.below(20) {
            case 0: text += "\n"
            case 1: text += "  \r\n"
            default: break
            }
            let t = "2024-01-01T00:00:\(String(format: "%02d", i % 60))Z"
            text += "{\"t\": \"\(t)\", \"a\": \(mix.below(1000)), \"b\": \(mix.below(10) == 0 ? "null" : String(mix.below(9))), \"note\": \"x\\ny \(i)\"}\r\n"
        }
        let lines = chart(s.file("l.jsonl", text), y: ["a", "b"])
        let works = assertSame(lines)
        XCTAssertTrue(works.allSatisfy { !$0.fellBack })
        XCTAssertGreaterThan(works[3].chunksRead, 10)
        XCTAssertEqual(works.map(\.chunksReadOn).reduce(0, +), 0, "a line feed always ends a record")
        let bad = text + "{\"t\": \"2024-02-01T00:00:00Z\", \"a\": \"many\", \"b\": 1}\n42\n" + text.dropFirst()
        assertSame(chart(s.file("bad.jsonl", bad), y: ["a", "b"]))
        let skipping = assertSame(chart(s.file("skip.jsonl", bad), y: ["a", "b"], onError: .skip))
        // "record N is the number 42" names the record's index: read again by one reader.
        XCTAssertTrue(skipping.contains(where: \.fellBack))
        assertSame(chart(s.file("syntax.jsonl", text + "{\"t\": \n" + text.dropFirst()), y: ["a", "b"]))
        assertSame(chart(s.file("fields.jsonl", "\n\n\n" + text.dropFirst()), y: ["a", "c"]))
    }

    /// csv-spectrum through the chunked path: every file, each column as x and the others as y,
    /// read the same in chunks of every size.
    func testCSVSpectrumInChunks() throws {
        let root = suites.appendingPathComponent("csv-spectrum/csvs")
        let names = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".csv") }.sorted()
        XCTAssertEqual(names.count, 12)
        var chunked = 0
        for name in names {
            let path = root.appendingPathComponent(name).path
            let columns = try Ingest.preview(source: SourceSpec(path: path, displayPath: name, format: .csv), rows: 1).columns
            for (k, x) in columns.enumerated() {
                for type in [XType.number, .time] {
                    var others = columns
                    others.remove(at: k)
                    for onError in [SourceSpec.OnError.fail, .skip] {
                        let works = assertSame(chart(path, x: x, type: type, y: others, onError: onError), chunkSizes: [1, 2, 5, 16])
                        chunked += works.map(\.chunksRead).reduce(0, +) + works.map(\.chunksReadOn).reduce(0, +)
                    }
                }
            }
        }
        XCTAssertGreaterThan(chunked, 100)
    }

    /// The readers come from the run's budget: the processors of `--jobs` no chart holds.
    func testReadersBorrowIdleProcessorsAndGiveThemBack() throws {
        let path = s.file("budget.csv", generated(rows: 400, seed: 10))
        var ingest = Ingest()
        ingest.parallel = ParallelIngest(minBytes: 1, chunkBytes: 512)
        let spec = chart(path, y: ["a", "b"])
        let (serial, _) = outcome(spec, Ingest())

        let busy = WorkerBudget(idle: 0)
        let (alone, aloneWork) = WorkerBudget.$current.withValue(busy) { outcome(spec, ingest) }
        XCTAssertEqual(alone, serial)
        XCTAssertEqual(aloneWork.workers, 1)
        XCTAssertEqual(aloneWork.chunksRead + aloneWork.chunksReadOn, 0, "no idle processor: one reader")

        let budget = WorkerBudget(idle: 1)
        let (split, work) = WorkerBudget.$current.withValue(budget) { outcome(spec, ingest) }
        XCTAssertEqual(split, serial)
        XCTAssertEqual(work.workers, 2)
        XCTAssertGreaterThan(work.chunksRead, 5)
        // The borrowed processor comes back when its thread has no chunk left (it ends soon after
        // the last one; this waits for that, it does not time it).
        var waited = 0
        while budget.idleCount != 1, waited < 10_000 { usleep(1_000); waited += 1 }
        XCTAssertEqual(budget.idleCount, 1)

        // Outside a run, and without workers set, one reader.
        let (outside, outsideWork) = outcome(spec, ingest)
        XCTAssertEqual(outside, serial)
        XCTAssertEqual(outsideWork.workers, 1)
        XCTAssertEqual(outsideWork.chunksRead, 0)
    }

    func testSmallFilesStaySerial() {
        var ingest = Ingest()
        ingest.parallel = ParallelIngest(workers: 4)
        let (_, work) = outcome(csv("small.csv", generated(rows: 300, seed: 11)), ingest)
        XCTAssertEqual(work.workers, 1)
        XCTAssertEqual(work.chunksRead, 0)
    }

    /// Many threads at once over one file (run under ThreadSanitizer by `make sanitize`).
    func testManyThreadsReadChunksOfOneFile() {
        let spec = csv("threads.csv", generated(rows: 2_000, seed: 12))
        let (serial, _) = outcome(spec, Ingest())
        var ingest = Ingest()
        ingest.parallel = ParallelIngest(workers: 8, minBytes: 1, chunkBytes: 2_000)
        let (chunked, work) = outcome(spec, ingest)
        XCTAssertEqual(chunked, serial)
        XCTAssertEqual(work.workers, 8)
        XCTAssertGreaterThan(work.chunksRead, 20)
    }
}
