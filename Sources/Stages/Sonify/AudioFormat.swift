#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import CSndFile
import ChartpipeCore

/// An audio file format the stage writes through libsndfile.
public enum AudioFormat: String, Sendable, CaseIterable, OptionChoice {
    /// RIFF WAVE, 16-bit PCM.
    case wav
    /// MPEG-1 Layer III (LAME through libsndfile).
    case mp3
    /// FLAC, 16-bit, lossless.
    case flac
    /// Ogg Vorbis.
    case ogg

    /// The file name extension.
    public var fileExtension: String { rawValue }

    /// Sample rates the format accepts; nil means any the stage allows.
    public var sampleRates: Set<Int>? {
        switch self {
        case .mp3: return [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000]
        default: return nil
        }
    }

    var sndfileFormat: Int32 {
        switch self {
        case .wav: return Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16)
        case .mp3: return Int32(SF_FORMAT_MPEG | SF_FORMAT_MPEG_LAYER_III)
        case .flac: return Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_16)
        case .ogg: return Int32(SF_FORMAT_OGG | SF_FORMAT_VORBIS)
        }
    }

    /// Lossy encoders take float samples: libsndfile 1.2's 16-bit path into LAME reads
    /// uninitialised memory, which makes MP3 bytes differ from run to run.
    var takesFloat: Bool { self == .mp3 || self == .ogg }
}
