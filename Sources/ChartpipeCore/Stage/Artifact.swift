import Foundation

/// A file a stage produces; the runner writes it atomically under the chart's folder.
public struct Artifact: Sendable {
    /// What the file holds: bytes in memory, or a writer that streams them into the file at commit
    /// time, so that a large file (long audio, a million-point data file) never sits whole in memory.
    public enum Content: Sendable {
        case bytes([UInt8])
        case stream(@Sendable (inout ArtifactSink) throws -> Void)
    }

    /// Path relative to the chart's folder (`data.json`) or, for run stages, to the output folder.
    public var path: String
    /// What it is: `data`, `trend`, `description`, `axchart`, `audio`, `cues`, `table`, `chart`, `report`…
    public var kind: String
    public var locale: String?
    public var content: Content

    public init(path: String, kind: String, locale: String? = nil, bytes: [UInt8]) {
        self.init(path: path, kind: kind, locale: locale, content: .bytes(bytes))
    }

    public init(path: String, kind: String, locale: String? = nil, content: Content) {
        self.path = path
        self.kind = kind
        self.locale = locale
        self.content = content
    }

    /// The file's bytes (a stream is written to a temporary file and read back): for tests and
    /// one-off commands, not for the runner, which streams into the output folder.
    public var bytes: [UInt8] {
        switch content {
        case let .bytes(b): return b
        case let .stream(write): return (try? ArtifactSink.render(write)) ?? []
        }
    }
}

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

/// An artifact as recorded in the manifest.
public struct ManifestArtifact: Sendable, Equatable {
    /// Relative to the output folder.
    public var path: String
    public var kind: String
    public var locale: String?
    public var bytes: Int
    public var sha256: String

    public init(path: String, kind: String, locale: String?, bytes: Int, sha256: String) {
        self.path = path
        self.kind = kind
        self.locale = locale
        self.bytes = bytes
        self.sha256 = sha256
    }
}
