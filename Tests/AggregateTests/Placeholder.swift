import XCTest

final class AggregateTestsPlaceholder: XCTestCase {
    func testBuilds() {}
}
