import ChartpipeCore
import ChartpipeJSON
import ChartpipeText
@testable import Report
import Sonify
import XCTest

/// The report's parts that need no browser: cue times, the words it chooses, its markup's escaping
/// and the model its script reads.
final class ReportUnitTests: XCTestCase {
    static let vtt = """
    WEBVTT

    series-0-point-0
    00:00:00.000 --> 00:00:00.264
    June 1, $1,209.77, 1 of 92
    June 2, $1,259.96, 2 of 92

    series-0-point-2
    00:00:00.264 --> 00:00:00.527
    June 4, $1,267.64, 4 of 92

    series-1-point-0
    00:08.250 --> 00:08.500
    June 1, $1,022.00, 1 of 92

    a-note
    00:00:09.000 --> 00:00:09.500
    not a point's cue
    """

    func testCueTimesReadChartpipesCues() {
        let cues = CueTimes(webVTT: Self.vtt)
        XCTAssertEqual(cues.start(series: 0, position: 0), 0)
        XCTAssertEqual(cues.start(series: 0, position: 1), 0, "a point shares the cue of the point before it")
        XCTAssertEqual(cues.start(series: 0, position: 2), 0.264)
        XCTAssertEqual(cues.start(series: 0, position: 40), 0.264)
        XCTAssertEqual(cues.start(series: 1, position: 3), 8.25, "minutes without hours")
        XCTAssertEqual(cues.end(series: 0), 0.527)
        XCTAssertNil(cues.start(series: 2, position: 0))
        XCTAssertEqual(CueTimes(webVTT: Self.vtt.replacingOccurrences(of: "\n", with: "\r\n")), cues, "CRLF lines read the same")
    }

    func testErrorCodesChooseTheSentence() {
        XCTAssertEqual(ReportWords.errorKey(code: "ingest.unreadable"), "report.error.source")
        XCTAssertEqual(ReportWords.errorKey(code: "ingest.bad-number"), "report.error.input")
        XCTAssertEqual(ReportWords.errorKey(code: "data.duplicate-x"), "report.error.input")
        XCTAssertEqual(ReportWords.errorKey(code: "ingest.file-too-large"), "report.error.limit")
        XCTAssertEqual(ReportWords.errorKey(code: "aggregate.too-many-buckets"), "report.error.limit")
        XCTAssertEqual(ReportWords.errorKey(code: "plugin.timeout"), "report.error.plugin")
        XCTAssertEqual(ReportWords.errorKey(code: "run.changed-artifact"), "report.error.files")
        XCTAssertEqual(ReportWords.errorKey(code: "describe.failed"), "report.error.stage")
        XCTAssertEqual(ReportWords.warningKey(code: "aggregate.partial-bucket"), "report.warning.partialBucket")
        XCTAssertNil(ReportWords.warningKey(code: "describe.catalog"), "a note for whoever runs the pipeline")
        // Every sentence the codes choose exists in every shipped locale.
        for key in ["report.error.source", "report.error.input", "report.error.limit", "report.error.plugin", "report.error.files",
                    "report.error.stage", "report.warning.partialBucket", "report.warning.outsideRange", "report.warning.sparse",
                    "report.warning.rowsCapped", "report.warning.unsorted"] {
            for locale in ["en", "zh-Hans", "ko", "ja"] {
                XCTAssertEqual(Catalog.embedded.localization(of: key, locale: locale)?.locale, locale, "\(key) [\(locale)]")
            }
        }
    }

    func testWordsInTheReadersLanguage() {
        let korean = ReportWords(catalog: .embedded, locale: "ko")
        XCTAssertEqual(korean.languageName(of: "ko"), "한국어")
        XCTAssertEqual(korean.languageName(of: "zh-Hans"), "简体中文")
        XCTAssertEqual(korean.languageName(of: "ja"), "日本語")
        XCTAssertEqual(korean.languageName(of: "de"), "de", "a locale no catalog names is shown as itself, not as 'English'")
        XCTAssertEqual(korean.date(seconds: 1_780_272_000), "2026년 6월 1일 0시")
        XCTAssertEqual(korean("report.warning.skipped", [.integer(3)]), "데이터 파일의 행 3개를 읽을 수 없어 제외했습니다.")
        let english = ReportWords(catalog: .embedded, locale: "en")
        XCTAssertEqual(english("report.warning.skipped", [.integer(1)]), "1 row of the data file could not be read and was left out.")
        XCTAssertEqual(english.size(bytes: 181_536), "181.5 kilobytes")
        XCTAssertEqual(english.size(bytes: 6_015_284), "6 megabytes")
        XCTAssertEqual(ReportWords(catalog: .embedded, locale: "zh-Hans").size(bytes: 4_911), "4.9千字节")
    }

    /// The report names itself by the pipeline's `title`, translated, never "<title> chart report";
    /// without one, by its name inside `report.title`.
    func testTheReportsHeadingIsThePipelinesTitle() {
        let korean = ReportWords(catalog: .embedded, locale: "ko")
        let titled = RunInfo(locales: ["ko"], pipelineDirectory: "/", pipelineName: "nyc-2013", pipelineTitle: "Weather of New York, 2013")
        XCTAssertEqual(ReportPage.title(korean, run: titled), "Weather of New York, 2013")
        XCTAssertEqual(ReportPage.title(korean, run: RunInfo(locales: ["ko"], pipelineDirectory: "/", pipelineName: "weekly")), "weekly 차트 보고서")
        XCTAssertEqual(ReportPage.title(ReportWords(catalog: .embedded, locale: "en"), run: titled), "Weather of New York, 2013")
    }

    func testMarkupEscapesTextAndAttributes() {
        var m = Markup()
        m.element("p", [("title", "\"><script>alert(1)</script>"), ("hidden", ""), ("absent", nil)], text: "<b>&</b>")
        XCTAssertEqual(m.html, "<p title=\"&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;\" hidden>&lt;b&gt;&amp;&lt;/b&gt;</p>")
    }

    /// Points sound at the start of the cue of the last charted point at or before them.
    func testTheModelTimesEveryPointAndEntry() throws {
        let data = SeriesSet(xType: .number, series: [
            Series(name: "a", x: [0, 10, 20, 30], y: [1, 2, 3, 4], firstRecord: [0, 1, 2, 3], lastRecord: [0, 1, 2, 3]),
        ])
        let description = ChartDescription(
            locale: "en", chart: "c", title: "T", summary: "S", axes: [], statistics: [],
            series: [SeriesDescription(name: "a", summary: "", segments: [],
                                       points: [PointDescription(index: 0, x: 0, y: 1, label: "first"),
                                                PointDescription(index: 7, x: 30, y: 4, label: "last")])],
            navigation: [NavigationList(name: "peaks", title: "Peaks", entries: [NavigationEntry(series: 0, index: 3, x: 15, y: 9, label: "peak")]),
                         NavigationList(name: "crossovers", title: "X", entries: [NavigationEntry(series: 0, index: 5, x: 25, y: 2, label: "late")]),
                         NavigationList(name: "thresholdCrossings", title: "T", entries: [NavigationEntry(series: 0, index: 1, x: 5, y: 2, label: "early")])])
        let cues = CueTimes(cues: [.init(series: 0, position: 0, start: 0, end: 1), .init(series: 0, position: 1, start: 1, end: 2),
                                   .init(series: 0, position: 3, start: 3, end: 4)])
        let model = ScriptModel(description: description, data: data, cues: cues, words: ReportWords(catalog: .embedded, locale: "en")).json
        let points = model["series"]?.arrayValue?.first?["points"]?.arrayValue ?? []
        XCTAssertEqual(points.map { $0.arrayValue?[4] }, [.int(0), .int(3)])
        XCTAssertEqual(model["series"]?.arrayValue?.first?["end"], .int(4))
        XCTAssertEqual(model["series"]?.arrayValue?.first?["announce"], "a, series 1 of 1")
        // The peak at x 15 lies between charted x 10 and 20: it sounds in the cue of x 10.
        XCTAssertEqual(model["lists"]?["peak"]?.arrayValue?.first?.arrayValue?[5], .int(1))
        // Threshold crossings and crossovers are one list in time order.
        XCTAssertEqual(model["lists"]?["crossing"]?.arrayValue?.compactMap { $0.arrayValue?[4].stringValue }, ["early", "late"])
        XCTAssertEqual(model["lists"]?["outlier"], .array([]))
    }

    /// The tones the keys play use the audio graph's mapping: sonify's default pitches, the y domain
    /// of every series (or the fixed range), pan over the x extent; the reading keys' texts.
    func testTheModelCarriesTheSoundMappingAndTheReadingTexts() throws {
        let data = SeriesSet(xType: .number, series: [
            Series(name: "a", x: [0, 10], y: [1, .nan], firstRecord: [0, 1], lastRecord: [0, 1]),
            Series(name: "b", x: [5, 30], y: [-2, 4], firstRecord: [0, 1], lastRecord: [0, 1]),
        ])
        let description = ChartDescription(
            locale: "en", chart: "c", title: "Sales", summary: "Sales rose.",
            axes: [AxisDescription(axis: .x, title: "Day", text: "X runs over days."), AxisDescription(axis: .y, title: "Units", text: "Y is units.")],
            statistics: [], series: [], navigation: [])
        let words = ReportWords(catalog: .embedded, locale: "en")
        let model = ScriptModel(description: description, data: data, cues: nil, words: words).json
        XCTAssertEqual(model["sound"]?["y"], .array([.int(-2), .int(4)]))
        XCTAssertEqual(model["sound"]?["x"], .array([.int(0), .int(30)]))
        XCTAssertEqual(model["sound"]?["low"]?.doubleValue, Sonify.low.defaultValue)
        XCTAssertEqual(model["sound"]?["high"]?.doubleValue, Sonify.high.defaultValue)
        let fixed = ScriptModel(description: description, data: data, cues: nil, words: words, yRange: 0...10).json
        XCTAssertEqual(fixed["sound"]?["y"], .array([.int(0), .int(10)]))
        XCTAssertEqual(model["read"]?["title"], "Sales. Sales rose.")
        XCTAssertEqual(model["read"]?["x"], "X runs over days.")
        XCTAssertEqual(model["read"]?["y"], "Y is units.")
    }
}
