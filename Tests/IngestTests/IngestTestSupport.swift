import ChartpipeCore
import Foundation
@testable import Ingest
import XCTest

/// The folder that holds every `Scratch` folder of this test process; removed when the process
/// exits, so that test runs do not leave a folder per test case in the temporary folder.
let scratchRoot: String = {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("ingest-tests-\(UUID().uuidString)").path
    try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(atPath: scratchRoot) }
    return root
}()

/// Small data files written to a fresh folder per test case, and charts over them.
struct Scratch {
    let folder: URL

    init() {
        folder = URL(fileURLWithPath: scratchRoot).appendingPathComponent(UUID().uuidString)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func file(_ name: String, _ text: String) -> String { file(name, Array(text.utf8)) }

    func file(_ name: String, _ bytes: [UInt8]) -> String {
        let url = folder.appendingPathComponent(name)
        _ = FileManager.default.createFile(atPath: url.path, contents: Data(bytes))
        return url.path
    }
}

/// The folder of committed fixtures.
let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

/// The vendored conformance suites (csv-spectrum, JSONTestSuite; see Fixtures/Suites/README.md).
let suites = fixtures.appendingPathComponent("Suites")

func chart(_ path: String, as format: SourceSpec.Format? = nil, x: String = "t", type: XType = .time,
           format timeFormat: String? = nil, zone: String = "UTC", y: [String] = ["v"], series: String? = nil,
           onError: SourceSpec.OnError = .fail, header: Bool = true, skipRows: Int = 0, records: String = "",
           delimiter: UInt8? = nil, decimal: Character = ".", thousands: Character? = nil,
           ambiguous: AmbiguousTime = .order, nonexistent: NonexistentTime = .error) -> ChartSpec {
    let name = (path as NSString).lastPathComponent
    let ext = (path as NSString).pathExtension
    let source = SourceSpec(path: path, displayPath: name,
                            format: format ?? SourceSpec.Format(rawValue: ext) ?? .csv, delimiter: delimiter,
                            header: header, skipRows: skipRows, records: records, onError: onError,
                            decimal: decimal.asciiValue!, thousands: thousands?.asciiValue)
    return ChartSpec(id: "c", title: "C", source: source,
                     x: XSpec(field: x, type: type, format: timeFormat, zone: zone, ambiguous: ambiguous, nonexistent: nonexistent),
                     y: YSpec(fields: y, isWide: y.count > 1), seriesField: series,
                     location: SourceLocation(path: "test.pipeline", line: 7, column: 5))
}

/// Everything a stream yields, in one batch, with the stream for its counters.
func read(_ chart: ChartSpec, ingest: Ingest = Ingest()) throws -> (ObservationBatch, any ObservationStream) {
    let stream = try ingest.open(chart: chart)
    var all = ObservationBatch()
    while let batch = try stream.next() {
        XCTAssertLessThanOrEqual(batch.count, ingest.batchSize + chart.y.fields.count)
        for i in 0..<batch.count {
            all.append(series: batch.series[i], x: batch.x[i], y: batch.y[i], record: batch.record[i], line: batch.line[i])
        }
    }
    return (all, stream)
}

/// The error reading `chart` throws (nil when it reads cleanly).
func failure(_ chart: ChartSpec, ingest: Ingest = Ingest()) -> ChartError? {
    do {
        _ = try read(chart, ingest: ingest)
        return nil
    } catch let error as ChartError {
        return error
    } catch {
        XCTFail("not a ChartError: \(error)")
        return nil
    }
}

/// Milliseconds since 1970 of a UTC date-time.
func utc(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Int = 0, _ ms: Int = 0) -> Double {
    Double((CivilDate.days(year: y, month: m, day: d) * 86_400 + Int64(h * 3600 + mi * 60 + s)) * 1000 + Int64(ms))
}
