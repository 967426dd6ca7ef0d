#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import ChartpipeCore

/// The audio graph of a chart as interleaved stereo samples (left, right, left, right, …) in −1…1.
public struct AudioRendering: Sendable, Equatable {
    public var sampleRate: Int
    public var frames: Int
    /// `2 × frames` samples, left then right for each frame.
    public var samples: [Float]

    /// The samples as 16-bit PCM: scaled by 32767, clamped, rounded to nearest (ties to even).
    public func pcm16() -> [Int16] {
        [Int16](unsafeUninitializedCapacity: samples.count) { out, count in
            samples.withUnsafeBufferPointer { AudioGraph.quantise($0, into: out) }
            count = samples.count
        }
    }
}
