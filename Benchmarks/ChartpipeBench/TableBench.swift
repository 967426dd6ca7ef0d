import ChartpipeCore
import Describe
import Foundation
import Table
import Trend

/// Times `table` (CSV and an HTML table per locale, its default formats; rows of the full series,
/// values formatted and plain) on the charts of `describe`'s workload, against `trend` on the same
/// charts in the same run (the reference).
/// Usage: ChartpipeBench table CHARTS POINTS [REPEATS]; prints one JSON line with the seconds per
/// chart of table (all locales) and of trend.
enum TableBench {
    static func run(_ args: [String]) throws {
        let charts = args.count > 0 ? Int(args[0]) ?? 200 : 200
        let count = args.count > 1 ? Int(args[1]) ?? 5000 : 5000
        let repeats = args.count > 2 ? Int(args[2]) ?? 3 : 3
        let contexts = try DescribeBench.charts(charts, points: count)
        // The table's caption quotes the summary: describe runs first, outside the timing.
        var described: [ChartContext] = []
        for var context in try DescribeBench.trend(contexts) {
            try Describe(options: StageOptions(["points": "none"])).run(&context)
            described.append(context)
        }
        var warm = described[0]
        try Table(options: StageOptions()).run(&warm)  // warm-up: catalogs and formatters
        let (table, trend, bytes) = try DescribeBench.alternate(repeats: repeats, reference: { _ = try DescribeBench.trend(contexts) }) {
            var bytes = 0
            for var context in described {
                let before = context.artifacts.count
                try Table(options: StageOptions()).run(&context)
                bytes += try context.artifacts.dropFirst(before).reduce(0) { $0 + (try $1.discardedSize()) }
            }
            return bytes
        }
        print("{\"case\": \"table\", \"charts\": \(charts), \"points\": \(count), \"locales\": \(DescribeBench.locales.count), "
              + "\"table_seconds\": \(table), \"trend_seconds\": \(trend), \"per_chart_ms\": \(table / Double(charts) * 1000), "
              + "\"trend_per_chart_ms\": \(trend / Double(charts) * 1000), \"bytes\": \(bytes)}")
    }
}
