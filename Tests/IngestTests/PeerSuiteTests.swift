import ChartpipeCore
import Foundation
@testable import Ingest
import XCTest
import ChartpipeJSON

/// The vendored conformance suites in Fixtures/Suites: csv-spectrum and JSONTestSuite.
final class PeerSuiteTests: XCTestCase {
    /// A suite's folder; a missing one fails the test, since the suites ship with the repository.
    private func folder(_ name: String) throws -> URL {
        let url = suites.appendingPathComponent(name)
        var isFolder: ObjCBool = false
        let present = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue
        return try XCTUnwrap(present ? url : nil, "\(url.path) is missing: the suites are part of the repository")
    }

    func testCSVSpectrum() throws {
        let root = try folder("csv-spectrum")
        let csvs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("csvs").path).sorted()
        XCTAssertEqual(csvs.count, 12)
        var compared = 0
        for name in csvs where name.hasSuffix(".csv") {
            let base = String(name.dropLast(4))
            let path = root.appendingPathComponent("csvs/\(name)").path
            let source = SourceSpec(path: path, displayPath: name, format: .csv)
            if base == "location_coordinates" {
                // A bare quote inside an unquoted field is text, as the suite expects: the field's
                // extent is unambiguous. (The suite's JSON is one object with another phone number.)
                let preview = try Ingest.preview(source: source, rows: 100)
                let expected = try JSONParser.parse(Array(Data(contentsOf: root.appendingPathComponent("json/\(base).json"))))
                XCTAssertEqual(preview.columns, expected.objectValue?.map(\.0))
                XCTAssertEqual(preview.rows.count, 1)
                XCTAssertEqual(preview.rows.first?[1], expected["Location Coordinates"]?.stringValue)
                XCTAssertEqual(preview.rows.first?[2...].map { $0 }, ["Modesto", "Stanislaus"])
                continue
            }
            let preview = try Ingest.preview(source: source, rows: 100)
            let expected = try JSONParser.parse(Array(Data(contentsOf: root.appendingPathComponent("json/\(base).json"))))
            let records = expected.arrayValue ?? []
            compared += 1
            XCTAssertEqual(preview.rows.count, records.count, name)
            for (row, record) in zip(preview.rows, records) {
                let keyed = record.objectValue ?? []
                XCTAssertEqual(preview.columns, keyed.map(\.0), name)
                XCTAssertEqual(row, keyed.map { $0.1.stringValue ?? "?" }, name)
            }
        }
        XCTAssertEqual(compared, 11, "every file but location_coordinates is compared with its JSON")
    }

    /// Every JSONTestSuite document as a records source: y_ accepted, n_ rejected with a position, i_ either.
    func testJSONTestSuite() throws {
        let root = try folder("JSONTestSuite/test_parsing")
        let names = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertEqual(names.count, 318)
        var counts = [Character: Int]()
        for name in names {
            // Pointer fields: records without them are skipped, so only the syntax decides.
            let spec = chart(root.appendingPathComponent(name).path, as: .json, x: "/x", type: .category, y: ["/y"],
                             onError: .skip)
            let error = failure(spec)
            switch name.first {
            case "y":
                XCTAssertNil(error, "\(name) must be accepted: \(error.map { "\($0)" } ?? "")")
            case "n":
                if let error {
                    XCTAssertNotNil(error.location?.line, name)
                    XCTAssertNotNil(error.location?.column, name)
                    XCTAssertFalse(error.message.isEmpty, name)
                } else {
                    XCTFail("\(name) must be rejected")
                }
            default:
                break
            }
            counts[name.first ?? "?", default: 0] += 1
        }
        XCTAssertEqual(counts["y"], 95)
        XCTAssertEqual(counts["n"], 188)
    }

    /// The same documents as JSON Lines (one line each where they are one line): never a crash.
    func testJSONTestSuiteAsJSONLines() throws {
        let root = try folder("JSONTestSuite/test_parsing")
        var checked = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() where name.hasPrefix("y_") {
            let spec = chart(root.appendingPathComponent(name).path, as: .jsonl, x: "/x", type: .category, y: ["/y"],
                             onError: .skip)
            let text = (try? String(contentsOfFile: spec.source.path, encoding: .utf8)) ?? ""
            guard !text.contains("\n") || text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n").count == 1 else { continue }
            XCTAssertNil(failure(spec), name)
            checked += 1
        }
        XCTAssertEqual(checked, 93, "the one-line y_ documents")
    }
}
