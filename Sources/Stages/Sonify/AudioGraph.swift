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
            samples.withUnsafeBufferPointer { input in
                // Adding 1.5·2²³ leaves the rounded integer in the low bits of the float, which
                // keeps the loop free of traps and libm calls so that it vectorises.
                let magic: Float = 12_582_912
                for i in input.indices {
                    let v = min(32767, max(-32767, input[i] * 32767))
                    out[i] = Int16(truncatingIfNeeded: (v + magic).bitPattern)
                }
            }
            count = samples.count
        }
    }
}

/// Synthesises the audio graph: pitch follows value (`PitchMap`), stereo position follows x
/// (`StereoPan`), time follows the `AudioTimeline`.
///
/// Continuous series glide through their points with continuous phase (pitch moves on the log
/// scale between points, so a straight line of values is a straight line of musical steps);
/// discrete series play one enveloped tone per point. Gaps are silence. Every onset and release is
/// a raised-cosine ramp, so nothing clicks.
public enum AudioGraph {
    /// Peak amplitude of the graph's tones.
    public static let toneAmplitude = 0.6
    /// Peak amplitude of an earcon: soft beside the tones.
    public static let earconAmplitude = 0.15
    /// Fade at each end of a glide, in seconds.
    public static let glideFadeSeconds = 0.015
    /// Attack of a discrete tone, in seconds (at most a quarter of the tone).
    public static let attackSeconds = 0.01
    /// Release of a discrete tone, in seconds (at most half of the tone).
    public static let releaseSeconds = 0.04
    /// Length of an earcon, in seconds.
    public static let earconSeconds = 0.07
    /// Earcon pitch over the pitch of the point it marks: an octave above for the maximum,
    /// a fifth above for the minimum, so the two are told apart and neither is mistaken for data.
    public static let maximumEarconRatio = 2.0
    public static let minimumEarconRatio = 1.5
    /// Highest earcon pitch as a fraction of the sample rate, to stay clear of aliasing.
    static let earconNyquistFraction = 0.45

    /// Renders `data` (laid out by `timeline`) with `pitch`; `pitch` is nil when no value is finite
    /// (the graph is then silence of the right length). `pan: false` keeps every tone centred.
    public static func render(_ data: SeriesSet, timeline: AudioTimeline, pitch: PitchMap?, pan: Bool,
                              earcons: Bool) -> AudioRendering {
        let total = timeline.totalFrames
        var samples = [Float](repeating: 0, count: 2 * total)
        if let pitch {
            samples.withUnsafeMutableBufferPointer { out in
                for (k, s) in data.series.enumerated() where k < timeline.series.count {
                    let lane = timeline.series[k]
                    let positions = pan ? lane.positions : lane.positions.map { _ in 0.5 }
                    let frequencies = s.y.map { $0.isFinite ? pitch.frequency(of: $0) : .nan }
                    let voice = Voice(out: out, sampleRate: Double(timeline.sampleRate), window: lane.startFrame..<lane.endFrame)
                    if timeline.continuous {
                        voice.glides(frequencies: frequencies, frames: lane.pointFrames, tones: lane.toneFrames,
                                     positions: positions)
                    } else {
                        for i in frequencies.indices where frequencies[i].isFinite {
                            voice.tone(at: lane.pointFrames[i], length: lane.toneFrames[i], frequency: frequencies[i],
                                       position: positions[i])
                        }
                    }
                    if earcons, let (low, high) = extremes(s.y) {
                        let ceiling = earconNyquistFraction * Double(timeline.sampleRate)
                        voice.earcon(at: lane.pointFrames[high], frequency: min(ceiling, maximumEarconRatio * frequencies[high]),
                                     position: positions[high])
                        voice.earcon(at: lane.pointFrames[low], frequency: min(ceiling, minimumEarconRatio * frequencies[low]),
                                     position: positions[low])
                    }
                }
                limit(out)
            }
        }
        return AudioRendering(sampleRate: timeline.sampleRate, frames: total, samples: samples)
    }

    /// Indexes of the first minimum and first maximum of the finite values, or nil when they are
    /// equal (a constant series has no extremes to mark) or there are none.
    static func extremes(_ y: [Double]) -> (low: Int, high: Int)? {
        var low: Int?
        var high: Int?
        for (i, v) in y.enumerated() where v.isFinite {
            if low.map({ v < y[$0] }) ?? true { low = i }
            if high.map({ v > y[$0] }) ?? true { high = i }
        }
        guard let low, let high, y[low] < y[high] else { return nil }
        return (low, high)
    }

    /// Scales the whole graph down when overlapping tones (points closer than the shortest tone)
    /// would clip; a uniform gain keeps the shape and the output deterministic.
    static func limit(_ out: UnsafeMutableBufferPointer<Float>) {
        // Finite floats without their sign bit order like their bit patterns: an integer maximum vectorises.
        var peakBits: UInt32 = 0
        for v in out { peakBits = max(peakBits, v.bitPattern & 0x7FFF_FFFF) }
        let peak = Float(bitPattern: peakBits)
        let ceiling: Float = 0.98
        guard peak > ceiling else { return }
        let gain = ceiling / peak
        for i in out.indices { out[i] *= gain }
    }
}

/// Writes tones into one series' window of an interleaved stereo buffer.
private struct Voice {
    let out: UnsafeMutableBufferPointer<Float>
    let sampleRate: Double
    let window: Range<Int>

    /// One glide per run of consecutive finite points; an isolated point plays as a tone.
    func glides(frequencies: [Double], frames: [Int], tones: [Int], positions: [Double]) {
        var i = 0
        while i < frequencies.count {
            guard frequencies[i].isFinite else { i += 1; continue }
            var last = i
            while last + 1 < frequencies.count, frequencies[last + 1].isFinite { last += 1 }
            if last == i {
                let length = tones[i]
                tone(at: min(frames[i], window.upperBound - length), length: length, frequency: frequencies[i],
                     position: positions[i])
            } else {
                glide(Array(frequencies[i...last]), frames: Array(frames[i...last]), positions: Array(positions[i...last]))
            }
            i = last + 1
        }
    }

    /// A phase-continuous glide through the points, held at the first and last pitch over the fades.
    func glide(_ frequencies: [Double], frames: [Int], positions: [Double]) {
        guard let firstFrame = frames.first, let lastFrame = frames.last else { return }
        let fade = max(1, Int((AudioGraph.glideFadeSeconds * sampleRate).rounded()))
        let start = max(window.lowerBound, firstFrame - fade)
        let end = min(window.upperBound, lastFrame + fade + 1)
        let envelope = Envelope(start: start, end: end, attack: min(fade, (end - start) / 2),
                                release: min(fade, (end - start) / 2))
        var phase = 0.0
        let first = StereoPan.gains(positions[0])
        sweep(start..<firstFrame, phase: &phase, from: frequencies[0], to: frequencies[0], gains: (first, first), envelope: envelope)
        for j in 0..<(frequencies.count - 1) {
            sweep(frames[j]..<frames[j + 1], phase: &phase, from: frequencies[j], to: frequencies[j + 1],
                  gains: (StereoPan.gains(positions[j]), StereoPan.gains(positions[j + 1])), envelope: envelope)
        }
        let final = StereoPan.gains(positions[positions.count - 1])
        sweep(lastFrame..<end, phase: &phase, from: frequencies[frequencies.count - 1], to: frequencies[frequencies.count - 1],
              gains: (final, final), envelope: envelope)
    }

    /// One tone with an attack and a release.
    func tone(at onset: Int, length: Int, frequency: Double, position: Double) {
        let start = max(window.lowerBound, onset)
        let end = min(window.upperBound, onset + length)
        guard start < end else { return }
        let rate = sampleRate
        let envelope = Envelope(start: start, end: end,
                                attack: max(1, min(Int((AudioGraph.attackSeconds * rate).rounded()), (end - start) / 4)),
                                release: max(1, min(Int((AudioGraph.releaseSeconds * rate).rounded()), (end - start) / 2)))
        var phase = 0.0
        let gains = StereoPan.gains(position)
        sweep(start..<end, phase: &phase, from: frequency, to: frequency, gains: (gains, gains), envelope: envelope)
    }

    /// A soft Hann-windowed burst at `frequency`, starting at `onset` (moved earlier if it would
    /// leave the window).
    func earcon(at onset: Int, frequency: Double, position: Double) {
        let length = max(2, Int((AudioGraph.earconSeconds * sampleRate).rounded()))
        let start = max(window.lowerBound, min(onset, window.upperBound - length))
        let end = min(window.upperBound, start + length)
        guard start < end else { return }
        let half = (end - start) / 2
        let envelope = Envelope(start: start, end: end, attack: max(1, half), release: max(1, end - start - half))
        var phase = 0.0
        let gains = StereoPan.gains(position)
        sweep(start..<end, phase: &phase, from: frequency, to: frequency, gains: (gains, gains), envelope: envelope,
              amplitude: AudioGraph.earconAmplitude)
    }

    /// Adds a sine whose pitch moves geometrically from `from` to `to` Hz over `frames` (reaching
    /// `to` at the frame after the range) and whose channel gains move linearly.
    func sweep(_ frames: Range<Int>, phase: inout Double, from: Double, to: Double,
               gains: ((left: Double, right: Double), (left: Double, right: Double)), envelope: Envelope,
               amplitude: Double = AudioGraph.toneAmplitude) {
        let count = frames.count
        guard count > 0 else { return }
        let twoPi = 2 * Double.pi
        var increment = twoPi * from / sampleRate
        let ratio = from == to ? 1 : Glide.ratio(from: from, to: to, steps: count)
        let leftStep = (gains.1.left - gains.0.left) / Double(count)
        let rightStep = (gains.1.right - gains.0.right) / Double(count)
        var left = gains.0.left * amplitude
        var right = gains.0.right * amplitude
        let leftDelta = leftStep * amplitude
        let rightDelta = rightStep * amplitude
        var p = phase
        let plain = envelope.plainRange
        for n in frames {
            let s = FastSine.sinWrapped(p)
            let e = plain.contains(n) ? 1.0 : envelope.gain(at: n)
            out[2 * n] += Float(s * left * e)
            out[2 * n + 1] += Float(s * right * e)
            p += increment
            p -= p >= Double.pi ? twoPi : 0
            increment *= ratio
            left += leftDelta
            right += rightDelta
        }
        phase = p
    }
}

/// Geometric steps between two pitches.
enum Glide {
    /// The per-frame factor that takes `from` to `to` in `steps` frames.
    static func ratio(from: Double, to: Double, steps: Int) -> Double {
        exp2(log2(to / from) / Double(steps))
    }
}

/// Raised-cosine attack at the start of `start..<end` and release at its end.
struct Envelope {
    let start: Int
    let end: Int
    let attack: Int
    let release: Int

    /// Frames at full gain, where the render loop need not call `gain(at:)`.
    var plainRange: Range<Int> { (start + attack)..<max(start + attack, end - release) }

    func gain(at frame: Int) -> Double {
        let fromStart = frame - start
        let toEnd = end - 1 - frame
        var g = 1.0
        if fromStart < attack { g = min(g, Self.ramp(Double(fromStart) / Double(attack))) }
        if toEnd < release { g = min(g, Self.ramp(Double(toEnd) / Double(release))) }
        return g
    }

    /// 0.5 − 0.5·cos(πt) for t in 0…1, through the folded sine.
    static func ramp(_ t: Double) -> Double {
        0.5 + 0.5 * FastSine.sinWrapped(Double.pi * min(1, max(0, t)) - Double.pi / 2)
    }
}
