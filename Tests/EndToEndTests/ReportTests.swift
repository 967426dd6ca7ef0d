import ChartpipeJSON
import ChartpipeTestSupport
import ChartpipeText
import Foundation
import XCTest

/// The report stage end to end, in headless chromium (Tests/Python/check_report.py): the demo's
/// reports pass axe-core in every locale and scheme, the keys step through a chart with the
/// description's own labels in the live region, every fact is there without JavaScript, CJK text
/// is drawn with glyphs, hostile text stays text, and previews still show every chart.
final class ReportTests: XCTestCase {
    static let epoch = ["SOURCE_DATE_EPOCH": "1780272000"]

    static func report(_ out: URL, _ locale: String) -> String { out.appendingPathComponent("report.\(locale).html").path }
    /// A chart's page of a report of pages (the default layout).
    static func page(_ out: URL, _ chart: String, _ locale: String) -> String {
        out.appendingPathComponent("charts/\(chart)/report.\(locale).html").path
    }

    static func check(_ arguments: [String]) throws -> JSONValue {
        let result = try TestPython.run("check_report.py", arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        return try JSONParser.parse(Array(result.stdout.utf8))
    }

    static func json(_ url: URL) throws -> JSONValue { try JSONParser.parse(Array(try Data(contentsOf: url))) }

    /// A sentence of the shipped catalogs, as the report writes it.
    static func words(_ key: String, _ locale: String, _ arguments: [TemplateArgument] = []) -> String {
        Catalog.embedded.render(key, locale: locale, arguments)
    }

    /// The index and a chart's page in every locale.
    func testDemoReportsHaveNoAxeViolationsInEitherScheme() throws {
        let out = try DemoTests.demo()
        let reports = DemoTests.locales.flatMap { [Self.report(out, $0), Self.page(out, "daily-sales", $0)] }
        let result = try Self.check(["axe"] + reports)
        for report in reports {
            for state in ["light", "light-open", "dark", "dark-open"] {
                let entry = try XCTUnwrap(result[report]?[state], "\(report) \(state)")
                XCTAssertNil(entry["error"], "\(report) \(state)")
                XCTAssertEqual(entry["violations"]?.arrayValue?.count, 0,
                               "\(report) \(state): \(JSONWriter().string(entry["violations"] ?? .null))")
                XCTAssertGreaterThan(entry["passes"]?.intValue ?? 0, 30, "axe ran its rules on \(report) \(state)")
            }
        }
    }

    /// Right, End, Home, Page Down and the next-peak key, in English and Korean: the live region
    /// holds exactly the labels of description.<locale>.json, and the focus marker moves.
    func testKeysStepThroughAChartWithTheDescriptionsLabels() throws {
        let out = try DemoTests.demo()
        for locale in ["en", "ko"] {
            let description = try Self.json(out.appendingPathComponent("charts/battery-level/description.\(locale).json"))
            let points = description["series"]?.arrayValue?.first?["points"]?.arrayValue ?? []
            let label = { (p: JSONValue?) in p?["label"]?.stringValue ?? "" }
            let first = try XCTUnwrap(points.first), last = try XCTUnwrap(points.last)
            // Page Down from the first point: the next segment's start; then the next peak after it.
            let starts = description["navigation"]?["segmentStarts"]?["entries"]?.arrayValue ?? []
            let segment = try XCTUnwrap(starts.first { ($0["index"]?.intValue ?? -1) > (first["index"]?.intValue ?? 0) })
            let peaks = description["navigation"]?["peaks"]?["entries"]?.arrayValue ?? []
            let peak = try XCTUnwrap(peaks.first { ($0["index"]?.intValue ?? -1) > (segment["index"]?.intValue ?? 0) })
            let expected = [label(first), label(last), label(first), label(segment), label(peak), label(nextPoint(after: peak, in: points))]
            let result = try Self.check(["keys", Self.page(out, "battery-level", locale), "battery-level", "Right", "End", "Home", "PageDown", "p", "Right"])
            XCTAssertEqual(result["focused"], .bool(true))
            XCTAssertEqual(result["role"], "application")
            XCTAssertEqual(result["politeRegions"], .array(["series", "point"]))
            let presses = result["presses"]?.arrayValue ?? []
            XCTAssertEqual(presses.map { $0["point"]?.stringValue ?? "" }, expected, locale)
            // The marker moves with every press and sits at a different place for different points.
            let markers = presses.map { $0["marker"]?.arrayValue?.compactMap(\.doubleValue) ?? [] }
            XCTAssertTrue(markers.allSatisfy { $0.count == 2 }, "\(markers)")
            XCTAssertEqual(markers[0], markers[2], "Right from nothing and Home both go to the first point")
            XCTAssertNotEqual(markers[0], markers[1])
            XCTAssertNotEqual(markers[3], markers[4])
            XCTAssertLessThan(markers[0][0], markers[1][0], "the last point is right of the first")
        }
    }

    /// The first charted point after a navigation entry (which may lie between charted points).
    func nextPoint(after entry: JSONValue, in points: [JSONValue]) -> JSONValue? {
        points.first { ($0["index"]?.intValue ?? -1) > (entry["index"]?.intValue ?? 0) }
    }

    /// Several series: Down goes to the next series at the nearest point and says which series;
    /// the crossing key jumps along threshold crossings and crossovers in time order; End then
    /// Right at the end of a series says the last label again.
    func testSeriesAndCrossingsInBothLanguages() throws {
        let out = try DemoTests.demo()
        for locale in ["en", "ko"] {
            let description = try Self.json(out.appendingPathComponent("charts/daily-sales/description.\(locale).json"))
            let series = description["series"]?.arrayValue ?? []
            let north = series[0]["points"]?.arrayValue ?? [], south = series[1]["points"]?.arrayValue ?? []
            let start = try XCTUnwrap(north.first), startX = start["x"]?.stringValue ?? ""
            let southFirst = try XCTUnwrap(south.first)
            XCTAssertEqual(southFirst["x"]?.stringValue, startX, "both series start on the same day")
            var crossings: [(x: String, series: Int, index: Int, label: String)] = []
            for name in ["thresholdCrossings", "crossovers"] {
                for e in description["navigation"]?[name]?["entries"]?.arrayValue ?? [] {
                    crossings.append((e["x"]?.stringValue ?? "", e["seriesIndex"]?.intValue ?? 0, e["index"]?.intValue ?? 0, e["label"]?.stringValue ?? ""))
                }
            }
            crossings.sort { ($0.x, $0.series, $0.index) < ($1.x, $1.series, $1.index) }
            // ISO 8601 instants in UTC compare as text.
            let crossing = try XCTUnwrap(crossings.first { $0.x > startX || ($0.x == startX && $0.series > 1) })
            let result = try Self.check(["keys", Self.page(out, "daily-sales", locale), "daily-sales", "Right", "Down", "c", "End", "Right"])
            let presses = result["presses"]?.arrayValue ?? []
            let crossedSeries = series[crossing.series]["points"]?.arrayValue ?? []
            XCTAssertEqual(presses.map { $0["point"]?.stringValue ?? "" },
                           [start["label"]?.stringValue ?? "", southFirst["label"]?.stringValue ?? "", crossing.label,
                            crossedSeries.last?["label"]?.stringValue ?? "", crossedSeries.last?["label"]?.stringValue ?? ""], locale)
            let names = series.map { $0["name"]?.stringValue ?? "" }
            let seriesSaid = presses.map { $0["series"]?.stringValue ?? "" }
            XCTAssertEqual(seriesSaid[0], Self.words("report.series.position", locale, [.text(names[0]), .integer(1), .integer(4)]))
            XCTAssertEqual(seriesSaid[1], Self.words("report.series.position", locale, [.text(names[1]), .integer(2), .integer(4)]))
            XCTAssertTrue(seriesSaid[2].hasPrefix(names[crossing.series]), seriesSaid[2])
        }
    }

    /// Sound that follows the keys and keys that read on demand, in English and Korean: each move
    /// asks for the point's tone at the audio graph's pitch (C3 to C6 over the fixed range 0–100 %)
    /// and pan, the series' highest and lowest points add their earcon; M mutes and unmutes; T, X, Y
    /// and W read the title and summary, the axes and the position; Space plays on from the point,
    /// tone after tone, faster after ] ], and any navigation key stops it. The braille field holds
    /// the series' line with the caret on the focused point's cell, B moves into it and back, the
    /// keys work there; L switches to terse labels (x and value) and back, remembered on reload.
    func testTonesFollowTheKeysAndTheReadingKeysSpeak() throws {
        let out = try DemoTests.demo()
        for locale in ["en", "ko"] {
            let description = try Self.json(out.appendingPathComponent("charts/battery-level/description.\(locale).json"))
            let series = try XCTUnwrap(description["series"]?.arrayValue?.first)
            let points = series["points"]?.arrayValue ?? []
            let ys = points.map { $0["y"]?.doubleValue }
            let index = { (k: Int) in points[k]["index"]?.intValue ?? -1 }
            let label = { (k: Int) in points[k]["label"]?.stringValue ?? "" }
            let finite = ys.indices.filter { ys[$0] != nil }
            let highest = try XCTUnwrap(finite.max { (ys[$0] ?? 0, $1) < (ys[$1] ?? 0, $0) })
            let lowest = try XCTUnwrap(finite.min { (ys[$0] ?? 0, $0) < (ys[$1] ?? 0, $1) })
            let last = points.count - 1
            let presses = ["Right", "End", "Home", "m", "Right", "m", "Right", "t", "x", "y", "w",
                           "Space", "Wait", "Escape", "Wait", "]", "]", "Space", "Wait", "Right", "Wait",
                           "Home", "b", "Right", "b", "l", "Right", "w", "Reload", "Right", "l"]
            let result = try Self.check(["keys", Self.page(out, "battery-level", locale), "battery-level"] + presses)
            let heard = (result["presses"]?.arrayValue ?? []).map { $0["tones"]?.arrayValue ?? [] }
            let said = (result["presses"]?.arrayValue ?? []).map { $0["point"]?.stringValue ?? "" }
            XCTAssertEqual(heard.count, presses.count)
            /// The tones a single move to point k asks for: its tone, then an earcon at an extreme.
            func move(_ tones: [JSONValue], to k: Int, _ context: String) {
                let y = ys[k] ?? .nan
                // sonify's PitchMap: 130.81 Hz × 2^(log2(1046.5 / 130.81) × position), over the chart's range 0–100.
                let pitch = 130.81 * exp2(log2(1046.5 / 130.81) * y / 100)
                XCTAssertEqual(tones.first?["kind"], "point", context)
                XCTAssertEqual(tones.first?["index"]?.intValue, index(k), context)
                XCTAssertEqual(tones.first?["step"], .null, context)
                XCTAssertEqual(tones.first?["frequency"]?.doubleValue ?? 0, pitch, accuracy: pitch * 1e-9, context)
                let extreme = k == highest ? "high" : k == lowest ? "low" : nil
                XCTAssertEqual(tones.count, extreme == nil ? 1 : 2, context)
                if let extreme {
                    XCTAssertEqual(tones.last?["kind"], "earcon", context)
                    XCTAssertEqual(tones.last?["extreme"]?.stringValue, extreme, context)
                    XCTAssertEqual(tones.last?["frequency"]?.doubleValue ?? 0, pitch * (extreme == "high" ? 2 : 1.5), accuracy: pitch * 1e-9, context)
                }
            }
            move(heard[0], to: 0, "\(locale) Right")
            move(heard[1], to: last, "\(locale) End")
            move(heard[2], to: 0, "\(locale) Home")
            // Pan follows x: hard left at the first point, hard right at the last (one series spans the x axis).
            XCTAssertEqual(heard[0].first?["pan"]?.doubleValue, 0)
            XCTAssertEqual(heard[1].first?["pan"]?.doubleValue, 1)
            XCTAssertEqual(said[3], Self.words("report.sound.off", locale))
            XCTAssertEqual(heard[3], [], "M asks for no tone")
            XCTAssertEqual(said[4], label(1))
            XCTAssertEqual(heard[4], [], "muted: a move is silent")
            XCTAssertEqual(said[5], Self.words("report.sound.on", locale))
            move(heard[6], to: 2, "\(locale) Right unmuted")
            // The reading keys.
            let title = description["title"]?.stringValue ?? "", summary = description["summary"]?.stringValue ?? ""
            XCTAssertEqual(said[7], Self.words("report.read.title", locale, [.text(title), .text(summary)]))
            let axes = description["axes"]?.arrayValue ?? []
            let axis = { (name: String) in axes.first { $0["axis"]?.stringValue == name }?["text"]?.stringValue }
            XCTAssertEqual(said[8], try XCTUnwrap(axis("x")))
            XCTAssertEqual(said[9], try XCTUnwrap(axis("y")))
            let announce = Self.words("report.series.position", locale, [.text(series["name"]?.stringValue ?? ""), .integer(1), .integer(1)])
            XCTAssertEqual(said[10], Self.words("report.position", locale, [.text(announce), .text(label(2))]))
            XCTAssertEqual(heard[7] + heard[8] + heard[9] + heard[10], [], "reading asks for no tone")
            // Space: tone after tone from the focused point, at 0.25 s a tone; Escape stops it.
            let first = heard[11] + heard[12] + heard[13]
            XCTAssertGreaterThanOrEqual(first.count, 2, "\(locale): Space plays on")
            let played = first.filter { $0["kind"] == "point" }
            XCTAssertEqual(played.map { $0["index"]?.intValue ?? -1 }, Array((2..<(2 + played.count)).map(index)), locale)
            XCTAssertTrue(played.allSatisfy { $0["step"]?.doubleValue == 0.25 }, "\(played)")
            XCTAssertEqual(heard[14], [], "\(locale): nothing plays after Escape")
            XCTAssertEqual(said[15], Self.words("report.sound.speed", locale, [.text("2")]))
            XCTAssertEqual(said[16], Self.words("report.sound.speed", locale, [.text("4")]))
            // At speed 4 from where it stopped; Right stops it and moves on.
            let fast = (heard[17] + heard[18] + heard[19]).filter { $0["step"] != .null && $0["kind"] == "point" }
            XCTAssertGreaterThanOrEqual(fast.count, 2, locale)
            XCTAssertEqual(fast.first?["index"]?.intValue, played.last?["index"]?.intValue, "\(locale): plays on from the point it stopped at")
            XCTAssertTrue(fast.allSatisfy { $0["step"]?.doubleValue == 0.0625 }, "\(fast)")
            let moved = heard[19].filter { $0["step"] == .null && $0["kind"] == "point" }
            XCTAssertEqual(moved.count, 1, "\(locale): Right plays its own tone")
            XCTAssertEqual(heard[20], [], "\(locale): nothing plays after Right")
            // Braille: the line of description.<locale>.json, the caret on the cell of each point.
            let braille = (result["presses"]?.arrayValue ?? []).map { $0["braille"] ?? .null }
            let line = series["braille"]?.stringValue ?? ""
            let cell = { (k: Int) in BrailleSparkline.cell(position: k, count: points.count) }
            XCTAssertEqual(braille[1]["value"]?.stringValue, line)
            XCTAssertEqual(braille[1]["caret"]?.intValue, cell(last))
            XCTAssertEqual(braille[21]["caret"]?.intValue, 0)
            XCTAssertNotEqual(cell(last), 0)
            XCTAssertEqual(braille[22]["focused"], .bool(true), "B moves into the braille field")
            XCTAssertEqual(said[23], label(1), "Right in the braille field moves the chart")
            XCTAssertEqual(braille[23]["caret"]?.intValue, cell(1))
            XCTAssertEqual(braille[24]["focused"], .bool(false), "B goes back to the chart")
            XCTAssertNotEqual(braille.indices.map { (result["presses"]?.arrayValue ?? [])[$0]["marker"] ?? .null }[24], .null,
                              "the chart has the focus again")
            // Verbosity: terse labels are x and value, remembered when the page is loaded again.
            XCTAssertEqual(said[25], Self.words("report.verbosity.terse", locale))
            let terse = try XCTUnwrap(said[26].split(separator: ",").first.map(String.init))
            XCTAssertTrue(label(2).hasPrefix(terse), "\(said[26]) is the start of \(label(2))")
            XCTAssertLessThan(said[26].count, label(2).count)
            XCTAssertEqual(said[27], Self.words("report.position", locale, [.text(announce), .text(label(2))]), "W says the full label")
            XCTAssertNotEqual(said[29], label(0), "terse after reloading the page")
            XCTAssertTrue(label(0).hasPrefix(try XCTUnwrap(said[29].split(separator: ",").first.map(String.init))), said[29])
            XCTAssertEqual(said[30], Self.words("report.verbosity.full", locale))
        }
    }

    /// Navigation lists per series: in a chart of 16 series whose description lists end at 100
    /// entries (in the fourth series), "next peak" in the 16th series goes to its first peak after
    /// the point (trend.json's), and from its end "previous peak" and "previous valley" reach the last
    /// ones, past the 20 entries a series the page's model holds (read on demand).
    func testNextPeakWorksInTheSixteenthSeries() throws {
        let out = try Harness.temporaryFolder()
        let run = try Harness.run(["run", "Tests/EndToEndTests/Fixtures/report/many-series.pipeline", "--out", out.path, "--quiet"],
                                  environment: Self.epoch)
        XCTAssertEqual(run.status, 0, run.stderr)
        let folder = out.appendingPathComponent("charts/stations")
        let trend = try Self.json(folder.appendingPathComponent("trend.json"))
        let last = try XCTUnwrap(trend["series"]?.arrayValue?.last)
        let indices = { (name: String) in (last[name]?.arrayValue ?? []).compactMap { $0["index"]?.intValue } }
        let peaks = indices("peaks"), valleys = indices("valleys")
        XCTAssertGreaterThan(peaks.count, 20, "more peaks than the page's model holds for a series")
        for locale in ["en", "ko"] {
            let description = try Self.json(folder.appendingPathComponent("description.\(locale).json"))
            let listed = description["navigation"]?["peaks"]?["entries"]?.arrayValue ?? []
            XCTAssertEqual(listed.count, 100)
            XCTAssertFalse(listed.contains { $0["seriesIndex"]?.intValue == 15 }, "the description's peaks end before the 16th series")
            // The labels of the 16th series' entries, as describe wrote them for every series.
            let navigation = try Self.json(folder.appendingPathComponent("navigation.\(locale).json"))
            func label(_ list: String, _ index: Int) -> String? {
                let entries = (navigation["lists"]?[list]?.arrayValue ?? []).compactMap(\.arrayValue)
                return entries.first { $0.count == 5 && $0[0].intValue == 15 && $0[1].intValue == index }?[4].stringValue
            }
            let presses = ["Right"] + Array(repeating: "Down", count: 15) + ["p", "End", "Shift+P", "Shift+V"]
            let result = try Self.check(["keys", Self.page(out, "stations", locale), "stations"] + presses)
            let said = (result["presses"]?.arrayValue ?? []).map { $0["point"]?.stringValue ?? "" }
            let seriesSaid = (result["presses"]?.arrayValue ?? []).map { $0["series"]?.stringValue ?? "" }
            XCTAssertEqual(seriesSaid[15], Self.words("report.series.position", locale,
                                                      [.text(description["series"]?.arrayValue?.last?["name"]?.stringValue ?? ""), .integer(16), .integer(16)]))
            let firstPeak = try XCTUnwrap(peaks.first { $0 > 0 })
            XCTAssertEqual(said[16], try XCTUnwrap(label("peaks", firstPeak)), locale)
            XCTAssertEqual(said[18], try XCTUnwrap(label("peaks", try XCTUnwrap(peaks.last))), locale)
            XCTAssertEqual(said[19], try XCTUnwrap(label("valleys", try XCTUnwrap(valleys.last { $0 < (peaks.last ?? 0) }))), locale)
        }
    }

    /// The tree (Olli) of a chart of 4 series, in English and Korean: Down and Enter go in, Up goes
    /// out, Left and Right move along a level; each item is named by its summary (the series' and
    /// segments' texts of description.<locale>.json, the points' labels); Chromium's accessibility
    /// tree has the tree, its items with their levels, the open ones expanded, the focused one.
    func testTheTreeWalksChartSeriesSegmentsAndPoints() throws {
        let out = try DemoTests.demo()
        for locale in ["en", "ko"] {
            let description = try Self.json(out.appendingPathComponent("charts/daily-sales/description.\(locale).json"))
            let series = description["series"]?.arrayValue ?? []
            XCTAssertEqual(series.count, 4)
            let name = { (k: Int) -> String in
                Self.words("report.tree.series", locale, [.text(Self.words("report.series.position", locale, [.text(series[k]["name"]?.stringValue ?? ""),
                                                                                                             .integer(k + 1), .integer(4)])),
                                                          .text(series[k]["summary"]?.stringValue ?? "")])
            }
            let segments = series[2]["segments"]?.arrayValue ?? []
            XCTAssertGreaterThan(segments.count, 1, "East has segments")
            let segment = { (j: Int) in
                Self.words("report.tree.segment", locale, [.text(String(j + 1)), .text(String(segments.count)), .text(segments[j]["label"]?.stringValue ?? "")])
            }
            let from = segments[1]["from"]?.intValue ?? 0, to = segments[1]["to"]?.intValue ?? 0
            let inSecond = (series[2]["points"]?.arrayValue ?? []).filter { (from...to).contains($0["index"]?.intValue ?? -1) }
            let southFirst = series[1]["points"]?.arrayValue?.first?["label"]?.stringValue ?? ""
            let presses = ["Down", "Right", "Right", "Enter", "Right", "Down", "Right", "Up", "Up", "Left", "Down"]
            let result = try Self.check(["tree", Self.page(out, "daily-sales", locale), "daily-sales"] + presses)
            let focused = (result["presses"]?.arrayValue ?? []).map { p in
                "\(p["focused"]?["level"]?.intValue ?? 0) \(p["focused"]?["name"]?.stringValue ?? "")"
            }
            let label = { (p: JSONValue?) in p?["label"]?.stringValue ?? "" }
            XCTAssertEqual(focused, ["2 " + name(0), "2 " + name(1), "2 " + name(2), "3 " + segment(0), "3 " + segment(1),
                                     "4 " + label(inSecond.first), "4 " + label(inSecond.dropFirst().first), "3 " + segment(1), "2 " + name(2),
                                     "2 " + name(1), "3 " + southFirst], locale)
            // Chromium's accessibility tree: one tree; the chart (open), its 4 series, South open with its points.
            let ax = result["ax"]?.arrayValue ?? []
            XCTAssertEqual(ax.filter { $0["role"] == "tree" }.map { $0["name"]?.stringValue ?? "" },
                           [Self.words("report.tree.label", locale, [.text(description["title"]?.stringValue ?? "")])])
            let items = ax.filter { $0["role"] == "treeitem" }
            let chart = try XCTUnwrap(items.first)
            XCTAssertEqual(chart["name"]?.stringValue, Self.words("report.read.title", locale, [.text(description["title"]?.stringValue ?? ""),
                                                                                                 .text(description["summary"]?.stringValue ?? "")]))
            XCTAssertEqual(chart["level"]?.intValue, 1)
            XCTAssertEqual(chart["expanded"], .bool(true))
            XCTAssertEqual(items.filter { $0["level"]?.intValue == 2 }.map { $0["name"]?.stringValue ?? "" }, (0..<4).map(name))
            XCTAssertEqual(items.filter { $0["level"]?.intValue == 2 && $0["expanded"] == .bool(true) }.map { $0["name"]?.stringValue ?? "" }, [name(1)])
            XCTAssertEqual(items.filter { $0["level"]?.intValue == 3 }.count, series[1]["points"]?.arrayValue?.count, "South's points, East closed")
            XCTAssertEqual(items.filter { $0["focused"] == .bool(true) }.map { $0["name"]?.stringValue ?? "" }, [southFirst])
        }
    }

    func testWithoutJavaScriptEveryChartHasItsSummaryAndTable() throws {
        let out = try DemoTests.demo()
        let pages = DemoTests.locales.flatMap { locale in DemoTests.charts.map { Self.page(out, $0, locale) } }
        let result = try Self.check(["nojs"] + pages)
        for locale in DemoTests.locales {
            for id in DemoTests.charts {
                let report = Self.page(out, id, locale)
                let charts = result[report]?["charts"]?.arrayValue ?? []
                XCTAssertEqual(charts.map { $0["id"]?.stringValue ?? "" }, ["chart-" + id], report)
                let chart = charts.first ?? .null
                let description = try Self.json(out.appendingPathComponent("charts/\(id)/description.\(locale).json"))
                XCTAssertEqual(chart["summary"]?.stringValue, description["summary"]?.stringValue, "\(report) \(id)")
                XCTAssertEqual(chart["title"]?.stringValue, description["title"]?.stringValue)
                XCTAssertEqual(chart["table"]?["shown"], .bool(true), "\(report) \(id): the table shows once its disclosure opens")
                XCTAssertGreaterThanOrEqual(chart["table"]?["rows"]?.intValue ?? 0, 30, "\(report) \(id)")
                // The report's table holds the points the chart draws: one row per x of data.json.
                let data = try Self.json(out.appendingPathComponent("charts/\(id)/data.json"))
                let xs = Set((data["series"]?.arrayValue ?? []).flatMap { $0["points"]?.arrayValue ?? [] }.map { JSONWriter(pretty: false).string($0["x"] ?? .null) })
                XCTAssertEqual(chart["table"]?["rows"]?.intValue, xs.count, "\(report) \(id)")
                // Nothing that needs the script shows or takes focus.
                // The chart's hint and the tree's.
                XCTAssertEqual(chart["hint"], .array([.bool(false), .bool(false)]))
                XCTAssertEqual(chart["focusable"], .array([.null]))
            }
        }
    }

    /// Screenshots of the Korean and Chinese reports (kept in .build/renders/report/): CJK text is
    /// drawn with glyphs, not missing-glyph boxes, and the schemes look different.
    func testKoreanAndChineseReportsShowGlyphs() throws {
        let out = try DemoTests.demo()
        let folder = TestPython.renders.appendingPathComponent("report").path
        let reports = ["ko", "zh-Hans", "en"].map { Self.page(out, "daily-sales", $0) }
        let result = try Self.check(["shots", folder] + reports)
        for report in reports {
            let entry = try XCTUnwrap(result[report], report)
            var sizes: [Int] = []
            for scheme in ["light", "dark", "forced"] {
                let png = try XCTUnwrap(entry["renders"]?[scheme]?["png"]?.stringValue)
                XCTAssertTrue(png.hasPrefix(folder), png)
                let bytes = try Data(contentsOf: URL(fileURLWithPath: png))
                XCTAssertGreaterThan(bytes.count, 100_000, "\(png) is nearly empty")
                sizes.append(bytes.count)
            }
            XCTAssertEqual(Set(sizes).count, 3, "\(report): the three schemes look different")
        }
        for report in reports.prefix(2) {
            XCTAssertGreaterThan(result[report]?["cjk"]?.intValue ?? 0, 5_000, report)
            XCTAssertGreaterThan(result[report]?["differing"]?.intValue ?? 0, 20_000, "\(report): CJK text looks like missing-glyph boxes")
        }
    }

    /// Titles, series names, categories, axis titles and threshold names that are markup or
    /// script stay text everywhere in the report, and nothing of them runs.
    func testHostileTextIsEscapedAndRunsNothing() throws {
        let folder = try Harness.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Harness.run(["run", "Tests/EndToEndTests/Fixtures/report/hostile.pipeline", "--out", folder.path, "--no-progress"],
                                  environment: Self.epoch)
        XCTAssertEqual(run.status, 1, "the chart without data fails: \(run.stderr)")
        for locale in ["en", "ko"] {
            let html = try String(contentsOfFile: Self.report(folder, locale), encoding: .utf8)
            // The JSON data blocks for the script hold the texts as JSON strings, which the HTML
            // parser reads as raw text up to "</script": JSONWriter writes "</" as "<\/" and "<!"
            // as "\u003C!", so that no text can end the block or open a comment in it.
            let opening = "<script type=\"application/json\""
            var markup = "", blocks: [String] = []
            for (n, part) in html.components(separatedBy: opening).enumerated() {
                guard n > 0 else { markup += part; continue }
                let end = try XCTUnwrap(part.range(of: "</script>"))
                blocks.append(String(part[..<end.lowerBound].drop { $0 != ">" }.dropFirst()))
                markup += String(part[end.upperBound...])
            }
            XCTAssertEqual(blocks.count, 3, "the messages and the two charts' models")
            for block in blocks {
                XCTAssertFalse(block.contains("</") || block.contains("<!"), "\(locale): a data block holds \"</\" or \"<!\"")
                XCTAssertNoThrow(try JSONParser.parse(Array(block.utf8)))
            }
            XCTAssertTrue(blocks.joined().contains("<\\/script>"), "hostile text reached the models, escaped")
            XCTAssertEqual(markup.components(separatedBy: "<script").count - 1, 1, "one script of the page's own")
            for raw in ["<img", "<b>", "<i>", "<u>", "<svg onload", "<!--", "</script><script"] {
                XCTAssertFalse(markup.contains(raw), "\(locale): \(raw)")
            }
            XCTAssertTrue(markup.contains("&lt;b&gt;Sales&lt;/b&gt; =1+1 &lt;/script&gt;&lt;script&gt;alert(5)&lt;/script&gt;"))
            XCTAssertTrue(markup.contains("&lt;img src=x onerror=alert(6)&gt;"))

            let page = try Self.check(["hostile", Self.report(folder, locale)])
            XCTAssertEqual(page["dialogs"], .array([]), locale)
            XCTAssertEqual(page["violations"], .array([]), locale)
            XCTAssertEqual(page["handlers"], .array([]), locale)
            XCTAssertEqual(page["images"], 0)
            XCTAssertEqual(page["scripts"], .array(["application/json", "application/json", "application/json", "classic"]))
            let text = page["texts"]?.stringValue ?? ""
            for shown in ["<b>Sales</b> =1+1 </script><script>alert(5)</script>", "<img src=x onerror=alert(6)>",
                          "<script>alert('series')</script>", "=HYPERLINK(\"x\")", "<svg onload=alert(7)>", "javascript:alert(4)"] {
                XCTAssertTrue(text.contains(shown), "\(locale): the page shows \(shown) as text")
            }
            // The failed chart says why in the reader's language, the tool's message beside it.
            XCTAssertTrue(text.contains(Self.words("report.error.preface", locale)), locale)
            XCTAssertTrue(text.contains(Self.words("report.error.source", locale)), locale)
            XCTAssertTrue(text.contains(Self.words("report.warning.skipped", locale, [.integer(1)])), locale)
            XCTAssertTrue(text.contains(Self.words("report.warning.sparse", locale)), locale)
        }
    }

    /// The same text in a report of pages: the index and every chart's page keep it text, and
    /// nothing of it runs.
    func testHostileTextStaysTextOnTheIndexAndTheChartPages() throws {
        let folder = try Harness.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Harness.run(["run", "Tests/EndToEndTests/Fixtures/report/hostile-pages.pipeline", "--out", folder.path, "--no-progress"],
                                  environment: Self.epoch)
        XCTAssertEqual(run.status, 1, "the chart without data fails: \(run.stderr)")
        for locale in ["en", "ko"] {
            let files = [Self.report(folder, locale)] + ["hostile", "skips", "missing"].map { Self.page(folder, $0, locale) }
            let index = try String(contentsOfFile: files[0], encoding: .utf8)
            XCTAssertFalse(index.contains("<script"), "\(locale): the index has no script")
            for raw in ["<img", "<b>", "<svg onload", "</script><script"] { XCTAssertFalse(index.contains(raw), "\(locale): \(raw)") }
            XCTAssertTrue(index.contains("&lt;b&gt;Sales&lt;/b&gt; =1+1 &lt;/script&gt;&lt;script&gt;alert(5)&lt;/script&gt;"), locale)
            var texts = ""
            for file in files {
                let page = try Self.check(["hostile", file])
                XCTAssertEqual(page["dialogs"], .array([]), file)
                XCTAssertEqual(page["violations"], .array([]), file)
                XCTAssertEqual(page["handlers"], .array([]), file)
                XCTAssertEqual(page["images"], 0, file)
                texts += page["texts"]?.stringValue ?? ""
            }
            for shown in ["<b>Sales</b> =1+1 </script><script>alert(5)</script>", "<img src=x onerror=alert(6)>",
                          "<script>alert('series')</script>", "<svg onload=alert(7)>"] {
                XCTAssertTrue(texts.contains(shown), "\(locale): the pages show \(shown) as text")
            }
            XCTAssertTrue(index.contains(HTML.text(Self.words("report.error.source", locale))), "\(locale): the index says why")
        }
    }

    /// `--only` and `--locales` previews rewrite the reports over every chart of the pipeline:
    /// charts kept from the full run are shown, and so are charts no run has made yet.
    func testPreviewsShowEveryChart() throws {
        let folder = try Harness.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let full = folder.appendingPathComponent("full"), fresh = folder.appendingPathComponent("fresh")
        XCTAssertEqual(try Harness.run(["run", "pipelines/weekly.pipeline", "--out", full.path, "--quiet"], environment: Self.epoch).status, 0)
        let preview = try Harness.run(["run", "pipelines/weekly.pipeline", "--out", full.path, "--quiet", "--only", "daily-sales", "--locales", "ko"],
                                      environment: Self.epoch)
        XCTAssertEqual(preview.status, 0, preview.stderr)
        for locale in DemoTests.locales {
            let html = try String(contentsOfFile: Self.report(full, locale), encoding: .utf8)
            for chart in DemoTests.charts {
                let page = try String(contentsOfFile: Self.page(full, chart, locale), encoding: .utf8)
                XCTAssertTrue(page.contains("<div class=\"cp-plot\" data-chart=\"\(chart)\""), "\(locale): \(chart)")
                XCTAssertTrue(html.contains("href=\"charts/\(chart)/report.\(locale).html\""), "\(locale): \(chart)")
            }
            XCTAssertFalse(html.contains("cp-failed"), locale)
        }
        let first = try Harness.run(["run", "pipelines/weekly.pipeline", "--out", fresh.path, "--quiet", "--only", "daily-sales", "--locales", "ko"],
                                    environment: Self.epoch)
        XCTAssertEqual(first.status, 0, first.stderr)
        let korean = try DemoTests.charts.map { try String(contentsOfFile: Self.page(fresh, $0, "ko"), encoding: .utf8) }.joined()
        XCTAssertTrue(korean.contains("data-chart=\"daily-sales\""))
        XCTAssertEqual(korean.components(separatedBy: HTML.text(Self.words("report.error.notRun", "ko"))).count - 1, 3)
        let koreanIndex = try String(contentsOfFile: Self.report(fresh, "ko"), encoding: .utf8)
        XCTAssertEqual(koreanIndex.components(separatedBy: HTML.text(Self.words("report.error.notRun", "ko"))).count - 1, 3)
        let english = try DemoTests.charts.map { try String(contentsOfFile: Self.page(fresh, $0, "en"), encoding: .utf8) }.joined()
        XCTAssertTrue(english.contains(HTML.text(Self.words("report.error.language", "en"))))
        XCTAssertEqual(english.components(separatedBy: "<section class=\"cp-chart").count - 1, 4)
    }
}
