import Aggregate
import ChartpipeCore
import ChartpipeText
@testable import Describe
import Downsample
import Foundation
import Ingest
import Trend
import ChartpipeTestSupport

/// Synthetic charts built in code as the stages before `describe` would leave them: series, then
/// `downsample` when asked, then `trend`.
enum DescribeCharts {
    static let locales = ["en", "zh-Hans", "ko", "ja"]
    static let day = 86_400_000.0
    static let hour = 3_600_000.0
    /// 2026-06-01T00:00:00Z.
    static let june1 = Double(TimeText.days(year: 2026, month: 6, day: 1)) * day

    static var fixtures: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    }

    /// A deterministic stand-in for Gaussian noise (sum of twelve uniforms, an LCG with a fixed seed).
    struct Noise {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func uniform() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        mutating func gauss(_ sigma: Double) -> Double {
            var sum = 0.0
            for _ in 0..<12 { sum += uniform() }
            return (sum - 6) * sigma
        }
    }

    static func spec(id: String, title: String, mark: Mark = .line, xType: XType = .time, xTitle: String? = "Date",
                     zone: String = "UTC", xUnit: String? = nil, yTitle: String?, unit: String? = nil,
                     range: ClosedRange<Double>? = nil, thresholds: [(name: String, value: Double)] = [],
                     seriesField: String? = nil) -> ChartSpec {
        ChartSpec(id: id, title: title, mark: mark,
                  source: SourceSpec(path: "/dev/null", displayPath: "data.csv", format: .csv),
                  x: XSpec(field: "x", type: xType, title: xTitle, zone: zone, unit: xUnit),
                  y: YSpec(fields: ["y"], title: yTitle, unit: unit, range: range, thresholds: thresholds),
                  seriesField: seriesField, location: SourceLocation(path: "test.pipeline"))
    }

    /// The context `describe` sees: `downsample` (when `points` is given) and `trend` have run (with
    /// the crossovers of every series, whatever their number, so that describe sees them all).
    static func context(_ chart: ChartSpec, _ set: SeriesSet, points: Int? = nil, locales: [String] = locales,
                        strings: [String] = []) throws -> ChartContext {
        var context = ChartContext(chart: chart, run: RunInfo(locales: locales, strings: strings, pipelineDirectory: "/tmp",
                                                              pipelineName: "test"), data: set)
        if let points { try Downsample(["method": "lttb", "points": points.optionValue]).run(&context) }
        try Trend(["crossoverSeries": set.series.count.optionValue]).run(&context)
        return context
    }

    static func series(_ name: String, x: [Double], y: [Double]) -> Series {
        Series(name: name, x: x, y: y, firstRecord: Array(x.indices), lastRecord: Array(x.indices))
    }

    static func days(_ n: Int, from start: Double = june1, step: Double = day) -> [Double] {
        (0..<n).map { start + Double($0) * step }
    }

    // MARK: The charts

    /// Daily revenue rising over 30 days (USD).
    static func rising() throws -> ChartContext {
        var noise = Noise(seed: 1)
        let y = (0..<30).map { (1200 + 25 * Double($0) + noise.gauss(40)).rounded() }
        return try context(spec(id: "rising", title: "Daily revenue", yTitle: "Revenue", unit: "USD"),
                           SeriesSet(xType: .time, series: [series("revenue", x: days(30), y: y)]))
    }

    /// Battery level falling hour by hour in Seoul, on a fixed 0–100% axis with a `low` threshold.
    static func fallingHourly() throws -> ChartContext {
        var noise = Noise(seed: 2)
        let start = june1 + 6 * hour
        let y = (0..<24).map { ((96 - 3.1 * Double($0) + noise.gauss(1.5)) * 10).rounded() / 10 }
        return try context(spec(id: "falling-hourly", title: "Battery level", mark: .area, xTitle: "Time", zone: "Asia/Seoul",
                                yTitle: "Battery level", unit: "percent", range: 0...100, thresholds: [("low", 40)]),
                           SeriesSet(xType: .time, series: [series("level", x: days(24, from: start, step: hour),
                                                                   y: y.map { min(100, max(0, $0)) })]))
    }

    /// Monthly latency in minutes over two years, without a trend.
    static func monthly() throws -> ChartContext {
        let x = (0..<24).map { m in Double(TimeText.days(year: 2025 + m / 12, month: m % 12 + 1, day: 1)) * day }
        let y = (0..<24).map { m in [31, 28, 35, 30, 26, 33, 29, 34, 27, 32, 30, 29][m % 12] + (m % 5 == 0 ? 1.5 : 0) }
        return try context(spec(id: "monthly", title: "Monthly response time", xTitle: "Month", yTitle: "Response time",
                                unit: "duration-minute"),
                           SeriesSet(xType: .time, series: [series("minutes", x: x, y: y)]))
    }

    /// One point (SPEC §8: described as a single value).
    static func onePoint() throws -> ChartContext {
        try context(spec(id: "one-point", title: "Daily revenue", yTitle: "Revenue", unit: "USD"),
                    SeriesSet(xType: .time, series: [series("revenue", x: [june1 + 5 * day], y: [1950])]))
    }

    /// Two points: no trend test can be significant, so the change itself is stated.
    static func twoPoints() throws -> ChartContext {
        try context(spec(id: "two-points", title: "Members", yTitle: "Members"),
                    SeriesSet(xType: .time, series: [series("members", x: [june1, june1 + 30 * day], y: [5, 9])]))
    }

    /// Distance over numeric x with missing values; it starts at 0, so the change has no percent.
    static func gaps() throws -> ChartContext {
        let x = (0..<20).map { Double($0) * 0.5 }
        var y = (0..<20).map { Double($0) * 1.5 }
        y[4] = .nan
        y[9] = .nan
        y[10] = .nan
        return try context(spec(id: "gaps", title: "Distance run", xType: .number, xTitle: "Hours", yTitle: "Distance",
                                unit: "length-kilometer"),
                           SeriesSet(xType: .number, series: [series("distance", x: x, y: y)]))
    }

    /// Bars over five categories, no unit.
    static func categories() throws -> ChartContext {
        let labels = ["Apples", "Pears", "Plums", "Cherries", "Figs"]
        return try context(spec(id: "fruit", title: "Fruit sold", mark: .bar, xType: .category, xTitle: "Fruit",
                                yTitle: "Crates"),
                           SeriesSet(xType: .category, categories: labels,
                                     series: [series("crates", x: [0, 1, 2, 3, 4], y: [42, 17, 8, 23, 5])]))
    }

    /// The demo's "daily-sales": four regions of daily USD revenue over 92 days (June to August
    /// 2026) with weekend dips, one promotion day, a `target` threshold, downsampled to 40 points.
    static func dailySales(points: Int? = 40, locales: [String] = locales, strings: [String] = []) throws -> ChartContext {
        var noise = Noise(seed: 20_260_601)
        let regions: [(String, Double, Double)] = [("North", 1200, 9), ("South", 950, 4), ("East", 1500, -2.5), ("West", 800, 6)]
        var series = regions.map { Series(name: $0.0) }
        for d in 0..<92 {
            let weekend = d % 7 == 5 || d % 7 == 6  // 2026-06-01 is a Monday
            for (k, region) in regions.enumerated() {
                var value = region.1 + region.2 * Double(d) + noise.gauss(60) - (weekend ? 180 : 0)
                if region.0 == "East" && d == 47 { value += 900 }
                series[k].append(x: june1 + Double(d) * day, y: (value * 100).rounded() / 100, firstRecord: d * 4 + k,
                                 lastRecord: d * 4 + k)
            }
        }
        return try context(spec(id: "daily-sales", title: "Daily sales", yTitle: "Revenue", unit: "USD",
                                thresholds: [("target", 1500)], seriesField: "region"),
                           SeriesSet(xType: .time, series: series), points: points, locales: locales, strings: strings)
    }

    // MARK: Public data (Fixtures/data, see Fixtures/README.md)

    /// The catalog that translates the public charts' titles and names.
    static var publicStrings: [String] { [fixtures.appendingPathComponent("public.xcstrings").path] }

    /// Columns of a committed CSV extract: x (an ISO date, or a number) and the named y columns.
    static func table(_ name: String) throws -> (header: [String], rows: [[String]]) {
        let text = try String(contentsOf: fixtures.appendingPathComponent("data/\(name)"), encoding: .utf8)
        let lines = text.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        return (lines.first ?? [], Array(lines.dropFirst()))
    }

    /// An ISO 8601 date (yyyy-MM-dd) as epoch milliseconds, UTC.
    static func date(_ text: String) -> Double {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        return Double(TimeText.days(year: parts[0], month: parts[1], day: parts[2])) * day
    }

    /// One series of column `y` over dates (or numbers) in column 0; empty cells are gaps.
    static func column(_ name: String, _ y: String, numberX: Bool = false) throws -> Series {
        let (header, rows) = try table(name)
        guard let k = header.firstIndex(of: y) else { throw CocoaError(.fileReadCorruptFile) }
        return series(y, x: rows.map { numberX ? Double($0[0]) ?? .nan : date($0[0]) }, y: rows.map { Double($0[k]) ?? .nan })
    }

    /// A stock: Google's monthly close, 2006–2014 (USD).
    static func stock() throws -> ChartContext {
        try context(spec(id: "google-stock", title: "Google stock price", yTitle: "Closing price", unit: "USD"),
                    SeriesSet(xType: .time, series: [try column("goog-monthly.csv", "close")]), strings: publicStrings)
    }

    /// A temperature: New York's daily high, May to September 1973 (°F).
    static func temperature() throws -> ChartContext {
        try context(spec(id: "new-york-temperature", title: "New York daily high temperature", yTitle: "High temperature",
                         unit: "temperature-fahrenheit"),
                    SeriesSet(xType: .time, series: [try column("airquality-1973.csv", "temp_f")]), strings: publicStrings)
    }

    /// A percentage with a threshold: the US personal saving rate, monthly 2000–2015.
    static func savingRate() throws -> ChartContext {
        try context(spec(id: "us-saving-rate", title: "US personal saving rate", yTitle: "Saving rate", unit: "percent",
                         thresholds: [("alert level", 4)]),
                    SeriesSet(xType: .time, series: [try column("economics-2000-2015.csv", "psavert")]), strings: publicStrings)
    }

    /// A count with large numbers: US unemployed persons, monthly 2000–2015.
    static func unemployed() throws -> ChartContext {
        try context(spec(id: "us-unemployed", title: "US unemployed persons", yTitle: "Unemployed"),
                    SeriesSet(xType: .time, series: [try column("economics-2000-2015.csv", "unemployed")]), strings: publicStrings)
    }

    /// A concentration in parts per million (`concentr-permillion`): monthly CO2 at Mauna Loa, 2010–2017.
    static func carbonDioxide() throws -> ChartContext {
        try context(spec(id: "co2-mauna-loa", title: "Monthly carbon dioxide at Mauna Loa", yTitle: "CO2 concentration",
                         unit: "concentr-permillion"),
                    SeriesSet(xType: .time, series: [try column("co2-mauna-loa-2010-2017.csv", "co2")]), strings: publicStrings)
    }

    /// Numeric years: yearly sunspot numbers, 1700–1988, with `x.unit: year`.
    static func sunspots() throws -> ChartContext {
        try context(spec(id: "sunspots", title: "Yearly sunspot numbers", xType: .number, xTitle: "Year", xUnit: "year",
                         yTitle: "Sunspot number"),
                    SeriesSet(xType: .number, series: [try column("sunspots-yearly.csv", "sunspots", numberX: true)]),
                    points: 60, strings: publicStrings)
    }

    /// Several series: the median home sale price of four Texas cities, monthly 2010–2015 (USD).
    static func texasHousing() throws -> ChartContext {
        let (_, rows) = try table("txhousing-median-2010-2015.csv")
        var cities: [Series] = []
        for (i, row) in rows.enumerated() {
            if cities.last?.name != row[1] { cities.append(Series(name: row[1])) }
            cities[cities.count - 1].append(x: date(row[0]), y: Double(row[2]) ?? .nan, firstRecord: i, lastRecord: i)
        }
        return try context(spec(id: "texas-housing", title: "Median home sale price in Texas cities", yTitle: "Median sale price",
                                unit: "USD", seriesField: "city"),
                           SeriesSet(xType: .time, series: cities), strings: publicStrings)
    }

    /// Observations of one or more series, as `ingest` would stream them.
    final class Observations: ObservationStream {
        let xType: XType
        let seriesNames: [String]
        let categories: [String] = []
        let sourcePath = "data.csv"
        var pending: ObservationBatch?
        var recordsRead = 0
        let recordsSkipped = 0
        let warnings: [Diagnostic] = []

        init(xType: XType, series: [Series]) {
            self.xType = xType
            seriesNames = series.map(\.name)
            var batch = ObservationBatch()
            var record = 0
            for (k, s) in series.enumerated() {
                for i in 0..<s.count {
                    batch.append(series: Int32(k), x: s.x[i], y: s.y[i], record: record, line: Int32(record + 2))
                    record += 1
                }
            }
            recordsRead = record
            pending = batch
        }

        func next() throws -> ObservationBatch? {
            defer { pending = nil }
            return pending
        }
    }

    /// The context after `aggregate` folded `series` (its `Aggregation` kept), then `trend`.
    static func aggregated(_ chart: ChartSpec, xType: XType = .time, _ series: [Series], every: BucketSize, op: Aggregate.Op,
                           points: Int? = nil, locales: [String] = locales, strings: [String] = []) throws -> ChartContext {
        let fold = try Aggregate(["every": every.optionValue, "op": op.optionValue]).fold(Observations(xType: xType, series: series), chart: chart,
                                                             cancellation: Cancellation())
        var context = ChartContext(chart: chart, run: RunInfo(locales: locales, strings: strings, pipelineDirectory: "/tmp",
                                                              pipelineName: "test"), data: fold.data)
        context[AggregationKey.self] = fold[AggregationKey.self]
        if let points { try Downsample(["method": "lttb", "points": points.optionValue]).run(&context) }
        try Trend(["crossoverSeries": fold.data.series.count.optionValue]).run(&context)
        return context
    }

    /// Weekly means of New York's daily highs in 1973 (ISO weeks; the first one, from Tuesday May 1, is partial).
    static func weeklyTemperature() throws -> ChartContext {
        try aggregated(spec(id: "weekly-temperature", title: "New York daily high temperature", yTitle: "High temperature",
                            unit: "temperature-fahrenheit"),
                       [try column("airquality-1973.csv", "temp_f")], every: .calendar(.week), op: .mean, strings: publicStrings)
    }

    /// Yearly sunspot numbers as means of ten-year bins.
    static func sunspotDecades() throws -> ChartContext {
        try aggregated(spec(id: "sunspot-decades", title: "Yearly sunspot numbers", xType: .number, xTitle: "Year", xUnit: "year",
                            yTitle: "Sunspot number"),
                       xType: .number, [try column("sunspots-yearly.csv", "sunspots", numberX: true)], every: .width(10), op: .mean,
                       strings: publicStrings)
    }

    /// Two hundred series of 60 daily values (random walks with drifts from −1% to +1% a day).
    static func manySeries() throws -> ChartContext {
        var noise = Noise(seed: 200)
        var series: [Series] = []
        for k in 0..<200 {
            var level = 100.0
            let drift = -1 + 2 * Double(k % 21) / 20
            var ys: [Double] = []
            for _ in 0..<60 {
                level *= 1 + (drift + noise.gauss(1.5)) / 100
                ys.append((level * 100).rounded() / 100)
            }
            series.append(Self.series("Store \(k + 1)", x: days(60), y: ys))
        }
        return try context(spec(id: "many-stores", title: "Daily sales by store", yTitle: "Sales", unit: "USD", seriesField: "store"),
                           SeriesSet(xType: .time, series: series))
    }

    /// A season: Nottingham's monthly mean temperature, 1920–1939 (°F).
    static func nottingham() throws -> ChartContext {
        try context(spec(id: "nottingham-temperature", title: "Nottingham monthly temperature", yTitle: "Mean temperature",
                         unit: "temperature-fahrenheit"),
                    SeriesSet(xType: .time, series: [try column("nottingham-monthly.csv", "temp_f")]), points: 60, strings: publicStrings)
    }

    /// Trading days: the Dow Jones Industrial Average's daily close in 2008 (no weekends or holidays).
    static func tradingDays() throws -> ChartContext {
        try context(spec(id: "djia-2008", title: "Dow Jones Industrial Average in 2008", yTitle: "Closing level"),
                    SeriesSet(xType: .time, series: [try column("djia-2008-daily.csv", "close")]), points: 60, strings: publicStrings)
    }

    /// A trending stock index: the Dow's monthly close, 1985–1999, which rose almost ninefold.
    static func trendingIndex() throws -> ChartContext {
        try context(spec(id: "djia-monthly", title: "Dow Jones Industrial Average", yTitle: "Closing level"),
                    SeriesSet(xType: .time, series: [try column("djia-1985-1999-monthly.csv", "close")]), points: 60,
                    strings: publicStrings)
    }

    /// A committed data file read by `ingest` as a pipeline reads it (no `aggregate`: the rows
    /// are collected, sorted and checked for duplicate x), then `trend`.
    static func ingested(_ chart: ChartSpec, points: Int? = nil, strings: [String] = []) throws -> ChartContext {
        let (data, _) = try SeriesCollector.collect(try Ingest().open(chart: chart), chart: chart)
        return try context(chart, data, points: points, strings: strings)
    }

    static func dataSource(_ name: String, delimiter: UInt8? = nil, decimal: UInt8 = UInt8(ascii: "."),
                           thousands: UInt8? = nil) -> SourceSpec {
        SourceSpec(path: fixtures.appendingPathComponent("data/\(name)").path, displayPath: "data/\(name)", format: .csv,
                   delimiter: delimiter, decimal: decimal, thousands: thousands)
    }

    /// A DST fall-back: hourly electricity load in Germany (Europe/Berlin, local times without
    /// offsets) from Saturday 24 to Monday 26 October 2026; Sunday has 25 hours, 02:00 twice.
    static func fallBackLoad() throws -> ChartContext {
        var chart = spec(id: "germany-load", title: "Electricity load in Germany", xTitle: "Time", zone: "Europe/Berlin",
                         yTitle: "Load", unit: "power-megawatt")
        chart.source = dataSource("germany-load-2026-10-25.csv")
        chart.x.field = "time"
        chart.y.fields = ["load_mw"]
        return try ingested(chart, strings: publicStrings)
    }

    /// A European CSV: a bakery's monthly revenue in 2025 as a German spreadsheet exports it
    /// (semicolons, `dd.MM.yyyy`, `38.412,75`, a quoted note holding a semicolon).
    static func germanRevenue() throws -> ChartContext {
        var chart = spec(id: "bakery-revenue", title: "Monthly revenue of a bakery", xTitle: "Month", yTitle: "Revenue", unit: "EUR")
        chart.source = dataSource("baeckerei-umsatz-2025.csv", delimiter: UInt8(ascii: ";"), decimal: UInt8(ascii: ","),
                                  thousands: UInt8(ascii: "."))
        chart.x.field = "Monat"
        chart.x.format = "dd.MM.yyyy"
        chart.y.fields = ["Umsatz"]
        return try ingested(chart, strings: publicStrings)
    }

    /// The golden charts, with the `points` option each is recorded with.
    static func golden() throws -> [(ChartContext, PointSelection)] {
        [(try rising(), .all), (try fallingHourly(), .all), (try monthly(), .all), (try onePoint(), .all),
         (try gaps(), .all), (try categories(), .all), (try dailySales(), .notable), (try twoPoints(), .all),
         (try stock(), .notable), (try temperature(), .notable), (try savingRate(), .notable), (try unemployed(), .notable),
         (try sunspots(), .notable), (try texasHousing(), .notable), (try weeklyTemperature(), .notable),
         (try sunspotDecades(), .notable), (try nottingham(), .notable), (try tradingDays(), .notable),
         (try trendingIndex(), .notable), (try fallBackLoad(), .all), (try germanRevenue(), .all), (try carbonDioxide(), .notable),
         (try quarterlyRevenueKRW(), .notable), (try halfHourlyPriceJPY(), .notable), (try salesCNY(), .notable)]
    }

    /// Quarterly revenue in won, in the millions (issue 30: myriads for money, a rate per quarter).
    static func quarterlyRevenueKRW() throws -> ChartContext {
        var noise = Noise(seed: 30)
        let x = (0..<16).map { q in Double(TimeText.days(year: 2022 + q / 4, month: 3 * (q % 4) + 1, day: 1)) * day }
        let y = x.indices.map { q in (6_200_000 + 150_000 * Double(q) + noise.gauss(120_000)).rounded() }
        return try context(spec(id: "revenue-krw", title: "Quarterly revenue", xTitle: "Quarter", yTitle: "Revenue", unit: "KRW"),
                           SeriesSet(xType: .time, series: [series("revenue", x: x, y: y)]))
    }

    /// A price in yen every half hour, with decimals below the currency's minor units and a gap
    /// (issue 30: 7.74円, never 8円; times as clocks throughout).
    static func halfHourlyPriceJPY() throws -> ChartContext {
        var noise = Noise(seed: 31)
        let x = (0..<24).map { june1 + 7 * hour + Double($0) * hour / 2 }
        var y = x.indices.map { i in ((8.9 - 0.05 * Double(i) + noise.gauss(0.08)) * 100).rounded() / 100 }
        y[9] = .nan
        return try context(spec(id: "price-jpy", title: "Spot price", xTitle: "Time", zone: "Asia/Tokyo", yTitle: "Price", unit: "JPY"),
                           SeriesSet(xType: .time, series: [series("price", x: x, y: y)]))
    }

    /// Monthly sales of two shops in yuan, in the millions with cents (issue 30: 816.50万元, no cents on millions).
    static func salesCNY() throws -> ChartContext {
        var noise = Noise(seed: 32)
        let x = (0..<12).map { m in Double(TimeText.days(year: 2025, month: m + 1, day: 1)) * day }
        let east = x.indices.map { m in ((8_164_981.40 + 90_000 * Double(m) + noise.gauss(50_000)) * 100).rounded() / 100 }
        let west = x.indices.map { m in ((5_400_000 - 60_000 * Double(m) + noise.gauss(40_000)) * 100).rounded() / 100 }
        return try context(spec(id: "sales-cny", title: "Monthly sales", xTitle: "Month", yTitle: "Sales", unit: "CNY", seriesField: "shop"),
                           SeriesSet(xType: .time, series: [series("East", x: x, y: east), series("West", x: x, y: west)]))
    }
}
