import Foundation
// Times chartpipe's stages in-process; Benchmarks/ratio_*.py time the peers in the same run and print ratios.
// Usage: ChartpipeBench CASE ARGS…  (each case prints one JSON line with the measured seconds per run)

let cases: [String: ([String]) throws -> Void] = [
    "csv": IngestBench.csv,
    "json": IngestBench.json,
    "downsample": DownsampleBench.run,
    "trend": TrendBench.run,
    "sonify": SonifyBench.run,
    "describe": DescribeBench.run,
    "table": TableBench.run,
]

let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first, let run = cases[name] else {
    print("usage: ChartpipeBench \(cases.keys.sorted().joined(separator: "|")) ARGS…")
    exit(2)
}
do {
    try run(Array(arguments.dropFirst()))
} catch {
    print("error: \(error)")
    exit(1)
}
