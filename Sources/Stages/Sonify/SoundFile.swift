#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import CSndFile
import ChartpipeCore

/// Encodes audio through libsndfile, into memory (virtual I/O) or block by block into a file.
///
/// Encoded bytes are identical across runs for every format: libsndfile gives each Ogg stream a
/// time-seeded serial number, which is replaced with a fixed one.
public enum SoundFile {
    /// The serial number of every Ogg stream we write.
    public static let oggSerial: UInt32 = 0x6368_7274

    /// Encodes interleaved 16-bit samples of `channels` channels at `sampleRate`, in memory.
    public static func encode(_ pcm: [Int16], channels: Int, sampleRate: Int, format: AudioFormat) throws(SoundFileError) -> [UInt8] {
        let file = MemoryFile()
        let writer = try Writer(file: file, channels: channels, sampleRate: sampleRate, format: format)
        try pcm.withUnsafeBufferPointer { buffer throws(SoundFileError) in try writer.write(buffer) }
        try writer.close()
        return format == .ogg ? OggPages.settingSerial(oggSerial, in: file.bytes) : file.bytes
    }

    /// Writes a sound file block by block: into memory, or into a new, empty, seekable file whose
    /// descriptor the caller owns (libsndfile seeks back to finish its headers). WAV, FLAC and MP3
    /// bytes do not depend on how the samples are split into blocks; Ogg Vorbis bytes depend on the
    /// first block's length (libvorbis fits its pre-roll extrapolation on the first write, on the
    /// stack), which the stage keeps fixed, so Ogg output is still the same from run to run.
    public final class Writer {
        private let handle: SoundFileHandle
        private let channels: Int
        private let format: AudioFormat
        private let fileDescriptor: Int32?
        private var floats: [Float] = []

        /// A writer into the file open at `fileDescriptor` (left open).
        public convenience init(fileDescriptor: Int32, channels: Int, sampleRate: Int, format: AudioFormat) throws(SoundFileError) {
            try self.init(fileDescriptor: fileDescriptor, channels: channels, sampleRate: sampleRate, format: format, writeLimit: nil)
        }

        /// As above; past `writeLimit` bytes every write comes up short as on a full disk (for tests).
        init(fileDescriptor: Int32, channels: Int, sampleRate: Int, format: AudioFormat, writeLimit: Int?) throws(SoundFileError) {
            var info = Self.info(channels: channels, sampleRate: sampleRate, format: format)
            let file = DescriptorFile(fileDescriptor: fileDescriptor, writeLimit: writeLimit)
            self.handle = try SoundFileHandle(file: file, info: &info)
            self.channels = channels
            self.format = format
            self.fileDescriptor = fileDescriptor
        }

        /// The size of the file written, once closed: every byte libsndfile wrote reached it.
        public var size: Int? { handle.size }

        convenience init(file: MemoryFile, channels: Int, sampleRate: Int, format: AudioFormat) throws(SoundFileError) {
            var info = Self.info(channels: channels, sampleRate: sampleRate, format: format)
            try self.init(handle: SoundFileHandle(file: file, mode: Int32(SFM_WRITE), info: &info), channels: channels,
                          format: format, fileDescriptor: nil)
        }

        private init(handle: SoundFileHandle, channels: Int, format: AudioFormat, fileDescriptor: Int32?) {
            self.handle = handle
            self.channels = channels
            self.format = format
            self.fileDescriptor = fileDescriptor
        }

        private static func info(channels: Int, sampleRate: Int, format: AudioFormat) -> SF_INFO {
            var info = SF_INFO()
            info.samplerate = Int32(sampleRate)
            info.channels = Int32(channels)
            info.format = format.sndfileFormat
            return info
        }

        /// Appends interleaved 16-bit samples (whole frames).
        public func write(_ pcm: UnsafeBufferPointer<Int16>) throws(SoundFileError) {
            let frames = pcm.count / max(1, channels)
            if format.takesFloat {
                let scale: Float = 1 / 32768
                if floats.count < pcm.count { floats = [Float](repeating: 0, count: pcm.count) }
                for i in pcm.indices { floats[i] = Float(pcm[i]) * scale }
                try handle.write(floats, frames: frames)
            } else {
                try handle.write(pcm, frames: frames)
            }
        }

        /// Finishes the file (headers, the encoder's last frames) and fixes an Ogg stream's serial.
        public func close() throws(SoundFileError) {
            try handle.close()
            if format == .ogg, let fileDescriptor { try OggPages.settingSerial(oggSerial, inFile: fileDescriptor) }
        }
    }

    /// Decoded audio: interleaved samples in −1…1.
    public struct Decoded: Sendable {
        public var frames: Int
        public var channels: Int
        public var sampleRate: Int
        public var samples: [Float]
    }

    /// Decodes any format libsndfile reads.
    public static func decode(_ bytes: [UInt8]) throws(SoundFileError) -> Decoded {
        var info = SF_INFO()
        let file = MemoryFile(bytes)
        let handle = try SoundFileHandle(file: file, mode: Int32(SFM_READ), info: &info)
        let channels = Int(info.channels)
        var samples = [Float](repeating: 0, count: Int(info.frames) * channels)
        let read = handle.read(into: &samples, frames: Int(info.frames))
        try handle.close()
        samples.removeLast(samples.count - read * channels)
        return Decoded(frames: read, channels: channels, sampleRate: Int(info.samplerate), samples: samples)
    }
}

/// Owns one SNDFILE* over a `MemoryFile` or a file descriptor; the pointer never leaves this file.
private final class SoundFileHandle {
    private var handle: OpaquePointer?
    private let file: MemoryFile?
    /// The file written through a descriptor, whose every write is checked.
    private var descriptor: DescriptorFile?
    private var io = MemoryFile.io

    init(file: MemoryFile, mode: Int32, info: inout SF_INFO) throws(SoundFileError) {
        self.file = file
        descriptor = nil
        handle = sf_open_virtual(&io, mode, &info, Unmanaged.passUnretained(file).toOpaque())
        guard handle != nil else { throw SoundFileError("libsndfile: " + String(cString: sf_strerror(nil))) }
    }

    /// Writes into an open file through virtual I/O, which checks each write libsndfile makes (it
    /// leaves the descriptor open); `descriptor` keeps the first failure and the size written.
    init(file descriptor: DescriptorFile, info: inout SF_INFO) throws(SoundFileError) {
        file = nil
        self.descriptor = descriptor
        io = DescriptorFile.io
        handle = sf_open_virtual(&io, Int32(SFM_WRITE), &info, Unmanaged.passUnretained(descriptor).toOpaque())
        guard handle != nil else {
            throw SoundFileError("libsndfile: " + String(cString: sf_strerror(nil)), diskFull: ArtifactWriter.isDiskFull(descriptor.failure))
        }
    }

    /// The size of the file once closed, checked against the bytes libsndfile wrote (nil in memory).
    private(set) var size: Int?

    deinit { if let handle { sf_close(handle) } }

    func write(_ samples: UnsafeBufferPointer<Int16>, frames: Int) throws(SoundFileError) {
        errno = 0
        try check(sf_writef_short(handle, samples.baseAddress, sf_count_t(frames)), frames)
    }

    func write(_ samples: [Float], frames: Int) throws(SoundFileError) {
        errno = 0
        let written = samples.withUnsafeBufferPointer { sf_writef_float(handle, $0.baseAddress, sf_count_t(frames)) }
        try check(written, frames)
    }

    /// Reads up to `frames` frames; returns how many were read.
    func read(into samples: inout [Float], frames: Int) -> Int {
        Int(samples.withUnsafeMutableBufferPointer { sf_readf_float(handle, $0.baseAddress, sf_count_t(frames)) })
    }

    func close() throws(SoundFileError) {
        guard let open = handle else { return }
        handle = nil
        errno = 0
        let status = sf_close(open)
        let code = errno
        try checkWrites()
        guard status == 0 else {
            throw SoundFileError("libsndfile: " + String(cString: sf_error_number(status)), diskFull: ArtifactWriter.isDiskFull(code))
        }
        guard let descriptor else { return }
        // Every byte written must be in the file: its size is the end of the last byte written.
        var info = stat()
        guard fstat(descriptor.fileDescriptor, &info) == 0 else {
            throw SoundFileError("cannot read the size of the audio file: " + String(cString: strerror(errno)))
        }
        guard Int(info.st_size) == descriptor.extent else {
            throw SoundFileError("the audio file holds \(info.st_size) bytes of the \(descriptor.extent) written")
        }
        size = descriptor.extent
    }

    /// A write under libsndfile that came up short fails the file, whatever libsndfile reported.
    private func checkWrites() throws(SoundFileError) {
        guard let descriptor, descriptor.failure != 0 else { return }
        throw SoundFileError("libsndfile could not write the file: " + String(cString: strerror(descriptor.failure)),
                             diskFull: ArtifactWriter.isDiskFull(descriptor.failure))
    }

    private func check(_ written: sf_count_t, _ frames: Int) throws(SoundFileError) {
        try checkWrites()
        guard Int(written) == frames else {
            // Read first: the failed write(2) under libsndfile left it (cleared before the call).
            let code = errno
            throw SoundFileError("libsndfile wrote \(written) of \(frames) frames: " + String(cString: sf_strerror(handle)),
                                 diskFull: ArtifactWriter.isDiskFull(code))
        }
        // An encoder may take every frame and still have met an error it keeps to itself.
        if let handle, sf_error(handle) != 0 { throw SoundFileError("libsndfile: " + String(cString: sf_strerror(handle))) }
    }
}
