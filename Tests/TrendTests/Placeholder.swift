import XCTest

final class TrendTestsPlaceholder: XCTestCase {
    func testBuilds() {}
}
