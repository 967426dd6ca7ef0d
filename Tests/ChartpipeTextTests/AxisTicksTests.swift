@testable import ChartpipeText
import Foundation
import XCTest

/// Axis ticks: round 1–2–5 steps that cover the data, zero for bars, calendar boundaries for time.
final class AxisTicksTests: XCTestCase {
    /// Whether `step` is 1, 2 or 5 times a power of ten.
    private func isOneTwoFive(_ step: Double) -> Bool {
        let exponent = log10(step).rounded(.down)
        let mantissa = step / pow(10, exponent)
        return [1.0, 2.0, 5.0, 10.0].contains { abs(mantissa - $0) < 1e-9 }
    }

    /// Value ranges of real data: revenue, visits, latency in minutes, battery percent, temperatures
    /// below zero, tiny rates, stock prices, a flat line, populations, profits and losses, sensor
    /// noise around a large offset, and a single year of counts.
    static let shapes: [(name: String, low: Double, high: Double)] = [
        ("daily revenue", 1022, 1987.5), ("site visits", 3120, 9876), ("latency minutes", 0.21, 4.87),
        ("battery percent", 12.4, 97.8), ("winter temperatures", -17.3, 4.2), ("interest rates", 0.0012, 0.0475),
        ("stock price", 187.23, 191.04), ("flat line", 42, 42), ("world population", 2.5e9, 8.1e9),
        ("profit and loss", -1250, 3400), ("pressure sensor", 101_320.4, 101_331.9), ("counts", 0, 7),
        ("negative only", -980, -15),
    ]

    func testDynamicRangesUseOneTwoFiveStepsThatCoverTheData() {
        for shape in Self.shapes {
            let ticks = AxisTicks.nice(low: shape.low, high: shape.high)
            XCTAssertGreaterThanOrEqual(ticks.count, 3, shape.name)
            XCTAssertLessThanOrEqual(ticks.count, 11, shape.name)
            XCTAssertLessThanOrEqual(ticks.first ?? .infinity, shape.low, shape.name)
            XCTAssertGreaterThanOrEqual(ticks.last ?? -.infinity, shape.high, shape.name)
            let steps = zip(ticks.dropFirst(), ticks).map { $0 - $1 }
            for step in steps {
                XCTAssertEqual(step, steps[0], accuracy: abs(steps[0]) * 1e-9, shape.name)
            }
            XCTAssertTrue(isOneTwoFive(steps[0]), "\(shape.name): step \(steps[0])")
            // Every tick is a whole multiple of the step, so labels are round; a flat line sits on
            // the middle tick, at its own value.
            if shape.low == shape.high {
                XCTAssertEqual(ticks[ticks.count / 2], shape.low, shape.name)
                continue
            }
            for t in ticks {
                XCTAssertEqual((t / steps[0]).rounded(), t / steps[0], accuracy: 1e-6, "\(shape.name): \(t)")
            }
        }
    }

    /// Ranges past the largest double (max − min = ∞), and steps among subnormals whose rounding
    /// scale (10³¹¹) overflows: finite ascending ticks that cover the data, never ∞ or NaN.
    func testTicksOverTheFullRangeOfADoubleAreFinite() {
        let most = Double.greatestFiniteMagnitude
        for (low, high, zero) in [(-most, most, false), (-9e307, 9e307, false), (5e-324, most, true), (-1e-310, 0, true),
                                  (5e-324, 4e-323, false), (-most, -most, false)] {
            let ticks = AxisTicks.nice(low: low, high: high, includingZero: zero)
            XCTAssertGreaterThanOrEqual(ticks.count, 2, "\(low)…\(high)")
            XCTAssertTrue(ticks.allSatisfy(\.isFinite), "\(low)…\(high): \(ticks)")
            XCTAssertEqual(ticks, ticks.sorted(), "\(low)…\(high)")
            XCTAssertLessThanOrEqual(ticks.first ?? .nan, low, "\(low)…\(high): \(ticks)")
            XCTAssertGreaterThanOrEqual(ticks.last ?? .nan, high, "\(low)…\(high): \(ticks)")
        }
    }

    func testBarsAlwaysIncludeZero() {
        for shape in Self.shapes {
            let ticks = AxisTicks.nice(low: shape.low, high: shape.high, includingZero: true)
            XCTAssertTrue(ticks.contains(0), "\(shape.name): \(ticks)")
            XCTAssertLessThanOrEqual(ticks.first ?? .infinity, min(shape.low, 0), shape.name)
            XCTAssertGreaterThanOrEqual(ticks.last ?? -.infinity, max(shape.high, 0), shape.name)
        }
        XCTAssertEqual(AxisTicks.nice(low: 0, high: 0, includingZero: true), [0, 1])
        XCTAssertEqual(AxisTicks.nice(low: 1022, high: 1987.5, includingZero: true), [0, 500, 1000, 1500, 2000])
    }

    func testFractionDigitsOfTicks() {
        XCTAssertEqual(AxisTicks.fractionDigits([0, 500, 1000]), 0)
        XCTAssertEqual(AxisTicks.fractionDigits([0, 0.5, 1]), 1)
        XCTAssertEqual(AxisTicks.fractionDigits([0.001, 0.002]), 3)
        XCTAssertEqual(AxisTicks.fractionDigits(AxisTicks.nice(low: 0.0012, high: 0.0475)), 2)
    }

    // MARK: Time

    private let day = 86_400_000.0
    /// 2026-06-01T00:00:00Z.
    private let june1 = 1_780_272_000_000.0

    private func iso(_ ticks: TimeTicks, zone: String = "UTC") -> [String] {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: zone)
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate]
        return ticks.values.map { formatter.string(from: Date(timeIntervalSince1970: $0 / 1000)) }
    }

    func testNinetyTwoDaysTickAtMonthStarts() {
        let ticks = TimeTicks.nice(from: june1, to: june1 + 91 * day, zone: "UTC", count: 8)
        XCTAssertEqual(ticks.unit, .week)
        XCTAssertEqual(ticks.step, 2)
        XCTAssertEqual(TimeTicks.nice(from: june1, to: june1 + 91 * day, zone: "UTC", count: 3).unit, .month)
        XCTAssertEqual(iso(TimeTicks.nice(from: june1, to: june1 + 91 * day, zone: "UTC", count: 3)),
                       ["2026-06-01T00:00:00", "2026-07-01T00:00:00", "2026-08-01T00:00:00"])
        // Weeks start on Monday: June 1, 2026 is a Monday.
        XCTAssertEqual(iso(ticks).prefix(2), ["2026-06-01T00:00:00", "2026-06-15T00:00:00"])
    }

    func testHoursStayRoundInTheZoneAcrossDaylightSaving() {
        // Europe/Berlin leaves summer time on 2026-10-25 at 03:00 local.
        let from = Date(timeIntervalSince1970: 1_792_360_800).timeIntervalSince1970 * 1000  // 2026-10-24T22:00:00Z
        let ticks = TimeTicks.nice(from: from, to: from + 2 * day, zone: "Europe/Berlin", count: 8)
        XCTAssertEqual(ticks.unit, .hour)
        XCTAssertEqual(ticks.step, 6)
        let local = iso(ticks, zone: "Europe/Berlin")
        for text in local { XCTAssertTrue(["00", "06", "12", "18"].contains(text.dropFirst(11).prefix(2)), text) }
        XCTAssertEqual(Set(local).count, local.count)
    }

    func testYearsQuartersAndSeconds() {
        let year = 365.2425 * day
        let decades = TimeTicks.nice(from: june1 - 40 * year, to: june1, zone: "UTC", count: 6)
        XCTAssertEqual(decades.unit, .year)
        XCTAssertEqual(decades.step, 10)
        XCTAssertEqual(iso(decades).first, "1990-01-01T00:00:00")
        let quarters = TimeTicks.nice(from: june1, to: june1 + 2 * year, zone: "Asia/Seoul", count: 8)
        XCTAssertEqual(quarters.unit, .month)
        XCTAssertEqual(quarters.step, 3)
        for text in iso(quarters, zone: "Asia/Seoul") {
            XCTAssertTrue(["01", "04", "07", "10"].contains(text.dropFirst(5).prefix(2)), text)
        }
        let seconds = TimeTicks.nice(from: june1 + 1234, to: june1 + 61_000, zone: "UTC", count: 4)
        XCTAssertEqual(seconds.unit, .second)
        XCTAssertEqual(seconds.step, 15)
        XCTAssertEqual(iso(seconds), ["2026-06-01T00:00:15", "2026-06-01T00:00:30", "2026-06-01T00:00:45", "2026-06-01T00:01:00"])
    }

    func testLabelsNameTheCoarserPartsWhereTheyChange() {
        let formats = LocaleFormats(locale: "en")
        let hourly = TimeTicks.nice(from: june1 + 6 * 3_600_000, to: june1 + 30 * 3_600_000, zone: "UTC", count: 6)
        let labels = zip(hourly.values, hourly.styles).map { formats.date(millis: $0, style: $1) }
        XCTAssertEqual(labels.first, "Jun 1, 6:00\u{202F}AM")
        XCTAssertTrue(labels.contains("Jun 2"), "\(labels)")
        let monthly = TimeTicks.nice(from: june1, to: june1 + 300 * day, zone: "UTC", count: 6)
        let months = zip(monthly.values, monthly.styles).map { formats.date(millis: $0, style: $1) }
        // Every second month, from January: July is the first in range.
        XCTAssertEqual(months.first, "Jul 2026")
        XCTAssertTrue(months.contains("Jan 2027"), "\(months)")
        XCTAssertTrue(months.contains("Sep"), "\(months)")
        let ko = LocaleFormats(locale: "ko")
        XCTAssertEqual(ko.date(millis: hourly.values[0], style: hourly.styles[0]), "6월 1일 6시")
    }
}
