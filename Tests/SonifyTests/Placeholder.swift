import XCTest

final class SonifyTestsPlaceholder: XCTestCase {
    func testBuilds() {}
}
