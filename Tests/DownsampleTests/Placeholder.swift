import XCTest

final class DownsampleTestsPlaceholder: XCTestCase {
    func testBuilds() {}
}
