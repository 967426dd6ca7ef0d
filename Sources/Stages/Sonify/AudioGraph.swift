#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import ChartpipeCore

/// Synthesises the audio graph: pitch follows value (`PitchMap`), stereo position follows x
/// (`StereoPan`), time follows the `AudioTimeline`.
///
/// Continuous series glide through their points with continuous phase (pitch moves on the log
/// scale between points, so a straight line of values is a straight line of musical steps);
/// discrete series play one enveloped tone per point. Gaps are silence. Every onset and release is
/// a raised-cosine ramp, so nothing clicks.
///
/// The graph is rendered in blocks (`Synthesizer`), so memory is bounded by a block, not by the
/// length of the audio; every block is bit for bit what a rendering of the whole would hold.
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
    /// The limiter's ceiling: a graph whose peak passes it is scaled down as a whole.
    static let ceiling: Float = 0.98
    /// Sample frames rendered at a time when streaming.
    public static let blockFrames = 65_536

    /// Renders `data` (laid out by `timeline`) with `pitch`; `pitch` is nil when no value is finite
    /// (the graph is then silence of the right length). `pan: false` keeps every tone centred.
    /// The whole graph in memory: for tests and measurements; the stage streams with `blocks`.
    public static func render(_ data: SeriesSet, timeline: AudioTimeline, pitch: PitchMap?, pan: Bool,
                              earcons: Bool) -> AudioRendering {
        let total = timeline.totalFrames
        var samples = [Float](repeating: 0, count: 2 * total)
        if let pitch {
            var synthesizer = Synthesizer(data, timeline: timeline, pitch: pitch, pan: pan, earcons: earcons)
            samples.withUnsafeMutableBufferPointer { out in
                synthesizer.render(0..<total, into: out)
                limit(out)
            }
        }
        return AudioRendering(sampleRate: timeline.sampleRate, frames: total, samples: samples)
    }

    /// Renders the graph block by block as 16-bit PCM and hands each block (interleaved stereo) to
    /// `body`, polling `cancellation` between blocks; `gain` is the limiter's (`limiterGain`).
    public static func blocks(_ data: SeriesSet, timeline: AudioTimeline, pitch: PitchMap?, pan: Bool, earcons: Bool,
                              gain: Float, blockFrames: Int = AudioGraph.blockFrames, cancellation: Cancellation,
                              _ body: (UnsafeBufferPointer<Int16>) throws -> Void) throws {
        var synthesizer = pitch.map { Synthesizer(data, timeline: timeline, pitch: $0, pan: pan, earcons: earcons) }
        var floats = [Float](repeating: 0, count: 2 * blockFrames)
        var pcm = [Int16](repeating: 0, count: 2 * blockFrames)
        var start = 0
        while start < timeline.totalFrames {
            try cancellation.check()
            let end = min(timeline.totalFrames, start + blockFrames)
            let count = 2 * (end - start)
            try floats.withUnsafeMutableBufferPointer { f in
                let block = UnsafeMutableBufferPointer(rebasing: f[0..<count])
                block.update(repeating: 0)
                synthesizer?.render(start..<end, into: block)
                if gain != 1 { for i in block.indices { block[i] *= gain } }
                try pcm.withUnsafeMutableBufferPointer { p in
                    let out = UnsafeMutableBufferPointer(rebasing: p[0..<count])
                    quantise(UnsafeBufferPointer(block), into: out)
                    try body(UnsafeBufferPointer(out))
                }
            }
            start = end
        }
    }

    /// The uniform gain the limiter applies: 1 unless overlapping tones would pass the ceiling.
    /// Only then is the graph rendered (block by block) to find its peak.
    public static func limiterGain(_ data: SeriesSet, timeline: AudioTimeline, pitch: PitchMap?, pan: Bool, earcons: Bool,
                                   blockFrames: Int = AudioGraph.blockFrames, cancellation: Cancellation) throws -> Float {
        guard let pitch else { return 1 }
        var synthesizer = Synthesizer(data, timeline: timeline, pitch: pitch, pan: pan, earcons: earcons)
        guard synthesizer.mayPassCeiling else { return 1 }
        var floats = [Float](repeating: 0, count: 2 * blockFrames)
        var peakBits: UInt32 = 0
        var start = 0
        while start < timeline.totalFrames {
            try cancellation.check()
            let end = min(timeline.totalFrames, start + blockFrames)
            floats.withUnsafeMutableBufferPointer { f in
                let block = UnsafeMutableBufferPointer(rebasing: f[0..<(2 * (end - start))])
                block.update(repeating: 0)
                synthesizer.render(start..<end, into: block)
                peakBits = max(peakBits, peak(UnsafeBufferPointer(block)))
            }
            start = end
        }
        let loudest = Float(bitPattern: peakBits)
        return loudest > ceiling ? ceiling / loudest : 1
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
        let loudest = Float(bitPattern: peak(UnsafeBufferPointer(out)))
        guard loudest > ceiling else { return }
        let gain = ceiling / loudest
        for i in out.indices { out[i] *= gain }
    }

    /// The largest magnitude, as the bits of a float: finite floats without their sign bit order
    /// like their bit patterns, so an integer maximum vectorises.
    static func peak(_ samples: UnsafeBufferPointer<Float>) -> UInt32 {
        var peakBits: UInt32 = 0
        for v in samples { peakBits = max(peakBits, v.bitPattern & 0x7FFF_FFFF) }
        return peakBits
    }

    /// Samples as 16-bit PCM: scaled by 32767, clamped, rounded to nearest (ties to even).
    static func quantise(_ input: UnsafeBufferPointer<Float>, into out: UnsafeMutableBufferPointer<Int16>) {
        // Adding 1.5·2²³ leaves the rounded integer in the low bits of the float, which keeps the
        // loop free of traps and libm calls so that it vectorises.
        let magic: Float = 12_582_912
        for i in input.indices {
            let v = min(32767, max(-32767, input[i] * 32767))
            out[i] = Int16(truncatingIfNeeded: (v + magic).bitPattern)
        }
    }
}

/// The sounds of an audio graph (glides, tones, earcons), rendered block after block in frame
/// order. Each sound keeps its phase, pitch step and gains between blocks, and the sounds that
/// overlap a frame add into it in the order the graph lists them, so a block holds exactly what a
/// rendering of the whole graph holds there.
public struct Synthesizer {
    private var sounds: [Sound]
    /// Sounds not yet started, by first frame (then by order).
    private let pending: [Int]
    private var nextPending = 0
    /// Sounds that have started and not ended, in the graph's order.
    private var active: [Int] = []
    private var rendered = 0
    /// Whether overlapping sounds could pass the limiter's ceiling (an upper bound on the peak).
    public let mayPassCeiling: Bool

    public init(_ data: SeriesSet, timeline: AudioTimeline, pitch: PitchMap, pan: Bool, earcons: Bool) {
        var sounds: [Sound] = []
        for (k, s) in data.series.enumerated() where k < timeline.series.count {
            let lane = timeline.series[k]
            let positions = pan ? lane.positions : lane.positions.map { _ in 0.5 }
            let frequencies = s.y.map { $0.isFinite ? pitch.frequency(of: $0) : .nan }
            let voice = Voice(sampleRate: Double(timeline.sampleRate), window: lane.startFrame..<lane.endFrame)
            if timeline.continuous {
                sounds += voice.glides(frequencies: frequencies, frames: lane.pointFrames, tones: lane.toneFrames, positions: positions)
            } else {
                for i in frequencies.indices where frequencies[i].isFinite {
                    sounds.append(voice.tone(at: lane.pointFrames[i], length: lane.toneFrames[i], frequency: frequencies[i],
                                             position: positions[i]))
                }
            }
            if earcons, let (low, high) = AudioGraph.extremes(s.y) {
                let ceiling = AudioGraph.earconNyquistFraction * Double(timeline.sampleRate)
                sounds.append(voice.earcon(at: lane.pointFrames[high], frequency: min(ceiling, AudioGraph.maximumEarconRatio * frequencies[high]),
                                           position: positions[high]))
                sounds.append(voice.earcon(at: lane.pointFrames[low], frequency: min(ceiling, AudioGraph.minimumEarconRatio * frequencies[low]),
                                           position: positions[low]))
            }
        }
        sounds.removeAll { $0.frames.isEmpty }
        self.sounds = sounds
        pending = sounds.indices.sorted { (sounds[$0].frames.lowerBound, $0) < (sounds[$1].frames.lowerBound, $1) }
        // Each sample is a sum of |sine × gain × envelope| ≤ amplitude per sound; 0.1% covers rounding.
        var events = sounds.flatMap { [($0.frames.lowerBound, $0.amplitude), ($0.frames.upperBound, -$0.amplitude)] }
        events.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        var sum = 0.0, most = 0.0
        for (_, change) in events {
            sum += change
            most = max(most, sum)
        }
        mayPassCeiling = most * 1.001 > Double(AudioGraph.ceiling)
    }

    /// Adds the sounds of `frames` into `out` (two samples a frame, from `frames.lowerBound`).
    /// Blocks must follow one another from frame 0.
    public mutating func render(_ frames: Range<Int>, into out: UnsafeMutableBufferPointer<Float>) {
        precondition(frames.lowerBound == rendered && out.count >= 2 * frames.count, "blocks follow one another")
        while nextPending < pending.count, sounds[pending[nextPending]].frames.lowerBound < frames.upperBound {
            let index = pending[nextPending]
            active.insert(index, at: active.firstIndex { $0 > index } ?? active.count)
            nextPending += 1
        }
        for index in active { sounds[index].render(frames, into: out) }
        active.removeAll { sounds[$0].frames.upperBound <= frames.upperBound }
        rendered = frames.upperBound
    }
}

/// Lays out the sounds of one series inside its window.
private struct Voice {
    let sampleRate: Double
    let window: Range<Int>

    /// One glide per run of consecutive finite points; an isolated point plays as a tone.
    func glides(frequencies: [Double], frames: [Int], tones: [Int], positions: [Double]) -> [Sound] {
        var sounds: [Sound] = []
        var i = 0
        while i < frequencies.count {
            guard frequencies[i].isFinite else { i += 1; continue }
            var last = i
            while last + 1 < frequencies.count, frequencies[last + 1].isFinite { last += 1 }
            if last == i {
                let length = tones[i]
                sounds.append(tone(at: min(frames[i], window.upperBound - length), length: length, frequency: frequencies[i],
                                   position: positions[i]))
            } else {
                sounds.append(glide(Array(frequencies[i...last]), frames: Array(frames[i...last]), positions: Array(positions[i...last])))
            }
            i = last + 1
        }
        return sounds
    }

    /// A phase-continuous glide through the points, held at the first and last pitch over the fades.
    func glide(_ frequencies: [Double], frames: [Int], positions: [Double]) -> Sound {
        guard let firstFrame = frames.first, let lastFrame = frames.last else { return Sound([], amplitude: 0) }
        let fade = max(1, Int((AudioGraph.glideFadeSeconds * sampleRate).rounded()))
        let start = max(window.lowerBound, firstFrame - fade)
        let end = min(window.upperBound, lastFrame + fade + 1)
        let envelope = Envelope(start: start, end: end, attack: min(fade, (end - start) / 2),
                                release: min(fade, (end - start) / 2))
        let amplitude = AudioGraph.toneAmplitude
        func sweep(_ range: Range<Int>, _ from: Double, _ to: Double, _ a: Double, _ b: Double) -> Sweep {
            Sweep(range, sampleRate: sampleRate, from: from, to: to, gains: (StereoPan.gains(a), StereoPan.gains(b)),
                  envelope: envelope, amplitude: amplitude)
        }
        var sweeps = [sweep(start..<firstFrame, frequencies[0], frequencies[0], positions[0], positions[0])]
        for j in 0..<(frequencies.count - 1) {
            sweeps.append(sweep(frames[j]..<max(frames[j], frames[j + 1]), frequencies[j], frequencies[j + 1], positions[j], positions[j + 1]))
        }
        let final = positions.count - 1
        sweeps.append(sweep(lastFrame..<max(lastFrame, end), frequencies[final], frequencies[final], positions[final], positions[final]))
        return Sound(sweeps, amplitude: amplitude)
    }

    /// One tone with an attack and a release.
    func tone(at onset: Int, length: Int, frequency: Double, position: Double) -> Sound {
        let start = max(window.lowerBound, onset)
        let end = min(window.upperBound, onset + length)
        guard start < end else { return Sound([], amplitude: 0) }
        let envelope = Envelope(start: start, end: end,
                                attack: max(1, min(Int((AudioGraph.attackSeconds * sampleRate).rounded()), (end - start) / 4)),
                                release: max(1, min(Int((AudioGraph.releaseSeconds * sampleRate).rounded()), (end - start) / 2)))
        let gains = StereoPan.gains(position)
        return Sound([Sweep(start..<end, sampleRate: sampleRate, from: frequency, to: frequency, gains: (gains, gains),
                            envelope: envelope, amplitude: AudioGraph.toneAmplitude)], amplitude: AudioGraph.toneAmplitude)
    }

    /// A soft Hann-windowed burst at `frequency`, starting at `onset` (moved earlier if it would
    /// leave the window).
    func earcon(at onset: Int, frequency: Double, position: Double) -> Sound {
        let length = max(2, Int((AudioGraph.earconSeconds * sampleRate).rounded()))
        let start = max(window.lowerBound, min(onset, window.upperBound - length))
        let end = min(window.upperBound, start + length)
        guard start < end else { return Sound([], amplitude: 0) }
        let half = (end - start) / 2
        let envelope = Envelope(start: start, end: end, attack: max(1, half), release: max(1, end - start - half))
        let gains = StereoPan.gains(position)
        return Sound([Sweep(start..<end, sampleRate: sampleRate, from: frequency, to: frequency, gains: (gains, gains),
                            envelope: envelope, amplitude: AudioGraph.earconAmplitude)], amplitude: AudioGraph.earconAmplitude)
    }
}
