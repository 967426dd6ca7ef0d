@testable import ChartpipeCore
import Foundation
import XCTest

final class TimeTextTests: XCTestCase {
    func testCivilDaysRoundTrip() {
        for days: Int64 in [-719_468, -1, 0, 1, 11_016, 20_454, 2_932_896] {
            let (y, m, d) = TimeText.civil(fromDays: days)
            XCTAssertEqual(TimeText.days(year: y, month: m, day: d), days)
        }
        XCTAssertEqual(TimeText.days(year: 2024, month: 2, day: 29) + 1, TimeText.days(year: 2024, month: 3, day: 1))
    }

    func testISO8601() {
        XCTAssertEqual(TimeText.iso8601(milliseconds: 0), "1970-01-01T00:00:00Z")
        XCTAssertEqual(TimeText.iso8601(milliseconds: 1_780_272_000_000), "2026-06-01T00:00:00Z")
        XCTAssertEqual(TimeText.iso8601(milliseconds: -1), "1969-12-31T23:59:59.999Z")
        let ny = TimeZone(identifier: "America/New_York")
        // 2026-03-08 07:00Z is 03:00 EDT, the first hour after the change.
        XCTAssertEqual(TimeText.iso8601(milliseconds: 1_772_953_200_000, zone: ny), "2026-03-08T03:00:00-04:00")
        XCTAssertEqual(TimeText.iso8601(milliseconds: 1_772_949_600_000, zone: ny), "2026-03-08T01:00:00-05:00")
        XCTAssertEqual(TimeText.iso8601(milliseconds: 1_780_272_000_500, zone: TimeZone(identifier: "Asia/Kolkata")), "2026-06-01T05:30:00.500+05:30")
    }
}
