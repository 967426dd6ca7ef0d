import XCTest

final class IngestTestsPlaceholder: XCTestCase {
    func testBuilds() {}
}
