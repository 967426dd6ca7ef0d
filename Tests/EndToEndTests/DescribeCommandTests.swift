import Foundation
import XCTest

/// `chartpipe describe`: one data file described without a pipeline file.
final class DescribeCommandTests: XCTestCase {
    func testDescribesTheDemoSalesInEveryLocale() throws {
        for (locale, summary) in [
            ("en", "The chart “sales” shows the revenue of North, South, East, and West from June 1 to August 31, 2026, with values between $635.25 and $2,134.10."),
            ("ko", "sales 차트는 2026년 6월 1일부터 8월 31일까지 North, South, East 및 West의 revenue를 보여 주며, 값은 635.25달러에서 2,134.10달러까지 분포합니다."),
            ("zh-Hans", "“sales”图表显示2026年6月1日至8月31日North、South、East和West的revenue，数值介于635.25美元和2,134.10美元之间。"),
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

    /// The shipped catalogs are compiled into the binary: a copy in another folder, away from the
    /// build folder and any resource bundle, still writes Korean and Japanese.
    func testAMovedBinaryKeepsItsCatalogs() throws {
        let folder = try Harness.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let moved = folder.appendingPathComponent("chartpipe")
        try FileManager.default.copyItem(at: Harness.binary, to: moved)
        for (locale, text) in [("ko", "6월 1일부터 8월 31일까지"), ("ja", "6月1日から8月31日まで")] {
            let result = try Harness.run(["describe", "pipelines/data/sales.csv", "--x", "date", "--y", "revenue", "--series", "region",
                                          "--unit", "USD", "--locale", locale], executable: moved)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stdout.contains(text), "\(locale): \(result.stdout)")
            XCTAssertEqual(result.stderr, "", locale)
        }
    }

    func testJSONRecordsAndTheXTypeAreFound() throws {
        let result = try Harness.run(["describe", "pipelines/data/visits.json", "--records", "/data", "--x", "day", "--y", "visits", "--title", "Visits"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("Visits\n\nThe chart “Visits” shows visits by day. From December 1, 2025 to November 30, 2026, visits increased 96.4% from 3,738 to 7,341;"), result.stdout)
    }

    /// Issue 11: data whose value is -0 read "v stayed at -0" and "the median -0". A negative zero
    /// is 0 in every locale.
    func testANegativeZeroReadsAsZero() throws {
        let folder = try Harness.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("t,v\n1,-0\n2,-0\n3,-0\n".utf8).write(to: folder.appendingPathComponent("zero.csv"))
        for locale in ["en", "zh-Hans", "ko", "ja"] {
            let result = try Harness.run(["describe", "zero.csv", "--x", "t", "--y", "v", "--locale", locale], in: folder)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertFalse(result.stdout.contains("-0"), "\(locale): \(result.stdout)")
            XCTAssertTrue(result.stdout.contains("0"), "\(locale): \(result.stdout)")
            if locale == "en" {
                XCTAssertTrue(result.stdout.contains("v stayed at 0"), result.stdout)
                XCTAssertTrue(result.stdout.contains("the median 0"), result.stdout)
            }
        }
    }

    func testCategoryXIsInferredAndNeverGivenATrend() throws {
        let folder = try Harness.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("fruit,crates\nApples,42\nPears,17\nPlums,8\n".utf8).write(to: folder.appendingPathComponent("fruit.csv"))
        let result = try Harness.run(["describe", "fruit.csv", "--x", "fruit", "--y", "crates"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, """
        fruit

        The chart “fruit” shows crates by fruit. Crates ranged between 8 (Plums) and 42 (Apples).

        The x axis shows the fruit in 3 categories: Apples, Pears, and Plums.
        The y axis shows crates, from 8 to 42.

        Crates: the mean is 22.3, the median 17 and the standard deviation 17.6.

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
        XCTAssertTrue(result.stdout.contains("celsius rose 10 degrees from 10 to 20 degrees Celsius"), result.stdout)
        XCTAssertFalse(result.stdout.contains("%"), result.stdout)
    }

    /// What a careful reader would catch: each of these once said something false.
    func testStatementsStayTrue() throws {
        let folder = try Harness.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func day(_ d: Int) -> String { "2024-06-\(d < 10 ? "0" : "")\(d)" }
        // A bad date in row 11 is an error, not a reason to read the dates as categories.
        var rows = ["date,v"] + (1...25).map { "\(day($0)),\(10 + $0)" }
        rows[10] = "2024-06-31,5"
        try Data((rows.joined(separator: "\n") + "\n").utf8).write(to: folder.appendingPathComponent("baddate.csv"))
        let bad = try Harness.run(["describe", "baddate.csv", "--x", "date", "--y", "v"], in: folder)
        XCTAssertEqual(bad.status, 1)
        XCTAssertEqual(bad.stderr, "baddate.csv:11:1: error: field 'date': '2024-06-31' is not a valid date: month 6 of 2024 has no day 31\n")
        // A significant rise that ends below its start is not said to have risen; a percent from a
        // negative start is no fact.
        let wide = ["date,alpha,beta,gamma"] + (1...25).map { "\(day($0)),\($0 < 25 ? 100 + 5 * $0 : 90),50,\(-10 + 7 * $0)" }
        try Data((wide.joined(separator: "\n") + "\n").utf8).write(to: folder.appendingPathComponent("wide.csv"))
        let w = try Harness.run(["describe", "wide.csv", "--x", "date", "--y", "alpha,beta,gamma", "--unit", "USD"], in: folder)
        XCTAssertEqual(w.status, 0, w.stderr)
        XCTAssertTrue(w.stdout.contains("Gamma rose $168. Alpha had a significant increasing trend but did not end above its first value. Beta showed no significant trend."), w.stdout)
        // Small values keep their significant digits.
        try Data("x,v\n0,0.004\n1,0.003\n2,0.0035\n3,5\n4,0.003\n5,0.0025\n6,0.002\n".utf8).write(to: folder.appendingPathComponent("small.csv"))
        let small = try Harness.run(["describe", "small.csv", "--x", "x", "--y", "v"], in: folder)
        XCTAssertTrue(small.stdout.contains("its values ranged between 0.002 (6) and 5 (3)"), small.stdout)
        // Points a second apart are told apart by their seconds.
        let seconds = "t,v\n" + (0..<25).map { "2024-06-01T10:00:\($0 < 10 ? "0" : "")\($0)Z,\($0)" }.joined(separator: "\n") + "\n"
        try Data(seconds.utf8).write(to: folder.appendingPathComponent("sec.csv"))
        let sec = try Harness.run(["describe", "sec.csv", "--x", "t", "--y", "v"], in: folder)
        // Within one day, the day is named once, in the summary.
        XCTAssertTrue(sec.stdout.contains("From June 1, 2024 at 10:00:00\u{202F}AM to 10:00:24\u{202F}AM"), sec.stdout)
        // Ten million and more read by scale, spelled out; three values state their change.
        try Data("x,v\n1,12000000000\n2,36345678901\n3,20000000000\n".utf8).write(to: folder.appendingPathComponent("big.csv"))
        let big = try Harness.run(["describe", "big.csv", "--x", "x", "--y", "v", "--locale", "ko"], in: folder)
        XCTAssertTrue(big.stdout.contains("120억에서 200억으로 66.7% 증가했습니다. 최댓값은 2의 363억 4568만입니다."), big.stdout)
        // One value in wide data without a y title is named by its series.
        try Data("date,a,b\n2024-06-03,,42\n".utf8).write(to: folder.appendingPathComponent("one.csv"))
        let one = try Harness.run(["describe", "one.csv", "--x", "date", "--y", "a,b"], in: folder)
        XCTAssertTrue(one.stdout.contains("The chart “one” shows a single value of b: 42 (June 3, 2024)."), one.stdout)
        // Chinese typography is not applied to a user's own title.
        let zh = try Harness.run(["describe", "small.csv", "--x", "x", "--y", "v", "--title", "Revenue (USD)", "--locale", "zh-Hans"], in: folder)
        XCTAssertTrue(zh.stdout.hasPrefix("Revenue (USD)\n\n“Revenue (USD)”图表"), zh.stdout)
        // --x-unit year: years read as years, as a pipeline's `x.unit` makes them; an unknown unit is refused.
        try Data("year,count\n1700,5\n1701,11\n1702,16\n".utf8).write(to: folder.appendingPathComponent("years.csv"))
        let years = try Harness.run(["describe", "years.csv", "--x", "year", "--y", "count", "--x-unit", "year", "--locale", "ko"], in: folder)
        XCTAssertTrue(years.stdout.contains("1700년부터"), years.stdout)
        // --x-title and --y-title name the axes as a pipeline's titles do, never by their raw fields.
        let titled = try Harness.run(["describe", "years.csv", "--x", "year", "--y", "count", "--x-unit", "year",
                                      "--x-title", "Year", "--y-title", "Sunspot number"], in: folder)
        XCTAssertTrue(titled.stdout.contains("shows the sunspot number by year."), titled.stdout)
        let parsec = try Harness.run(["describe", "years.csv", "--x", "year", "--y", "count", "--x-unit", "length-parsecs"], in: folder)
        XCTAssertNotEqual(parsec.status, 0)
        XCTAssertTrue(parsec.stderr.contains("--x-unit"), parsec.stderr)
    }

    /// The source options of pipelines: a German CSV file, and a fall-back's repeated hour.
    func testSourceOptionsReadEuropeanCSVAndDaylightSaving() throws {
        let folder = try Harness.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let rows = (1...12).map { "\($0 < 10 ? "0" : "")\($0).01.2026;\($0 % 3 == 0 ? "-" : "")1.\(200 + $0),5\($0 % 10)" }
        try Data(("Datum;Betrag\n" + rows.joined(separator: "\n") + "\n").utf8).write(to: folder.appendingPathComponent("umsatz.csv"))
        let german = try Harness.run(["describe", "umsatz.csv", "--x", "Datum", "--format", "dd.MM.yyyy", "--y", "Betrag",
                                      "--delimiter", ";", "--decimal", ",", "--thousands", ".", "--unit", "EUR"], in: folder)
        XCTAssertEqual(german.status, 0, german.stderr)
        XCTAssertTrue(german.stdout.contains("its values ranged between -€1,212.52 (January 12) and €1,211.51 (January 11)"), german.stdout)
        // Without the options, the message names them.
        let plain = try Harness.run(["describe", "umsatz.csv", "--x", "Datum", "--format", "dd.MM.yyyy", "--y", "Betrag", "--delimiter", ";"],
                                    in: folder)
        XCTAssertEqual(plain.status, 1)
        // The command's options, not the pipeline's keys (issue 31).
        XCTAssertEqual(plain.stderr, "umsatz.csv:2:12: error: field 'Betrag': '1.201,51' is not a number; it reads as 1201.51 with --decimal ',' and --thousands '.'\n")
        let semicolons = try Harness.run(["describe", "umsatz.csv", "--x", "Datum", "--format", "dd.MM.yyyy", "--y", "Betrag"], in: folder)
        XCTAssertEqual(semicolons.status, 1)
        XCTAssertTrue(semicolons.stderr.contains("add --delimiter ';'"), semicolons.stderr)
        XCTAssertFalse(semicolons.stderr.contains("in the source"), semicolons.stderr)
        // Rows with the same x: long data wants --series, and describe has no aggregate stage to add.
        try Data("d,carrier,delay\n1,UA,3\n1,AA,5\n2,UA,4\n2,AA,6\n".utf8).write(to: folder.appendingPathComponent("long.csv"))
        let long = try Harness.run(["describe", "long.csv", "--x", "d", "--y", "delay"], in: folder)
        XCTAssertEqual(long.status, 1)
        XCTAssertTrue(long.stderr.contains("name it with --series"), long.stderr)
        XCTAssertFalse(long.stderr.contains("{ \"use\": \"aggregate\" }"), long.stderr)
        let usage = try Harness.run(["describe", "umsatz.csv", "--x", "Datum", "--y", "Betrag", "--decimal", ","], in: folder)
        XCTAssertEqual(usage.status, 2)
        XCTAssertEqual(usage.stderr.split(separator: "\n").first,
                       "chartpipe: error: with --decimal ',' the fields cannot be separated by commas too; add --delimiter ';' (as European CSV does)")

        let hours = ["00", "01", "02", "02", "03", "04"].enumerated().map { "2026-10-25T\($1):00,\(40 + $0)" }
        try Data(("t,load\n" + hours.joined(separator: "\n") + "\n").utf8).write(to: folder.appendingPathComponent("load.csv"))
        let dst = try Harness.run(["describe", "load.csv", "--x", "t", "--y", "load", "--zone", "Europe/Berlin"], in: folder)
        XCTAssertEqual(dst.status, 0, dst.stderr)
        let later = try Harness.run(["describe", "load.csv", "--x", "t", "--y", "load", "--zone", "Europe/Berlin", "--ambiguous", "later"], in: folder)
        XCTAssertEqual(later.status, 1)
        XCTAssertTrue(later.stderr.contains("occurs twice in Europe/Berlin when daylight saving ends"), later.stderr)
        XCTAssertFalse(later.stderr.contains("aggregate"), later.stderr)
        let bad = try Harness.run(["describe", "load.csv", "--x", "t", "--y", "load", "--ambiguous", "first"], in: folder)
        XCTAssertEqual(bad.stderr.split(separator: "\n").first,
                       "chartpipe: error: --ambiguous must be 'order', 'earlier', 'later' or 'error', not 'first'")
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
