import ChartpipeCore
import Foundation
@testable import Ingest
import XCTest
import ChartpipeJSON
import ChartpipeLock

/// SPEC §8: every problem names the file, line, column and field, and says what to do.
final class BadInputTests: XCTestCase {
    private let s = Scratch()

    /// The whole message of reading `text` as `name` with the chart settings given.
    private func error(_ name: String, _ text: String, ingest: Ingest = Ingest(),
                       _ configure: (String) -> ChartSpec = { chart($0) }) -> String {
        failure(configure(s.file(name, text)), ingest: ingest).map { "\($0)" } ?? "no error"
    }

    private func error(_ name: String, bytes: [UInt8], _ configure: (String) -> ChartSpec = { chart($0) }) -> String {
        failure(configure(s.file(name, bytes))).map { "\($0)" } ?? "no error"
    }

    // MARK: Files

    func testMissingFileGivesTheOSReason() {
        let path = s.folder.appendingPathComponent("gone.csv").path
        XCTAssertEqual(failure(chart(path)).map { "\($0)" },
                       "gone.csv: error: cannot open the data file: No such file or directory; check the source path (resolved to '\(path)')")
    }

    func testFolderIsNotAFile() {
        let path = s.folder.path + "/sub.csv"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        XCTAssertEqual(failure(chart(path)).map { "\($0)" },
                       "sub.csv: error: the source path is a folder, not a regular file; chartpipe reads data from regular files, so name one (resolved to '\(path)')")
    }

    func testFIFOWithoutWriterIsRefusedWithoutWaiting() throws {
        let path = s.folder.path + "/pipe.csv"
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        // A hang guard, not a timing check: before the fix `open` waited for a writer forever.
        let done = DispatchSemaphore(value: 0)
        let message = Locked("")
        Thread.detachNewThread {
            let text = failure(chart(path)).map { "\($0)" } ?? "no error"
            message.withLock { $0 = text }
            done.signal()
        }
        XCTAssertEqual(done.wait(timeout: .now() + 60), .success, "opening a FIFO did not return")
        XCTAssertEqual(message.withLock { $0 },
                       "pipe.csv: error: the source path is a FIFO (named pipe), not a regular file; chartpipe reads data from regular files, so name one (resolved to '\(path)')")
        XCTAssertEqual(failure(chart(path, as: .jsonl))?.code, "ingest.not-a-file")
    }

    func testDeviceIsNotAFile() {
        XCTAssertEqual(failure(chart("/dev/zero", as: .csv)).map { "\($0)" },
                       "zero: error: the source path is a character device, not a regular file; chartpipe reads data from regular files, so name one (resolved to '/dev/zero')")
    }

    func testEmptyCSV() {
        XCTAssertEqual(error("e.csv", ""),
                       "e.csv:1: error: the file has no header row; it is empty (\"header\": true expects the column names first)")
    }

    func testEmptyJSON() {
        XCTAssertEqual(error("e.json", "  \n"), "e.json:2:1: error: the file is empty; it needs a JSON array of records")
    }

    // MARK: Numbers

    func testDecimalComma() {
        XCTAssertEqual(error("a.csv", "t,v\n2024-01-01,\"12,5\"\n"),
                       "a.csv:2:12: error: field 'v': '12,5' is not a number; write it as 12.5: a file whose fields are separated by commas cannot take ',' as the decimal separator")
    }

    func testThousandsSeparators() {
        XCTAssertEqual(error("a.csv", "t,v\n2024-01-01,1\n2024-01-02,\"1,234.5\"\n"),
                       "a.csv:3:12: error: field 'v': '1,234.5' is not a number; it reads as 1234.5 with \"thousands\": \",\" in the source")
    }

    func testCurrencySymbol() {
        XCTAssertEqual(error("a.csv", "t,v\n2024-01-01,$12\n"),
                       "a.csv:2:12: error: field 'v': '$12' is not a number; remove the '$' and give the unit in y.unit")
    }

    func testPercentSign() {
        XCTAssertEqual(error("a.csv", "t,v\n2024-01-01,  12%\n"),
                       "a.csv:2:12: error: field 'v': '12%' is not a number; remove the '%' and give the unit in y.unit")
    }

    func testWordIsNotANumber() {
        XCTAssertEqual(error("a.csv", "t,v\n2024-01-01,twelve\n"),
                       "a.csv:2:12: error: field 'v': 'twelve' is not a number; write digits with an optional sign, '.' and exponent, or leave the cell empty for a gap")
    }

    func testInfinityIsNotAValue() {
        XCTAssertEqual(error("a.csv", "t,v\n2024-01-01,-inf\n"),
                       "a.csv:2:12: error: field 'v': '-inf' is not a finite number; leave the cell empty for a gap")
    }

    func testColumnCountsCharactersNotBytes() {
        XCTAssertEqual(error("a.csv", "t,name,v\n2024-01-01,Zürich café,x1\n"),
                       "a.csv:2:24: error: field 'v': 'x1' is not a number; write digits with an optional sign, '.' and exponent, or leave the cell empty for a gap")
    }

    // MARK: Times

    func testMonthOutOfRange() {
        XCTAssertEqual(error("a.csv", "v,t\n1,2024-13-01\n"),
                       "a.csv:2:3: error: field 't': '2024-13-01' is not a valid date: there is no month 13")
    }

    func testDayOutOfRange() {
        XCTAssertEqual(error("a.csv", "v,t\n1,2023-02-29\n"),
                       "a.csv:2:3: error: field 't': '2023-02-29' is not a valid date: month 2 of 2023 has no day 29")
    }

    func testSlashDateUnderISO() {
        XCTAssertEqual(error("a.csv", "t,v\n2024/01/05,1\n"),
                       "a.csv:2:1: error: field 't': '2024/01/05' is not an ISO 8601 date; write ISO 8601 such as 2024-06-01 or 2024-06-01T13:45:00Z, or set x.format to the pattern of the data (for example 'yyyy/MM/dd')")
    }

    func testPatternMismatch() {
        XCTAssertEqual(error("a.csv", "t,v\n2024/01/05,1\n05/01/2024,2\n") { chart($0, format: "yyyy/MM/dd") },
                       "a.csv:3:1: error: field 't': '05/01/2024' does not match the time format 'yyyy/MM/dd'; check x.format")
    }

    func testHourOutOfRange() {
        XCTAssertEqual(error("a.csv", "t,v\n2024-01-01T25:00,1\n"),
                       "a.csv:2:1: error: field 't': '2024-01-01T25:00' is not a valid time of day")
    }

    func testTextAfterTime() {
        XCTAssertEqual(error("a.csv", "t,v\n2024-01-01T10:00:00Z UTC,1\n"),
                       "a.csv:2:1: error: field 't': '2024-01-01T10:00:00Z UTC' is not an ISO 8601 date-time: unexpected text after the time; write ISO 8601 such as 2024-06-01 or 2024-06-01T13:45:00Z, or set x.format to the pattern of the data (for example 'yyyy/MM/dd')")
    }

    func testMissingX() {
        XCTAssertEqual(error("a.csv", "t,v\n2024-01-01,1\nNA,2\n"),
                       "a.csv:3:1: error: field 't': the x value is missing; every record needs one (\"onError\": \"skip\" skips such records)")
    }

    func testUnknownZone() {
        XCTAssertEqual(error("a.csv", "t,v\n") { chart($0, zone: "Europe/Berln") },
                       "test.pipeline:7:5: error: field 'x.zone': unknown time zone 'Europe/Berln'; use an IANA name such as 'Europe/Berlin'; did you mean 'Europe/Berlin'?")
    }

    func testUnknownPatternLetter() {
        XCTAssertEqual(error("a.csv", "t,v\n") { chart($0, format: "yyyy-Qq") },
                       "test.pipeline:7:5: error: field 'x.format': unknown letter 'Q' in the time format 'yyyy-Qq'; use yyyy, MM, MMM, dd, HH, hh, mm, ss, SSS, a, XXX and quote literal text ('T')")
    }

    // MARK: Columns and rows

    func testMissingColumnWithSuggestion() {
        XCTAssertEqual(error("a.csv", "time,temperature\n2024-01-01,1\n") { chart($0, x: "time", y: ["temprature"]) },
                       "a.csv:1: error: field 'temprature': there is no column 'temprature'; the header's columns are 'time', 'temperature'; did you mean 'temperature'?")
    }

    func testDuplicateHeaderName() {
        XCTAssertEqual(error("a.csv", "t,v,v\n2024-01-01,1,2\n"),
                       "a.csv:1: error: field 'v': the header has 2 columns named 'v' (columns 2, 3); rename them so that each is unique")
    }

    func testShortRow() {
        XCTAssertEqual(error("a.csv", "t,v\n2024-01-01,1\n2024-01-02\n"),
                       "a.csv:3: error: field 'v': the row has 1 field but column 'v' is number 2; check for a missing delimiter or an unquoted line break")
    }

    func testExtraField() {
        XCTAssertEqual(error("a.csv", "t,v\n2024-01-01,1,5\n"),
                       "a.csv:2:14: error: the row has more fields than the header's 2 columns; quote fields that contain a comma")
    }

    func testHeaderlessNamesAreNumbers() {
        XCTAssertEqual(error("a.csv", "2024-01-01,1\n") { chart($0, header: false) },
                       "a.csv: error: field 't': with \"header\": false, columns are named by number; use '1' for the first column")
    }

    func testMissingSeriesValue() {
        XCTAssertEqual(error("a.csv", "t,s,v\n2024-01-01,a,1\n2024-01-02,,2\n") { chart($0, series: "s") },
                       "a.csv:3:12: error: field 's': the series value is missing; every record of long data names its series (\"onError\": \"skip\" skips such records)")
    }

    // MARK: CSV syntax

    func testBareQuoteInUnquotedFieldIsTextOfAUsedField() {
        XCTAssertEqual(error("a.csv", "t,v\n2024-01-01,1\n2024-01-02,1\"2\n"),
                       "a.csv:3:12: error: field 'v': '1\"2' is not a number; write digits with an optional sign, '.' and exponent, or leave the cell empty for a gap")
    }

    func testBareQuoteInAnUnusedColumnDoesNotFailTheChart() throws {
        // A stray quote inside an unquoted field opens nothing: the row's fields are unambiguous.
        let (batch, stream) = try read(chart(s.file("q.csv", "t,v,note\n2024-01-01,1,5\" screen\n2024-01-02,2,\"quoted\"\n")))
        XCTAssertEqual(batch.y, [1, 2])
        XCTAssertEqual(stream.recordsSkipped, 0)
        // Positions after a stray quote still count its field's delimiters.
        XCTAssertEqual(error("p.csv", "t,note,v\n2024-01-01,5\" x,bad\n"),
                       "p.csv:2:17: error: field 'v': 'bad' is not a number; write digits with an optional sign, '.' and exponent, or leave the cell empty for a gap")
    }

    func testTextAfterClosingQuote() {
        XCTAssertEqual(error("a.csv", "t,v\n\"2024-01-01\"x,1\n"),
                       "a.csv:2:13: error: the row cannot be parsed: unexpected 'x' after the closing quote of a field; a quoted field must end at a delimiter or the end of the line (double quotes inside it: \"\")")
    }

    func testUnclosedQuote() {
        XCTAssertEqual(error("a.csv", "t,v\n2024-01-01,1\n2024-01-02,\"2\n2024-01-03,3\n"),
                       "a.csv:3:12: error: a quoted field is never closed; add the closing quote")
    }

    func testFieldTooLong() {
        XCTAssertEqual(error("a.csv", "t,v\n2024-01-01,\"\(String(repeating: "9", count: 40))\n",
                             ingest: Ingest(limits: IngestLimits(maxFieldBytes: 16))),
                       "a.csv:2:12: error: a field is longer than 16 bytes, the limit of 'maxFieldBytes'; an unclosed quote is the usual cause; raise it in the ingest stage's options if the file is right")
    }

    func testTooManyColumns() {
        XCTAssertEqual(error("a.csv", "t,v,a,b,c\n", ingest: Ingest(limits: IngestLimits(maxColumns: 3))),
                       "a.csv:1:7: error: the row has more than 3 columns, the limit of 'maxColumns'; check that the delimiter is a comma, or raise it in the ingest stage's options if the file is right")
    }

    // MARK: Encoding

    func testLatin1IsNotUTF8() {
        let bytes = Array("t,name,v\n2024-01-01,caf".utf8) + [0xE9] + Array(",1\n".utf8)
        XCTAssertEqual(error("a.csv", bytes: bytes),
                       "a.csv:2:15: error: the file is not UTF-8: invalid byte 0xE9 at byte offset 23; save it as UTF-8")
    }

    func testTruncatedUTF8AtEnd() {
        let bytes = Array("t,v\n2024-01-01,1\n".utf8) + [0xE2, 0x82]
        XCTAssertEqual(error("a.csv", bytes: bytes),
                       "a.csv:3:1: error: the file is not UTF-8: invalid byte 0xE2 at byte offset 17; save it as UTF-8")
    }

    func testSurrogateIsNotUTF8() {
        let bytes = Array("t,v\n".utf8) + [0xED, 0xA0, 0x80] + Array(",1\n".utf8)
        XCTAssertEqual(error("a.csv", bytes: bytes),
                       "a.csv:2:1: error: the file is not UTF-8: invalid byte 0xED at byte offset 4; save it as UTF-8")
    }

    // MARK: values read, with a word (SPEC §8)

    /// A leap second is read by the documented rule (the last millisecond of its minute), with a
    /// warning at its cell; before, it was read so without a word.
    func testALeapSecondIsReadAsTheLastMillisecondOfItsMinuteWithAWarning() throws {
        let csv = s.file("leap.csv", "t,v\n2016-12-31T23:59:59Z,1\n2016-12-31T23:59:60Z,2\n2017-01-01T00:00:00Z,3\n")
        let json = s.file("leap.json", "[{\"t\": \"2016-12-31T23:59:59Z\", \"v\": 1},\n {\"t\": \"2016-12-31T23:59:60Z\", \"v\": 2},\n {\"t\": \"2017-01-01T00:00:00Z\", \"v\": 3}]")
        for (path, place) in [(csv, "leap.csv:3:1"), (json, "leap.json:2:2")] {
            let (batch, stream) = try read(chart(path))
            XCTAssertEqual(batch.x, [utc(2016, 12, 31, 23, 59, 59), utc(2016, 12, 31, 23, 59, 59, 999), utc(2017, 1, 1)])
            XCTAssertEqual(stream.warnings.map(\.description),
                           ["\(place): warning: field 't': a leap second (:60) is read as the last millisecond of its minute (:59.999), so that the order of the values is kept"])
            XCTAssertEqual(stream.warnings.first?.code, "ingest.leap-second")
        }
    }

    /// A member name written twice: an error naming it and its place under `onError: fail`, the
    /// last value with a warning under `skip`; never the last value without a word.
    func testADuplicateJSONKeyIsAnErrorOrAWarning() throws {
        let path = s.file("dup.json", "[{\"t\": \"2024-01-01\", \"v\": 1},\n {\"t\": \"2024-01-02\", \"v\": 2, \"v\": 5}]")
        XCTAssertEqual(failure(chart(path)).map { "\($0)" },
                       "dup.json:2:32: error: an object has the member \"v\" twice, so which value is meant is unclear; keep one (\"onError\": \"skip\" reads the last, with a warning)")
        XCTAssertEqual(failure(chart(path))?.code, "ingest.duplicate-key")
        let (batch, stream) = try read(chart(path, onError: .skip))
        XCTAssertEqual(batch.y, [1, 5])
        XCTAssertEqual(stream.warnings.map(\.description),
                       ["dup.json:2:32: warning: an object has the member \"v\" twice; its last value is read"])
        let lines = s.file("dup.jsonl", "{\"t\": \"2024-01-01\", \"v\": 1}\n{\"t\": \"2024-01-02\", \"t\": \"2024-01-03\", \"v\": 2}\n")
        XCTAssertEqual(failure(chart(lines))?.location?.line, 2)
    }

    // MARK: onError: skip

    func testSkipCountsAndWarnsWithPositions() throws {
        var text = "t,v\n"
        for i in 0..<10 { text += i % 2 == 0 ? "2024-01-\(String(format: "%02d", i + 1)),\(i)\n" : "2024-01-01,bad\(i)\n" }
        text += "2024-02-01,\"1\"x\n2024-02-02,7\n"
        let (batch, stream) = try read(chart(s.file("k.csv", text), onError: .skip))
        XCTAssertEqual(batch.y, [0, 2, 4, 6, 8, 7])
        XCTAssertEqual(batch.record, [0, 2, 4, 6, 8, 11])
        XCTAssertEqual(stream.recordsRead, 12)
        XCTAssertEqual(stream.recordsSkipped, 6)
        XCTAssertEqual(stream.warnings.count, 6)
        XCTAssertEqual(stream.warnings.first?.description,
                       "k.csv:3:12: warning: field 'v': skipped record: 'bad1' is not a number; write digits with an optional sign, '.' and exponent, or leave the cell empty for a gap")
        XCTAssertEqual(stream.warnings.first?.code, "ingest.skipped-record")
        XCTAssertEqual(stream.warnings.last?.description,
                       "k.csv: warning: skipped 6 records with errors in all (\"onError\": \"skip\"); the first 5 are listed above")
    }

    /// Found by Fuzz/CSV: a short first row of long data emitted a record with no series and crashed.
    func testAShortFirstRowOfLongDataIsAnError() {
        let spec = chart(s.file("short.csv", "t,region,v\n2024-01-01\n"), y: ["v"], series: "region")
        XCTAssertEqual(failure(spec)?.description,
                       "short.csv:2: error: field 'region': the row has 1 field but column 'region' is number 2; check for a missing delimiter or an unquoted line break")
    }

    /// Found by Fuzz/CSV: a bad field and then a stray quote in the same record counted it as skipped twice.
    func testARecordWithTwoProblemsIsSkippedOnce() throws {
        let (batch, stream) = try read(chart(s.file("k.csv", "t,v\nabc,1\"2\n3,4\n5,6\n"), type: .number, onError: .skip))
        XCTAssertEqual(batch.y, [4, 6])
        XCTAssertEqual(stream.recordsRead, 3)
        XCTAssertEqual(stream.recordsSkipped, 1)
        XCTAssertEqual(stream.warnings.map(\.description),
                       ["k.csv:2:1: warning: field 't': skipped record: 'abc' is not a number; write digits with an optional sign, '.' and exponent, or leave the cell empty for a gap"])
    }

    // MARK: JSON

    func testJSONSyntaxErrorInsideRecord() {
        XCTAssertEqual(error("a.json", "[\n{\"t\": \"2024-01-01\", \"v\": 1},\n{\"t\": \"2024-01-02\", \"v\": 1.}\n]"),
                       "a.json:3:27: error: invalid JSON at byte offset 58: invalid token near '1.'; fix the file so that it is valid JSON")
    }

    func testJSONMissingComma() {
        XCTAssertEqual(error("a.json", "[{\"t\": \"2024-01-01\", \"v\": 1}\n {\"t\": \"2024-01-02\", \"v\": 2}]"),
                       "a.json:2:2: error: invalid JSON at byte offset 30: found '{' where ',' or ']' after a record should be; fix the file so that it is valid JSON")
    }

    func testJSONTrailingComma() {
        XCTAssertEqual(error("a.json", "[{\"t\": \"2024-01-01\", \"v\": 1},]"),
                       "a.json:1:30: error: invalid JSON at byte offset 29: found ']' where a record after ',' should be; fix the file so that it is valid JSON")
    }

    func testJSONTextAfterDocument() {
        XCTAssertEqual(error("a.json", "[{\"t\": \"2024-01-01\", \"v\": 1}] x"),
                       "a.json:1:31: error: invalid JSON at byte offset 30: found 'x' where the end of the file after the JSON document should be; fix the file so that it is valid JSON")
    }

    func testJSONTruncated() {
        XCTAssertEqual(error("a.json", "[{\"t\": \"2024-01-01\", \"v\": 1},\n"),
                       "a.json:2:1: error: the file ends before the array of records is closed; it may be truncated")
    }

    func testJSONRecordsPointerMissing() {
        XCTAssertEqual(error("a.json", "{\"data\": {\"itemz\": []}}") { chart($0, records: "/data/items") },
                       "a.json:1:22: error: field 'source.records': the records pointer '/data/items' does not exist: the object at '/data' has no member 'items'; did you mean 'itemz'?")
    }

    func testJSONFirstRecordNamesFields() {
        XCTAssertEqual(error("a.json", "[{\"t\": \"2024-01-01\", \"value\": 1}]") { chart($0, y: ["vlaue"]) },
                       "a.json:1:2: error: field 'vlaue': the first record has no field 'vlaue'; its fields are 't', 'value'; did you mean 'value'?")
    }

    func testJSONBooleanIsNotANumber() {
        XCTAssertEqual(error("a.json", "[{\"t\": \"2024-01-01\", \"v\": 1},\n  {\"t\": \"2024-01-02\", \"v\": true}]"),
                       "a.json:2:3: error: field 'v': true is not a number; write a JSON number, or null for a gap")
    }

    func testJSONNumberTimeNeedsEpochFormat() {
        XCTAssertEqual(error("a.json", "[{\"t\": 1700000000, \"v\": 1}]"),
                       "a.json:1:2: error: field 't': the number 1700000000 is not a time; set x.format to 'epoch-seconds' or 'epoch-millis', or write ISO 8601 strings")
    }

    func testJSONRecordNotAnObject() {
        XCTAssertEqual(error("a.json", "[{\"t\": \"2024-01-01\", \"v\": 1}, 5]"),
                       "a.json:1:31: error: record 1 is the number 5, not an object with fields; point \"records\" at the array of records")
    }

    func testJSONLinesBadLine() {
        XCTAssertEqual(error("a.jsonl", "{\"t\": \"2024-01-01\", \"v\": 1}\n\n{\"t\": \"2024-01-02\" \"v\": 2}\n"),
                       "a.jsonl:3:22: error: invalid JSON at byte offset 51: '}' expected near '\"v\"'; fix the file so that it is valid JSON")
    }

    func testJSONRecordTooLarge() {
        XCTAssertEqual(error("a.json", "[{\"t\": \"2024-01-01\", \"v\": 1, \"pad\": \"\(String(repeating: "x", count: 3 << 20))\"}]",
                             ingest: Ingest(limits: IngestLimits(maxRecordBytes: 1 << 20))),
                       "a.json:1:2: error: a record is larger than 1048576 bytes, the limit of 'maxRecordBytes'; raise it in the ingest stage's options if the file is right")
    }

    // MARK: Messages found by the reliability probe

    func testNumberOutOfRangeForADouble() {
        XCTAssertEqual(error("a.csv", "t,v\n2024-01-01,1e400\n"),
                       "a.csv:2:12: error: field 'v': '1e400' is out of range for a double (beyond ±1.8e308); check the value, or leave the cell empty for a gap")
        XCTAssertEqual(error("a.json", "[{\"t\": \"2024-01-01\", \"v\": 1},\n {\"t\": \"2024-01-02\", \"v\": -1e400}]"),
                       "a.json:2:2: error: field 'v': '-1e400' is out of range for a double (beyond ±1.8e308); check the value, or leave the cell empty for a gap")
    }

    func testNumbersJanssonCannotHoldFailOnlyWhereUsed() throws {
        // An unused 23-digit integer (past jansson's 64 bits) or 1e400 once failed as "invalid JSON".
        let text = "[{\"t\": \"2024-01-01\", \"id\": 12345678901234567890123, \"v\": 1, \"big\": 1e400},\n"
            + " {\"t\": \"2024-01-02\", \"id\": -99999999999999999999999, \"v\": 2, \"big\": [1e999]}]"
        let (batch, _) = try read(chart(s.file("u.json", text)))
        XCTAssertEqual(batch.y, [1, 2])
        let lines = text.replacingOccurrences(of: "},\n {", with: "}\n{").dropFirst().dropLast()
        XCTAssertEqual(try read(chart(s.file("u.jsonl", String(lines)))).0.y, [1, 2])
        // Used as y, an integer past 64 bits is still a double (as in CSV); as a category, its digits.
        XCTAssertEqual(try read(chart(s.file("y.json", text), y: ["id"])).0.y, [1.2345678901234568e22, -1e23])
        let labels = try Ingest().open(chart: chart(s.file("c.json", text), x: "id", type: .category))
        _ = try labels.next()
        XCTAssertEqual(labels.categories, ["12345678901234567890123", "-99999999999999999999999"])
        // As epoch time it is out of range.
        XCTAssertEqual(error("e.json", "[{\"t\": 12345678901234567890123, \"v\": 1}]") { chart($0, format: "epoch-millis") }.hasPrefix("e.json:1:2: error: field 't': "), true)
        XCTAssertTrue(error("e.json", "[{\"t\": 12345678901234567890123, \"v\": 1}]") { chart($0, format: "epoch-millis") }.contains("12345678901234567890123"))
        // A number where a member name belongs is invalid JSON whatever its size; positions after a mended number hold.
        XCTAssertTrue(error("k.json", "[{1e400: 1}]").contains("invalid JSON"))
        XCTAssertEqual(error("p.json", "[{\"t\": \"2024-01-01\", \"id\": 12345678901234567890123, \"v\": 1.}]"),
                       "p.json:1:59: error: invalid JSON at byte offset 59: invalid token near '1.'; fix the file so that it is valid JSON")
    }

    func testSkipRowsPastTheEndSaysHowManyLinesThereAre() {
        XCTAssertEqual(error("a.csv", "t,v\n2024-01-01,1\n") { chart($0, skipRows: 5) },
                       "a.csv: error: field 'source.skipRows': the file has only 2 lines, and \"skipRows\" skips 5: no header row is left to read; lower \"skipRows\"")
        XCTAssertEqual(error("b.csv", "one line") { chart($0, x: "1", y: ["2"], header: false, skipRows: 1) },
                       "b.csv: error: field 'source.skipRows': the file has only 1 line, and \"skipRows\" skips 1: no row is left to read; lower \"skipRows\"")
        XCTAssertEqual(error("c.csv", "# notes\n") { chart($0, skipRows: 1) },
                       "c.csv: error: field 'source.skipRows': the file has only 1 line, and \"skipRows\" skips 1: no header row is left to read; lower \"skipRows\"")
    }

    func testEmptyObjectDocumentSaysWhereRecordsGo() {
        XCTAssertEqual(error("e.json", "{}"),
                       "e.json:1:1: error: field 'source.records': the document is an empty object ({}), so it holds no records; a JSON data file is an array of records, or an object with one: point \"records\" at the array of records (a JSON Pointer such as \"/items\")")
        XCTAssertEqual(error("d.json", "{\"meta\": 1, \"data\": [{\"t\": \"2024-01-01\", \"v\": 1}]}"),
                       "d.json:1:1: error: field 'v': the document is one object, not an array of records, and has no field 'v'; its fields are 'meta', 'data'; if the records are in an array inside it, point \"records\" at the array of records (a JSON Pointer such as \"/data\")")
        XCTAssertEqual(error("f.json", "[{}]"), "f.json:1:2: error: field 'v': the first record is an empty object ({}); it has no field 'v'")
    }

    func testJSONNestedTooDeep() {
        XCTAssertEqual(error("n.json", "[{\"t\": \"2024-01-01\", \"v\": 1, \"deep\": \(String(repeating: "[", count: 3000))"),
                       "n.json:1:2085: error: the JSON nests arrays and objects more than 2048 levels deep at byte offset 2085, the most jansson reads; flatten the records")
    }
}
