import Foundation

/// Where a streaming artifact writes: a new temporary file. `write` appends; libraries that write
/// files themselves (libsndfile) may use `fileDescriptor` directly, seeking included.
public struct ArtifactSink {
    public let fileDescriptor: Int32

    init(fileDescriptor: Int32) { self.fileDescriptor = fileDescriptor }

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
            let n = Glibc.write(fileDescriptor, base + offset, raw.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                throw ArtifactWriter.failure(errno, "cannot write", "")
            }
            offset += n
        }
    }

    /// Runs a stream writer into a temporary file and returns what it wrote.
    static func render(_ write: (inout ArtifactSink) throws -> Void) throws -> [UInt8] {
        var template = Array((NSTemporaryDirectory() + "/chartpipe-artifact-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard fd >= 0 else { throw ChartError("cannot create a temporary file", code: "output.write-failed") }
        let path = String(cString: template)
        defer { close(fd); unlink(path) }
        var sink = ArtifactSink(fileDescriptor: fd)
        try write(&sink)
        return Array(FileManager.default.contents(atPath: path) ?? Data())
    }
}
