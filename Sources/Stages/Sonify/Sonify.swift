import ChartpipeCore
import ChartpipeJSON

/// The `sonify` stage (SPEC §3, §6): renders a chart's points as an audio graph — pitch follows
/// value, stereo position follows x — in the chosen formats, plus WebVTT cues per locale.
///
/// Each audio file streams into its output file block by block (`AudioGraph.blocks`), so memory
/// is bounded by a block, not by the length of the audio; `maxSamples` bounds the length, and a WAV
/// file that would pass RIFF's 4 GiB is refused (FLAC has no such limit).
public struct Sonify: ChartStage {
    public static let duration = Option<Double>(
        "duration", doc: "Seconds of audio per series; series play one after another, 0.7 s apart.", default: 8,
        above: 0, max: 3600,
        rationale: "an hour per series is already far longer than a listener follows")
    public static let low = Option<Double>("low", doc: "Pitch in Hz of the bottom of the y range (C3).", default: 130.81,
                                           min: 20, max: 20000)
    public static let high = Option<Double>("high", doc: "Pitch in Hz of the top of the y range (C6); log scale between.",
                                            default: 1046.5, min: 20, max: 20000)
    public static let continuous = Option<Bool>(
        "continuous", doc: "Glide through the points (true) or one tone per point (false); absent: from the mark (line and area glide).")
    public static let pan = Option<Bool>("pan", doc: "Move from left to right along the x axis.", default: true)
    public static let sampleRate = Option<Int>("sampleRate", doc: "Sample frames per second (MP3: 8000–48000 at the standard rates).",
                                               default: 44100, min: 8000, max: 192_000)
    public static let formats = Option<[AudioFormat]>("formats", doc: "Audio files to write: wav (16-bit PCM), mp3, flac, ogg (Vorbis).",
                                                      default: [.wav, .mp3])
    public static let cues = Option<Bool>("cues", doc: "Write audio.<locale>.vtt with each point's label at its time.", default: true)
    public static let earcons = Option<Bool>("earcons", doc: "Mark each series' maximum and minimum with a short, soft sound.",
                                             default: true)
    public static let totalDuration = Option<Double>(
        "totalDuration", doc: "Longest audio graph of a chart, in seconds, every series and pause included: a chart of many series "
            + "plays each series for less than 'duration' (and shortens the pauses alike) to fit, with a warning.",
        default: 120, above: 0, max: 36_000,
        rationale: "ten hours is far longer than anyone listens to one chart")
    public static let maxSamples = Option<Int>(
        "maxSamples", doc: "Most samples per channel (sample frames) of a chart's audio, every series and pause included; "
            + "the default is 10 minutes at 48 kHz.",
        default: 28_800_000, min: 1)

    /// Most sample frames of a 16-bit stereo WAV file: its RIFF sizes are 32-bit (36 header bytes
    /// count in the RIFF chunk's size).
    public static let wavFrameLimit = (Int(UInt32.max) - 36) / 4

    /// Fewer points than this make an audio graph too sparse to follow as a shape.
    public static let sparsePoints = 20

    public static let description = StageDescription(
        name: "sonify",
        summary: "Renders the audio graph: pitch follows value, pan follows x, with WebVTT cues per locale.",
        options: [duration, low, high, continuous, pan, sampleRate, formats, cues, earcons, totalDuration, maxSamples],
        // The cues speak the point labels of `describe`; without cues the audio needs only the series.
        needs: [Need(.series), Need(.descriptions, unless: "cues", is: false)],
        adds: [.audio],
        perPoint: true)

    public var duration: Double
    public var low: Double
    public var high: Double
    /// nil: from the chart's mark.
    public var continuous: Bool?
    public var pan: Bool
    public var sampleRate: Int
    public var formats: [AudioFormat]
    public var cues: Bool
    public var earcons: Bool
    public var totalDuration: Double
    public var maxSamples: Int

    /// The options are read through their declarations (limits included); what depends on two of
    /// them (the pitch range, the sample rate of each format, one series' samples) is checked here.
    public init(options: StageOptions) throws {
        let duration = try options.value(Self.duration), low = try options.value(Self.low), high = try options.value(Self.high)
        let continuous = try options.optionalValue(Self.continuous), pan = try options.value(Self.pan)
        let sampleRate = try options.value(Self.sampleRate), formats = try options.value(Self.formats)
        let cues = try options.value(Self.cues), earcons = try options.value(Self.earcons)
        let totalDuration = try options.value(Self.totalDuration), maxSamples = try options.value(Self.maxSamples)
        // One series is the least a chart plays: too long already, it is an error before anything runs.
        let window = Int((duration * Double(sampleRate)).rounded())
        if window > maxSamples {
            throw ChartError(Self.tooLong("one series of \(JSONWriter.number(duration)) s at \(sampleRate) Hz is \(window) samples per channel",
                                          maxSamples: maxSamples),
                             code: .sonifyTooLong, field: "maxSamples")
        }
        guard low > 0, low < high else {
            throw ChartError("'low' (\(low) Hz) must be below 'high' (\(high) Hz).", code: .sonifyPitchRange, field: "low")
        }
        guard high < Double(sampleRate) / 2 else {
            throw ChartError("'high' (\(high) Hz) must be below half the sample rate (\(sampleRate / 2) Hz); raise 'sampleRate' or lower 'high'.",
                             code: .sonifyPitchRange,
                             field: "high")
        }
        for format in formats {
            if let rates = format.sampleRates, !rates.contains(sampleRate) {
                throw ChartError("\(format.rawValue) cannot be written at \(sampleRate) Hz; use one of "
                                 + rates.sorted().map(String.init).joined(separator: ", ") + " Hz, or drop '\(format.rawValue)' from 'formats'.",
                                 code: .sonifySampleRate, field: "sampleRate")
            }
        }
        self.duration = duration
        self.low = low
        self.high = high
        self.continuous = continuous
        self.pan = pan
        self.sampleRate = sampleRate
        self.formats = formats
        self.cues = cues
        self.earcons = earcons
        self.totalDuration = totalDuration
        self.maxSamples = maxSamples
    }

    private static func tooLong(_ what: String, maxSamples: Int) -> String {
        "\(what), more than \(maxSamples), the limit of 'maxSamples'; shorten 'duration' or lower 'sampleRate', or raise 'maxSamples' in the sonify stage's options if the chart is right"
    }

    public func run(_ context: inout ChartContext) throws {
        let data = context.data
        guard data.pointCount > 0 else {
            throw ChartError("there is nothing to play: the chart has no points.", code: .sonifyNoPoints, at: context.chart.location)
        }
        warnSparse(&context)
        let isContinuous = continuous ?? context.chart.mark.isContinuous
        let fit = Self.fitted(series: data.series.count, duration: duration, total: totalDuration)
        if fit.scale < 1 {
            context.warn("the chart's \(data.series.count) series would play for \(JSONWriter.number(Self.rounded(fit.natural))) s; "
                         + "each plays for \(JSONWriter.number(Self.rounded(fit.duration))) s instead of \(JSONWriter.number(duration)) s "
                         + "to keep the audio graph within 'totalDuration' (\(JSONWriter.number(totalDuration)) s)",
                         code: .sonifyShortened, field: "totalDuration")
        }
        let timeline = AudioTimeline(data: data, duration: fit.duration, sampleRate: sampleRate, continuous: isContinuous,
                                     gapSeconds: AudioTimeline.seriesGapSeconds * fit.scale)
        try checkLength(timeline, series: data.series.count, at: context.chart.location)
        let pitch = PitchMap.domain(fixed: context.chart.y.range, series: data.series)
            .map { PitchMap(low: low, high: high, domain: $0) }
        let labels = cues ? try pointLabels(context) : [:]

        let cancellation = context.cancellation
        let gain = try AudioGraph.limiterGain(data, timeline: timeline, pitch: pitch, pan: pan, earcons: earcons,
                                              cancellation: cancellation)
        let location = context.chart.location
        for format in formats {
            // Rendered again for each file, block by block, when the runner writes it.
            context.emit(Artifact(path: "audio." + format.fileExtension, kind: "audio", content: .stream { [self] sink in
                do {
                    let writer = try SoundFile.Writer(fileDescriptor: sink.fileDescriptor, channels: 2, sampleRate: sampleRate,
                                                      format: format)
                    try AudioGraph.blocks(data, timeline: timeline, pitch: pitch, pan: pan, earcons: earcons, gain: gain,
                                          cancellation: cancellation) { block in try writer.write(block) }
                    try writer.close()
                    if let size = writer.size { sink.declareSize(size) }
                } catch let error as SoundFileError {
                    throw ChartError("could not encode audio.\(format.fileExtension): \(error.message)",
                                     code: error.diskFull ? .outputDiskFull : .sonifyEncode, at: location)
                }
            }))
        }
        for locale in context.run.locales where cues {
            var list = AudioCues.cues(timeline: timeline, labels: labels[locale] ?? PointLabels([]))
            // Plugins' sentences about the chart are read with the first cue (docs/plugins.md).
            let notes = (context[PluginNotesKey.self] ?? []).sentences(in: locale).map(\.text)
            if !notes.isEmpty, !list.isEmpty { list[0].text += "\n" + notes.joined(separator: "\n") }
            let text = AudioCues.webVTT(list, sampleRate: sampleRate)
            context.emit(Artifact(path: "audio.\(locale).vtt", kind: "cues", locale: locale, bytes: Array(text.utf8)))
        }
    }

    /// The total-duration policy: `series` windows of `duration` seconds with the pauses between them
    /// last `natural` seconds; past `total`, windows and pauses shrink by the same `scale` to fit.
    static func fitted(series: Int, duration: Double, total: Double) -> (duration: Double, scale: Double, natural: Double) {
        let natural = Double(series) * duration + Double(max(0, series - 1)) * AudioTimeline.seriesGapSeconds
        guard natural > total, natural > 0 else { return (duration, 1, natural) }
        let scale = total / natural
        return (duration * scale, scale, natural)
    }

    private static func rounded(_ seconds: Double) -> Double { (seconds * 100).rounded() / 100 }

    /// The whole graph must stay within `maxSamples`, and a WAV file within RIFF's 4 GiB.
    private func checkLength(_ timeline: AudioTimeline, series: Int, at location: SourceLocation) throws(ChartError) {
        let frames = timeline.totalFrames
        if frames > maxSamples {
            let what = "the audio graph of \(series) series of \(JSONWriter.number(duration)) s at \(sampleRate) Hz is \(frames) samples per channel"
            throw ChartError(Self.tooLong(what, maxSamples: maxSamples), code: .sonifyTooLong, at: location, field: "maxSamples")
        }
        if formats.contains(.wav), frames > Self.wavFrameLimit {
            throw ChartError("audio.wav would be \(44 + 4 * frames) bytes, more than the 4 GiB a WAV file can hold; write 'flac' instead of 'wav' in 'formats', or shorten 'duration' or lower 'sampleRate'",
                             code: .sonifyWavTooLarge, at: location, field: "formats")
        }
    }

    /// The describe stage's labels, checked to cover every point of every series in every locale.
    private func pointLabels(_ context: ChartContext) throws(ChartError) -> [String: PointLabels] {
        guard let labels = context[PointLabelsKey.self] else {
            throw ChartError("sonify needs the point labels of 'describe' for its cues; add { \"use\": \"describe\" } before it, or set \"cues\": false.",
                             code: .sonifyNeedsLabels, at: context.chart.location)
        }
        let counts = context.data.series.map(\.count)
        for locale in context.run.locales {
            guard let perSeries = labels[locale] else {
                throw ChartError("there are no point labels in '\(locale)' for the audio cues; 'describe' must run before 'sonify' for every locale.",
                                 code: .sonifyNeedsLabels, at: context.chart.location)
            }
            guard perSeries.counts == counts else {
                throw ChartError("the point labels in '\(locale)' do not match the points to play (\(perSeries.counts) labels for \(counts) points); run 'describe' after the last data stage.",
                                 code: .sonifyStaleLabels, at: context.chart.location)
            }
        }
        return labels
    }

    /// A reader should know when the audio graph is too sparse to follow as a shape.
    private func warnSparse(_ context: inout ChartContext) {
        let data = context.data
        for s in data.series where s.count < Self.sparsePoints {
            let name = data.series.count > 1 ? "series '\(s.name)' has" : "the chart has"
            context.warn("\(name) \(s.count) \(s.count == 1 ? "point" : "points"), fewer than \(Self.sparsePoints): its audio graph will be sparse",
                         code: .sonifySparse)
        }
    }
}
