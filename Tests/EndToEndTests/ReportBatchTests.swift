import ChartpipeTestSupport
import Foundation
import XCTest

/// A report over more charts than it makes sections of at once (`ReportPage.batch`, 16): the
/// sections are made on the processors the run has idle and spooled in chart order, so the pages
/// are byte for byte the same with `--jobs 1` and `--jobs 2`, and an incremental run that copies
/// most sections and makes a few writes the pages a full run writes.
final class ReportBatchTests: XCTestCase {
    var folder: URL!
    let charts = 37

    override func setUpWithError() throws {
        folder = try Harness.temporaryFolder()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("data"), withIntermediateDirectories: true)
        var entries: [String] = []
        for i in 0..<charts {
            try write(chart: i, shift: 0)
            let id = String(format: "c%03d", i)
            entries.append(#"{ "id": "\#(id)", "title": "Series \#(i)", "source": { "path": "data/\#(id).csv" }, "x": { "field": "date", "type": "time" }, "y": { "field": "value", "unit": "USD" } }"#)
        }
        let pipeline = """
            { "version": 1, "name": "batches", "output": "out", "locales": ["en", "ko"],
              "stages": [ { "use": "ingest" }, { "use": "trend" }, { "use": "describe" }, { "use": "report" } ],
              "charts": [
              \(entries.joined(separator: ",\n  "))
              ] }
            """
        try Data(pipeline.utf8).write(to: folder.appendingPathComponent("b.pipeline"))
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func write(chart i: Int, shift: Double) throws {
        var rows = "date,value\n"
        for day in 0..<30 {
            rows += String(format: "2026-06-%02d,%.2f\n", day + 1, 50 + Double(i % 7) * Double(day) / 10 + 5 * sin(Double(day + i) / 2) + shift)
        }
        try Data(rows.utf8).write(to: folder.appendingPathComponent(String(format: "data/c%03d.csv", i)))
    }

    func pages(_ out: String, _ jobs: Int, incremental: Bool = false) throws -> [String: Data] {
        let result = try Harness.run(["run", "b.pipeline", "--out", out, "--no-progress", "--no-compare", "--jobs", String(jobs)]
                                     + (incremental ? ["--incremental"] : []), in: folder, environment: ["SOURCE_DATE_EPOCH": "1780000000"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let files = try Harness.files(in: folder.appendingPathComponent(out))
        return files.filter { $0.key.hasPrefix("report.") }
    }

    func testPagesAreTheSameOnOneProcessorAndTwoAndWhenMostSectionsAreCopied() throws {
        let one = try pages("one", 1)
        let two = try pages("two", 2, incremental: true)
        XCTAssertEqual(Set(one.keys), ["report.en.html", "report.ko.html"])
        XCTAssertEqual(one, two)
        let page = String(decoding: one["report.en.html"] ?? Data(), as: UTF8.self)
        // Every chart's section, in the pipeline's order.
        let sections = (0..<charts).map { page.range(of: String(format: "id=\"chart-c%03d\"", $0))?.lowerBound }
        XCTAssertFalse(sections.contains(nil))
        XCTAssertEqual(sections.compactMap { $0 }, sections.compactMap { $0 }.sorted())
        XCTAssertEqual(try reportWork("two", "en").made, charts)

        // Two charts changed, one in each of two batches: the incremental run copies the rest.
        try write(chart: 3, shift: 9)
        try write(chart: 30, shift: -9)
        let full = try pages("one", 1)
        let again = try pages("two", 2, incremental: true)
        XCTAssertEqual(full, again)
        XCTAssertNotEqual(full, one)
        for locale in ["en", "ko"] {
            XCTAssertEqual(try reportWork("two", locale).made, 2, locale)
            XCTAssertEqual(try reportWork("two", locale).copied, charts - 2, locale)
        }
    }

    func reportWork(_ out: String, _ locale: String) throws -> (made: Int?, copied: Int?) {
        try Harness.reportWork(in: folder.appendingPathComponent(out), locale)
    }
}
