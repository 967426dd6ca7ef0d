import ChartpipeJSON
import ChartpipeTestSupport
import Foundation
import XCTest

/// A report over more charts than it makes sections of at once (`ReportPage.batch`, 16): the
/// sections are made on the processors the run has idle and spooled in chart order, so the pages
/// are byte for byte the same with `--jobs 1` and `--jobs 2`, and an incremental run that copies
/// most sections and makes a few writes the pages a full run writes. A report of pages (the
/// default layout): the index links every chart's page in every locale, and an incremental run
/// with one chart changed writes that chart's pages and the index, no other file of the report.
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
        for (name, report) in [("b", #"{ "use": "report", "layout": "single" }"#), ("p", #"{ "use": "report" }"#)] {
            let pipeline = """
                { "version": 1, "name": "batches", "output": "out", "locales": ["en", "ko"],
                  "stages": [ { "use": "ingest" }, { "use": "trend" }, { "use": "describe" }, \(report) ],
                  "charts": [
                  \(entries.joined(separator: ",\n  "))
                  ] }
                """
            try Data(pipeline.utf8).write(to: folder.appendingPathComponent("\(name).pipeline"))
        }
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func write(chart i: Int, shift: Double) throws {
        var rows = "date,value\n"
        for day in 0..<30 {
            rows += String(format: "2026-06-%02d,%.2f\n", day + 1, 50 + Double(i % 7) * Double(day) / 10 + 5 * sin(Double(day + i) / 2) + shift)
        }
        try Data(rows.utf8).write(to: folder.appendingPathComponent(String(format: "data/c%03d.csv", i)))
    }

    func pages(_ out: String, _ jobs: Int, incremental: Bool = false, pipeline: String = "b.pipeline") throws -> [String: Data] {
        let result = try Harness.run(["run", pipeline, "--out", out, "--no-progress", "--no-compare", "--jobs", String(jobs)]
                                     + (incremental ? ["--incremental"] : []), in: folder, environment: ["SOURCE_DATE_EPOCH": "1780000000"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let files = try Harness.files(in: folder.appendingPathComponent(out))
        return files.filter { $0.key.hasPrefix("report.") || $0.key.hasSuffix("/report.en.html") || $0.key.hasSuffix("/report.ko.html") }
    }

    /// The inode of every report file below `out`, by path: a file written again has a new one.
    func inodes(_ out: String) throws -> [String: UInt64] {
        let base = folder.appendingPathComponent(out)
        var result: [String: UInt64] = [:]
        for path in try Harness.files(in: base).keys where path.hasPrefix("report.") || path.contains("/report.") {
            var info = stat()
            XCTAssertEqual(lstat(base.appendingPathComponent(path).path, &info), 0, path)
            result[path] = UInt64(info.st_ino)
        }
        return result
    }

    func testTheIndexLinksEveryPageAndAnIncrementalRunWritesOnlyTheChangedChartsPagesAndTheIndex() throws {
        let first = try pages("p", 1, incremental: true, pipeline: "p.pipeline")
        let ids = (0..<charts).map { String(format: "c%03d", $0) }
        var expected: Set<String> = ["report.en.html", "report.ko.html"]
        for id in ids { for locale in ["en", "ko"] { expected.insert("charts/\(id)/report.\(locale).html") } }
        XCTAssertEqual(Set(first.keys), expected)
        for locale in ["en", "ko"] {
            let index = String(decoding: first["report.\(locale).html"] ?? Data(), as: UTF8.self)
            // Every chart's page, linked in the pipeline's order; no chart's section on the index.
            let links = ids.map { index.range(of: "href=\"charts/\($0)/report.\(locale).html\"")?.lowerBound }
            XCTAssertFalse(links.contains(nil), locale)
            XCTAssertEqual(links.compactMap { $0 }, links.compactMap { $0 }.sorted(), locale)
            XCTAssertFalse(index.contains("class=\"cp-chart"), locale)
            // A page links the index and its neighbours, and holds its chart's section.
            let page = String(decoding: first["charts/c005/report.\(locale).html"] ?? Data(), as: UTF8.self)
            XCTAssertTrue(page.contains("href=\"../../report.\(locale).html\""), locale)
            XCTAssertTrue(page.contains("href=\"../c004/report.\(locale).html\" rel=\"prev\""), locale)
            XCTAssertTrue(page.contains("href=\"../c006/report.\(locale).html\" rel=\"next\""), locale)
            XCTAssertTrue(page.contains("id=\"chart-c005\""), locale)
            XCTAssertEqual(try pagesWork("p", locale).made, charts, locale)
        }
        let before = try inodes("p")

        // One chart changed: its pages and the index are written, every other page is kept.
        try write(chart: 3, shift: 9)
        let again = try pages("p", 2, incremental: true, pipeline: "p.pipeline")
        let after = try inodes("p")
        XCTAssertEqual(Set(after.keys), Set(before.keys))
        let rewritten = Set(after.keys.filter { after[$0] != before[$0] })
        XCTAssertEqual(rewritten, ["report.en.html", "report.ko.html", "charts/c003/report.en.html", "charts/c003/report.ko.html"])
        for locale in ["en", "ko"] {
            XCTAssertEqual(try pagesWork("p", locale).made, 1, locale)
            XCTAssertEqual(try pagesWork("p", locale).kept, charts - 1, locale)
        }
        // What a full run writes, byte for byte.
        XCTAssertEqual(again, try pages("full", 1, pipeline: "p.pipeline"))
        XCTAssertNotEqual(again["charts/c003/report.en.html"], first["charts/c003/report.en.html"])
    }

    func pagesWork(_ out: String, _ locale: String) throws -> (made: Int?, kept: Int?) {
        let cache = try String(contentsOf: folder.appendingPathComponent(out).appendingPathComponent(".chartpipe-cache"), encoding: .utf8)
        let line = try XCTUnwrap(cache.split(separator: "\n").first { $0.hasPrefix("S [\"report\"") }, cache)
        let saved = try JSONParser.parse(Array(line.dropFirst(2).utf8)).arrayValue?.last?["saved"]?[locale]
        return (saved?["made"]?.intValue, saved?["kept"]?.intValue)
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
