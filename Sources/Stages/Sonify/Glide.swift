#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import ChartpipeCore

/// Geometric steps between two pitches.
enum Glide {
    /// The per-frame factor that takes `from` to `to` in `steps` frames.
    static func ratio(from: Double, to: Double, steps: Int) -> Double {
        exp2(log2(to / from) / Double(steps))
    }
}
