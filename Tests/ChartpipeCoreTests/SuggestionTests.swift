@testable import ChartpipeCore
import XCTest

final class SuggestionTests: XCTestCase {
    func testClosest() {
        let keys = ["title", "subtitle", "mark", "source", "x", "y", "series", "stages"]
        XCTAssertEqual(Suggestion.closest(to: "titel", in: keys), "title")
        XCTAssertEqual(Suggestion.closest(to: "Title", in: keys), "title")
        XCTAssertEqual(Suggestion.closest(to: "serie", in: keys), "series")
        XCTAssertEqual(Suggestion.closest(to: "colour", in: keys), nil)
        XCTAssertEqual(Suggestion.closest(to: "desc", in: ["ingest", "describe"]), "describe")
    }
}
