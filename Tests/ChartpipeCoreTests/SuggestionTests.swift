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

    /// `op: average` means `mean`, which no edit distance finds (issue 31).
    func testAWordForAnOpSuggestsTheOp() {
        let ops = ["sum", "mean", "median", "min", "max", "count", "first", "last"]
        XCTAssertEqual(Suggestion.closest(to: "average", in: ops), "mean")
        XCTAssertEqual(Suggestion.closest(to: "Total", in: ops), "sum")
        XCTAssertEqual(Suggestion.didYouMean("average", in: ops), "; did you mean 'mean'?")
        XCTAssertNil(Suggestion.closest(to: "average", in: ["title", "x"]))
    }
}
