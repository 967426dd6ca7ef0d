import ChartpipeCore
import ChartpipeTestSupport
import ChartpipeText
import Foundation
import XCTest
import ChartpipeJSON

/// The demo pipeline end to end: every text it writes, in every locale, follows the writing rules
/// of SPEC §5, and its descriptions match golden files that were read line by line.
final class DemoTests: XCTestCase {
    static let charts = ["daily-sales", "site-visits", "request-latency", "battery-level"]
    static let locales = ["en", "zh-Hans", "ko", "ja"]
    static let golden = Harness.fixtures.appendingPathComponent("demo")

    /// Runs the demo once for every test of this class.
    nonisolated(unsafe) static var output: URL?
    static func demo() throws -> URL {
        if let output { return output }
        let folder = try Harness.temporaryFolder()
        let result = try Harness.run(["run", "pipelines/weekly.pipeline", "--out", folder.path, "--quiet"],
                                     environment: ["SOURCE_DATE_EPOCH": "1780272000"])
        XCTAssertEqual(result.status, 0, result.stderr)
        output = folder
        return folder
    }

    func testEveryTextFollowsTheWritingRules() throws {
        let out = try Self.demo()
        var checked = 0
        for chart in Self.charts {
            let folder = out.appendingPathComponent("charts/\(chart)")
            for locale in Self.locales {
                var texts: [String] = []
                let description = try JSONParser.parse(Array(try Data(contentsOf: folder.appendingPathComponent("description.\(locale).json"))))
                let axchart = try JSONParser.parse(Array(try Data(contentsOf: folder.appendingPathComponent("axchart.\(locale).json"))))
                Self.collect(description, into: &texts)
                Self.collect(axchart, into: &texts)
                texts.append(try String(contentsOf: folder.appendingPathComponent("description.\(locale).md"), encoding: .utf8))
                let vtt = try String(contentsOf: folder.appendingPathComponent("audio.\(locale).vtt"), encoding: .utf8)
                texts += vtt.split(separator: "\n").map(String.init).filter { !$0.contains("-->") && !$0.hasPrefix("series-") && $0 != "WEBVTT" }
                // Cues follow each other without overlapping.
                var lastEnd = ""
                for timing in vtt.split(separator: "\n") where timing.contains(" --> ") {
                    let parts = timing.components(separatedBy: " --> ")
                    XCTAssertLessThanOrEqual(lastEnd, parts[0], "\(chart) [\(locale)] cue at \(parts[0]) starts before the last one ends")
                    XCTAssertLessThan(parts[0], parts[1])
                    lastEnd = parts[1]
                }
                // Every cue, the last of each series included, stays up long enough to be read.
                for timing in vtt.split(separator: "\n") where timing.contains(" --> ") {
                    let parts = timing.components(separatedBy: " --> ").map(Self.seconds)
                    XCTAssertGreaterThanOrEqual(parts[1] - parts[0], 0.1, "\(chart) [\(locale)] \(timing)")
                }
                for text in texts {
                    for problem in WritingRules.problems(in: text, locale: locale) {
                        XCTFail("\(chart) [\(locale)]: \(problem): \(text.prefix(200))")
                    }
                    checked += 1
                }
                // The x axis is described before the y axis, in the layers and in the AXChart file.
                XCTAssertEqual(description["axes"]?.arrayValue?.map { $0["axis"]?.stringValue }, ["x", "y"], "\(chart) [\(locale)]")
                let keys = axchart.objectValue?.map(\.0) ?? []
                XCTAssertLessThan(keys.firstIndex(of: "xAxis") ?? 99, keys.firstIndex(of: "yAxis") ?? -1)
                XCTAssertEqual(description["locale"]?.stringValue, locale)
            }
        }
        XCTAssertGreaterThan(checked, 2000)
    }

    /// description.<locale>.md of every demo chart against its golden file
    /// (CHARTPIPE_RECORD=1 rewrites them; read every changed line before committing).
    func testDescriptionsMatchTheGoldenFiles() throws {
        let out = try Self.demo()
        for chart in Self.charts {
            for locale in Self.locales {
                let name = "\(chart)/description.\(locale).md"
                let actual = try String(contentsOf: out.appendingPathComponent("charts/\(name)"), encoding: .utf8)
                try Golden.check(actual, Self.golden.appendingPathComponent(name), name: name)
            }
        }
    }

    /// `make demo`'s two runs: the day before (generate.py --day-before, beside a copy of the
    /// pipeline), then the committed data. Each chart gained a day, and says so in every locale.
    func testTheDayBeforeAndTodaySayWhatChanged() throws {
        let folder = try Harness.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["weekly.pipeline", "weekly.xcstrings", "plugins"] {
            try FileManager.default.copyItem(at: Harness.root.appendingPathComponent("pipelines/\(name)"), to: folder.appendingPathComponent(name))
        }
        let generate = Process()
        generate.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        generate.arguments = ["python3", Harness.root.appendingPathComponent("pipelines/data/generate.py").path, "--day-before",
                              folder.appendingPathComponent("data").path]
        try generate.run()
        generate.waitUntilExit()
        XCTAssertEqual(generate.terminationStatus, 0)
        let out = folder.appendingPathComponent("out")
        let before = try Harness.run(["run", folder.appendingPathComponent("weekly.pipeline").path, "--out", out.path, "--quiet"],
                                     environment: ["SOURCE_DATE_EPOCH": "1780185600"])
        XCTAssertEqual(before.status, 0, before.stderr)
        let today = try Harness.run(["run", "pipelines/weekly.pipeline", "--out", out.path, "--quiet", "--fail-on-change", "new-points"],
                                    environment: ["SOURCE_DATE_EPOCH": "1780272000"])
        XCTAssertEqual(today.status, 3, "every chart has new points: \(today.stderr)")
        for chart in Self.charts {
            for locale in Self.locales {
                let description = try JSONParser.parse(Array(try Data(contentsOf: out.appendingPathComponent("charts/\(chart)/description.\(locale).json"))))
                let changes = description["changes"]?.arrayValue ?? []
                XCTAssertTrue(changes.contains { $0["kind"] == "new-points" }, "\(chart) [\(locale)]")
                for text in changes.compactMap({ $0["text"]?.stringValue }) {
                    for problem in WritingRules.problems(in: text, locale: locale) { XCTFail("\(chart) [\(locale)]: \(problem): \(text)") }
                }
            }
        }
        let report = try String(contentsOf: out.appendingPathComponent("report.en.html"), encoding: .utf8)
        XCTAssertTrue(report.contains(#"<h2 id="cp-changes-title">Since the last run</h2>"#))
        XCTAssertTrue(report.contains(#"<time datetime="2026-05-31T00:00:00Z">"#), "the day before's run")
        XCTAssertTrue(report.contains("North on August 31 was $2,028.80, 12.1% above August 30 ($1,810.15)."), "daily-sales gained August 31")
        XCTAssertTrue(report.contains("North reached $2,028.80 on August 31, a new high for the series since June 1; the previous high was $2,019.54."))
    }

    func testEveryChartHasEveryArtifact() throws {
        let out = try Self.demo()
        let manifest = try JSONParser.parse(Array(try Data(contentsOf: out.appendingPathComponent("manifest.json"))))
        for chart in manifest["charts"]?.arrayValue ?? [] {
            let paths = Set((chart["artifacts"]?.arrayValue ?? []).compactMap { $0["path"]?.stringValue })
            let id = chart["id"]?.stringValue ?? ""
            var expected = ["data.json", "trend.json", "audio.wav", "audio.mp3", "table.csv", "table.xlsx", "history.json"]
            for l in Self.locales {
                expected += ["description.\(l).json", "description.\(l).md", "axchart.\(l).json", "navigation.\(l).json", "audio.\(l).vtt",
                             "chart.\(l).svg", "chart.\(l).narrow.svg", "table.\(l).html"]
            }
            // The weekday plugin runs for daily-sales only (pipelines/plugins/chartpipe-stage-weekday).
            if id == "daily-sales" { expected.append("plugin.weekday.json") }
            XCTAssertEqual(paths, Set(expected.map { "charts/\(id)/\($0)" }), id)
        }
    }

    /// The weekday plugin's sentences (pipelines/plugins) reach description.<locale>.json (its
    /// `notes` layer), the Markdown, the first audio cue, and plugin.weekday.json for the report.
    func testThePythonPluginsSentencesReachEveryLayer() throws {
        let folder = try Self.demo().appendingPathComponent("charts/daily-sales")
        let notes = try JSONParser.parse(Array(try Data(contentsOf: folder.appendingPathComponent("plugin.weekday.json"))))
        for locale in Self.locales {
            let sentences = notes["sentences"]?[locale]?.arrayValue?.compactMap(\.stringValue) ?? []
            XCTAssertEqual(sentences.count, 3, locale)
            let description = try JSONParser.parse(Array(try Data(contentsOf: folder.appendingPathComponent("description.\(locale).json"))))
            XCTAssertEqual(description["notes"]?.arrayValue?.compactMap { $0["text"]?.stringValue }, sentences, locale)
            XCTAssertEqual(description["notes"]?.arrayValue?.first?["plugin"], "weekday")
            let markdown = try String(contentsOf: folder.appendingPathComponent("description.\(locale).md"), encoding: .utf8)
            let cues = try String(contentsOf: folder.appendingPathComponent("audio.\(locale).vtt"), encoding: .utf8)
            let firstCue = cues.components(separatedBy: "\n\n")[1]
            // The report, in the chart's own section on its page.
            let report = try String(contentsOf: folder.appendingPathComponent("report.\(locale).html"), encoding: .utf8)
            let section = try XCTUnwrap(report.components(separatedBy: #"<section class="cp-chart" id="chart-daily-sales""#).dropFirst().first?
                .components(separatedBy: "</section>").first, locale)
            for sentence in sentences {
                XCTAssertTrue(markdown.contains("- " + sentence + "\n"), "\(locale): \(sentence)")
                // WebVTT escapes '<' (in "p < 0.001").
                XCTAssertTrue(firstCue.contains(sentence.replacingOccurrences(of: "<", with: "&lt;")), "\(locale): \(sentence)")
                XCTAssertTrue(section.contains(HTML.text(sentence)), "report.\(locale).html: \(sentence)")
            }
        }
        // The other charts did not run the plugin.
        let visits = try JSONParser.parse(Array(try Data(contentsOf: Self.demo().appendingPathComponent("charts/site-visits/description.en.json"))))
        XCTAssertNil(visits["notes"])
    }

    /// Every series' braille line reaches the report, behind its disclosure, in every locale.
    func testTheReportShowsEachSeriesShapeInBraille() throws {
        let demo = try Self.demo()
        for locale in Self.locales {
            let report = try Self.charts.map {
                try String(contentsOf: demo.appendingPathComponent("charts/\($0)/report.\(locale).html"), encoding: .utf8)
            }.joined()
            for chart in Self.charts {
                let description = try JSONParser.parse(Array(try Data(contentsOf: demo.appendingPathComponent("charts/\(chart)/description.\(locale).json"))))
                let lines = description["series"]?.arrayValue?.compactMap { $0["braille"]?.stringValue } ?? []
                XCTAssertFalse(lines.isEmpty, "\(chart) \(locale)")
                for line in lines {
                    XCTAssertTrue(line.unicodeScalars.allSatisfy { (0x2800...0x28FF).contains($0.value) }, line)
                    XCTAssertTrue(report.contains("<p>\(line)</p>"), "\(chart) \(locale): \(line)")
                }
            }
            XCTAssertTrue(report.contains(#"<details class="cp-braille">"#), locale)
        }
    }

    /// description.json and each chart's report page say which layout the chart stage drew (issue 32).
    func testTheDescriptionAndTheReportSayWhichLayoutWasDrawn() throws {
        let demo = try Self.demo()
        for locale in Self.locales {
            for chart in Self.charts {
                let folder = demo.appendingPathComponent("charts/\(chart)")
                let description = try JSONParser.parse(Array(try Data(contentsOf: folder.appendingPathComponent("description.\(locale).json"))))
                let svg = try String(contentsOf: folder.appendingPathComponent("chart.\(locale).svg"), encoding: .utf8)
                let drawn = try XCTUnwrap(description["layout"]?["drawn"]?.stringValue, "\(chart) \(locale)")
                XCTAssertTrue(svg.contains("data-layout=\"\(drawn)\""), "\(chart) \(locale)")
                let text = try XCTUnwrap(description["layout"]?["text"]?.stringValue)
                let report = try String(contentsOf: folder.appendingPathComponent("report.\(locale).html"), encoding: .utf8)
                XCTAssertTrue(report.contains(#"<p class="cp-layout" data-layout="\#(drawn)">\#(text)</p>"#), "\(chart) \(locale): \(text)")
            }
        }
    }

    /// Seconds of a WebVTT timestamp such as 00:00:08.250.
    static func seconds(_ stamp: String) -> Double {
        stamp.split(separator: ":").reduce(0.0) { $0 * 60 + (Double($1) ?? 0) }
    }

    /// Texts of a description or AXChart file: titles, summaries, sentences and labels.
    static func collect(_ value: JSONValue, into texts: inout [String]) {
        switch value {
        case let .object(members):
            for (key, member) in members {
                if ["title", "summary", "text", "label", "name", "description"].contains(key), let s = member.stringValue {
                    texts.append(s)
                } else if key == "statistics", let items = member.arrayValue {
                    texts += items.compactMap(\.stringValue)
                }
                collect(member, into: &texts)
            }
        case let .array(items):
            for item in items { collect(item, into: &texts) }
        default:
            break
        }
    }
}
