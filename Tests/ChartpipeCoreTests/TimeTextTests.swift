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

    /// The text written in one buffer is the text of the plain construction it replaced (each
    /// field `String(v)` padded with zeros), over years far before and after the common era,
    /// milliseconds and zones of whole and half hours.
    func testISO8601MatchesAPlainConstruction() {
        func pad(_ v: Int, _ width: Int) -> String {
            let s = String(v)
            return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
        }
        func plain(_ ms: Double, _ zone: TimeZone?) -> String {
            let whole = Int64(ms.rounded(.down))
            var seconds = Int64((Double(whole) / 1000).rounded(.down))
            let millis = Int(whole - seconds * 1000)
            let utc = ["UTC", "GMT"].contains(zone?.identifier ?? "UTC")
            let offset = utc ? 0 : zone?.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds))) ?? 0
            seconds += Int64(offset)
            let days = Int64((Double(seconds) / 86_400).rounded(.down))
            let sod = Int(seconds - days * 86_400)
            let (y, m, d) = TimeText.civil(fromDays: days)
            var text = pad(y, 4) + "-" + pad(m, 2) + "-" + pad(d, 2) + "T" + pad(sod / 3600, 2) + ":" + pad(sod / 60 % 60, 2) + ":" + pad(sod % 60, 2)
            if millis != 0 { text += "." + pad(millis, 3) }
            if zone == nil || offset == 0 && utc { return text + "Z" }
            return text + (offset < 0 ? "-" : "+") + pad(abs(offset) / 3600, 2) + ":" + pad(abs(offset) / 60 % 60, 2)
        }
        var state: UInt64 = 42
        func next() -> UInt64 { state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407; return state >> 11 }
        let zones: [TimeZone?] = [nil, TimeZone(identifier: "UTC"), TimeZone(identifier: "America/New_York"),
                                  TimeZone(identifier: "Asia/Kolkata"), TimeZone(identifier: "Europe/London")]
        var instants: [Double] = [0, -1, 999, -86_400_000, -62_135_596_800_000, -62_135_596_800_001, 8.9e15, -8.9e15]
        for _ in 0..<3_000 { instants.append(Double(Int64(next() % 17_800_000_000_000_000) - 8_900_000_000_000_000)) }
        for _ in 0..<1_000 { instants.append(Double(Int64(next() % 4_000_000_000_000))) }
        for zone in zones {
            for ms in instants { XCTAssertEqual(TimeText.iso8601(milliseconds: ms, zone: zone), plain(ms, zone), "\(ms) \(zone?.identifier ?? "nil")") }
        }
    }
}
