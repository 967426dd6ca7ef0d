import ChartpipeText
import XCTest

/// The braille line of a series: dots at four heights, two values a cell, gaps as empty columns.
final class BrailleSparklineTests: XCTestCase {
    func testFourLevelsTwoValuesACell() {
        // 0 bottom-left (dot 7) and 1 on the third row right (dot 6); 2 on the second row left (dot 2), 3 top right (dot 4).
        XCTAssertEqual(BrailleSparkline.render([0, 1, 2, 3]), "\u{2860}\u{280A}")
        XCTAssertEqual(BrailleSparkline.render([3, 2, 1, 0]), "\u{2811}\u{2884}")
    }

    /// A range past the largest double (9e307 − (−9e307) is finite, but 1.8e308 − (−1.8e308) is ∞)
    /// still draws the lowest value at the bottom and the highest at the top; a run's mean of values
    /// near the largest double is no ∞.
    func testAnOverflowingRangeDrawsItsLevels() {
        let most = Double.greatestFiniteMagnitude
        XCTAssertEqual(BrailleSparkline.render([9e307, -9e307]), "\u{2881}")
        XCTAssertEqual(BrailleSparkline.render([most, -most]), "\u{2881}")
        XCTAssertEqual(BrailleSparkline.render([-most, most, 0, 5e-324]), "\u{2848}\u{2812}")
        XCTAssertEqual(BrailleSparkline.render([most, most, -most, -most], cells: 1), "\u{2881}")
    }

    func testGapsAreEmptyColumnsAndTwoGapsABlankCell() {
        XCTAssertEqual(BrailleSparkline.render([1, .nan, .nan, 1]), "\u{2840}\u{2880}")
        XCTAssertEqual(BrailleSparkline.render([.nan, .nan, 5, 6]), "\u{2800}\u{2848}")
        XCTAssertEqual(BrailleSparkline.render([.nan, .nan]), "")
        XCTAssertEqual(BrailleSparkline.render([]), "")
    }

    func testWidthIsCappedAndFewValuesTakeFewCells() {
        let long = (0..<500).map { Double($0 % 50) }
        XCTAssertEqual(BrailleSparkline.render(long).unicodeScalars.count, BrailleSparkline.defaultCells)
        XCTAssertEqual(BrailleSparkline.render(long, cells: 8).unicodeScalars.count, 8)
        XCTAssertEqual(BrailleSparkline.render([1, 2, 3, 4, 5, 6, 7]).unicodeScalars.count, 4)
        // Every character is a braille pattern.
        XCTAssertTrue(BrailleSparkline.render(long).unicodeScalars.allSatisfy { (0x2800...0x28FF).contains($0.value) })
    }

    func testLongSeriesAreMeansOfConsecutiveRuns() {
        // 80 values into 40 columns: pairs averaged, so a rising line stays a rising line.
        let rising = (0..<80).map(Double.init)
        let line = BrailleSparkline.render(rising)
        XCTAssertEqual(line.unicodeScalars.first?.value, 0x2800 + 0x40 + 0x80)   // both lowest
        XCTAssertEqual(line.unicodeScalars.last?.value, 0x2800 + 0x01 + 0x08)    // both highest
        let flat = BrailleSparkline.render([Double](repeating: 7, count: 10))
        XCTAssertEqual(flat, String(repeating: "\u{28C0}", count: 5))
    }

    /// The cursor's cell for each value is the cell that draws it: a lone spike at each position of
    /// series short and long lands on the top row of exactly that cell.
    func testTheCellOfAValueIsTheCellThatDrawsIt() {
        for count in [1, 7, 40, 41, 97, 200] {
            for position in 0..<count {
                var values = [Double](repeating: 0, count: count)
                values[position] = 100
                let cells = Array(BrailleSparkline.render(values).unicodeScalars)
                // Dots 1 and 4 (bits 0x01, 0x08) are the top row.
                let top = cells.indices.filter { (cells[$0].value - 0x2800) & 0x09 != 0 }
                let expected = count == 1 ? [0] : top
                XCTAssertEqual([BrailleSparkline.cell(position: position, count: count)], expected, "\(position) of \(count)")
            }
        }
    }
}
