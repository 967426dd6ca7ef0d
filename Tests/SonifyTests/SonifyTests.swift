import XCTest
import ChartpipeCore
import ChartpipeJSON
@testable import Sonify
import ChartpipeTestSupport

/// Checks the audio graph by decoding what the stage writes and measuring it: pitch by zero
/// crossings, pan by channel energy, silence and clicks by sample values, length by frames.
final class SonifyTests: XCTestCase {
    // MARK: Fixtures built in code (the checks are analytic, so no reference files are needed)

    /// A walk of `count` values in 0…100 whose steps stay under an octave of pitch, from a fixed seed.
    static func walk(_ count: Int, seed: UInt64) -> [Double] {
        var state = seed
        var value = 50.0
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let step = Double(state >> 11) / Double(1 << 53) * 50 - 25
            value = min(100, max(0, value + step))
            return value
        }
    }

    /// Uneven x: every third gap is longer, so timing by x is distinguishable from timing by index.
    static func unevenX(_ count: Int) -> [Double] {
        var x = 0.0
        return (0..<count).map { i in
            defer { x += i % 3 == 2 ? 16 : 10 }
            return x
        }
    }

    static func series(_ name: String, _ y: [Double], x: [Double]? = nil) -> Series {
        Series(name: name, x: x ?? unevenX(y.count), y: y, firstRecord: Array(y.indices), lastRecord: Array(y.indices))
    }

    static func context(_ series: [Series], mark: Mark = .line, range: ClosedRange<Double>? = nil,
                        locales: [String] = ["en"], labels: [String: [[String]]]? = nil) -> ChartContext {
        let chart = ChartSpec(id: "c", title: "C", mark: mark,
                              source: SourceSpec(path: "/dev/null", displayPath: "data.csv", format: .csv),
                              x: XSpec(field: "x", type: .number), y: YSpec(fields: ["y"], range: range),
                              location: SourceLocation(path: "test.pipeline", line: 3, column: 5))
        var context = ChartContext(chart: chart, run: RunInfo(locales: locales, pipelineDirectory: "/tmp", pipelineName: "t"),
                                   data: SeriesSet(xType: .number, series: series))
        let made = Dictionary(uniqueKeysWithValues: locales.map { locale in
            (locale, series.enumerated().map { k, s in s.y.indices.map { "\(locale) s\(k) p\($0)" } })
        })
        context[PointLabelsKey.self] = (labels ?? made).mapValues(PointLabels.init)
        return context
    }

    /// Runs the stage and decodes its WAV.
    func renderWAV(_ stage: Sonify, _ context: inout ChartContext) throws -> SoundFile.Decoded {
        try stage.run(&context)
        let wav = try XCTUnwrap(context.artifacts.first { $0.path == "audio.wav" })
        XCTAssertEqual(Array(wav.bytes.prefix(4)), Array("RIFF".utf8))
        return try SoundFile.decode(wav.bytes)
    }

    static func channel(_ d: SoundFile.Decoded, _ c: Int) -> [Double] {
        stride(from: c, to: d.samples.count, by: d.channels).map { Double(d.samples[$0]) }
    }

    static func mono(_ d: SoundFile.Decoded) -> [Double] {
        (0..<d.frames).map { Double(d.samples[2 * $0]) + Double(d.samples[2 * $0 + 1]) }
    }

    /// Upward zero crossings at fractional frame positions (linear interpolation) inside `range`.
    static func upwardCrossings(_ s: [Double], _ range: Range<Int>) -> [Double] {
        var out: [Double] = []
        for n in max(1, range.lowerBound)..<min(s.count, range.upperBound) where s[n - 1] < 0 && s[n] >= 0 {
            out.append(Double(n - 1) + s[n - 1] / (s[n - 1] - s[n]))
        }
        return out
    }

    /// Frequency of the one period that contains `frame` (or the first period after it).
    static func frequency(_ s: [Double], at frame: Int, rate: Int) -> Double? {
        let crossings = upwardCrossings(s, (frame - rate / 50)..<(frame + rate / 50))
        guard crossings.count >= 2 else { return nil }
        // The period around the frame; at the ends of the sound, the nearest whole period.
        let after = crossings.firstIndex(where: { $0 > Double(frame) }) ?? crossings.count - 1
        let k = min(max(0, after - 1), crossings.count - 2)
        return Double(rate) / (crossings[k + 1] - crossings[k])
    }

    /// Mean frequency over the crossings inside `range`.
    static func meanFrequency(_ s: [Double], _ range: Range<Int>, rate: Int) -> Double? {
        let c = upwardCrossings(s, range)
        guard c.count >= 3, let first = c.first, let last = c.last else { return nil }
        return Double(rate) * Double(c.count - 1) / (last - first)
    }

    /// The expected pitch, written out independently of `PitchMap`.
    static func expectedPitch(_ y: Double, lo: Double, hi: Double, low: Double = 130.81, high: Double = 1046.5) -> Double {
        low * pow(high / low, (y - lo) / (hi - lo))
    }

    // MARK: Pitch

    func testGlidePitchAtEveryPointIsWithinTwoPercent() throws {
        let y = Self.walk(20, seed: 7)
        var context = Self.context([Self.series("a", y)])
        let stage = try Sonify(["duration": 8, "formats": ["wav"], "earcons": false])
        let audio = try renderWAV(stage, &context)
        let timeline = AudioTimeline(data: context.data, duration: 8, sampleRate: 44100, continuous: true)
        let signal = Self.mono(audio)
        let lo = y.min() ?? 0, hi = y.max() ?? 1
        for (i, frame) in timeline.series[0].pointFrames.enumerated() {
            let measured = try XCTUnwrap(Self.frequency(signal, at: frame, rate: 44100), "no period at point \(i)")
            let expected = Self.expectedPitch(y[i], lo: lo, hi: hi)
            XCTAssertEqual(measured / expected, 1, accuracy: 0.02, "point \(i): \(measured) Hz, expected \(expected) Hz")
        }
    }

    func testDiscreteTonePitchIsWithinTwoPercent() throws {
        let y = Self.walk(24, seed: 11)
        var context = Self.context([Self.series("a", y)], mark: .bar)
        let stage = try Sonify(["duration": 8, "formats": ["wav"], "earcons": false])
        let audio = try renderWAV(stage, &context)
        let lane = AudioTimeline(data: context.data, duration: 8, sampleRate: 44100, continuous: false).series[0]
        let signal = Self.mono(audio)
        let lo = y.min() ?? 0, hi = y.max() ?? 1
        for i in y.indices {
            let onset = lane.pointFrames[i], length = lane.toneFrames[i]
            XCTAssertGreaterThan(length, 44100 / 20, "tones are long enough to hear a pitch")
            let measured = try XCTUnwrap(Self.meanFrequency(signal, (onset + length / 4)..<(onset + 3 * length / 4), rate: 44100))
            XCTAssertEqual(measured / Self.expectedPitch(y[i], lo: lo, hi: hi), 1, accuracy: 0.02, "point \(i)")
            // Silence just before each onset: a tone per point, not one held tone.
            if i > 0 { XCTAssertEqual(signal[onset - 1], 0, accuracy: 1e-4, "point \(i)") }
        }
    }

    func testFixedRangeAndConstantSeries() throws {
        let map = PitchMap(low: 130.81, high: 1046.5, domain: 0...100)
        XCTAssertEqual(map.frequency(of: 0), 130.81, accuracy: 1e-9)
        XCTAssertEqual(map.frequency(of: 100), 1046.5, accuracy: 1e-9)
        XCTAssertEqual(map.frequency(of: 50), (130.81 * 1046.5).squareRoot(), accuracy: 1e-9, "log scale: the middle value is the geometric mean")
        XCTAssertEqual(map.frequency(of: 150), 1046.5, accuracy: 1e-9, "clamped above a fixed range")
        XCTAssertEqual(PitchMap.domain(fixed: nil, series: [Self.series("a", [3, .nan, 9]), Self.series("b", [-1, 2, 4])]), -1...9,
                       "auto range spans every series")
        let constant = PitchMap(low: 200, high: 800, domain: 5...5)
        XCTAssertEqual(constant.frequency(of: 5), 400, accuracy: 1e-9, "a constant series sounds the middle pitch")

        // The stage uses the chart's fixed range: 25 of 0…100 is a quarter of the way up, log-wise.
        var context = Self.context([Self.series("a", Array(repeating: 25, count: 20))], range: 0...100)
        let audio = try renderWAV(try Sonify(["formats": ["wav"], "earcons": false]), &context)
        let measured = try XCTUnwrap(Self.meanFrequency(Self.mono(audio), 44100..<88200, rate: 44100))
        XCTAssertEqual(measured / Self.expectedPitch(25, lo: 0, hi: 100), 1, accuracy: 0.005)
    }

    func testFastSine() {
        var worst = 0.0
        for i in 0...20000 {
            let x = -Double.pi + 2 * Double.pi * Double(i) / 20000
            worst = max(worst, abs(FastSine.sinWrapped(x) - sin(x)))
        }
        XCTAssertLessThan(worst, 1e-7)
        XCTAssertEqual(FastSine.sin(100.5), sin(100.5), accuracy: 1e-7)
    }

    // MARK: Pan, silence, clicks, length

    func testPanMovesFromLeftToRightOverEachSeries() throws {
        var context = Self.context([Self.series("a", Self.walk(30, seed: 1)), Self.series("b", Self.walk(30, seed: 2))])
        let audio = try renderWAV(try Sonify(["duration": 4, "formats": ["wav"], "earcons": false]), &context)
        let left = Self.channel(audio, 0), right = Self.channel(audio, 1)
        let timeline = AudioTimeline(data: context.data, duration: 4, sampleRate: 44100, continuous: true)
        for lane in timeline.series {
            let window = 44100 / 4
            var shares: [Double] = []
            for start in stride(from: lane.startFrame, to: lane.endFrame - window + 1, by: window) {
                var l = 0.0, r = 0.0
                for n in start..<(start + window) { l += left[n] * left[n]; r += right[n] * right[n] }
                shares.append(r / (l + r))
            }
            XCTAssertLessThan(shares.first ?? 1, 0.1)
            XCTAssertGreaterThan(shares.last ?? 0, 0.9)
            for (a, b) in zip(shares, shares.dropFirst()) { XCTAssertGreaterThan(b, a, "right share rises: \(shares)") }
        }
        let noPan = Self.context([Self.series("a", Self.walk(30, seed: 1))])
        var centred = noPan
        let flat = try renderWAV(try Sonify(["duration": 4, "pan": false, "formats": ["wav"]]), &centred)
        XCTAssertEqual(Self.channel(flat, 0), Self.channel(flat, 1), "pan: false plays both channels alike")
    }

    func testGapsAndSeriesBoundariesAreSilent() throws {
        var y = Self.walk(30, seed: 3)
        for i in 10..<14 { y[i] = .nan }
        for mark in [Mark.line, .point] {
            var context = Self.context([Self.series("a", y), Self.series("b", Self.walk(30, seed: 4))], mark: mark)
            let audio = try renderWAV(try Sonify(["duration": 6, "formats": ["wav"]]), &context)
            let timeline = AudioTimeline(data: context.data, duration: 6, sampleRate: 44100, continuous: mark.isContinuous)
            let lane = timeline.series[0]
            let fade = Int(AudioGraph.glideFadeSeconds * 44100) + 1
            let gapStart = mark.isContinuous ? lane.pointFrames[9] + fade : lane.pointFrames[9] + lane.toneFrames[9]
            let gapEnd = lane.pointFrames[14] - (mark.isContinuous ? fade : 0)
            XCTAssertGreaterThan(gapEnd - gapStart, 44100 / 2)
            let threshold = pow(10, -60.0 / 20)
            let between = lane.endFrame..<timeline.series[1].startFrame
            XCTAssertEqual(between.count, Int((0.7 * 44100).rounded()))
            for n in Array(gapStart..<gapEnd) + Array(between) {
                XCTAssertLessThan(abs(audio.samples[2 * n]), Float(threshold), "\(mark) frame \(n)")
                XCTAssertLessThan(abs(audio.samples[2 * n + 1]), Float(threshold), "\(mark) frame \(n)")
            }
            // And the points on either side of the gap do sound.
            let level = (lane.pointFrames[15]..<(lane.pointFrames[15] + 400)).map { abs(audio.samples[2 * $0]) + abs(audio.samples[2 * $0 + 1]) }
            XCTAssertGreaterThan(level.max() ?? 0, 0.1)
        }
    }

    func testNoSampleStepExceedsTheHighestFrequencyAtFullAmplitude() throws {
        // Steep jumps between extremes, a gap, a lone point between gaps, two series, earcons on.
        var y = (0..<40).map { $0 % 2 == 0 ? 0.0 : 100.0 }
        y[20] = .nan; y[22] = .nan
        for mark in [Mark.line, .bar] {
            for rate in [22050, 44100] {
                var context = Self.context([Self.series("a", y), Self.series("b", Self.walk(40, seed: 5))], mark: mark)
                let audio = try renderWAV(try Sonify(["duration": 3, "sampleRate": rate.optionValue, "formats": ["wav"]]), &context)
                let earconPitch = min(AudioGraph.maximumEarconRatio * 1046.5, AudioGraph.earconNyquistFraction * Double(rate))
                let bound = (AudioGraph.toneAmplitude * 2 * Double.pi * 1046.5
                    + AudioGraph.earconAmplitude * 2 * Double.pi * earconPitch) / Double(rate) * 1.05 + 2.0 / 32767
                for c in 0..<2 {
                    let s = Self.channel(audio, c)
                    var worst = 0.0
                    for n in 1..<s.count { worst = max(worst, abs(s[n] - s[n - 1])) }
                    XCTAssertLessThanOrEqual(worst, bound, "\(mark) at \(rate) Hz, channel \(c)")
                    XCTAssertEqual(s.first ?? 1, 0, accuracy: 1e-4, "starts from silence")
                    XCTAssertEqual(s.last ?? 1, 0, accuracy: 1e-4, "ends in silence")
                }
            }
        }
    }

    func testDurationIsExactToTheFrame() throws {
        var context = Self.context((0..<3).map { Self.series("s\($0)", Self.walk(25, seed: UInt64($0))) })
        let audio = try renderWAV(try Sonify(["duration": 2.5, "sampleRate": 22050, "formats": ["wav"]]), &context)
        XCTAssertEqual(audio.sampleRate, 22050)
        XCTAssertEqual(audio.channels, 2)
        XCTAssertEqual(audio.frames, 3 * 55125 + 2 * 15435)
    }

    /// Many series: the whole graph keeps within 'totalDuration', every series' window and pause
    /// shortened alike, with a warning; a chart that fits plays as asked.
    func testManySeriesAreShortenedToTheTotalDuration() throws {
        // 200 series of 8 s with 199 pauses of 0.7 s would be 1,739.3 s (29 minutes).
        let many = (0..<200).map { Self.series("s\($0)", Self.walk(20, seed: UInt64($0))) }
        var context = Self.context(many)
        try Sonify(["sampleRate": 8000, "formats": ["wav"], "earcons": false]).run(&context)
        let wav = try XCTUnwrap(context.artifacts.first { $0.path == "audio.wav" })
        let frames = try SoundFile.decode(wav.bytes).frames
        let scale = 120 / (200 * 8 + 199 * 0.7)
        XCTAssertEqual(frames, 200 * Int((8 * scale * 8000).rounded()) + 199 * Int((0.7 * scale * 8000).rounded()))
        XCTAssertLessThanOrEqual(frames, 120 * 8000 + 200)
        XCTAssertEqual(context.warnings.filter { $0.code == "sonify.shortened" }.count, 1)
        XCTAssertEqual(context.warnings.first { $0.code == "sonify.shortened" }?.message,
                       "the chart's 200 series would play for 1739.3 s; each plays for 0.55 s instead of 8 s to keep the audio graph within 'totalDuration' (120 s)")
        // The last cue still ends with the audio.
        let vtt = try XCTUnwrap(context.artifacts.first { $0.path == "audio.en.vtt" })
        let cues = try Self.parseVTT(String(decoding: vtt.bytes, as: UTF8.self))
        // Points closer than the grouping time share a cue; every series still has its first.
        XCTAssertEqual(Set(cues.map(\.id).filter { $0.hasSuffix("-point-0") }).count, 200)
        XCTAssertEqual(cues.last?.end ?? 0, Double(frames) / 8000, accuracy: 0.0011)

        // Three series fit in 120 s: nothing shortened, nothing said.
        var few = Self.context((0..<3).map { Self.series("s\($0)", Self.walk(25, seed: UInt64($0))) })
        let audio = try renderWAV(try Sonify(["duration": 2.5, "sampleRate": 22050, "formats": ["wav"]]), &few)
        XCTAssertEqual(audio.frames, 3 * 55125 + 2 * 15435)
        XCTAssertFalse(few.warnings.contains { $0.code == "sonify.shortened" })
        // A lower total shortens them too.
        var tight = Self.context((0..<3).map { Self.series("s\($0)", Self.walk(25, seed: UInt64($0))) })
        let short = try renderWAV(try Sonify(["duration": 2.5, "sampleRate": 22050, "formats": ["wav"], "totalDuration": 4.45]), &tight)
        XCTAssertEqual(short.frames, 3 * Int((2.5 * 0.5 * 22050).rounded()) + 2 * Int((0.7 * 0.5 * 22050).rounded()))
    }

    // MARK: Earcons

    func testEarconsMarkTheMaximumAndMinimumOnly() throws {
        let y = Self.walk(30, seed: 9)
        let data = SeriesSet(xType: .number, series: [Self.series("a", y)])
        let timeline = AudioTimeline(data: data, duration: 6, sampleRate: 44100, continuous: true)
        let pitch = PitchMap(low: 130.81, high: 1046.5, domain: (y.min() ?? 0)...(y.max() ?? 1))
        let with = AudioGraph.render(data, timeline: timeline, pitch: pitch, pan: true, earcons: true)
        let without = AudioGraph.render(data, timeline: timeline, pitch: pitch, pan: true, earcons: false)
        let hi = try XCTUnwrap(y.indices.max { y[$0] < y[$1] }), lo = try XCTUnwrap(y.indices.min { y[$0] < y[$1] })
        let length = Int(AudioGraph.earconSeconds * 44100)
        let marked = [hi, lo].map { timeline.series[0].pointFrames[$0] }
        var earcon = [Double](repeating: 0, count: with.frames)
        for n in 0..<with.frames {
            earcon[n] = Double(with.samples[2 * n] - without.samples[2 * n]) + Double(with.samples[2 * n + 1] - without.samples[2 * n + 1])
            if abs(earcon[n]) > 1e-6 {
                XCTAssertTrue(marked.contains { (($0 - 1)...($0 + length + 1)).contains(n) }, "sound at frame \(n) away from the extremes")
            }
        }
        XCTAssertLessThanOrEqual(earcon.map(abs).max() ?? 1, 2 * AudioGraph.earconAmplitude, "soft")
        for (index, ratio) in [(hi, AudioGraph.maximumEarconRatio), (lo, AudioGraph.minimumEarconRatio)] {
            let start = timeline.series[0].pointFrames[index]
            let f = try XCTUnwrap(Self.meanFrequency(earcon, (start + length / 4)..<(start + 3 * length / 4), rate: 44100))
            XCTAssertEqual(f / (ratio * pitch.frequency(of: y[index])), 1, accuracy: 0.02)
        }
    }

    // MARK: Files

    func testEveryFormatIsByteIdenticalAndReadsBack() throws {
        let data = SeriesSet(xType: .number, series: [Self.series("a", Self.walk(30, seed: 12))])
        let timeline = AudioTimeline(data: data, duration: 3, sampleRate: 44100, continuous: true)
        let pcm = AudioGraph.render(data, timeline: timeline, pitch: PitchMap(low: 130.81, high: 1046.5, domain: 0...100),
                                    pan: true, earcons: true).pcm16()
        for format in AudioFormat.allCases {
            let first = try SoundFile.encode(pcm, channels: 2, sampleRate: 44100, format: format)
            let second = try SoundFile.encode(pcm, channels: 2, sampleRate: 44100, format: format)
            XCTAssertEqual(first, second, "\(format) bytes differ between two encodings")
            let decoded = try SoundFile.decode(first)
            XCTAssertEqual(decoded.sampleRate, 44100)
            XCTAssertEqual(decoded.channels, 2)
            switch format {
            case .wav, .flac:
                XCTAssertEqual(decoded.frames, timeline.totalFrames)
                XCTAssertEqual(decoded.samples.map { Int16(($0 * 32768).rounded()) }, pcm, "\(format) is lossless")
            case .mp3, .ogg:
                XCTAssertEqual(Double(decoded.frames) / 44100, Double(timeline.totalFrames) / 44100, accuracy: 0.05, "\(format)")
            }
        }
        let ogg = try SoundFile.encode(pcm, channels: 2, sampleRate: 44100, format: .ogg)
        XCTAssertEqual(Array(ogg[14..<18]), [0x74, 0x72, 0x68, 0x63], "fixed serial, little-endian")
    }

    func testMP3FromTheStageHasTheExpectedDuration() throws {
        var context = Self.context([Self.series("a", Self.walk(40, seed: 13)), Self.series("b", Self.walk(40, seed: 14))])
        try Sonify(["duration": 5, "formats": ["wav", "mp3"]]).run(&context)
        XCTAssertEqual(context.artifacts.map(\.path), ["audio.wav", "audio.mp3", "audio.en.vtt"])
        XCTAssertEqual(context.artifacts.map(\.kind), ["audio", "audio", "cues"])
        let mp3 = try XCTUnwrap(context.artifacts.first { $0.path == "audio.mp3" })
        let decoded = try SoundFile.decode(mp3.bytes)
        XCTAssertEqual(Double(decoded.frames) / Double(decoded.sampleRate), 10.7, accuracy: 0.05)
        var again = Self.context([Self.series("a", Self.walk(40, seed: 13)), Self.series("b", Self.walk(40, seed: 14))])
        try Sonify(["duration": 5, "formats": ["wav", "mp3"]]).run(&again)
        XCTAssertEqual(again.artifacts.map(\.bytes), context.artifacts.map(\.bytes), "same input, same bytes")
    }

    // MARK: Streaming in blocks

    /// Every block of the streamed graph is what the whole rendering holds there, limiter included.
    func testBlocksAreBitForBitTheWholeGraph() throws {
        let cases: [(SeriesSet, Bool)] = [
            (SeriesSet(xType: .number, series: [Self.series("a", Self.walk(300, seed: 3)), Self.series("b", Self.walk(50, seed: 4))]), true),
            (SeriesSet(xType: .number, series: [Self.series("a", Self.walk(40, seed: 5).enumerated().map { $0.offset % 7 == 3 ? .nan : $0.element })]), true),
            // 2000 tones in 2 s overlap: the limiter scales the graph, found by a first pass.
            (SeriesSet(xType: .number, series: [Self.series("a", Self.walk(2000, seed: 6))]), false),
        ]
        for (data, continuous) in cases {
            let timeline = AudioTimeline(data: data, duration: 2, sampleRate: 22050, continuous: continuous)
            let pitch = PitchMap.domain(fixed: nil, series: data.series).map { PitchMap(low: 130.81, high: 1046.5, domain: $0) }
            let whole = AudioGraph.render(data, timeline: timeline, pitch: pitch, pan: true, earcons: true).pcm16()
            for blockFrames in [1, 1000, 4097, 1 << 20] {
                let gain = try AudioGraph.limiterGain(data, timeline: timeline, pitch: pitch, pan: true, earcons: true,
                                                      blockFrames: blockFrames, cancellation: Cancellation())
                XCTAssertEqual(gain < 1, !continuous, "the limiter acts on the dense tones only")
                var streamed: [Int16] = []
                var blocks = 0
                try AudioGraph.blocks(data, timeline: timeline, pitch: pitch, pan: true, earcons: true, gain: gain,
                                      blockFrames: blockFrames, cancellation: Cancellation()) { block in
                    XCTAssertLessThanOrEqual(block.count, 2 * blockFrames)
                    streamed += block
                    blocks += 1
                }
                XCTAssertEqual(blocks, (timeline.totalFrames + blockFrames - 1) / blockFrames)
                XCTAssertTrue(streamed == whole, "blocks of \(blockFrames) frames differ from the whole graph")
            }
        }
    }

    func testTheStageStreamsTheSameFilesAsAWholeEncoding() throws {
        let series = [Self.series("a", Self.walk(300, seed: 3)), Self.series("b", Self.walk(50, seed: 4))]
        var context = Self.context(series)
        try Sonify(["duration": 3, "formats": ["wav", "mp3", "flac", "ogg"]]).run(&context)
        let timeline = AudioTimeline(data: context.data, duration: 3, sampleRate: 44100, continuous: true)
        let pcm = AudioGraph.render(context.data, timeline: timeline, pitch: PitchMap.domain(fixed: nil, series: series)
            .map { PitchMap(low: 130.81, high: 1046.5, domain: $0) }, pan: true, earcons: true).pcm16()
        for format in [AudioFormat.wav, .mp3, .flac] {
            let streamed = try XCTUnwrap(context.artifacts.first { $0.path == "audio.\(format.rawValue)" }).bytes
            XCTAssertEqual(streamed, try SoundFile.encode(pcm, channels: 2, sampleRate: 44100, format: format), "\(format)")
        }
        // Vorbis fits its pre-roll on the first write, so Ogg is compared with itself: the same input, the same bytes.
        let ogg = try XCTUnwrap(context.artifacts.first { $0.path == "audio.ogg" }).bytes
        var again = Self.context(series)
        try Sonify(["duration": 3, "formats": ["ogg"]]).run(&again)
        XCTAssertEqual(try XCTUnwrap(again.artifacts.first).bytes, ogg)
        XCTAssertEqual(Array(ogg[14..<18]), [0x74, 0x72, 0x68, 0x63], "fixed serial in the file")
        XCTAssertEqual(try SoundFile.decode(ogg).frames, timeline.totalFrames)
    }

    func testBlocksStopWhenTheRunIsCancelled() throws {
        let data = SeriesSet(xType: .number, series: [Self.series("a", Self.walk(30, seed: 2))])
        let timeline = AudioTimeline(data: data, duration: 4, sampleRate: 8000, continuous: true)
        let cancellation = Cancellation()
        var blocks = 0
        XCTAssertThrowsError(try AudioGraph.blocks(data, timeline: timeline, pitch: PitchMap(low: 200, high: 800, domain: 0...100),
                                                   pan: true, earcons: true, gain: 1, blockFrames: 1000,
                                                   cancellation: cancellation) { _ in
            blocks += 1
            if blocks == 2 { cancellation.cancel() }
        }) { XCTAssertTrue($0 is Cancelled, "\($0)") }
        XCTAssertEqual(blocks, 2, "no block after the cancellation")
    }

    func testLengthLimits() throws {
        // An hour at 192 kHz passed validation and needed 8 GB; it is now refused before anything runs.
        XCTAssertThrowsError(try Sonify(options: StageOptions(["duration": 3600, "sampleRate": 192_000, "formats": ["wav", "flac"]]))) { error in
            XCTAssertEqual((error as? ChartError)?.code, "sonify.too-long")
            XCTAssertEqual("\(error)", "error: field 'maxSamples': one series of 3600 s at 192000 Hz is 691200000 samples per channel, more than 28800000, the limit of 'maxSamples'; shorten 'duration' or lower 'sampleRate', or raise 'maxSamples' in the sonify stage's options if the chart is right")
        }
        XCTAssertEqual(Sonify.description.option(named: "maxSamples")?.defaultValue, .int(28_800_000))
        // Several series count together.
        var three = Self.context([Self.series("a", Self.walk(20, seed: 1)), Self.series("b", Self.walk(20, seed: 2)),
                                  Self.series("c", Self.walk(20, seed: 3))])
        XCTAssertThrowsError(try Sonify(["duration": 8, "formats": ["wav"], "maxSamples": 1_000_000]).run(&three)) { error in
            XCTAssertEqual("\(error)", "test.pipeline:3:5: error: field 'maxSamples': the audio graph of 3 series of 8 s at 44100 Hz is 1120140 samples per channel, more than 1000000, the limit of 'maxSamples'; shorten 'duration' or lower 'sampleRate', or raise 'maxSamples' in the sonify stage's options if the chart is right")
        }
        // Past RIFF's 4 GiB, WAV is refused; FLAC is not (the files stream when written, so nothing renders here).
        var long = Self.context([Self.series("a", Self.walk(20, seed: 1)), Self.series("b", Self.walk(20, seed: 2))])
        XCTAssertThrowsError(try Sonify(["duration": 3600, "sampleRate": 192_000, "formats": ["wav", "flac"], "cues": false, "totalDuration": 36_000, "maxSamples": .int(.max)]).run(&long)) { error in
            XCTAssertEqual((error as? ChartError)?.code, "sonify.wav-too-large")
            XCTAssertEqual((error as? ChartError)?.message, "audio.wav would be 5530137644 bytes, more than the 4 GiB a WAV file can hold; write 'flac' instead of 'wav' in 'formats', or shorten 'duration' or lower 'sampleRate'")
        }
        XCTAssertNoThrow(try Sonify(["duration": 3600, "sampleRate": 192_000, "formats": ["flac"], "cues": false, "totalDuration": 36_000, "maxSamples": .int(.max)]).run(&long))
        XCTAssertEqual(long.artifacts.map(\.path), ["audio.flac"])
        XCTAssertEqual(Sonify.wavFrameLimit, 1_073_741_814)
    }

    // MARK: Cues

    /// Parsed cues: (identifier, start seconds, end seconds, text).
    static func parseVTT(_ text: String) throws -> [(id: String, start: Double, end: Double, text: String)] {
        var blocks = text.components(separatedBy: "\n\n")
        XCTAssertEqual(blocks.removeFirst(), "WEBVTT")
        func seconds(_ t: Substring) -> Double {
            let parts = t.split(separator: ":").map { Double($0) ?? .nan }
            return parts[0] * 3600 + parts[1] * 60 + parts[2]
        }
        return try blocks.map { block in
            let lines = block.split(separator: "\n", omittingEmptySubsequences: false)
            XCTAssertGreaterThanOrEqual(lines.count, 3)
            let times = lines[1].components(separatedBy: " --> ")
            XCTAssertEqual(times.count, 2)
            let text = lines[2...].joined(separator: "\n").trimmingCharacters(in: .newlines)
            return (String(lines[0]), seconds(Substring(times[0])), seconds(Substring(try XCTUnwrap(times.last))), text)
        }
    }

    func testOneCuePerPointAtThePointTimeWithItsLabel() throws {
        let y = Self.walk(20, seed: 21)
        var labels = ["en": [y.indices.map { "June \($0 + 1): $1,\($0)00" }],
                      "ko": [y.indices.map { "6월 \($0 + 1)일: \($0)만 원" }]]
        labels["en"]?[0][3] = "A <b>bold</b> & \"quoted\" --> label\nsecond line"
        for mark in [Mark.line, .bar] {
            var context = Self.context([Self.series("a", y)], mark: mark, locales: ["en", "ko"], labels: labels)
            try Sonify(["duration": 8, "formats": ["wav"]]).run(&context)
            let timeline = AudioTimeline(data: context.data, duration: 8, sampleRate: 44100, continuous: mark.isContinuous)
            for locale in ["en", "ko"] {
                let vtt = try XCTUnwrap(context.artifacts.first { $0.path == "audio.\(locale).vtt" })
                XCTAssertEqual(vtt.locale, locale)
                let cues = try Self.parseVTT(String(decoding: vtt.bytes, as: UTF8.self))
                XCTAssertEqual(cues.count, y.count)
                for (i, cue) in cues.enumerated() {
                    XCTAssertEqual(cue.id, "series-0-point-\(i)")
                    let sounds = Double(timeline.series[0].pointFrames[i]) / 44100
                    if i + 1 < cues.count {
                        XCTAssertEqual(cue.start, sounds, accuracy: 0.0011)
                    } else {
                        // The last cue ends with the audio and starts up to the grouping time early to stay readable.
                        XCTAssertEqual(cue.end, Double(timeline.totalFrames) / 44100, accuracy: 0.0011)
                        XCTAssertLessThanOrEqual(cue.start, sounds + 0.0011)
                        XCTAssertGreaterThanOrEqual(cue.end - cue.start, 0.1)
                    }
                    if i + 1 < cues.count { XCTAssertEqual(cue.end, cues[i + 1].start, accuracy: 0.0011) }
                    let label = labels[locale]?[0][i] ?? ""
                    if i == 3 && locale == "en" {
                        XCTAssertEqual(cue.text, "A &lt;b&gt;bold&lt;/b&gt; &amp; \"quoted\" --&gt; label second line")
                    } else {
                        XCTAssertEqual(cue.text, label)
                    }
                }
            }
        }
    }

    func testPointTimesFollowX() {
        let x: [Double] = [0, 1, 2, 10, 11, 30]
        let data = SeriesSet(xType: .number, series: [Self.series("a", [1, 2, 3, 4, 5, 6], x: x)])
        let lane = AudioTimeline(data: data, duration: 3, sampleRate: 10000, continuous: true).series[0]
        XCTAssertEqual(lane.pointFrames, x.map { Int(($0 / 30 * 29999).rounded()) })
        XCTAssertEqual(lane.positions, x.map { $0 / 30 })
    }

    func testDensePointsShareSegmentCues() throws {
        let y = Self.walk(100, seed: 22)
        var context = Self.context([Self.series("a", y, x: y.indices.map(Double.init))])
        try Sonify(["duration": 8, "formats": ["wav"]]).run(&context)
        let timeline = AudioTimeline(data: context.data, duration: 8, sampleRate: 44100, continuous: true)
        let cues = AudioCues.cues(timeline: timeline, labels: PointLabels([y.indices.map { "p\($0)" }]))
        XCTAssertEqual(cues.flatMap { Array($0.points) }, Array(y.indices), "every point in exactly one cue, in order")
        for cue in cues.dropLast() {
            XCTAssertGreaterThanOrEqual(Double(cue.end - cue.start) / 44100, 0.25)
            XCTAssertLessThan(Double(timeline.series[0].pointFrames[cue.points.upperBound - 1] - cue.start) / 44100, 0.25)
        }
        XCTAssertEqual(cues.count, 25, "80.8 ms apart: four points to a cue")
        let parsed = try Self.parseVTT(String(decoding: try XCTUnwrap(context.artifacts.last).bytes, as: UTF8.self))
        XCTAssertEqual(parsed.map(\.text), cues.map { "en s0 p\($0.points.lowerBound)\n…\nen s0 p\($0.points.upperBound - 1)" })
        let three = AudioCues.cues(timeline: timeline, labels: PointLabels([y.indices.map { "p\($0)" }])).map(\.text)
        XCTAssertEqual(three.first, "p0\n…\np3")
        let long = AudioCue(identifier: "x", start: 0, end: 10, series: 0, points: 0..<5, text: "a\nb\nc\nd\ne")
        XCTAssertTrue(AudioCues.webVTT([long], sampleRate: 10).contains("a\nb\nc\nd\ne"))
        XCTAssertEqual(AudioCues.timestamp(milliseconds: 3_723_004), "01:02:03.004")
    }

    // MARK: Options and errors

    func testOptionsAndErrors() throws {
        let defaults = try Sonify(options: StageOptions([:]))
        XCTAssertEqual(defaults.formats, [.wav, .mp3])
        XCTAssertNil(defaults.continuous)
        XCTAssertEqual(Sonify.description.name, "sonify")
        XCTAssertEqual(Sonify.description.needs, [Need(.series), Need(.descriptions, unless: "cues", is: false)])
        // Without cues the audio graph needs no point labels, so no `describe`.
        XCTAssertEqual(Sonify.description.needs(with: StageOptions(["cues": false], declared: Sonify.description.options)), [.series])
        XCTAssertEqual(Sonify.description.needs(with: StageOptions([:], declared: Sonify.description.options)), [.series, .descriptions])
        XCTAssertNil(Sonify.description.options.first { $0.name == "continuous" }?.defaultValue)

        XCTAssertThrowsError(try Sonify(["sampleRate": 96000, "formats": ["wav", "mp3"]])) { error in
            XCTAssertEqual((error as? ChartError)?.field, "sampleRate")
        }
        XCTAssertNoThrow(try Sonify(["sampleRate": 96000, "formats": ["wav", "flac", "ogg"]]))
        XCTAssertThrowsError(try Sonify(["low": 900, "high": 300]))
        XCTAssertThrowsError(try Sonify(["high": 5000, "sampleRate": 8000, "formats": ["wav"]]))

        var unlabelled = Self.context([Self.series("a", Self.walk(20, seed: 1))])
        unlabelled[PointLabelsKey.self] = nil
        XCTAssertThrowsError(try Sonify().run(&unlabelled)) { error in
            XCTAssertTrue("\(error)".contains("describe"), "\(error)")
            XCTAssertTrue("\(error)".hasPrefix("test.pipeline:3:5"), "\(error)")
        }
        XCTAssertNoThrow(try Sonify(["cues": false]).run(&unlabelled), "no cues, no labels needed")

        var missingLocale = Self.context([Self.series("a", Self.walk(20, seed: 1))], locales: ["en", "ko"],
                                         labels: ["en": [Array(repeating: "x", count: 20)]])
        XCTAssertThrowsError(try Sonify().run(&missingLocale)) { XCTAssertTrue("\($0)".contains("'ko'")) }
        var mismatched = Self.context([Self.series("a", Self.walk(20, seed: 1))], labels: ["en": [["x"]]])
        XCTAssertThrowsError(try Sonify().run(&mismatched))
    }

    /// A write that meets a full disk under libsndfile (here /dev/full, where every write fails
    /// with ENOSPC) says so, so that the chart fails as a full disk and the run stops (exit 4)
    /// rather than reporting a broken encoder, whatever room the disk seems to have afterwards.
    func testAFullDiskUnderLibsndfileIsAFullDisk() throws {
        for format in AudioFormat.allCases {
            let fd = open("/dev/full", O_RDWR | O_CLOEXEC)
            XCTAssertGreaterThanOrEqual(fd, 0)
            defer { close(fd) }
            let pcm = [Int16](repeating: 1000, count: 2 * 65_536)
            do throws(SoundFileError) {
                let writer = try SoundFile.Writer(fileDescriptor: fd, channels: 2, sampleRate: 44_100, format: format)
                try pcm.withUnsafeBufferPointer { buffer throws(SoundFileError) in try writer.write(buffer) }
                try writer.close()
                XCTFail("\(format): writing to /dev/full succeeded")
            } catch {
                XCTAssertTrue(error.diskFull, "\(format): \(error.message)")
            }
        }
    }

    /// A write that comes up short part way (the disk filled up at that byte) fails every format as
    /// a full disk, wherever it falls: libsndfile does not report every short write (MP3 at any
    /// byte, Ogg and FLAC near the end), which once left an MP3 with bytes missing from byte 16384
    /// listed as whole.
    func testAShortWriteAnywhereFailsEveryFormatAsAFullDisk() throws {
        let data = SeriesSet(xType: .number, series: [Self.series("a", Self.walk(40, seed: 21))])
        let timeline = AudioTimeline(data: data, duration: 2, sampleRate: 22_050, continuous: true)
        let pcm = AudioGraph.render(data, timeline: timeline, pitch: PitchMap(low: 130.81, high: 1046.5, domain: 0...100),
                                    pan: true, earcons: false).pcm16()
        for format in AudioFormat.allCases {
            let whole = try Self.encodeIntoFile(pcm, format: format, writeLimit: nil)
            XCTAssertEqual(whole.size, whole.bytes.count, "\(format): the size written is the file's")
            if format != .ogg {
                XCTAssertEqual(whole.bytes, try SoundFile.encode(pcm, channels: 2, sampleRate: 22_050, format: format), "\(format)")
            }
            for limit in [0, 40, 4096, 16_384, whole.bytes.count / 2, whole.bytes.count - 1] where limit < whole.bytes.count {
                do throws(SoundFileError) {
                    _ = try Self.encodeIntoFile(pcm, format: format, writeLimit: limit)
                    XCTFail("\(format): a write cut short at byte \(limit) of \(whole.bytes.count) went unnoticed")
                } catch {
                    XCTAssertTrue(error.diskFull, "\(format) at \(limit): \(error.message)")
                }
            }
        }
    }

    /// Encodes `pcm` into a new temporary file through the descriptor writer; its bytes and the size it declared.
    private static func encodeIntoFile(_ pcm: [Int16], format: AudioFormat, writeLimit: Int?) throws(SoundFileError) -> (bytes: [UInt8], size: Int?) {
        var template = Array((NSTemporaryDirectory() + "/sonify-short-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        precondition(fd >= 0)
        unlink(String(cString: template))
        defer { close(fd) }
        let writer = try SoundFile.Writer(fileDescriptor: fd, channels: 2, sampleRate: 22_050, format: format, writeLimit: writeLimit)
        for start in stride(from: 0, to: pcm.count, by: 8192) {
            try pcm[start..<min(pcm.count, start + 8192)].withUnsafeBufferPointer { buffer throws(SoundFileError) in try writer.write(buffer) }
        }
        try writer.close()
        var bytes = [UInt8](repeating: 0, count: Int(lseek(fd, 0, SEEK_END)))
        _ = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        return (bytes, writer.size)
    }
}
