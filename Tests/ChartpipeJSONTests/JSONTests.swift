@testable import ChartpipeJSON
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

    /// JSON inlined in an HTML `<script>` element can neither close it nor open a comment that
    /// keeps its end tag from closing it; parsers read the same strings back.
    func testWriterOutputCanBeInlinedInHTML() throws {
        let hostile = "</script><script>alert(1)</script> <!--<script> </SCRIPT> a/b <<!"
        let v: JSONValue = .object([("title", .string(hostile)), ("</key>", .array([.string("<!-- x -->")]))])
        for text in [JSONWriter().string(v), JSONWriter(pretty: false).string(v)] {
            XCTAssertFalse(text.contains("</"), text)
            XCTAssertFalse(text.contains("<!"), text)
            XCTAssertTrue(text.contains(#"<\/script><script>alert(1)<\/script> \u003C!--<script> <\/SCRIPT> a/b <\u003C!"#), text)
            XCTAssertEqual(try JSONParser.parse(Array(text.utf8)), v)
        }
    }

    func testWriterRoundTripsThroughTheParser() throws {
        let v: JSONValue = .object([("x", .double(-0.000123)), ("s", "\u{1}\u{2028}탭\t"), ("i", .int(Int(Int32.max) * 4))])
        XCTAssertEqual(try JSONParser.parse(JSONWriter().bytes(v)), v)
    }

    /// Strings made of the characters the writer treats specially, next to each other in every
    /// order, read back unchanged and never hold `</`, `<!` or a raw line separator.
    func testQuotingRandomStringsRoundTrips() throws {
        let pieces = ["<", "/", "!", "\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}", "\u{2027}",
                      "한", "é", "😀", "a", " ", "-", "\u{E2}"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let s = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            var bytes: [UInt8] = []
            JSONWriter.quote(s, into: &bytes)
            let text = String(decoding: bytes, as: UTF8.self)
            XCTAssertEqual(try JSONParser.parse(bytes), .string(s), text)
            XCTAssertFalse(text.contains("</") || text.contains("<!"), text)
            XCTAssertFalse(text.unicodeScalars.contains { $0 == "\u{2028}" || $0 == "\u{2029}" || $0.value < 0x20 }, text)
        }
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

    /// A pipeline written on one line, as `json.dump` writes it: the locator still names each
    /// value's column, and counting the columns looks at each byte of the line once, not once per
    /// value before it (counted from the line's start, 4,000 charts took 27 s to walk).
    func testLocatorWalksALongLineInLinearWork() {
        let charts = (0..<2_000).map { #"{"id": "c\#($0)", "title": "Séries \#($0)", "source": {"path": "data/c\#($0).csv"}}"# }
        let text = #"{"version": 1, "charts": ["# + charts.joined(separator: ", ") + "]}"
        let bytes = Array(text.utf8)
        let locator = JSONLocator(bytes)
        // Columns count scalars: "é" is one column though two bytes.
        let path = text.range(of: #""data/c1999.csv""#)!.lowerBound
        XCTAssertEqual(locator.value("/charts/1999/source/path").map { [$0.line, $0.column] },
                       [1, text[..<path].unicodeScalars.count + 1])
        XCTAssertEqual(locator.key("/charts/1999/title").map { [$0.line, $0.column] },
                       [1, text[..<text.range(of: #""title": "Séries 1999""#)!.lowerBound].unicodeScalars.count + 1])
        XCTAssertLessThanOrEqual(JSONLocator.columnWork(bytes), bytes.count)
        // The same values on one line each: the count starts again at each line.
        let lines = #"{"version": 1, "charts": [\#n"# + charts.joined(separator: ",\n") + "\n]}"
        let multi = JSONLocator(Array(lines.utf8))
        XCTAssertEqual(multi.value("/charts/1999/source/path").map { [$0.line, $0.column] }, [2_001, 60])
        XCTAssertLessThanOrEqual(JSONLocator.columnWork(Array(lines.utf8)), lines.utf8.count)
    }

    /// RFC 6901: "~" is written "~0" and "/" "~1", in that order, so that "~1" in a key stays itself.
    func testPointerKeysAreEscaped() {
        XCTAssertEqual(JSONLocator.escape("plain"), "plain")
        XCTAssertEqual(JSONLocator.escape("a/b~c"), "a~1b~0c")
        XCTAssertEqual(JSONLocator.escape("~1"), "~01")
        XCTAssertEqual(JSONLocator.escape("é/ü"), "é~1ü")
        XCTAssertEqual(JSONLocator.escape("a/\u{301}~\u{301}"), "a~1\u{301}~0\u{301}")
    }
}
