@testable import ChartpipeCore
import XCTest

final class JSONTests: XCTestCase {
    func testParserKeepsKeyOrderAndTypes() throws {
        let v = try JSONParser.parse(Array(#"{"b": 1, "a": [true, null, 2.5, "x\u00e9"], "c": {"z": -3}}"#.utf8))
        XCTAssertEqual(v.objectValue?.map(\.0), ["b", "a", "c"])
        XCTAssertEqual(v["a"], .array([.bool(true), .null, .double(2.5), .string("xé")]))
        XCTAssertEqual(v["c"]?["z"], .int(-3))
    }

    func testParserRejectsWhatJSONForbids() {
        for text in [#"{"a": 1,}"#, "[1, 2,]", #"{"a": 1, "a": 2}"#, "[NaN]", "// c\n{}", "{'a': 1}", ""] {
            XCTAssertThrowsError(try JSONParser.parse(Array(text.utf8)), text)
        }
    }

    func testSyntaxErrorPosition() {
        do {
            _ = try JSONParser.parse(Array("{\n  \"a\": tru\n}".utf8))
            XCTFail("accepted invalid JSON")
        } catch {
            XCTAssertEqual(error.line, 2)
            XCTAssertEqual(error.message, "invalid token near 'tru'")
        }
    }

    func testWriterIsDeterministicAndReadable() {
        let v: JSONValue = .object([("name", "a\"b\n"), ("n", .double(2)), ("r", .double(0.1)), ("big", .double(1e21)),
                                    ("nan", .double(.nan)), ("list", [1, 2]), ("empty", .object([])),
                                    ("nested", .array([.object([("k", "v")])]))])
        let text = JSONWriter().string(v)
        XCTAssertEqual(text, """
        {
          "name": "a\\"b\\n",
          "n": 2,
          "r": 0.1,
          "big": 1e+21,
          "nan": null,
          "list": [1, 2],
          "empty": {},
          "nested": [
            {
              "k": "v"
            }
          ]
        }

        """)
        XCTAssertEqual(JSONWriter(pretty: false).string(v), #"{"name":"a\"b\n","n":2,"r":0.1,"big":1e+21,"nan":null,"list":[1,2],"empty":{},"nested":[{"k":"v"}]}"#)
    }

    func testWriterRoundTripsThroughTheParser() throws {
        let v: JSONValue = .object([("x", .double(-0.000123)), ("s", "\u{1}\u{2028}탭\t"), ("i", .int(Int(Int32.max) * 4))])
        XCTAssertEqual(try JSONParser.parse(JSONWriter().bytes(v)), v)
    }

    func testLocatorFindsKeysAndValues() {
        let text = "{\n  \"a\": [1, {\"b/c\": \"é\", \"d\": 2}],\n  \"é\": true\n}"
        let locator = JSONLocator(Array(text.utf8))
        XCTAssertEqual(locator.value("/a").map { [$0.line, $0.column] }, [2, 8])
        XCTAssertEqual(locator.value("/a/1/b~1c").map { [$0.line, $0.column] }, [2, 20])
        XCTAssertEqual(locator.key("/a/1/d").map { [$0.line, $0.column] }, [2, 25])
        XCTAssertEqual(locator.value("/é").map { [$0.line, $0.column] }, [3, 8])
        XCTAssertEqual(locator.key("/a/1/missing").map { [$0.line, $0.column] }, [2, 12])
    }
}

final class SHA256Tests: XCTestCase {
    /// Test vectors from FIPS 180-4's examples (NIST CSRC).
    func testKnownVectors() {
        XCTAssertEqual(SHA256.hex(Array("".utf8)), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256.hex(Array("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)),
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(SHA256.hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)),
                       "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}

final class SuggestionTests: XCTestCase {
    func testClosest() {
        let keys = ["title", "subtitle", "mark", "source", "x", "y", "series", "stages"]
        XCTAssertEqual(Suggestion.closest(to: "titel", in: keys), "title")
        XCTAssertEqual(Suggestion.closest(to: "Title", in: keys), "title")
        XCTAssertEqual(Suggestion.closest(to: "serie", in: keys), "series")
        XCTAssertEqual(Suggestion.closest(to: "colour", in: keys), nil)
        XCTAssertEqual(Suggestion.closest(to: "desc", in: ["ingest", "describe"]), "describe")
    }
}

final class TimeTextTests: XCTestCase {
    func testCivilDaysRoundTrip() {
        for days: Int64 in [-719_468, -1, 0, 1, 11_016, 20_454, 2_932_896] {
            let (y, m, d) = TimeText.civil(fromDays: days)
            XCTAssertEqual(TimeText.days(year: y, month: m, day: d), days)
        }
        XCTAssertEqual(TimeText.days(year: 2024, month: 2, day: 29) + 1, TimeText.days(year: 2024, month: 3, day: 1))
    }

    func testISO8601() {
        XCTAssertEqual(TimeText.iso8601(milliseconds: 0), "1970-01-01T00:00:00Z")
        XCTAssertEqual(TimeText.iso8601(milliseconds: 1_780_272_000_000), "2026-06-01T00:00:00Z")
        XCTAssertEqual(TimeText.iso8601(milliseconds: -1), "1969-12-31T23:59:59.999Z")
        let ny = TimeZone(identifier: "America/New_York")
        // 2026-03-08 07:00Z is 03:00 EDT, the first hour after the change.
        XCTAssertEqual(TimeText.iso8601(milliseconds: 1_772_953_200_000, zone: ny), "2026-03-08T03:00:00-04:00")
        XCTAssertEqual(TimeText.iso8601(milliseconds: 1_772_949_600_000, zone: ny), "2026-03-08T01:00:00-05:00")
        XCTAssertEqual(TimeText.iso8601(milliseconds: 1_780_272_000_500, zone: TimeZone(identifier: "Asia/Kolkata")), "2026-06-01T05:30:00.500+05:30")
    }
}
