import ChartpipeJSON
import ChartpipeTestSupport
import ChartpipeText
import Foundation
import XCTest

/// What changed since the last run, in words, over pairs of runs built from committed data
/// (Fixtures/changes: one chart per case, `before.csv` then `after.csv`): appended days, a revised
/// past value, a new maximum crossing a threshold, a trend turning significant, a series added and
/// one removed, a new minimum crossing a threshold downwards, a trend no longer significant, a
/// decreasing trend starting, values in the tens of billions and millions (read in myriads), gaps
/// filled and a value emptied, an unchanged run. The `changes` layer of every description, its Markdown section,
/// the report's "Since the last run" and `chartpipe diff` match golden files in every locale.
final class ChangesTests: XCTestCase {
    static let cases = ["appended", "revised", "new-high", "trend", "series", "falling", "reversal", "cooling", "myriad", "subscribers",
                        "unchanged"]
    static let locales = ["en", "ja", "ko", "zh-Hans"]
    static let fixtures = Harness.fixtures.appendingPathComponent("changes")
    static let golden = fixtures.appendingPathComponent("golden")

    /// The fixture folder with each case's data as of `name` (`before` or `after`) in `now.csv`.
    static func use(_ name: String, in folder: URL) throws {
        for c in cases {
            let now = folder.appendingPathComponent("\(c)/now.csv")
            try? FileManager.default.removeItem(at: now)
            try FileManager.default.copyItem(at: folder.appendingPathComponent("\(c)/\(name).csv"), to: now)
        }
    }

    /// Two runs, a day apart: the first over `before.csv`, the second over `after.csv` (into the
    /// same folder, so compared with the first); the first run's folder is kept as `first`.
    nonisolated(unsafe) static var pair: URL?
    static func runs() throws -> URL {
        if let pair { return pair }
        let folder = try Harness.temporaryFolder()
        for item in try FileManager.default.contentsOfDirectory(atPath: fixtures.path) where item != "golden" {
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent(item), to: folder.appendingPathComponent(item))
        }
        try use("before", in: folder)
        let first = try Harness.run(["run", "changes.pipeline", "--quiet"], in: folder, environment: ["SOURCE_DATE_EPOCH": "1780272000"])
        XCTAssertEqual(first.status, 0, first.stderr)
        try FileManager.default.copyItem(at: folder.appendingPathComponent("out"), to: folder.appendingPathComponent("first"))
        try use("after", in: folder)
        let second = try Harness.run(["run", "changes.pipeline", "--quiet"], in: folder, environment: ["SOURCE_DATE_EPOCH": "1780358400"])
        XCTAssertEqual(second.status, 0, second.stderr)
        pair = folder
        return folder
    }

    static func json(_ url: URL) throws -> JSONValue { try JSONParser.parse(Array(try Data(contentsOf: url))) }

    /// The Markdown's "Since the last run" section, heading included; nil without one.
    static func section(_ markdown: String, heading: String) -> String? {
        guard let start = markdown.range(of: "## " + heading + "\n") else { return nil }
        let rest = markdown[start.lowerBound...]
        let end = rest.dropFirst(3).range(of: "\n## ")?.lowerBound ?? rest.endIndex
        return String(rest[..<end]) + "\n"
    }

    /// The report's "Since the last run" section; nil without one.
    static func reportSection(_ html: String) -> String? {
        guard let start = html.range(of: #"<section class="cp-changes""#) else { return nil }
        guard let end = html[start.lowerBound...].range(of: "</section>") else { return nil }
        return String(html[start.lowerBound..<end.upperBound]) + "\n"
    }

    func testTheChangesOfEveryCaseInEveryLocaleMatchTheGoldenFiles() throws {
        let out = try Self.runs().appendingPathComponent("out")
        let manifest = try Self.json(out.appendingPathComponent("manifest.json"))
        for c in Self.cases {
            let record = manifest["charts"]?.arrayValue?.first { $0["id"]?.stringValue == c }
            let recorded = record?["comparison"]?["changes"]?.arrayValue?.compactMap { $0["kind"]?.stringValue } ?? []
            for locale in Self.locales {
                let folder = out.appendingPathComponent("charts/\(c)")
                let description = try Self.json(folder.appendingPathComponent("description.\(locale).json"))
                let markdown = try String(contentsOf: folder.appendingPathComponent("description.\(locale).md"), encoding: .utf8)
                let heading = Catalog.embedded.render("describe.heading.changes", locale: locale)
                if c == "unchanged" {
                    XCTAssertEqual(recorded, [])
                    XCTAssertNil(description["changes"], "nothing is said when nothing changed")
                    XCTAssertNil(Self.section(markdown, heading: heading))
                    continue
                }
                let changes = try XCTUnwrap(description["changes"], "\(c) [\(locale)]")
                try Golden.check(JSONWriter().string(changes), Self.golden.appendingPathComponent("\(c)/changes.\(locale).json"))
                let section = try XCTUnwrap(Self.section(markdown, heading: heading), "\(c) [\(locale)]")
                try Golden.check(section, Self.golden.appendingPathComponent("\(c)/changes.\(locale).md"))
                // Every kind worded is one the manifest recorded; every text follows the writing rules.
                for item in changes.arrayValue ?? [] {
                    XCTAssertTrue(recorded.contains(item["kind"]?.stringValue ?? ""), "\(c) [\(locale)]")
                    let text = item["text"]?.stringValue ?? ""
                    for problem in WritingRules.problems(in: text, locale: locale) { XCTFail("\(c) [\(locale)]: \(problem): \(text)") }
                }
            }
        }
    }

    func testTheReportSaysWhatChangedFirstAndPassesAxe() throws {
        let out = try Self.runs().appendingPathComponent("out")
        for locale in Self.locales {
            let html = try String(contentsOf: out.appendingPathComponent("report.\(locale).html"), encoding: .utf8)
            let section = try XCTUnwrap(Self.reportSection(html), locale)
            try Golden.check(section, Self.golden.appendingPathComponent("report.\(locale).html"))
            // At the top of the index: before the list of charts.
            XCTAssertLessThan(html.range(of: "cp-changes")!.lowerBound, html.range(of: #"class="cp-index""#)!.lowerBound)
        }
        // The first run had nothing to compare with: no section.
        let first = try String(contentsOf: Self.runs().appendingPathComponent("first/report.en.html"), encoding: .utf8)
        XCTAssertNil(Self.reportSection(first))
        // The index, and a chart's page that says what changed in its description.
        let reports = Self.locales.flatMap { [ReportTests.report(out, $0), ReportTests.page(out, "appended", $0)] }
        let result = try ReportTests.check(["axe"] + reports)
        for report in reports {
            for state in ["light", "dark"] {
                let entry = try XCTUnwrap(result[report]?[state], "\(report) \(state)")
                XCTAssertEqual(entry["violations"]?.arrayValue?.count, 0,
                               "\(report) \(state): \(JSONWriter().string(entry["violations"] ?? .null))")
            }
        }
    }

    /// `chartpipe diff` of the two runs: the same sentences as text in the user's locale (from
    /// --locale, else LC_ALL, LC_MESSAGES or LANG), or as JSON.
    func testDiffPrintsTheSameChangesInTheUsersLanguage() throws {
        let folder = try Self.runs()
        for locale in Self.locales {
            let result = try Harness.run(["diff", "first", "out", "--locale", locale], in: folder)
            XCTAssertEqual(result.status, 0, result.stderr)
            try Golden.check(result.stdout, Self.golden.appendingPathComponent("diff.\(locale).txt"))
            // Every sentence of the descriptions' layer, and nothing else of a chart's.
            for c in Self.cases where c != "unchanged" {
                let description = try Self.json(folder.appendingPathComponent("out/charts/\(c)/description.\(locale).json"))
                for text in description["changes"]?.arrayValue?.compactMap({ $0["text"]?.stringValue }) ?? [] {
                    XCTAssertTrue(result.stdout.contains("- " + text + "\n"), "\(locale): \(text)")
                }
            }
        }
        let korean = try Harness.run(["diff", "first", "out"], in: folder, environment: ["LC_ALL": "", "LC_MESSAGES": "", "LANG": "ko_KR.UTF-8"])
        XCTAssertEqual(korean.stdout, try Harness.run(["diff", "first", "out", "--locale", "ko"], in: folder).stdout)
        let plain = try Harness.run(["diff", "first", "out"], in: folder, environment: ["LC_ALL": "C", "LANG": "ko_KR.UTF-8"])
        XCTAssertEqual(plain.stdout, try Harness.run(["diff", "first", "out", "--locale", "en"], in: folder).stdout)
        let json = try Harness.run(["diff", "first", "out", "--format", "json"], in: folder)
        XCTAssertEqual(json.status, 0, json.stderr)
        let charts = try JSONParser.parse(Array(json.stdout.utf8))["charts"]?.arrayValue ?? []
        XCTAssertEqual(charts.compactMap { $0["status"]?.stringValue }, Array(repeating: "changed", count: Self.cases.count - 1) + ["unchanged"])
        XCTAssertEqual(charts.first?["changes"]?.arrayValue?.compactMap { $0["kind"]?.stringValue }, ["new-points", "latest-changed"])
        let bad = try Harness.run(["diff", "first", "out", "--format", "yaml"], in: folder)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("--format must be 'text' or 'json', not 'yaml'"), bad.stderr)
    }

    /// A third run over the same data: nothing changed, and the report says so with the date.
    func testAnUnchangedRunSaysNothingChanged() throws {
        let folder = try Harness.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: try Self.runs(), to: folder.appendingPathComponent("pair"))
        let pair = folder.appendingPathComponent("pair")
        let again = try Harness.run(["run", "changes.pipeline", "--quiet", "--fail-on-change", "new-points,revised"], in: pair,
                                    environment: ["SOURCE_DATE_EPOCH": "1780444800"])
        XCTAssertEqual(again.status, 0, again.stderr)
        for locale in Self.locales {
            let html = try String(contentsOf: pair.appendingPathComponent("out/report.\(locale).html"), encoding: .utf8)
            let section = try XCTUnwrap(Self.reportSection(html), locale)
            let date = LocaleFormats(locale: Catalog.embedded.writtenLanguage(for: locale).formattingLocale)
                .date(millis: 1_780_358_400_000, style: .yearMonthDayTime, zone: "UTC")
            let sentence = Catalog.embedded.render("report.changes.none", locale: locale, [.text(date)])
            let text = section.replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression)
            XCTAssertTrue(text.contains(HTML.text(sentence)), "\(text) lacks \(sentence)")
            XCTAssertTrue(section.contains(#"<time datetime="2026-06-02T00:00:00Z">"#), section)
            XCTAssertFalse(section.contains("<li>"), section)
        }
    }
}
