import ChartpipeCore
import Foundation
import Ingest

// Times the ingest stage in-process on the files of Benchmarks/gen_data.py, the way the C peers in
// Benchmarks/peers time themselves: open + read + parse into typed values, warm page cache, one warm-up run.
// Usage: ChartpipeBench csv|json FILE [REPEATS=5] [WARMUP=1] [READERS=1]
// READERS > 1 splits the file into chunks read at once (CSV, TSV and JSON Lines; ParallelIngest);
// each run's CPU seconds (user + system, all threads) are printed beside its wall time.
enum IngestBench {
    static func csv(_ args: [String]) throws { try measure(args, stage: "csv") }
    static func json(_ args: [String]) throws { try measure(args, stage: "json") }

    private struct Check {
        var sumTemperature = 0.0
        var sumPressure = 0.0
        var nanPressure = 0
        var sumCount = 0.0
        var first = 0.0
        var last = 0.0
    }

    private static func measure(_ args: [String], stage: String) throws {
        guard let path = args.first else {
            print("usage: ChartpipeBench \(stage) FILE [REPEATS] [WARMUP] [READERS]")
            exit(2)
        }
        let repeats = args.count > 1 ? Int(args[1]) ?? 5 : 5
        let warmup = args.count > 2 ? Int(args[2]) ?? 1 : 1
        let readers = args.count > 3 ? max(1, Int(args[3]) ?? 1) : 1
        let format: SourceSpec.Format = path.hasSuffix(".jsonl") ? .jsonl : path.hasSuffix(".json") ? .json : .csv
        let chart = ChartSpec(id: "bench", title: "bench", source: SourceSpec(path: path, displayPath: path, format: format),
                              x: XSpec(field: "timestamp", type: .time),
                              y: YSpec(fields: ["temperature", "pressure", "count"], isWide: true),
                              location: SourceLocation(path: "bench"))
        var ingest = Ingest()
        ingest.parallel = ParallelIngest(workers: readers)
        var runs: [Double] = []
        var cpu: [Double] = []
        var work = ""
        var check = Check()
        var rows = 0
        for i in 0..<(warmup + repeats) {
            let c0 = cpuSeconds()
            let t0 = DispatchTime.now().uptimeNanoseconds
            var c = Check()
            var firstSeen = false
            let stream = try ingest.open(chart: chart)
            while let batch = try stream.next() {
                batch.y.withUnsafeBufferPointer { y in
                    batch.series.withUnsafeBufferPointer { s in
                        for k in 0..<y.count {
                            switch s[k] {
                            case 0: c.sumTemperature += y[k]
                            case 1: if y[k].isNaN { c.nanPressure += 1 } else { c.sumPressure += y[k] }
                            default: c.sumCount += y[k]
                            }
                        }
                    }
                }
                if !firstSeen, let x = batch.x.first { c.first = x; firstSeen = true }
                if let x = batch.x.last { c.last = x }
            }
            rows = stream.recordsRead
            if let chunked = stream as? ChunkedReading {
                work = "\"chunks\":\(chunked.chunksRead),\"chunks_read_on\":\(chunked.chunksReadOn),\"workers\":\(chunked.workers),"
                    + "\"read_again\":\(chunked.fellBack),"
            }
            let t1 = DispatchTime.now().uptimeNanoseconds
            if i >= warmup {
                runs.append(Double(t1 - t0) / 1e9)
                cpu.append(cpuSeconds() - c0)
            }
            check = c
        }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func list(_ values: [Double]) -> String {
            values.map { seconds -> String in
                let micros = Int((seconds * 1e6).rounded())
                let fraction = String(micros % 1_000_000)
                return "\(micros / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
            }.joined(separator: ",")
        }
        print("{\"stage\":\"\(stage)\",\"tool\":\"chartpipe ingest\",\"file\":\"\((path as NSString).lastPathComponent)\","
              + "\"rows\":\(rows),\"peak_rss_kib\":\(usage.ru_maxrss),\"check\":{\"sum_temperature\":\(check.sumTemperature),"
              + "\"nan_pressure\":\(check.nanPressure),\"sum_count\":\(Int(check.sumCount)),"
              + "\"ts_first\":\(Int(check.first)),\"ts_last\":\(Int(check.last))},\"readers\":\(readers),\(work)"
              + "\"runs_s\":[\(list(runs))],\"cpu_s\":[\(list(cpu))]}")
    }

    /// User and system CPU seconds of the process so far, every thread included.
    private static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}
