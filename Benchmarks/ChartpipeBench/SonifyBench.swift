import ChartpipeCore
import Foundation
import Sonify

/// Times the audio graph synthesis: one continuous series of control points rendered to stereo
/// and quantised to 16-bit PCM (the peer, numpy in Benchmarks/numpy_synth.py, renders mono
/// float64 to int16; ratio_sonify.py compares per sample frame).
///
/// Usage: ChartpipeBench sonify VALUES.f64 SECONDS RATE REPEATS
/// (VALUES.f64: little-endian float64 values, evenly spaced in x.)
enum SonifyBench {
    static func run(_ args: [String]) throws {
        guard args.count == 4, let seconds = Double(args[1]), let rate = Int(args[2]), let repeats = Int(args[3]),
              let raw = FileManager.default.contents(atPath: args[0]).map({ [UInt8]($0) }) else {
            print("{\"error\": \"usage: ChartpipeBench sonify VALUES.f64 SECONDS RATE REPEATS\"}")
            return
        }
        let count = raw.count / 8
        let values = (0..<count).map { i in
            Double(bitPattern: (0..<8).reduce(UInt64(0)) { $0 | UInt64(raw[8 * i + $1]) << (8 * UInt64($1)) })
        }
        let data = SeriesSet(xType: .number, series: [
            Series(name: "bench", x: values.indices.map(Double.init), y: values,
                   firstRecord: Array(values.indices), lastRecord: Array(values.indices)),
        ])
        var runs: [Double] = []
        var pcm: [Int16] = []
        let clock = ContinuousClock()
        for round in 0...repeats {
            pcm = []
            let elapsed = clock.measure {
                let timeline = AudioTimeline(data: data, duration: seconds, sampleRate: rate, continuous: true)
                let pitch = PitchMap.domain(fixed: nil, series: data.series).map { PitchMap(low: 130.81, high: 1046.5, domain: $0) }
                pcm = AudioGraph.render(data, timeline: timeline, pitch: pitch, pan: true, earcons: true).pcm16()
            }
            // The first round warms caches and the allocator, as the peer's harness does.
            if round > 0 { runs.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18) }
        }
        let sorted = runs.sorted()
        let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        let peak = pcm.reduce(0) { max($0, abs(Int($1))) }
        print("{\"stage\": \"sonify\", \"case\": \"synth\", \"frames\": \(pcm.count / 2), \"channels\": 2, \"controls\": \(count), "
              + "\"runs_s\": [\(runs.map { String($0) }.joined(separator: ", "))], \"median_s\": \(median), \"peak\": \(peak)}")
    }
}
