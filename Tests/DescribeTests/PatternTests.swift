import ChartpipeCore
import ChartpipeJSON
@testable import Describe
import Foundation
import XCTest

/// Day-of-week and hour-of-day patterns of real series against a pandas groupby and
/// scipy.stats.kruskal (Fixtures/reference/patterns.py wrote patterns.json; issue 31).
final class PatternTests: XCTestCase {
    func cases() throws -> [JSONValue] {
        let url = DescribeCharts.fixtures.appendingPathComponent("reference/patterns.json")
        return try XCTUnwrap(JSONParser.parse(Array(try Data(contentsOf: url)))["cases"]?.arrayValue)
    }

    func numbers(_ v: JSONValue?) -> [Double] { v?.arrayValue?.compactMap(\.doubleValue) ?? [] }

    func testKruskalWallisMatchesScipy() throws {
        for c in try cases() {
            let name = c["name"]?.stringValue ?? "?"
            let groups = numbers(c["phase"]).map { Int($0) }
            let test = try XCTUnwrap(KruskalWallis.test(values: numbers(c["y"]), group: groups, groups: c["phases"]?.intValue ?? 0))
            let h = try XCTUnwrap(c["kruskal"]?["h"]?.doubleValue), p = try XCTUnwrap(c["kruskal"]?["p"]?.doubleValue)
            XCTAssertEqual(test.h, h, accuracy: 1e-9 * h, name)
            XCTAssertEqual(test.p, p, accuracy: 1e-7 * p, name)
        }
    }

    /// The phases a season names are those of the highest and lowest group means, and a season
    /// is stated only where Kruskal-Wallis finds the phases differ.
    func testASeasonNamesTheHighestAndLowestMeansAndNeedsTheTest() throws {
        var stated = 0
        for c in try cases() {
            let name = c["name"]?.stringValue ?? "?"
            let x = numbers(c["x"]), y = numbers(c["y"])
            let p = try XCTUnwrap(c["kruskal"]?["p"]?.doubleValue)
            let means = numbers(c["means"])
            guard let season = Seasonality.find(x: x, y: y, zone: "UTC") else { continue }
            stated += 1
            XCTAssertLessThan(p, 0.05, name)
            XCTAssertEqual(season.p, p, accuracy: 1e-7 * p, name)
            XCTAssertTrue(season.high.phases.contains(c["highest"]?.intValue ?? -1), name)
            XCTAssertTrue(season.low.phases.contains(c["lowest"]?.intValue ?? -1), name)
            // A second phase joins only when its mean is close; the mean said is of the values in the span.
            for phase in season.high.phases { XCTAssertGreaterThan(means[phase], means.sorted()[means.count / 2], name) }
            for phase in season.low.phases { XCTAssertLessThan(means[phase], means.sorted()[means.count / 2], name) }
            // At an alpha below the test's p, no season.
            XCTAssertNil(Seasonality.find(x: x, y: y, zone: "UTC", alpha: p / 2), name)
        }
        XCTAssertGreaterThanOrEqual(stated, 1)
    }

    /// A weekly season whose detrended phases differ but whose values do not: the residual means
    /// picked Tuesday as "highest" where Tuesday's values were lowest (issue 31).
    func testPhasesAreNamedByTheMeansOfTheValues() throws {
        let day = 86_400_000.0
        // 20 weeks; weekday effect small against a trend: raw means still rank Saturday highest.
        var x: [Double] = [], y: [Double] = []
        let effect: [Double] = [0, -1, 0, 0, 0, 3, 1]
        for d in 0..<140 {
            x.append(Double(d + 4) * day)  // 1970-01-05 was a Monday
            y.append(effect[d % 7] * 10 + Double(d % 7 == 1 ? 0 : 1))
        }
        let season = try XCTUnwrap(Seasonality.find(x: x, y: y, zone: "UTC"))
        XCTAssertEqual(season.period, .week)
        XCTAssertEqual(season.high.phases, [5])
        XCTAssertEqual(season.low.phases, [1])
        XCTAssertEqual(season.highMean, 31)
        XCTAssertEqual(season.lowMean, -10)
    }
}
