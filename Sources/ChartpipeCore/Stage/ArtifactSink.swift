import CFileSync
import ChartpipeJSON
import Foundation

/// Where a streaming artifact writes: a new temporary file. `write` appends; libraries that write
/// files themselves (libsndfile) may use `fileDescriptor` directly, seeking included.
///
/// What goes through `write` is hashed as it goes, so the writer need not read the file back to
/// list it; once the descriptor has been handed out, the file is read back instead.
public struct ArtifactSink {
    private let descriptor: Int32
    /// SHA-256 and size of what `write` wrote, while only `write` has written.
    private(set) var hasher: SHA256.Hasher? = SHA256.Hasher()
    private(set) var size = 0

    /// The temporary file's descriptor, for a library that writes the file itself (and may seek):
    /// the file is then hashed from its bytes on disk.
    public var fileDescriptor: Int32 {
        mutating get {
            hasher = nil
            return descriptor
        }
    }

    /// The size a library that wrote through `fileDescriptor` says the file has: checked against
    /// the file before it is listed, so a write that came up short under it never goes unseen.
    private(set) var declaredSize: Int?

    init(fileDescriptor: Int32) { descriptor = fileDescriptor }

    /// Says how many bytes the writer put into the file through `fileDescriptor`.
    public mutating func declareSize(_ bytes: Int) { declaredSize = bytes }

    public mutating func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { raw in try write(raw) }
    }

    public mutating func write(_ text: String) throws {
        var text = text
        try text.withUTF8 { buffer in try write(UnsafeRawBufferPointer(buffer)) }
    }

    public mutating func write(_ raw: UnsafeRawBufferPointer) throws {
        guard let base = raw.baseAddress else { return }
        var offset = 0
        while offset < raw.count {
            let n = Glibc.write(descriptor, base + offset, raw.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                throw ArtifactWriter.failure(errno, "cannot write", "")
            }
            offset += n
        }
        hasher?.update(raw)
        size += raw.count
    }

    /// Appends `count` bytes read from `offset` of the open file `source` (a part of another
    /// file), in blocks; a file that ends before is an error.
    public mutating func copy(from source: Int32, offset: Int, count: Int) throws {
        guard offset >= 0, count >= 0 else { throw ChartError("a part of a file out of its bounds", code: .outputWriteFailed) }
        var buffer = [UInt8](repeating: 0, count: min(count, 1 << 18))
        var done = 0
        while done < count {
            let want = min(buffer.count, count - done)
            let n = buffer.withUnsafeMutableBytes { pread(source, $0.baseAddress, want, off_t(offset + done)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw ArtifactWriter.failure(errno, "cannot read back", "")
            }
            guard n > 0 else { throw ChartError("a file ended before the part to copy from it", code: .outputWriteFailed) }
            try buffer.withUnsafeBytes { raw in try write(UnsafeRawBufferPointer(rebasing: raw[0..<n])) }
            done += n
        }
    }

    /// Runs a stream writer into `/dev/null` and returns how many bytes it wrote. Only for a
    /// stream that writes through `write`: one that takes the descriptor (libsndfile, which seeks
    /// and reads back) is refused, since `/dev/null` would neither hold nor size its file.
    static func discard(_ write: (inout ArtifactSink) throws -> Void) throws -> Int {
        let fd = open("/dev/null", O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ChartError("cannot open /dev/null", code: .outputWriteFailed) }
        defer { close(fd) }
        var sink = ArtifactSink(fileDescriptor: fd)
        try write(&sink)
        guard sink.hasher != nil else {
            throw ChartError("a stream that writes through its file descriptor cannot be discarded", code: .outputWriteFailed)
        }
        return sink.size
    }

    /// Runs a stream writer into a temporary file and returns what it wrote.
    static func render(_ write: (inout ArtifactSink) throws -> Void) throws -> [UInt8] {
        let fd = try temporaryFile()
        defer { close(fd) }
        var sink = ArtifactSink(fileDescriptor: fd)
        try write(&sink)
        // From the descriptor, from its start (a writer such as libsndfile seeks): no path needed.
        switch RegularFile.contents(of: fd) {
        case let .success(bytes): return bytes
        case let .failure(.unreadable(reason)): throw ChartError("cannot read back a temporary file: \(reason)", code: .outputWriteFailed)
        case .failure: throw ChartError("cannot read back a temporary file", code: .outputWriteFailed)
        }
    }

    /// A new file for reading and writing that has no name, so that a process killed while using it
    /// leaves nothing in `TMPDIR`: unnamed from the start (`O_TMPFILE`) where the file system has
    /// such files, else made with a name that is removed at once.
    private static func temporaryFile() throws -> Int32 {
        let unnamed = cfilesync_open_unnamed(NSTemporaryDirectory())
        if unnamed >= 0 { return unnamed }
        var template = Array((NSTemporaryDirectory() + "/chartpipe-artifact-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard fd >= 0 else { throw ArtifactWriter.failure(errno, "cannot create a temporary file", "") }
        unlink(String(cString: template))
        return fd
    }
}
