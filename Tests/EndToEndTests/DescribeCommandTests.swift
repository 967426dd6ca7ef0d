import Foundation
import XCTest

/// `chartpipe describe`: one data file described without a pipeline file.
final class DescribeCommandTests: XCTestCase {
    func testDescribesTheDemoSalesInEveryLocale() throws {
        for (locale, summary) in [
            ("en", "sales shows revenue of North, South, East, and West from June 1 to August 31, with values between $635.25 and $2,134.10."),
            ("ko", "sales 차트는 6월 1일부터 8월 31일까지 North, South, East 및 West의 revenue(을)를 보여 주며, 값은 635.25달러에서 2,134.10달러 사이입니다."),
            ("zh-Hans", "sales图表显示6月1日至8月31日North、South、East和West的revenue，数值介于635.25美元和2,134.10美元之间。"),
        ] {
            let result = try Harness.run(["describe", "pipelines/data/sales.csv", "--x", "date", "--y", "revenue", "--series", "region",
                                          "--unit", "USD", "--locale", locale])
            XCTAssertEqual(result.status, 0, result.stderr)
            let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            XCTAssertEqual(lines.first, "sales")
            XCTAssertTrue(lines[2].hasPrefix(summary), "\(locale): \(lines[2])")
            // The x axis before the y axis.
            XCTAssertTrue(lines[4].hasPrefix(locale == "en" ? "The x axis" : locale == "ko" ? "x축" : "横轴"), String(lines[4]))
            XCTAssertTrue(lines[5].hasPrefix(locale == "en" ? "The y axis" : locale == "ko" ? "y축" : "纵轴"), String(lines[5]))
        }
    }

    func testJSONRecordsAndTheXTypeAreFound() throws {
        let result = try Harness.run(["describe", "pipelines/data/visits.json", "--records", "/data", "--x", "day", "--y", "visits", "--title", "Visits"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("Visits\n\nVisits shows visits by day. From December 1, 2025 to November 30, 2026, visits rose 96.4% from 3,738 to 7,341;"), result.stdout)
    }

    func testCategoryXIsInferredAndNeverGivenATrend() throws {
        let folder = try Harness.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("fruit,crates\nApples,42\nPears,17\nPlums,8\n".utf8).write(to: folder.appendingPathComponent("fruit.csv"))
        let result = try Harness.run(["describe", "fruit.csv", "--x", "fruit", "--y", "crates"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, """
        fruit

        fruit shows crates by fruit. crates ranged between 8 (Plums) and 42 (Apples).

        The x axis shows fruit in 3 categories: Apples, Pears, and Plums.
        The y axis shows crates from 8 to 42.

        crates: the mean is 22.33, the median 17 and the standard deviation 17.62.

        """)
    }

    /// A temperature's zero is arbitrary: its change is an amount, never a percent.
    func testTemperatureChangesAreAmounts() throws {
        let folder = try Harness.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let rows = (0..<25).map { "2026-06-\($0 < 9 ? "0" : "")\($0 + 1),\(10 + $0 * 5 / 12)" }.joined(separator: "\n")
        try Data(("day,celsius\n" + rows + "\n").utf8).write(to: folder.appendingPathComponent("t.csv"))
        let result = try Harness.run(["describe", "t.csv", "--x", "day", "--y", "celsius", "--unit", "temperature-celsius"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("celsius rose 10 degrees Celsius from 10 degrees Celsius to 20 degrees Celsius"), result.stdout)
        XCTAssertFalse(result.stdout.contains("%"), result.stdout)
    }

    func testAudioIsWrittenInTheFormatOfItsName() throws {
        let folder = try Harness.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, magic) in [("a.wav", Array("RIFF".utf8)), ("a.flac", Array("fLaC".utf8)), ("a.ogg", Array("OggS".utf8))] {
            let out = folder.appendingPathComponent(name)
            let result = try Harness.run(["describe", "pipelines/data/latency.csv", "--x", "time", "--format", "yyyy/MM/dd HH:mm",
                                          "--y", "p95_minutes", "--unit", "duration-minute", "--audio", out.path])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(Array(try Data(contentsOf: out).prefix(4)), magic, name)
        }
    }

    func testMistakesNameTheFileAndField() throws {
        let missing = try Harness.run(["describe", "pipelines/data/sales.csv", "--x", "dat", "--y", "revenue"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stderr, "pipelines/data/sales.csv:1: error: field 'dat': there is no column 'dat'; the header's columns are 'date', 'region', 'revenue'; did you mean 'date'?\n")
        let usage = try Harness.run(["describe", "pipelines/data/sales.csv", "--x", "date"])
        XCTAssertEqual(usage.status, 2)
        XCTAssertEqual(usage.stderr.split(separator: "\n").first, "chartpipe: error: 'describe' needs --x and --y, such as --x date --y revenue")
        let audio = try Harness.run(["describe", "pipelines/data/sales.csv", "--x", "date", "--y", "revenue", "--audio", "a.aiff"])
        XCTAssertEqual(audio.status, 2)
        XCTAssertEqual(audio.stderr.split(separator: "\n").first, "chartpipe: error: --audio: use a .wav, .mp3, .flac or .ogg file name")
    }
}
