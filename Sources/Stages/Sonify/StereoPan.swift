#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import ChartpipeCore

/// Constant-power stereo panning: the summed power of both channels is the same at every position,
/// so a tone does not dip in loudness as it crosses the middle.
public enum StereoPan {
    /// Channel gains for `position` 0 (hard left) … 1 (hard right).
    public static func gains(_ position: Double) -> (left: Double, right: Double) {
        let angle = min(1, max(0, position)) * Double.pi / 2
        return (FastSine.sin(Double.pi / 2 - angle), FastSine.sin(angle))
    }
}
