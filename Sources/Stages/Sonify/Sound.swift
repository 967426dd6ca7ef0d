#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import ChartpipeCore

/// One sound of the graph: sweeps that follow one another with continuous phase (a glide is one
/// sweep per pair of points, a tone or an earcon one sweep).
struct Sound {
    let sweeps: [Sweep]
    let frames: Range<Int>
    let amplitude: Double
    /// Where rendering stopped: the sweep, the next frame, and the oscillator there.
    private var sweep = 0
    private var frame: Int
    private var phase = 0.0
    private var increment = 0.0
    private var left = 0.0
    private var right = 0.0

    init(_ sweeps: [Sweep], amplitude: Double) {
        self.sweeps = sweeps.filter { !$0.frames.isEmpty }
        frames = (self.sweeps.first?.frames.lowerBound ?? 0)..<(self.sweeps.last?.frames.upperBound ?? 0)
        self.amplitude = amplitude
        frame = frames.lowerBound
        if let first = self.sweeps.first { (increment, left, right) = (first.increment, first.left, first.right) }
    }

    /// Adds this sound's part of `block` into `out` (whose first frame is `block.lowerBound`).
    mutating func render(_ block: Range<Int>, into out: UnsafeMutableBufferPointer<Float>) {
        let twoPi = 2 * Double.pi
        while sweep < sweeps.count, frame < block.upperBound {
            let s = sweeps[sweep]
            let end = min(s.frames.upperBound, block.upperBound)
            let plain = s.envelope.plainRange
            var p = phase, increment = increment, left = left, right = right
            for n in frame..<end {
                let sine = FastSine.sinWrapped(p)
                let e = plain.contains(n) ? 1.0 : s.envelope.gain(at: n)
                let i = 2 * (n - block.lowerBound)
                out[i] += Float(sine * left * e)
                out[i + 1] += Float(sine * right * e)
                p += increment
                p -= p >= Double.pi ? twoPi : 0
                increment *= s.ratio
                left += s.leftDelta
                right += s.rightDelta
            }
            phase = p
            frame = end
            if end < s.frames.upperBound {
                (self.increment, self.left, self.right) = (increment, left, right)
                return
            }
            sweep += 1
            if sweep < sweeps.count {
                let next = sweeps[sweep]
                frame = next.frames.lowerBound
                (self.increment, self.left, self.right) = (next.increment, next.left, next.right)
            }
        }
    }
}
