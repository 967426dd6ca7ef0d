import XCTest

final class DescribeTestsPlaceholder: XCTestCase {
    func testBuilds() {}
}
