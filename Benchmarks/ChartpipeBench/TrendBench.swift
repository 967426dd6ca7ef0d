import Foundation
import Trend

/// Times the trend statistics on one series stored as two raw little-endian float64 files.
/// Usage: ChartpipeBench trend mk|ls|sen X.f64 Y.f64 [REPEATS]; prints one JSON line.
enum TrendBench {
    static func run(_ args: [String]) throws {
        guard args.count >= 3 else {
            print("{\"error\": \"usage: trend mk|ls|sen X.f64 Y.f64 [REPEATS]\"}")
            return
        }
        let x = try doubles(args[1]), y = try doubles(args[2])
        let repeats = args.count > 3 ? Int(args[3]) ?? 5 : 5
        var check = ""
        let measure: () -> Void
        switch args[0] {
        case "mk":
            measure = {
                let r = MannKendall.test(y)
                check = "\"s\": \(r?.s ?? 0), \"varS\": \(r?.varS ?? 0), \"tau\": \(r?.tau ?? 0)"
            }
        case "ls":
            measure = {
                let f = LeastSquares.fit(x: x, y: y)
                check = "\"slope\": \(f?.slope ?? 0), \"intercept\": \(f?.intercept ?? 0), \"r2\": \(f?.r2 ?? 0)"
            }
        case "sen":
            measure = {
                let e = SenSlope.estimate(x: x, y: y)
                check = "\"slope\": \(e?.slope ?? 0), \"intercept\": \(e?.intercept ?? 0)"
            }
        default:
            print("{\"error\": \"unknown case \(args[0])\"}")
            return
        }
        measure()  // warm-up
        var runs: [Double] = []
        for _ in 0..<repeats {
            let start = DispatchTime.now().uptimeNanoseconds
            measure()
            runs.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        let median = runs.sorted()[runs.count / 2]
        print("{\"case\": \"\(args[0])\", \"points\": \(y.count), \"median_s\": \(median), "
              + "\"runs_s\": \(runs), \"check\": {\(check)}}")
    }

    private static func doubles(_ path: String) throws -> [Double] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return data.withUnsafeBytes { raw in
            (0..<(data.count / 8)).map { Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self))) }
        }
    }
}
