#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import ChartpipeCore

/// A sine whose pitch moves geometrically from `from` to `to` Hz over its frames (reaching `to` at
/// the frame after them) and whose channel gains move linearly, under an envelope.
struct Sweep {
    let frames: Range<Int>
    let envelope: Envelope
    /// The oscillator at the first frame, and its change per frame.
    let increment: Double
    let ratio: Double
    let left: Double
    let right: Double
    let leftDelta: Double
    let rightDelta: Double

    init(_ frames: Range<Int>, sampleRate: Double, from: Double, to: Double,
         gains: ((left: Double, right: Double), (left: Double, right: Double)), envelope: Envelope, amplitude: Double) {
        self.frames = frames
        self.envelope = envelope
        let count = frames.count
        increment = 2 * Double.pi * from / sampleRate
        ratio = from == to || count == 0 ? 1 : Glide.ratio(from: from, to: to, steps: count)
        left = gains.0.left * amplitude
        right = gains.0.right * amplitude
        leftDelta = count == 0 ? 0 : (gains.1.left - gains.0.left) / Double(count) * amplitude
        rightDelta = count == 0 ? 0 : (gains.1.right - gains.0.right) / Double(count) * amplitude
    }
}
