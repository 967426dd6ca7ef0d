@testable import ChartpipeCore
import XCTest

/// A series' record numbers: consecutive ones kept as a run, any others listed, the same numbers
/// read back either way.
final class RecordColumnTests: XCTestCase {
    func testConsecutiveRecordsAndTheFirstThatBreaksTheRun() {
        var column = RecordColumn()
        for r in 5..<1_005 { column.append(r) }
        XCTAssertEqual(column.count, 1_000)
        XCTAssertEqual(column[0], 5)
        XCTAssertEqual(column[999], 1_004)
        XCTAssertEqual(column, RecordColumn(Array(5..<1_005)))
        // A repeated record (two series points from one row), a gap's -1, and a jump back.
        for r in [1_004, -1, 3] { column.append(r) }
        XCTAssertEqual(Array(column), Array(5..<1_005) + [1_004, -1, 3])
        XCTAssertNotEqual(column, RecordColumn(Array(5..<1_005)))
        XCTAssertEqual(RecordColumn([-1, -1]), [-1, -1])
        XCTAssertEqual(RecordColumn(), [])
        // Made from an array: a run when consecutive, the array otherwise; the same numbers either way.
        XCTAssertEqual(RecordColumn(Array(7..<12)), { var c = RecordColumn(); for r in 7..<12 { c.append(r) }; return c }())
        XCTAssertEqual(Array(RecordColumn([3, 1, 2, 0])), [3, 1, 2, 0])
        var grown = RecordColumn(Array(0..<3))
        grown.append(9)
        XCTAssertEqual(Array(grown), [0, 1, 2, 9])
        // No overflow at the top of Int.
        XCTAssertEqual(Array(RecordColumn([Int.max - 1, Int.max, 0])), [Int.max - 1, Int.max, 0])
    }

    func testASeriesReadsItsRecordsTheSameWhateverTheirShape() {
        var read = Series(name: "s")
        for i in 0..<4 { read.append(x: Double(i), y: Double(i), firstRecord: i + 1, lastRecord: i + 1) }
        let listed = Series(name: "s", x: [0, 1, 2, 3], y: [0, 1, 2, 3], firstRecord: [1, 2, 3, 4], lastRecord: [1, 2, 3, 4])
        XCTAssertEqual(read, listed)
        XCTAssertEqual(read.picking([3, 0]).firstRecord, [4, 1])
        var aggregated = read
        aggregated.lastRecord = [2, 3, 4, 5]
        XCTAssertEqual(Array(aggregated.firstRecord), [1, 2, 3, 4])
        XCTAssertEqual(Array(aggregated.lastRecord), [2, 3, 4, 5])
    }
}
