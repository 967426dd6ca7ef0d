@testable import ChartpipeJSON
import Foundation
import XCTest

/// `JSONParser` reads with `JSONReader` first and falls back to jansson: the reader must accept
/// exactly the texts jansson accepts, with the same values (an integer as `.int`, a real as
/// `.double`), or leave the text to jansson.
final class JSONReaderTests: XCTestCase {
    /// Same case and same contents (`JSONValue`'s `==` takes 1 and 1.0 as equal; jansson does not).
    private func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.int(x), .int(y)): return x == y
        case let (.double(x), .double(y)): return x.bitPattern == y.bitPattern
        case let (.string(x), .string(y)): return Array(x.utf8) == Array(y.utf8)
        case let (.array(x), .array(y)): return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        case let (.object(x), .object(y)):
            return x.count == y.count && zip(x, y).allSatisfy { Array($0.0.utf8) == Array($1.0.utf8) && same($0.1, $1.1) }
        default: return false
        }
    }

    private func check(_ bytes: [UInt8], _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        let fast = bytes.withUnsafeBufferPointer(JSONReader.parse)
        let jansson = try? JSONParser.jansson(bytes)
        switch (fast, jansson) {
        case let (f?, j?): XCTAssertTrue(same(f, j), "\(name): read \(f), jansson \(j)", file: file, line: line)
        case (nil, _): break  // left to jansson: the same result by construction
        case let (f?, nil): XCTFail("\(name): read \(f), which jansson refuses", file: file, line: line)
        }
    }

    /// Every document of the vendored JSONTestSuite (y_, n_ and i_ files).
    func testTheReaderAgreesWithJanssonOnJSONTestSuite() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("IngestTests/Fixtures/Suites/JSONTestSuite/test_parsing")
        let names = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertGreaterThan(names.count, 300)
        var readByReader = 0
        for name in names {
            let bytes = Array(try Data(contentsOf: root.appendingPathComponent(name)))
            check(bytes, name)
            if name.hasPrefix("y_"), bytes.withUnsafeBufferPointer(JSONReader.parse) != nil { readByReader += 1 }
        }
        // The reader does the work: almost every valid document is read without jansson.
        XCTAssertGreaterThan(readByReader, 90)
    }

    func testTheEdgesTheManifestAndCatalogsMeet() {
        let cases = [
            #"{"a": -0, "b": -0.0, "c": 1e400, "d": 1e-400, "e": 9223372036854775807, "f": -9223372036854775808}"#,
            "9223372036854775808", "-9223372036854775809", "123456789012345678", "1234567890123456789",
            #"["\u00e9\ud83d\ude00", "\ud83d", "\udc00", "\u0000", "a\/b\b\f\n\r\t"]"#, #"{"\u0000": 1}"#,
            #"{"a": 1, "a": 2}"#, #"{"e\u0301": 1, "é": 2}"#, "[1,]", "[01]", "[1.]", "[.5]", "[+1]", "[-]", "[1e]", "[1e+]",
            "  [ ]  ", "{}", "[]", "\"x\"", "nul", "truex", "[true false]", "{\"a\" 1}", "[\"\t\"]", "[\"\\x\"]",
            String(repeating: "[", count: 2048) + String(repeating: "]", count: 2048),
            String(repeating: "[", count: 2049) + String(repeating: "]", count: 2049),
            // jansson counts the scalar inside too (found by review: the reader once took 2,048
            // containers around a value).
            String(repeating: "[", count: 2048) + "1" + String(repeating: "]", count: 2048),
            String(repeating: "[", count: 2047) + "1" + String(repeating: "]", count: 2047),
            String(repeating: "{\"a\":", count: 2048) + "null" + String(repeating: "}", count: 2048),
            String(repeating: "{\"a\":", count: 2047) + "\"x\"" + String(repeating: "}", count: 2047),
            "{" + (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + "}",
            "{" + (0..<40).map { "\"k\($0 % 39)\": \($0)" }.joined(separator: ", ") + "}",
        ]
        for text in cases { check(Array(text.utf8), text.count > 60 ? String(text.prefix(60)) + "…" : text) }
        // Bytes that are not UTF-8, in a string and as a key.
        check([0x5B, 0x22, 0xC3, 0x28, 0x22, 0x5D], "invalid UTF-8")
        check([0x7B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x3A, 0x31, 0x7D], "encoded surrogate key")
        XCTAssertEqual(try JSONParser.parse(Array(#"{"n": [1, 2.5, "x"]}"#.utf8)), .object([("n", .array([.int(1), .double(2.5), .string("x")]))]))
    }

    /// Random texts made of JSON's pieces, many of them invalid: the reader never accepts one that
    /// jansson refuses, nor reads one differently (seeded, so a failure replays).
    func testTheReaderAgreesWithJanssonOnRandomTexts() {
        let pieces = ["{", "}", "[", "]", ",", ":", " ", "\"a\"", "\"b\\n\"", "\"\\u00e9\"", "\"\\ud83d\\ude00\"", "1", "-0", "2.5",
                      "1e3", "-1E-2", "true", "false", "null", "0", "01", "\"", "\\", "\u{7F}", "\t", "9223372036854775807",
                      "92233720368547758070"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33)
        }
        var accepted = 0
        for n in 0..<20_000 {
            let text = (0..<(1 + next() % 12)).map { _ in pieces[next() % pieces.count] }.joined()
            let bytes = Array(text.utf8)
            if bytes.withUnsafeBufferPointer(JSONReader.parse) != nil { accepted += 1 }
            check(bytes, "random \(n): \(text)")
        }
        XCTAssertGreaterThan(accepted, 500)
    }
}
