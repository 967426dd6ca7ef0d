import Downsample
import Foundation

// Times the downsamplers in-process on raw arrays (int64 epoch-ms x, float64 y, little-endian, as
// Benchmarks/ratio_downsample.py writes them from Benchmarks/gen_data.py's npz), after one warm-up run.
// Usage: ChartpipeBench downsample METHOD XFILE YFILE N_OUT [REPEATS=7] [RATIO=4]
// Prints one JSON line: method, runs_s, median_s, n_selected, first_indices.
enum DownsampleBench {
    static func run(_ args: [String]) throws {
        guard args.count >= 4, let method = Downsample.Method(rawValue: args[0]), let nOut = Int(args[3]) else {
            print("usage: ChartpipeBench downsample lttb|minmax-lttb|m4|minmax XFILE YFILE N_OUT [REPEATS] [RATIO]")
            exit(2)
        }
        let repeats = args.count > 4 ? Int(args[4]) ?? 7 : 7
        let ratio = args.count > 5 ? Int(args[5]) ?? 4 : 4
        let x: [Int64] = try load(args[1])
        let y: [Double] = try load(args[2])
        guard x.count == y.count else {
            print("{\"error\": \"x and y differ in length\"}")
            exit(1)
        }
        let pick: () -> [Int] = {
            switch method {
            case .lttb: return LTTB.indices(x: x, y: y, count: nOut)
            case .minmaxLTTB: return MinMaxLTTB.indices(x: x, y: y, count: nOut, ratio: ratio)
            case .m4: return M4.indices(x: x, y: y, count: nOut)
            case .minmax: return MinMax.indices(x: x, y: y, count: nOut)
            case .none: return Array(0..<y.count)
            }
        }
        var picked = pick()
        var runs: [Double] = []
        for _ in 0..<repeats {
            let t0 = DispatchTime.now().uptimeNanoseconds
            picked = pick()
            runs.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9)
        }
        let median = runs.sorted()[runs.count / 2]
        let runsText = runs.map { String($0) }.joined(separator: ", ")
        let first = picked.prefix(5).map(String.init).joined(separator: ", ")
        print("{\"method\": \"\(method.rawValue)\", \"points\": \(y.count), \"n_out\": \(nOut), \"runs_s\": [\(runsText)], "
            + "\"median_s\": \(median), \"n_selected\": \(picked.count), \"first_indices\": [\(first)]}")
    }

    /// The whole file as little-endian 8-byte values.
    private static func load<T>(_ path: String) throws -> [T] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let count = data.count / 8
        return data.withUnsafeBytes { raw in (0..<count).map { raw.loadUnaligned(fromByteOffset: 8 * $0, as: T.self) } }
    }
}
