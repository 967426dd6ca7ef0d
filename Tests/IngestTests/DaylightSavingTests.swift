import ChartpipeCore
import Foundation
@testable import Ingest
import XCTest

/// Wall-clock times across daylight-saving changes (`x.ambiguous`, `x.nonexistent`). Expected
/// instants are written in UTC by hand: in Europe/Berlin the clocks went back from 03:00 CEST
/// (+02:00) to 02:00 CET (+01:00) at 01:00 UTC on 25 October 2026 and forward from 02:00 CET to
/// 03:00 CEST at 01:00 UTC on 29 March 2026; in America/New_York back from 02:00 EDT to 01:00 EST
/// at 06:00 UTC on 3 November 2024.
final class DaylightSavingTests: XCTestCase {
    private let s = Scratch()

    private func xs(_ text: String, _ name: String = "d.csv", zone: String = "Europe/Berlin", series: String? = nil,
                    ambiguous: AmbiguousTime = .order, nonexistent: NonexistentTime = .error) throws -> [Double] {
        try read(chart(s.file(name, text), zone: zone, series: series, ambiguous: ambiguous, nonexistent: nonexistent)).0.x
    }

    /// Hourly load through the night of the change: 25 hours, 02:00 twice, two distinct instants in order.
    func testFallBackByOrderGivesTwoInstants() throws {
        let text = "t,v\n2026-10-25T00:00,1\n2026-10-25T01:00,2\n2026-10-25T02:00,3\n2026-10-25T02:00,4\n2026-10-25T03:00,5\n"
        XCTAssertEqual(try xs(text), [utc(2026, 10, 24, 22), utc(2026, 10, 24, 23), utc(2026, 10, 25, 0), utc(2026, 10, 25, 1),
                                      utc(2026, 10, 25, 2)])
    }

    /// Quarter hours: the whole repeated hour comes round again, and each repeat is the later instant.
    func testFallBackQuarterHoursByOrder() throws {
        let times = ["02:00", "02:15", "02:30", "02:45", "02:00", "02:15", "02:30", "02:45", "03:00"]
        let text = "t,v\n" + times.enumerated().map { "2026-10-25T\($1),\($0)" }.joined(separator: "\n") + "\n"
        XCTAssertEqual(try xs(text), (0..<9).map { utc(2026, 10, 25, 0, 15 * $0) })
    }

    /// Long data: each series has the repeated hour once before and once after the change.
    func testFallBackByOrderPerSeries() throws {
        let text = "t,region,v\n2026-10-25T02:00,North,1\n2026-10-25T02:00,South,2\n2026-10-25T02:00,North,3\n2026-10-25T02:00,South,4\n"
        XCTAssertEqual(try xs(text, series: "region"), [utc(2026, 10, 25, 0), utc(2026, 10, 25, 0), utc(2026, 10, 25, 1), utc(2026, 10, 25, 1)])
    }

    func testFallBackByOrderInJSON() throws {
        let text = #"[{"t": "2026-10-25T02:30", "v": 1}, {"t": "2026-10-25T02:30", "v": 2}, {"t": "2026-10-25T03:30", "v": 3}]"#
        XCTAssertEqual(try xs(text, "d.json"), [utc(2026, 10, 25, 0, 30), utc(2026, 10, 25, 1, 30), utc(2026, 10, 25, 2, 30)])
    }

    /// A repeated time that appears once is the earlier instant, east of Greenwich as west of it.
    func testASingleRepeatedTimeIsTheEarlierInstant() throws {
        XCTAssertEqual(try xs("t,v\n2026-10-25T02:30,1\n"), [utc(2026, 10, 25, 0, 30)])
        XCTAssertEqual(try xs("t,v\n2024-11-03T01:30,1\n2024-11-03T01:30,2\n", zone: "America/New_York"),
                       [utc(2024, 11, 3, 5, 30), utc(2024, 11, 3, 6, 30)])
    }

    /// An offset written on a value is that instant and does not count as an occurrence of the repeat.
    func testOffsetsAreInstants() throws {
        XCTAssertEqual(try xs("t,v\n2026-10-25T02:00+01:00,1\n2026-10-25T02:00,2\n"), [utc(2026, 10, 25, 1), utc(2026, 10, 25, 0)])
    }

    func testEarlierAndLaterPolicies() throws {
        let text = "t,v\n2026-10-25T01:30,1\n2026-10-25T02:30,2\n2026-10-25T03:30,3\n"
        XCTAssertEqual(try xs(text, ambiguous: .earlier), [utc(2026, 10, 24, 23, 30), utc(2026, 10, 25, 0, 30), utc(2026, 10, 25, 2, 30)])
        XCTAssertEqual(try xs(text, ambiguous: .later), [utc(2026, 10, 24, 23, 30), utc(2026, 10, 25, 1, 30), utc(2026, 10, 25, 2, 30)])
    }

    func testAmbiguousErrorPolicy() {
        let path = s.file("e.csv", "t,v\n2026-10-25T01:30,1\n2026-10-25T02:30,2\n")
        XCTAssertEqual(failure(chart(path, zone: "Europe/Berlin", ambiguous: .error)).map { "\($0)" },
                       "e.csv:3:1: error: field 't': '2026-10-25T02:30' occurs twice in Europe/Berlin: the clocks moved back over it; write the time with its offset, or set \"ambiguous\" in x to \"order\" (the first is the earlier instant, the repeat the later one), \"earlier\" or \"later\"")
    }

    /// With "earlier" or "later" the two rows are one instant: the duplicate says why, and never
    /// advises aggregate for them.
    func testADuplicateFromAPolicyNamesThePolicyNotAggregate() throws {
        let path = s.file("dup.csv", "t,v\n2026-10-25T01:00,1\n2026-10-25T02:00,2\n2026-10-25T02:00,3\n")
        let c = chart(path, zone: "Europe/Berlin", ambiguous: .later)
        XCTAssertThrowsError(try SeriesCollector.collect(Ingest().open(chart: c), chart: c)) { error in
            XCTAssertEqual("\(error)",
                           "dup.csv:4: error: field 't': x '2026-10-25T02:00:00+01:00' appears twice, at lines 3 and 4; its wall-clock time 2026-10-25T02:00:00 occurs twice in Europe/Berlin when daylight saving ends, and \"ambiguous\": \"later\" reads every occurrence as the same instant: remove \"ambiguous\" (its default, \"order\", reads the first as the earlier instant and the repeat as the later one) or write the times with their offsets")
            XCTAssertFalse("\(error)".contains("aggregate"))
        }
        // Three times under "order": still about the clocks, not aggregate.
        let three = chart(s.file("three.csv", "t,v\n2026-10-25T02:00,1\n2026-10-25T02:00,2\n2026-10-25T02:00,3\n"), zone: "Europe/Berlin")
        XCTAssertThrowsError(try SeriesCollector.collect(Ingest().open(chart: three), chart: three)) { error in
            XCTAssertEqual("\(error)",
                           "three.csv:4: error: field 't': x '2026-10-25T02:00:00+01:00' appears twice, at lines 3 and 4; its wall-clock time 2026-10-25T02:00:00 occurs twice in Europe/Berlin when daylight saving ends, and the data has it more than twice (or an offset written on one of them names the same instant): the first is read as the earlier instant and the next as the later one; write the times with their offsets")
        }
        // Other duplicates keep the aggregate advice.
        let plain = chart(s.file("p.csv", "t,v\n2026-10-24T02:00,1\n2026-10-24T02:00,2\n"), zone: "Europe/Berlin")
        XCTAssertThrowsError(try SeriesCollector.collect(Ingest().open(chart: plain), chart: plain)) { error in
            XCTAssertTrue("\(error)".hasSuffix("add { \"use\": \"aggregate\" } after 'ingest' to combine rows with the same x"), "\(error)")
        }
    }

    /// The spring-forward gap: an error by default, moved forward by the gap with "shift".
    func testSpringForwardGap() throws {
        let path = s.file("gap.csv", "t,v\n2026-03-29T01:30,1\n2026-03-29T02:30,2\n2026-03-29T03:30,3\n")
        XCTAssertEqual(failure(chart(path, zone: "Europe/Berlin")).map { "\($0)" },
                       "gap.csv:3:1: error: field 't': '2026-03-29T02:30' does not exist in Europe/Berlin: the clocks moved forward over it; write the time with its offset or in another zone, or set \"nonexistent\": \"shift\" in x to move it forward by the gap")
        // 02:30 shifted by the hour is 03:30 CEST, the same instant as the next row.
        XCTAssertEqual(try read(chart(path, zone: "Europe/Berlin", nonexistent: .shift)).0.x,
                       [utc(2026, 3, 29, 0, 30), utc(2026, 3, 29, 1, 30), utc(2026, 3, 29, 1, 30)])
    }

    /// Half-hour changes (Lord Howe Island: +11 to +10:30 at 02:00 local) place only the repeated half hour twice.
    func testHalfHourChange() throws {
        // 2026-04-05: 02:00 LHDT (+11) becomes 01:30 LHST (+10:30) at 15:00 UTC on 4 April.
        let text = "t,v\n2026-04-05T01:15,1\n2026-04-05T01:45,2\n2026-04-05T01:45,3\n2026-04-05T02:15,4\n"
        XCTAssertEqual(try xs(text, zone: "Australia/Lord_Howe"),
                       [utc(2026, 4, 4, 14, 15), utc(2026, 4, 4, 14, 45), utc(2026, 4, 4, 15, 15), utc(2026, 4, 4, 15, 45)])
    }
}
