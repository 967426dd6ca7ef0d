import XCTest

final class ChartpipeCoreTestsPlaceholder: XCTestCase {
    func testBuilds() {}
}
