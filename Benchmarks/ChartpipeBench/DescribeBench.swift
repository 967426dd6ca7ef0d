import ChartpipeCore
import Describe
import Downsample
import Foundation
import Trend

/// Times `describe` on charts of hourly points in several locales, against `trend` on the same
/// charts in the same run (the reference), as the workload: 5,000 hourly points per chart,
/// downsampled to 60, three locales.
/// Usage: ChartpipeBench describe CHARTS POINTS all|notable|none [REPEATS]; prints one JSON line with
/// the seconds per chart per locale of describe and the seconds per chart of trend.
enum DescribeBench {
    static func run(_ args: [String]) throws {
        let charts = args.count > 0 ? Int(args[0]) ?? 200 : 200
        let count = args.count > 1 ? Int(args[1]) ?? 5000 : 5000
        let selection = args.count > 2 ? PointSelection(rawValue: args[2]) ?? .all : .all
        let repeats = args.count > 3 ? Int(args[3]) ?? 3 : 3
        let locales = DescribeBench.locales
        let contexts = try DescribeBench.charts(charts, points: count)
        let analysed = try trend(contexts)  // warm-up, and the input of describe
        var warm = analysed[0]
        try Describe(options: StageOptions(["points": selection.optionValue])).run(&warm)  // warm-up: catalogs and formatters
        let (describe, reference, bytes) = try alternate(repeats: repeats, reference: { _ = try trend(contexts) }) {
            var bytes = 0
            for var context in analysed {
                try Describe(options: StageOptions(["points": selection.optionValue])).run(&context)
                bytes += try context.artifacts.reduce(0) { $0 + (try $1.discardedSize()) }
            }
            return bytes
        }
        print("{\"case\": \"describe\", \"charts\": \(charts), \"points\": \(count), \"locales\": \(locales.count), "
              + "\"selection\": \"\(selection.rawValue)\", \"describe_seconds\": \(describe), \"trend_seconds\": \(reference), "
              + "\"per_chart_per_locale_ms\": \(describe / Double(charts * locales.count) * 1000), "
              + "\"trend_per_chart_ms\": \(reference / Double(charts) * 1000), \"bytes\": \(bytes)}")
    }

    /// The locales of the workload.
    static let locales = ["en", "zh-Hans", "ko"]

    /// `trend` over `contexts`: the reference every case is measured against.
    static func trend(_ contexts: [ChartContext]) throws -> [ChartContext] {
        var out: [ChartContext] = []
        for var context in contexts { try Trend(options: StageOptions()).run(&context); out.append(context) }
        return out
    }

    /// `repeats` rounds of `reference` then `work`, alternated so that both see the same load: the
    /// median seconds of each, and the bytes the last `work` wrote.
    static func alternate(repeats: Int, reference: () throws -> Void, work: () throws -> Int) rethrows
        -> (work: Double, reference: Double, bytes: Int) {
        var workRuns: [Double] = [], referenceRuns: [Double] = []
        var bytes = 0
        for _ in 0..<max(1, repeats) {
            var t0 = DispatchTime.now().uptimeNanoseconds
            try reference()
            referenceRuns.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9)
            t0 = DispatchTime.now().uptimeNanoseconds
            bytes = try work()
            workRuns.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9)
        }
        return (workRuns.sorted()[workRuns.count / 2], referenceRuns.sorted()[referenceRuns.count / 2], bytes)
    }

    /// `charts` charts of `count` hourly points (a seeded random walk with a daily cycle), downsampled
    /// to 60 by LTTB, as the workload.
    static func charts(_ charts: Int, points count: Int) throws -> [ChartContext] {
        let locales = DescribeBench.locales
        let start = 1_780_272_000_000.0
        var contexts: [ChartContext] = []
        var state: UInt64 = 42
        for c in 0..<charts {
            var y: [Double] = []
            var level = 50.0
            for i in 0..<count {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let noise = Double(state >> 11) / Double(1 << 53) - 0.5
                level += noise + 0.001 * Double(c % 7 - 3)
                y.append(((level + 5 * sin(Double(i) * 2 * .pi / 24)) * 100).rounded() / 100)
            }
            let x = (0..<count).map { start + Double($0) * 3_600_000 }
            let series = Series(name: "s", x: x, y: y, firstRecord: Array(0..<count), lastRecord: Array(0..<count))
            let chart = ChartSpec(id: "c\(c)", title: "Load \(c)", source: SourceSpec(path: "/dev/null", displayPath: "d.csv", format: .csv),
                                  x: XSpec(field: "t", type: .time, title: "Time"),
                                  y: YSpec(fields: ["v"], title: "Load", unit: "energy-kilowatt-hour", thresholds: [("cap", 60)]),
                                  location: SourceLocation(path: "bench.pipeline"))
            var context = ChartContext(chart: chart, run: RunInfo(locales: locales, pipelineDirectory: "/tmp", pipelineName: "bench"),
                                       data: SeriesSet(xType: .time, series: [series]))
            try Downsample(options: StageOptions(["method": "lttb", "points": 60])).run(&context)
            contexts.append(context)
        }
        return contexts
    }
}
