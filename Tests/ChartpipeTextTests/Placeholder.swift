import XCTest

final class ChartpipeTextTestsPlaceholder: XCTestCase {
    func testBuilds() {}
}
